//! Supplier commission statements through REST: rows posted as JSON or the raw file as multipart
//! (read with the supplier's saved mapping), previews that store nothing, the same content refused
//! the second time, the list, a statement's rows and its revert, with the role rules.

use super::contracts::supplier_contract;
use super::*;
use common::spawn_app_with_contracts;
use eris_proto::contracts::v1::{
    ColumnMapping, ImportStatementRequest, StatementFile, import_statement_request::Source,
};

const BOUNDARY: &str = "eris-statement-boundary";

/// A multipart form of text fields and one statement file.
fn form(fields: &[(&str, &str)], file: Option<(&str, &str)>) -> Vec<u8> {
    let mut body = String::new();
    for (name, value) in fields {
        body.push_str(&format!("--{BOUNDARY}\r\ncontent-disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"));
    }
    if let Some((name, content)) = file {
        body.push_str(&format!(
            "--{BOUNDARY}\r\ncontent-disposition: form-data; name=\"File\"; filename=\"{name}\"\r\n\
             content-type: text/csv\r\n\r\n{content}\r\n"
        ));
    }
    body.push_str(&format!("--{BOUNDARY}--\r\n"));
    body.into_bytes()
}

async fn upload(app: &TestGateway, token: &str, body: Vec<u8>) -> (StatusCode, Value) {
    let response = app
        .http
        .post(app.url("/api/commissionStatements"))
        .header("authorization", token)
        .header("content-type", format!("multipart/form-data; boundary={BOUNDARY}"))
        .body(body)
        .send()
        .await
        .unwrap();
    (response.status(), response.json().await.unwrap())
}

