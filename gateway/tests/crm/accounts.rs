//! The REST calls of accounts, usage, capacity histories, imports, contacts, suppliers, utilities
//! and rate types.

use super::*;

async fn demo_utilities(app: &TestGateway) {
    let args = app.database.as_ref().unwrap().args();
    eris_sourcing::seed::demo_utilities(&args).await.unwrap();
}

async fn created_id(response: reqwest::Response) -> i64 {
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    body["insertId"].as_i64().or_else(|| body["AccountId"].as_i64()).or_else(|| body["ContactId"].as_i64()).unwrap()
}

#[tokio::test]
async fn suppliers_utilities_and_rate_types_are_kept_through_rest() {
    let app = spawn_app_with_crm().await;
    demo_utilities(&app).await;
    let manager = app.token("management@eris.test").await;
    let sales = app.token("sales@eris.test").await;

    let body = json!({"SupplierName": "Constellation", "Commodity": "Electric", "BrokeAgreementStatus": "Signed"});
    assert_eq!(app.post("/api/addSupplier/", &sales, body.clone()).await.status(), StatusCode::FORBIDDEN);
    let supplier = created_id(app.post("/api/addSupplier/", &manager, body.clone()).await).await;
    assert_eq!(app.post("/api/addSupplier/", &manager, body).await.status(), StatusCode::CONFLICT);
    let bad = app.post("/api/addSupplier/", &manager, json!({"SupplierName": "X", "Commodity": "Steam"})).await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    let renamed = app
        .send(
            Method::PUT,
            &format!("/api/editSupplier/{supplier}"),
            &manager,
            json!({"SupplierName": "Constellation NewEnergy"}),
        )
        .await;
    assert_eq!(renamed.status(), StatusCode::OK);
    let renamed: Value = renamed.json().await.unwrap();
    assert_eq!(
        (renamed["SupplierName"].as_str(), renamed["BrokeAgreementStatus"].as_str()),
        (Some("Constellation NewEnergy"), Some("Signed"))
    );

    let contact = json!({"Name": "Dana Price", "ContactType": "Primary", "Email": "dana@supplier.example", "PricingDesk": "pricing@supplier.example"});
    let contact_id =
        created_id(app.post("/api/addSupplierContactInfo/constellation%20newenergy", &manager, contact).await).await;
    let contacts: Vec<Value> =
        app.get("/api/getSupplierContactInfo/Constellation%20NewEnergy", &sales).await.json().await.unwrap();
    assert_eq!(contacts[0]["Name"], "Dana Price");
    let patched = app
        .send(
            Method::PATCH,
            &format!("/api/updateSupplierContactInfo/{contact_id}"),
            &manager,
            json!({"CellPhone": "267-555-0100"}),
        )
        .await;
    assert_eq!(patched.status(), StatusCode::OK);
    let gone =
        app.send(Method::DELETE, &format!("/api/deleteSupplierContactInfo/{contact_id}"), &manager, json!({})).await;
    assert_eq!(gone.status(), StatusCode::OK);

    let archived = app.send(Method::DELETE, &format!("/api/deleteSupplier/{supplier}"), &manager, json!({})).await;
    assert_eq!(archived.status(), StatusCode::OK);
    let pickers: Vec<Value> = app.get("/api/getSuppliers", &sales).await.json().await.unwrap();
    assert!(pickers.is_empty(), "an archived supplier leaves the pickers");
    let all: Vec<Value> = app.get("/api/getSuppliers?includeArchived=1", &sales).await.json().await.unwrap();
    assert_eq!(all[0]["Archived"], true);

    let utility = created_id(
        app.post(
            "/api/addUtility/",
            &manager,
            json!({"Utility": "Penn Power", "State": "PA", "Commodity": "Electric", "Zone": "ATSI", "RTO": "PJM"}),
        )
        .await,
    )
    .await;
    let edited =
        app.send(Method::PUT, &format!("/api/editUtility/{utility}"), &manager, json!({"Zone": "PENNPOWER"})).await;
    let edited: Value = edited.json().await.unwrap();
    assert_eq!((edited["Utility"].as_str(), edited["Zone"].as_str()), (Some("Penn Power"), Some("PENNPOWER")));
    let codes = json!([{"Matrix": "GS", "Tariff": "T-GS", "Desc": "General service"}, {"Matrix": "GL", "Tariff": "T-GL", "Desc": ""}]);
    let saved: Vec<Value> =
        app.post(&format!("/api/updateRateCodes/{utility}"), &manager, codes).await.json().await.unwrap();
    assert_eq!(saved.len(), 2);
    let read: Vec<Value> = app.get(&format!("/api/getRateCodes/{utility}"), &sales).await.json().await.unwrap();
    assert_eq!(read[1]["Matrix"], "GL");
    let refused = app.post(&format!("/api/updateRateCodes/{utility}"), &sales, json!([])).await;
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);

    assert_eq!(app.post("/api/rateTypes", &manager, json!({"Name": "Fixed"})).await.status(), StatusCode::CREATED);
    assert_eq!(app.post("/api/rateTypes", &manager, json!({"Name": "FIXED"})).await.status(), StatusCode::CONFLICT);
    assert_eq!(app.post("/api/rateTypes", &sales, json!({"Name": "Index"})).await.status(), StatusCode::FORBIDDEN);
    let types: Vec<Value> = app.get("/api/rateTypes", &sales).await.json().await.unwrap();
    assert_eq!(types, vec![json!({"Name": "Fixed"})]);
    let deleted = app.send(Method::DELETE, "/api/rateTypes/Fixed", &manager, json!({})).await;
    assert_eq!(deleted.status(), StatusCode::OK);
    let missing = app.send(Method::DELETE, "/api/rateTypes/Fixed", &manager, json!({})).await;
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn accounts_usage_and_histories_through_rest_keep_the_lead_totals() {
    let app = spawn_app_with_crm().await;
    demo_utilities(&app).await;
    let manager = app.token("management@eris.test").await;
    let sales = app.token("sales@eris.test").await;
    let supplier = created_id(
        app.post("/api/addSupplier/", &manager, json!({"SupplierName": "Constellation", "Commodity": "Electric"}))
            .await,
    )
    .await;
    let lead_id = new_lead(&app, &manager, json!({"Name": "Acme Foods", "Closer": "Marcus Bell"})).await;

    let account = json!({"LeadId": lead_id, "Name": "Plant", "AccountNumber": "1200-001", "Utility": "PECO", "State": "PA",
        "Supplier": "Constellation", "Commodity": "Electric", "PLC": 120.5, "TaxExemptStatus": "5"});
    let response = app.post("/api/accounts", &manager, account.clone()).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let created: Value = response.json().await.unwrap();
    let account_id = created["AccountId"].as_i64().unwrap();
    assert_eq!(
        (created["Utility"].as_str(), created["Supplier"].as_str(), created["SupplierId"].as_i64()),
        (Some("PECO"), Some("Constellation"), Some(supplier))
    );
    assert_eq!((created["PLC"].as_str(), created["OpenState"].as_str()), (Some("120.5"), Some("Open")));
    assert_eq!(app.post("/api/accounts", &sales, account).await.status(), StatusCode::FORBIDDEN);
    let unknown = app
        .post("/api/accounts", &manager, json!({"LeadId": lead_id, "Commodity": "Electric", "Utility": "Nowhere"}))
        .await;
    assert_eq!(unknown.status(), StatusCode::BAD_REQUEST);

    const NAMES: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    let usage: Vec<Value> = (1..=12)
        .map(|m| {
            let kw = if m == 3 { "200" } else { "100" };
            json!({"Name": NAMES[m - 1], "val1": 72000, "val2": kw})
        })
        .collect();
    let saved = app
        .post(
            "/api/updateUsage",
            &manager,
            json!({"allUsage": usage, "accountId": account_id, "commodity": "Electric"}),
        )
        .await;
    assert_eq!(saved.status(), StatusCode::OK);
    let months: Vec<Value> = app.get(&format!("/api/getUsage/{account_id}"), &sales).await.json().await.unwrap();
    assert_eq!(months.len(), 12);
    assert_eq!(
        (months[2]["Month"].as_i64(), months[2]["val1"].as_str(), months[2]["LoadFactor"].as_str()),
        (Some(3), Some("72000"), Some("0.5"))
    );
    let bad_month = app
        .post(
            "/api/updateUsage",
            &manager,
            json!({"allUsage": [{"Name": "Smarch", "val1": 1}], "accountId": account_id}),
        )
        .await;
    assert_eq!(bad_month.status(), StatusCode::BAD_REQUEST);
    let lead = lead(&app, &manager, lead_id).await;
    assert_eq!(lead["TotalKwh"], "864000");

    let accounts: Vec<Value> =
        app.get(&format!("/api/getAccountsByLeadId/{lead_id}"), &sales).await.json().await.unwrap();
    assert_eq!(
        (accounts[0]["AnnualKwh"].as_str(), accounts[0]["LoadFactor"].as_str()),
        (Some("864000"), Some("0.4932"))
    );
    let version = accounts[0]["Version"].as_i64().unwrap();
    let put = app
        .send(
            Method::PUT,
            &format!("/api/accounts/{account_id}"),
            &manager,
            json!({"City": "Philadelphia", "Version": version}),
        )
        .await;
    assert_eq!(put.status(), StatusCode::OK);
    let stale = app
        .send(
            Method::PUT,
            &format!("/api/accounts/{account_id}"),
            &manager,
            json!({"City": "Erie", "Version": version}),
        )
        .await;
    assert_eq!(stale.status(), StatusCode::OK, "the same person's later edit is no conflict");

    let plc = app
        .post(
            &format!("/api/updatePLCHistory/{account_id}"),
            &manager,
            json!({"StartDate": "2025-06-01", "EndDate": "2026-05-31", "PLC": 101}),
        )
        .await;
    assert_eq!(plc.status(), StatusCode::CREATED);
    let plc: Value = plc.json().await.unwrap();
    let record = plc["PLCHistoryId"].as_i64().unwrap();
    let backwards = app
        .post(
            &format!("/api/updatePLCHistory/{account_id}"),
            &manager,
            json!({"StartDate": "2026-06-01", "EndDate": "2025-05-31", "PLC": 1}),
        )
        .await;
    assert_eq!(backwards.status(), StatusCode::BAD_REQUEST);
    let history: Vec<Value> = app.get(&format!("/api/getPLCHistory/{account_id}"), &sales).await.json().await.unwrap();
    assert_eq!((history[0]["PLC"].as_str(), history[0]["StartDate"].as_str()), (Some("101"), Some("2025-06-01")));
    let nspl: Vec<Value> = app.get(&format!("/api/getNSPLHistory/{account_id}"), &sales).await.json().await.unwrap();
    assert!(nspl.is_empty());
    assert_eq!(
        app.get(&format!("/api/deleteNSPLHistoryRecord/{record}"), &manager).await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(app.get(&format!("/api/deletePLCHistoryRecord/{record}"), &manager).await.status(), StatusCode::OK);

    assert_eq!(
        app.send(Method::DELETE, &format!("/api/accounts/{account_id}"), &sales, json!({})).await.status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.send(Method::DELETE, &format!("/api/accounts/{account_id}"), &manager, json!({})).await.status(),
        StatusCode::OK
    );
    assert_eq!(lead_total(&app, &manager, lead_id).await, "0");
}

async fn lead_total(app: &TestGateway, token: &str, lead_id: i64) -> String {
    lead(app, token, lead_id).await["TotalKwh"].as_str().unwrap_or_default().to_owned()
}

#[tokio::test]
async fn an_import_names_its_bad_row_and_imports_nothing_until_it_is_fixed() {
    let app = spawn_app_with_crm().await;
    demo_utilities(&app).await;
    let manager = app.token("management@eris.test").await;
    let lead_id = new_lead(&app, &manager, json!({"Name": "Import Co"})).await;
    let row = |site: &str, commodity: &str| {
        json!({"Site Name": site, "LEN": "", "Account #": format!("{site}-1"), "Secondary Account #": "", "Utility": "PECO",
               "Supplier": "", "Commodity": commodity, "Rate Class": "GS", "Address": "1 Main St, Unit 2", "City": "Philadelphia",
               "State": "PA", "Zip": "19103", "Tax Exempt Status": "", "PLC": "1,250", "NSPL": "", "Zone": "PECO"})
    };
    let path = format!("/api/importAccounts/{lead_id}");
    let checked: Value = app
        .post(&path, &manager, json!({"myData": [row("North", "Electric"), row("South", "electric")]}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!((checked["RowCount"].as_i64(), checked["Imported"].as_i64()), (Some(2), Some(0)));
    assert_eq!(
        (checked["Problems"][0]["Row"].as_i64(), checked["Problems"][0]["Column"].as_str()),
        (Some(2), Some("Commodity"))
    );
    let fixed: Value = app
        .post(&path, &manager, json!({"myData": [row("North", "Electric"), row("South", "Electric")]}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(fixed["Imported"], 2);
    let accounts: Vec<Value> =
        app.get(&format!("/api/getAccountsByLeadId/{lead_id}"), &manager).await.json().await.unwrap();
    assert_eq!(accounts.len(), 2);
    let empty = app.post(&path, &manager, json!({"myData": []})).await;
    assert_eq!(empty.status(), StatusCode::BAD_REQUEST);
    assert_eq!(empty.json::<Value>().await.unwrap()["error"], "You must upload a file");
}

#[tokio::test]
async fn contacts_are_kept_by_every_role_for_the_leads_it_sees() {
    let app = spawn_app_with_crm().await;
    let manager = app.token("management@eris.test").await;
    let sales = app.token("sales@eris.test").await;
    let theirs = new_lead(&app, &manager, json!({"Name": "Theirs", "Closer": "Marcus Bell"})).await;
    let hidden = new_lead(&app, &manager, json!({"Name": "Hidden"})).await;
    let contact = |lead: i64, rank: i64| {
        json!({"LeadId": lead, "Firstname": "Ann", "Lastname": "Lee", "Email": "ann@acme.example",
        "ContactType": "Brokerage", "ContactRank": rank})
    };
    let sixteen = app.post("/api/contacts", &sales, contact(theirs, 16)).await;
    assert_eq!(sixteen.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        sixteen.json::<Value>().await.unwrap()["error"],
        "Contact Priority should be between 1 and 15 with 1 being the highest priority"
    );
    assert_eq!(app.post("/api/contacts", &sales, contact(hidden, 1)).await.status(), StatusCode::NOT_FOUND);
    let created: Value = app.post("/api/contacts", &sales, contact(theirs, 1)).await.json().await.unwrap();
    let id = created["ContactId"].as_i64().unwrap();
    let listed: Vec<Value> = app.get(&format!("/api/contacts?leadId={theirs}"), &sales).await.json().await.unwrap();
    assert_eq!((listed[0]["Firstname"].as_str(), listed[0]["ContactRank"].as_i64()), (Some("Ann"), Some(1)));
    let put = app
        .send(
            Method::PUT,
            &format!("/api/contacts/{id}"),
            &sales,
            json!({"Title": "Plant Manager", "ContactRank": null}),
        )
        .await;
    let put: Value = put.json().await.unwrap();
    assert_eq!((put["Title"].as_str(), put["ContactRank"].is_null()), (Some("Plant Manager"), true));
    assert_eq!(
        app.send(Method::DELETE, &format!("/api/contacts/{id}"), &sales, json!({})).await.status(),
        StatusCode::OK
    );
    assert_eq!(app.get(&format!("/api/contacts?leadId={hidden}"), &sales).await.status(), StatusCode::NOT_FOUND);
}