#[tokio::test]
async fn statements_are_posted_as_rows_or_files_previewed_listed_and_reverted_through_rest() {
    let app = spawn_app_with_contracts().await;
    eris_sourcing::seed::demo_utilities(&app.database.as_ref().unwrap().args()).await.unwrap();
    let manager = app.token("management@eris.test").await;
    let sales = app.token("sales@eris.test").await;
    let (lead_id, supplier, contract_id) = supplier_contract(&app, &manager, "Ledger", "Keystone").await;
    let add = format!("/api/addPayment/{contract_id}");
    for (month, amount) in [(1, "100.00"), (2, "50.50")] {
        let payment = json!({"ProjectedMonth": month, "ProjectedYear": 2026, "ProjectedPayment": amount});
        assert_eq!(app.post(&add, &manager, payment).await.status(), StatusCode::CREATED);
    }

    // Rows as JSON: a preview stores nothing; account numbers match without case, spaces and dashes.
    let rows = json!({"SupplierId": supplier, "ValidateOnly": true, "Rows": [
        {"AccountNumber": "ledger 0", "PeriodStart": "2026-01-01", "Amount": "100.00"},
        {"AccountNumber": "NOT-OURS-7", "PeriodStart": "2026-01-01", "Amount": "5.00", "CustomerName": "Ledger"}]});
    assert_eq!(app.post("/api/commissionStatements", &sales, rows.clone()).await.status(), StatusCode::FORBIDDEN);
    let preview = app.post("/api/commissionStatements", &manager, rows).await;
    assert_eq!(preview.status(), StatusCode::OK);
    let preview: Value = preview.json().await.unwrap();
    assert_eq!((preview["StatementId"].as_i64(), preview["Matched"].as_i64()), (Some(0), Some(1)));
    assert_eq!(preview["Unmatched"], 1);
    assert_eq!(preview["Rows"][1]["Suggestions"][0]["LeadId"], lead_id, "{preview}");
    for (bad, why) in [
        (json!({"SupplierId": supplier, "Rows": [{"AccountNumber": "x", "PeriodStart": "2026-13-01"}]}), "date"),
        (json!({"SupplierId": supplier, "Rows": [], "Extra": 1}), "unknown field"),
        (json!({"SupplierId": supplier, "Rows": [{"AccountNumber": "x", "Amount": "ten"}]}), "amount text"),
    ] {
        assert_eq!(
            app.post("/api/commissionStatements", &manager, bad).await.status(),
            StatusCode::BAD_REQUEST,
            "{why}"
        );
    }

    // The raw file needs a mapping saved for the supplier: none yet.
    let february = "Acct #,Start,kWh,Commission\nLEDGER-1,2026-02-01,15000,40.00\n";
    let file_form = |validate: &str| {
        form(&[("SupplierId", &supplier.to_string()), ("ValidateOnly", validate)], Some(("feb.csv", february)))
    };
    let (status, refused) = upload(&app, &manager, file_form("false")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(refused["error"].as_str().unwrap_or_default().starts_with("No column mapping is saved"), "{refused}");
    for (bad, why) in [
        (form(&[("SupplierId", "abc")], Some(("feb.csv", february))), "supplier text"),
        (form(&[("SupplierId", &supplier.to_string())], None), "no file"),
        (form(&[("ValidateOnly", "maybe")], None), "validate text"),
        (b"--nothing".to_vec(), "not a form"),
    ] {
        assert_eq!(upload(&app, &manager, bad).await.0, StatusCode::BAD_REQUEST, "{why}");
    }

    // January's file imported on the screen saves the mapping; February's then comes as a file.
    let january = ImportStatementRequest {
        supplier_id: supplier,
        file_name: "jan.csv".into(),
        source: Some(Source::File(StatementFile {
            content: b"Acct #,Start,kWh,Commission\nLEDGER-0,2026-01-01,10000,100.00\n".to_vec(),
            mapping: Some(ColumnMapping {
                account_number: "Acct #".into(),
                period_start: "Start".into(),
                usage: "kWh".into(),
                amount: "Commission".into(),
                ..Default::default()
            }),
        })),
        ..Default::default()
    };
    let path = "/eris.contracts.v1.CommissionStatementService/ImportStatement";
    let (status, message, _) = app.grpc_web(path, Some(&manager), &january).await;
    assert_eq!(status, "0", "{message}");
    let (status, previewed) = upload(&app, &manager, file_form("true")).await;
    assert_eq!((status, previewed["StatementId"].as_i64()), (StatusCode::OK, Some(0)), "{previewed}");
    assert_eq!(previewed["ShortOver"], 1);
    let (status, imported) = upload(&app, &manager, file_form("false")).await;
    assert_eq!(status, StatusCode::CREATED, "{imported}");
    let statement_id = imported["StatementId"].as_i64().unwrap();
    assert_eq!(imported["Rows"][0]["Bucket"], "Short/Over");
    assert_eq!(imported["Rows"][0]["Difference"], "-10.50");
    let (status, again) = upload(&app, &manager, file_form("false")).await;
    assert_eq!(status, StatusCode::CONFLICT, "the same content pays once: {again}");

    let listed: Vec<Value> =
        app.get(&format!("/api/commissionStatements?supplierId={supplier}"), &manager).await.json().await.unwrap();
    assert_eq!(listed.len(), 2, "{listed:?}");
    let detail = app.get(&format!("/api/commissionStatements/{statement_id}"), &manager).await;
    assert_eq!(detail.status(), StatusCode::OK);
    let detail: Value = detail.json().await.unwrap();
    assert_eq!(detail["Statement"]["FileName"], "feb.csv");
    assert_eq!(detail["Rows"][0]["Expected"], "50.50");
    assert_eq!(
        app.get(&format!("/api/commissionStatements/{statement_id}"), &sales).await.status(),
        StatusCode::FORBIDDEN
    );
    // Ids that do not exist, or that are another supplier's, link nothing.
    let link = |statement: i64| format!("/api/commissionStatements/{statement}/rows/1/link");
    let (_, _, stranger) = supplier_contract(&app, &manager, "Stranger", "Summit").await;
    for (path, contract) in
        [(link(statement_id), 9_999_999), (link(statement_id), stranger), (link(9_999_999), contract_id)]
    {
        let body = json!({"ContractId": contract, "ProjectedMonth": 2, "ProjectedYear": 2026});
        let status = app.post(&path, &manager, body).await.status();
        assert!(status.is_client_error(), "{path} with contract {contract}: {status}");
    }
    let revert = format!("/api/commissionStatements/{statement_id}/revert");
    assert_eq!(app.post(&revert, &sales, json!({})).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.post(&revert, &manager, json!({})).await.status(), StatusCode::OK);
    // Reverted, the same file may be imported again.
    assert_eq!(upload(&app, &manager, file_form("false")).await.0, StatusCode::CREATED);
}

#[tokio::test]
async fn the_same_statement_posted_forty_times_at_once_is_applied_once() {
    let app = spawn_app_with_contracts().await;
    eris_sourcing::seed::demo_utilities(&app.database.as_ref().unwrap().args()).await.unwrap();
    let manager = app.token("management@eris.test").await;
    let (_, supplier, contract_id) = supplier_contract(&app, &manager, "Tandem", "Keystone").await;
    let add = format!("/api/addPayment/{contract_id}");
    let payment = json!({"ProjectedMonth": 3, "ProjectedYear": 2026, "ProjectedPayment": "80.00"});
    assert_eq!(app.post(&add, &manager, payment).await.status(), StatusCode::CREATED);

    let rows = json!({"SupplierId": supplier, "Rows": [
        {"AccountNumber": "TANDEM-0", "PeriodStart": "2026-03-01", "Amount": "80.00", "Usage": "10000"}]});
    let answers = futures::future::join_all(
        (0..40).map(|_| async { app.post("/api/commissionStatements", &manager, rows.clone()).await.status() }),
    )
    .await;
    let created = answers.iter().filter(|status| **status == StatusCode::CREATED).count();
    let refused = answers.iter().filter(|status| **status == StatusCode::CONFLICT).count();
    assert_eq!((created, refused), (1, 39), "{answers:?}");
    let listed: Vec<Value> =
        app.get(&format!("/api/commissionStatements?supplierId={supplier}"), &manager).await.json().await.unwrap();
    assert_eq!(listed.len(), 1, "one statement kept: {listed:?}");
    assert_eq!(listed[0]["AppliedTotal"], "80.00");
}
