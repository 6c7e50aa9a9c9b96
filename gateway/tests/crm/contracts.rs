//! The REST calls of contracts, payments, DR payment history, beta contracts and hedges, contract
//! files and the contract lists, through the gateway to real contracts, crm and sourcing services.

use super::*;
use common::spawn_app_with_contracts;

/// A company on the Sales user's team with two Electric accounts of 10,000 and 5,000 kWh a month.
async fn company_with_accounts(app: &TestGateway, token: &str, name: &str) -> (i64, [i64; 2]) {
    let lead_id = new_lead(app, token, json!({"Name": name, "State": "PA", "Closer": "Marcus Bell"})).await;
    let mut accounts = [0; 2];
    for (index, monthly) in [10_000, 5_000].into_iter().enumerate() {
        let body = json!({"LeadId": lead_id, "Name": format!("{name} site {index}"),
                          "AccountNumber": format!("{name}-{index}"), "Commodity": "Electric",
                          "Utility": "PECO", "State": "PA"});
        let created = app.post("/api/accounts", token, body).await;
        assert_eq!(created.status(), StatusCode::CREATED);
        accounts[index] = created.json::<Value>().await.unwrap()["AccountId"].as_i64().unwrap();
        let usage: Vec<Value> = (1..=12).map(|m| json!({"Name": m, "val1": monthly, "val2": 40})).collect();
        let saved = app.post("/api/updateUsage", token, json!({"allUsage": usage, "accountId": accounts[index]})).await;
        assert_eq!(saved.status(), StatusCode::OK);
    }
    (lead_id, accounts)
}

/// A company with two accounts and an Electric contract on them with a new supplier:
/// (LeadId, SupplierId, ContractId).
pub(super) async fn supplier_contract(app: &TestGateway, token: &str, name: &str, supplier: &str) -> (i64, i64, i64) {
    let (lead_id, accounts) = company_with_accounts(app, token, name).await;
    let supplier =
        app.post("/api/addSupplier/", token, json!({"SupplierName": supplier, "Commodity": "Electric"})).await;
    let supplier = supplier.json::<Value>().await.unwrap()["insertId"].as_i64().unwrap();
    let mut body = electric_contract(lead_id, accounts);
    body["SupplierId"] = json!(supplier);
    let made: Value = app.post("/api/contracts", token, body).await.json().await.unwrap();
    (lead_id, supplier, made["ContractId"].as_i64().unwrap())
}

pub(super) fn electric_contract(lead_id: i64, accounts: [i64; 2]) -> Value {
    json!({"LeadId": lead_id, "Commodity": "Electric", "Accounts": accounts, "DateSigned": "2025-12-10",
           "StartDate": "2026-01-01", "TermLength": 12, "ContractRate": "0.07125", "Fee": "0.005",
           "RevenueSplit": 50, "ContractType": "New", "Closer1": "Marcus Bell", "Status": 0})
}

async fn contracts_of(app: &TestGateway, token: &str, lead_id: i64) -> reqwest::Response {
    app.get(&format!("/api/getContractsByLeadId?leadId={lead_id}"), token).await
}

#[tokio::test]
async fn contracts_are_made_computed_edited_and_deleted_through_rest_with_role_rules() {
    let app = spawn_app_with_contracts().await;
    eris_sourcing::seed::demo_utilities(&app.database.as_ref().unwrap().args()).await.unwrap();
    let manager = app.token("management@eris.test").await;
    let care = app.token("care@eris.test").await;
    let sales = app.token("sales@eris.test").await;
    let (lead_id, accounts) = company_with_accounts(&app, &manager, "Foundry").await;

    let refused = app.post("/api/contracts", &sales, electric_contract(lead_id, accounts)).await;
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    let made = app.post("/api/contracts", &care, electric_contract(lead_id, accounts)).await;
    assert_eq!(made.status(), StatusCode::CREATED);
    let made: Value = made.json().await.unwrap();
    let contract_id = made["ContractId"].as_i64().unwrap();
    assert_eq!(made["CompanyName"], "Foundry");
    assert_eq!(made["ContractAnnualVolume"], "180000");
    assert_eq!(made["AnnualFeeTotal"], "900.00");
    assert_eq!(made["EndDate"], "2026-12-31");
    assert_eq!(made["StatusName"], "Active");

    let other_lead = new_lead(&app, &manager, json!({"Name": "Someone Else"})).await;
    let (_, strangers) = company_with_accounts(&app, &manager, "Stranger").await;
    for (change, why) in [
        (json!({"Commodity": "Steam"}), "commodity"),
        (json!({"DateSigned": "12/10/2025"}), "date format"),
        (json!({"StartDate": "20000-01-01"}), "far date"),
        (json!({"TermLength": 2_147_483_647}), "huge term"),
        (json!({"TermLength": -1}), "negative term"),
        (json!({"Fee": "1e400"}), "huge fee"),
        (json!({"ContractRate": "seven"}), "rate text"),
        (json!({"Notes": "nul\u{0}"}), "NUL in notes"),
        (json!({"Accounts": [strangers[0]]}), "another company's account"),
        (json!({"Accounts": [9_999_999]}), "unknown account"),
        (json!({"SupplierId": 9_999_999}), "unknown supplier"),
        (json!({"Closer1": "Nobody Here"}), "unknown closer"),
        (json!({"Status": 9}), "status out of range"),
        (json!({"Supplier": "Keystone"}), "Supplier"),
        (json!({"TermLength": 0}), "Term length must be between 1 and 240 months."),
        (json!({"ContractRate": "1,000"}), "not a plain number"),
        (json!({"Fee": "0.5.1"}), "not a plain number"),
    ] {
        let mut body = electric_contract(lead_id, accounts);
        body.as_object_mut().unwrap().extend(change.as_object().unwrap().clone());
        let response = app.post("/api/contracts", &manager, body).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{why}");
        let error: Value = response.json().await.unwrap();
        assert!(error["error"].as_str().is_some_and(|m| !m.is_empty()), "{why}: {error}");
        if ["Supplier", "Term length", "not a plain"].iter().any(|named| why.starts_with(named)) {
            // An unknown field, a term of 0 and a number with a separator are named, not dropped.
            assert!(error["error"].as_str().unwrap().contains(why), "{why}: {error}");
        }
    }
    let missing_lead = app.post("/api/contracts", &manager, electric_contract(9_999_999, accounts)).await;
    assert_eq!(missing_lead.status(), StatusCode::NOT_FOUND);

    // Sales read their company's contracts, not another's.
    let seen: Vec<Value> = contracts_of(&app, &sales, lead_id).await.json().await.unwrap();
    assert_eq!(seen.iter().map(|c| c["ContractId"].as_i64().unwrap()).collect::<Vec<_>>(), [contract_id]);
    assert_eq!(contracts_of(&app, &sales, other_lead).await.status(), StatusCode::NOT_FOUND);

    // An edit recomputes; an edit of a field someone else changed since is refused.
    let path = format!("/api/contracts/{contract_id}");
    let edit = json!({"TermLength": 18, "Accounts": [accounts[0]], "Version": made["Version"]});
    let edited = app.send(Method::PUT, &path, &manager, edit).await;
    assert_eq!(edited.status(), StatusCode::OK);
    let edited: Value = edited.json().await.unwrap();
    assert_eq!(
        (edited["ContractAnnualVolume"].as_str(), edited["ContractTermVolume"].as_str()),
        (Some("120000"), Some("180000"))
    );
    assert_eq!(edited["EndDate"], "2027-06-30");
    let stale = app.send(Method::PUT, &path, &care, json!({"TermLength": 24, "Version": made["Version"]})).await;
    assert_eq!(stale.status(), StatusCode::CONFLICT);
    // Another field, from the same old version: both people's edits are kept.
    let notes =
        app.send(Method::PUT, &path, &care, json!({"Notes": "Renewal call in May", "Version": made["Version"]})).await;
    assert_eq!(notes.status(), StatusCode::OK);
    let notes: Value = notes.json().await.unwrap();
    assert_eq!((notes["Notes"].as_str(), notes["TermLength"].as_i64()), (Some("Renewal call in May"), Some(18)));
    assert_eq!(app.send(Method::PUT, &path, &sales, json!({"Notes": "mine"})).await.status(), StatusCode::FORBIDDEN);

    // The same field saved 40 times at once by two people from one version: whoever saves first
    // wins, the other's saves are all refused as stale (their own later saves are not conflicts).
    let version = notes["Version"].clone();
    let saves = (0..40).map(|i| {
        let body = json!({"Notes": format!("note {i}"), "Version": version});
        let (app, path, token) = (&app, &path, if i % 2 == 0 { &manager } else { &care });
        async move { app.send(Method::PUT, path, token, body).await.status() }
    });
    let statuses = futures::future::join_all(saves).await;
    let landed: Vec<usize> = (0..40).filter(|i| statuses[*i] == StatusCode::OK).collect();
    assert!(statuses.iter().all(|s| *s == StatusCode::OK || *s == StatusCode::CONFLICT), "{statuses:?}");
    assert_eq!(landed.len(), 20, "{statuses:?}");
    assert!(landed.iter().all(|i| i % 2 == landed[0] % 2), "one person's saves: {statuses:?}");
    let stored: Vec<Value> = contracts_of(&app, &manager, lead_id).await.json().await.unwrap();
    let note = stored[0]["Notes"].as_str().unwrap().strip_prefix("note ").unwrap().parse::<usize>().unwrap();
    assert!(landed.contains(&note), "the stored note is one that landed");

    let export = app.get(&format!("/api/getContractsByLeadId?leadId={lead_id}"), &manager).await;
    assert_eq!(export.status(), StatusCode::OK);
    let admin = app.token("admin@eris.test").await;
    assert_eq!(app.send(Method::DELETE, &path, &sales, json!({})).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.send(Method::DELETE, &path, &admin, json!({})).await.status(), StatusCode::OK);
    assert_eq!(app.send(Method::DELETE, &path, &admin, json!({})).await.status(), StatusCode::NOT_FOUND);
    let left: Vec<Value> = contracts_of(&app, &manager, lead_id).await.json().await.unwrap();
    assert!(left.is_empty());
}

#[tokio::test]
async fn payments_are_added_pasted_edited_and_projected_through_rest() {
    let app = spawn_app_with_contracts().await;
    eris_sourcing::seed::demo_utilities(&app.database.as_ref().unwrap().args()).await.unwrap();
    let manager = app.token("management@eris.test").await;
    let care = app.token("care@eris.test").await;
    let sales = app.token("sales@eris.test").await;
    let (lead_id, accounts) = company_with_accounts(&app, &manager, "Mill").await;
    let made: Value =
        app.post("/api/contracts", &manager, electric_contract(lead_id, accounts)).await.json().await.unwrap();
    let contract_id = made["ContractId"].as_i64().unwrap();

    let payment = json!({"ProjectedMonth": 1, "ProjectedYear": 2026, "RevenueSplit": 50, "ProjectedUsage": 15000,
                         "ProjectedPayment": "37.50", "PaymentType": "Residual"});
    let add = format!("/api/addPayment/{contract_id}");
    assert_eq!(app.post(&add, &sales, payment.clone()).await.status(), StatusCode::FORBIDDEN);
    let added = app.post(&add, &care, payment).await;
    assert_eq!(added.status(), StatusCode::CREATED);
    let added: Value = added.json().await.unwrap();
    for (bad, why) in [
        (json!({"ProjectedMonth": 13, "ProjectedYear": 2026}), "month 13"),
        (json!({"ProjectedMonth": 1, "ProjectedYear": 99999}), "far year"),
        (json!({"ProjectedMonth": 1, "ProjectedYear": 2026, "PaymentActual": "1e30"}), "huge payment"),
        (json!({"ProjectedMonth": 1, "ProjectedYear": 2026, "PaymentType": "Bribe"}), "payment type"),
    ] {
        assert_eq!(app.post(&add, &manager, bad).await.status(), StatusCode::BAD_REQUEST, "{why}");
    }
    let elsewhere =
        app.post("/api/addPayment/9999999", &manager, json!({"ProjectedMonth": 1, "ProjectedYear": 2026})).await;
    assert_eq!(elsewhere.status(), StatusCode::NOT_FOUND);

    // A paste with one bad row adds nothing and names the row; a good one adds every row with the
    // projected payment recomputed from the contract's fee (usage x split / 100 x fee).
    let rows = |split: &str| -> Vec<Value> {
        (2..=4)
            .map(|m| json!(format!("{m}\t2026\t{}\t15000\t\t\t\t\t\tResidual", if m == 3 { split } else { "50" })))
            .collect()
    };
    let pasted =
        app.post("/api/addPastedPayment", &care, json!({"datum": rows("fifty"), "contractId": contract_id})).await;
    assert_eq!(pasted.status(), StatusCode::BAD_REQUEST);
    let message = pasted.json::<Value>().await.unwrap()["error"].as_str().unwrap().to_owned();
    assert!(message.contains('2'), "names the second row: {message}");
    let pasted =
        app.post("/api/addPastedPayment", &care, json!({"datum": rows("50"), "contractId": contract_id})).await;
    assert_eq!(pasted.status(), StatusCode::CREATED);
    let pasted: Vec<Value> = pasted.json().await.unwrap();
    assert_eq!(pasted.len(), 3);
    assert_eq!(pasted[0]["ProjectedPayment"], "37.50");
    let cells =
        json!({"datum": [[5, 2026, 50, 15000, "", 6, 2026, 14000, "35.00", "Residual"]], "contractId": contract_id});
    assert_eq!(app.post("/api/addPastedPayment", &manager, cells).await.status(), StatusCode::CREATED);

    let listed: Vec<Value> = app.get(&format!("/api/getPayment/{contract_id}"), &sales).await.json().await.unwrap();
    assert_eq!(listed.len(), 5);

    // One payment edited by two people from the same version: the second is refused.
    let path = format!("/api/updatePayment/{}", added["PaymentId"]);
    let mut paid = added.clone();
    paid["PaymentMonth"] = json!(2);
    paid["PaymentYear"] = json!(2026);
    paid["PaymentActual"] = json!("36.10");
    assert_eq!(app.send(Method::PUT, &path, &manager, paid.clone()).await.status(), StatusCode::OK);
    paid["PaymentActual"] = json!("40.00");
    assert_eq!(app.send(Method::PUT, &path, &care, paid).await.status(), StatusCode::CONFLICT);

    // Update Proj. Payments: Management and Admin only, all or none.
    let updates = |value: &str, version: &Value| {
        json!({"contractId": contract_id, "updates": [{"PaymentId": pasted[0]["PaymentId"], "NewProjPayment": value,
               "Version": version}]})
    };
    let denied = app.post("/api/updateAllProjectedPayments", &care, updates("40", &pasted[0]["Version"])).await;
    assert_eq!(denied.status(), StatusCode::FORBIDDEN);
    let bad = app.post("/api/updateAllProjectedPayments", &manager, updates("forty", &pasted[0]["Version"])).await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    // The service computes the figure by the contract's basis (its fee): one sent must agree.
    let wrong = app.post("/api/updateAllProjectedPayments", &manager, updates("40", &pasted[0]["Version"])).await;
    assert_eq!(wrong.status(), StatusCode::BAD_REQUEST);
    let message = wrong.json::<Value>().await.unwrap()["error"].as_str().unwrap().to_owned();
    assert!(message.ends_with("by the contract's fee its projected payment is 37.50, not 40.00."), "{message}");
    let done = app.post("/api/updateAllProjectedPayments", &manager, updates("37.5", &pasted[0]["Version"])).await;
    assert_eq!(done.status(), StatusCode::OK);
    let again = app.post("/api/updateAllProjectedPayments", &manager, updates("37.50", &pasted[0]["Version"])).await;
    assert_eq!(again.status(), StatusCode::CONFLICT);

    let delete = format!("/api/deletePaymentRecord/{}", added["PaymentId"]);
    assert_eq!(app.get(&delete, &sales).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.get(&delete, &manager).await.status(), StatusCode::OK);
    assert_eq!(app.get(&delete, &manager).await.status(), StatusCode::NOT_FOUND);

    // DR payment history belongs to DR contracts.
    let mut dr = electric_contract(lead_id, accounts);
    dr["Commodity"] = json!("DR");
    dr["SignedThrough"] = json!("JMI");
    let dr: Value = app.post("/api/contracts", &manager, dr).await.json().await.unwrap();
    let history = format!("/api/addDRPaymentHistory/{}", dr["ContractId"]);
    let entry = json!({"Amount": "1250.00", "Date": "2026-10-01", "Period": "Summer"});
    assert_eq!(
        app.post(&format!("/api/addDRPaymentHistory/{contract_id}"), &manager, entry.clone()).await.status(),
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        app.post(&history, &manager, json!({"Amount": "x", "Date": "2026-10-01", "Period": "Summer"})).await.status(),
        StatusCode::BAD_REQUEST
    );
    let recorded = app.post(&history, &manager, entry).await;
    assert_eq!(recorded.status(), StatusCode::CREATED);
    let recorded: Value = recorded.json().await.unwrap();
    let read: Vec<Value> =
        app.get(&format!("/api/getDRPaymentHistory/{}", dr["ContractId"]), &sales).await.json().await.unwrap();
    assert_eq!((read.len(), read[0]["Amount"].as_str()), (1, Some("1250.00")));
    let id = recorded["DRHistoryId"].as_i64().expect("the entry's id");
    assert_eq!(app.get(&format!("/api/deleteDRPaymentHistoryRecord/{id}"), &manager).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn contract_files_are_uploaded_checked_read_and_removed() {
    let app = spawn_app_with_contracts().await;
    eris_sourcing::seed::demo_utilities(&app.database.as_ref().unwrap().args()).await.unwrap();
    let manager = app.token("management@eris.test").await;
    let sales = app.token("sales@eris.test").await;
    let (lead_id, accounts) = company_with_accounts(&app, &manager, "Kiln").await;
    let made: Value =
        app.post("/api/contracts", &manager, electric_contract(lead_id, accounts)).await.json().await.unwrap();
    let contract_id = made["ContractId"].as_i64().unwrap();

    assert_eq!(app.get(&format!("/api/uploadContractPDF/{contract_id}"), &sales).await.status(), StatusCode::FORBIDDEN);
    let address: Value =
        app.get(&format!("/api/uploadContractPDF/{contract_id}"), &manager).await.json().await.unwrap();
    let url = address["url"].as_str().unwrap().to_owned();
    assert!(url.starts_with("/api/contractFiles/upload/"));
    let put = |url: String, content_type: &'static str, body: Vec<u8>| {
        let request = app.http.put(app.url(&url)).header("authorization", &manager);
        request.header("content-type", content_type).header("x-file-name", "Signed%20contract.pdf").body(body).send()
    };
    // Text that claims to be a PDF, and a forged token, are refused.
    let fake = put(url.clone(), "application/pdf", b"just text".to_vec()).await.unwrap();
    assert_eq!(fake.status(), StatusCode::BAD_REQUEST);
    let forged = put(format!("{url}x"), "application/pdf", b"%PDF-1.4\n%%EOF\n".to_vec()).await.unwrap();
    assert!(matches!(forged.status(), StatusCode::BAD_REQUEST | StatusCode::FORBIDDEN), "{}", forged.status());
    let too_big = put(url.clone(), "application/pdf", vec![b'%'; 25 * 1024 * 1024 + 1]).await.unwrap();
    assert_eq!(too_big.status(), StatusCode::PAYLOAD_TOO_LARGE);

    let pdf = b"%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n".to_vec();
    let stored = put(url.clone(), "application/pdf", pdf.clone()).await.unwrap();
    assert_eq!(stored.status(), StatusCode::OK);
    let name = format!("Contract {contract_id}.pdf");
    assert_eq!(stored.json::<Value>().await.unwrap()["pdf"], name.as_str(), "named by the service, not X-File-Name");
    let reused = put(url, "application/pdf", pdf.clone()).await.unwrap();
    assert_eq!(reused.status(), StatusCode::BAD_REQUEST, "an upload address works once");
    let file = app.get(&format!("/api/contractFiles/{contract_id}"), &sales).await;
    assert_eq!(file.status(), StatusCode::OK);
    assert_eq!(file.headers()["content-type"], "application/pdf");
    assert_eq!(file.headers()["content-disposition"], format!("inline; filename=\"{name}\"").as_str());
    assert_eq!(file.bytes().await.unwrap().to_vec(), pdf);

    // 20 downloads of a 25 MB file at once stream through: the process grows by far less than
    // the 500 MB they add up to (each was held whole, about twice).
    let big_url =
        app.get(&format!("/api/uploadContractPDF/{contract_id}"), &manager).await.json::<Value>().await.unwrap();
    let mut big = b"%PDF-1.7\n".to_vec();
    big.resize(25 * 1024 * 1024 - 16, b' ');
    big.extend_from_slice(b"\n%%EOF\n");
    let big_url = big_url["url"].as_str().unwrap().to_owned();
    let big_size = big.len();
    assert_eq!(put(big_url, "application/pdf", big.clone()).await.unwrap().status(), StatusCode::OK);
    drop(big);
    let resident = || {
        let status = std::fs::read_to_string("/proc/self/status").unwrap();
        let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap().to_owned();
        line.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap() / 1024
    };
    let before = resident();
    let peak = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(before));
    let sampling = {
        let peak = peak.clone();
        tokio::spawn(async move {
            loop {
                peak.fetch_max(resident(), std::sync::atomic::Ordering::Relaxed);
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            }
        })
    };
    let (admin, care) = (app.token("admin@eris.test").await, app.token("care@eris.test").await);
    let users = [sales.clone(), manager.clone(), admin, care];
    let downloads = (0..21).map(|i| {
        // Four users, five at once each (the limit per user), and one more of the first: refused.
        let token = users[i % 4].clone();
        let request =
            app.http.get(app.url(&format!("/api/contractFiles/{contract_id}"))).header("authorization", token);
        async move {
            let mut response = request.send().await.unwrap();
            let status = response.status();
            let mut length = 0;
            while let Some(piece) = response.chunk().await.unwrap() {
                length += piece.len();
            }
            (status, length)
        }
    });
    let answers = futures::future::join_all(downloads).await;
    sampling.abort();
    let served = answers.iter().filter(|(status, length)| *status == StatusCode::OK && *length == big_size).count();
    let refused = answers.iter().filter(|(status, _)| *status == StatusCode::TOO_MANY_REQUESTS).count();
    assert_eq!((served, refused), (20, 1), "{answers:?}");
    let grew = peak.load(std::sync::atomic::Ordering::Relaxed).saturating_sub(before);
    eprintln!("20 downloads of 25 MB at once grew the process by {grew} MB");
    assert!(grew < 100, "the downloads grew the process by {grew} MB");

    let remove = json!({"contractId": contract_id});
    assert_eq!(app.post("/api/deleteContractPdf", &sales, remove.clone()).await.status(), StatusCode::FORBIDDEN);
    let removed = app.post("/api/deleteContractPdf", &manager, remove).await;
    assert_eq!(removed.status(), StatusCode::OK);
    assert!(removed.json::<Value>().await.unwrap()["pdf"].is_null());
    assert_eq!(app.get(&format!("/api/contractFiles/{contract_id}"), &manager).await.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn beta_contracts_hedges_and_contract_lists_follow_who_may_use_them() {
    let app = spawn_app_with_contracts().await;
    eris_sourcing::seed::demo_utilities(&app.database.as_ref().unwrap().args()).await.unwrap();
    let manager = app.token("management@eris.test").await;
    let admin = app.token("admin@eris.test").await;
    let sales = app.token("sales@eris.test").await;
    let (lead_id, accounts) = company_with_accounts(&app, &manager, "Smelter").await;
    let supplier =
        app.post("/api/addSupplier/", &manager, json!({"SupplierName": "Keystone", "Commodity": "Electric"})).await;
    let supplier = supplier.json::<Value>().await.unwrap()["insertId"].as_i64().unwrap();

    // The beta form lists every missing field at once.
    let empty = app.post("/api/beta/contracts/create", &manager, json!({"contract": {"LeadId": lead_id}})).await;
    assert_eq!(empty.status(), StatusCode::BAD_REQUEST);
    let message = empty.json::<Value>().await.unwrap()["error"].as_str().unwrap().to_owned();
    for text in ["Commodity is a require field.", "Closer 1 is a required field.", "Date signed is a required field."] {
        assert!(message.contains(text), "{message}");
    }
    let mut beta = electric_contract(lead_id, accounts);
    beta.as_object_mut().unwrap().extend(
        json!({"ContractType": "Hedge", "SupplierId": supplier, "State": "PA", "BillingType": "Dual",
               "InsideSales": "Marcus Bell", "Analyst": "Marcus Bell"})
        .as_object()
        .unwrap()
        .clone(),
    );
    let not_beta = app.post("/api/beta/contracts/create", &admin, json!({"contract": beta})).await;
    assert_eq!(not_beta.status(), StatusCode::FORBIDDEN, "Admin is not a beta user here");
    let created = app.post("/api/beta/contracts/create", &manager, json!({"contract": beta})).await;
    assert_eq!(created.status(), StatusCode::CREATED, "{:?}", created.text().await);
    let contract_id = created.json::<Value>().await.unwrap()["newId"].as_i64().unwrap();
    let read: Value =
        app.get(&format!("/api/beta/contracts/read/{lead_id}/{contract_id}"), &manager).await.json().await.unwrap();
    assert_eq!(read["contract"][0]["IsBetaRow"], true);
    assert_eq!(read["contract"][0]["ProjectionBasis"], "Rate", "the beta form's contracts project by rate");
    assert_eq!(read["payments"], json!([]));
    // Every beta call, reads included, is the beta users' only; the lead screen's stay open.
    let payment = json!({"payment": {"PaymentId": 1, "ProjectedMonth": 1, "ProjectedYear": 2026},
                         "contractId": contract_id});
    for (method, path, body) in [
        (Method::GET, format!("/api/beta/contracts/read/{lead_id}/all"), json!({})),
        (Method::GET, format!("/api/beta/contracts/read/{lead_id}/{contract_id}"), json!({})),
        (Method::GET, format!("/api/beta/hedges/read/{contract_id}/all"), json!({})),
        (
            Method::PUT,
            "/api/beta/contracts/update".to_owned(),
            json!({"contract": {"ContractId": contract_id, "Notes": "x"}}),
        ),
        (Method::PUT, "/api/beta/payments/update".to_owned(), payment),
        (Method::DELETE, "/api/beta/payments/delete/1".to_owned(), json!({})),
    ] {
        let refused = app.send(method, &path, &admin, body).await;
        assert_eq!(refused.status(), StatusCode::FORBIDDEN, "{path}");
    }
    let lead_screen = app.get(&format!("/api/getPayment/{contract_id}"), &admin).await;
    assert_eq!(lead_screen.status(), StatusCode::OK);
    // The contract as read may be sent back whole (its read-only fields are ignored); a field
    // the contract does not have is refused by name, not dropped.
    let mut whole = read["contract"][0].clone();
    whole["Notes"] = json!("Sent back as read");
    let saved = app.send(Method::PUT, "/api/beta/contracts/update", &manager, json!({"contract": whole})).await;
    assert_eq!(saved.status(), StatusCode::OK, "{:?}", saved.text().await);
    whole["Supplier"] = json!("Keystone");
    let refused = app.send(Method::PUT, "/api/beta/contracts/update", &manager, json!({"contract": whole})).await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    assert!(refused.text().await.unwrap().contains("unknown field `Supplier`"));
    assert_eq!(
        app.get(&format!("/api/beta/contracts/read/{}/{contract_id}", lead_id + 1), &manager).await.status(),
        StatusCode::NOT_FOUND
    );

    // Hedges: made, read, changed with their version, deleted.
    let hedge = json!({"hedge": {"blockType": "Flat Block", "signedDate": "2025-12-01", "startMonth": "2026-03",
                       "termLength": 6, "rate": "0.061", "fee": "0.004"}, "contractId": contract_id});
    assert_eq!(app.post("/api/beta/hedges/create", &sales, hedge.clone()).await.status(), StatusCode::FORBIDDEN);
    let made = app.post("/api/beta/hedges/create", &manager, hedge).await;
    assert_eq!(made.status(), StatusCode::CREATED);
    let mut made: Value = made.json().await.unwrap();
    assert_eq!(made["startMonth"], "2026-03-01");
    let all: Vec<Value> =
        app.get(&format!("/api/beta/hedges/read/{contract_id}/all"), &manager).await.json().await.unwrap();
    assert_eq!(all.len(), 1);
    made["rate"] = json!("0.0605");
    let body = json!({"hedge": made, "contractId": contract_id});
    assert_eq!(app.send(Method::PUT, "/api/beta/hedges/update", &manager, body.clone()).await.status(), StatusCode::OK);
    assert_eq!(app.send(Method::PUT, "/api/beta/hedges/update", &manager, body).await.status(), StatusCode::CONFLICT);
    let bad = json!({"hedge": {"blockType": "Round Block", "termLength": 6}, "contractId": contract_id});
    assert_eq!(app.post("/api/beta/hedges/create", &manager, bad).await.status(), StatusCode::BAD_REQUEST);
    let hedge_path = format!("/api/beta/hedges/delete/{}", made["hedgeId"]);
    assert_eq!(app.send(Method::DELETE, &hedge_path, &manager, json!({})).await.status(), StatusCode::OK);

    // Beta payments: all or none.
    let rows = json!({"contractId": contract_id, "payments": [
        {"ProjectedMonth": 1, "ProjectedYear": 2026, "RevenueSplit": 50, "ProjectedUsage": 15000},
        {"ProjectedMonth": 14, "ProjectedYear": 2026}]});
    assert_eq!(app.post("/api/beta/payments/create", &manager, rows).await.status(), StatusCode::BAD_REQUEST);
    let rows = json!({"contractId": contract_id, "isMassImport": true, "payments": [
        {"ProjectedMonth": 1, "ProjectedYear": 2026, "RevenueSplit": 50, "ProjectedUsage": 15000}]});
    assert_eq!(app.post("/api/beta/payments/create", &manager, rows).await.status(), StatusCode::CREATED);
    let read: Value =
        app.get(&format!("/api/beta/contracts/read/{lead_id}/{contract_id}"), &manager).await.json().await.unwrap();
    assert_eq!(read["payments"].as_array().unwrap().len(), 1);
    assert!(read["paymentTotals"]["projected"]["annualRevenue"].is_string());

    // The lists of the Contracts page: Management sees the book, Sales only their own.
    let standard = app.post("/api/contracts", &manager, electric_contract(lead_id, accounts)).await;
    let standard_id = standard.json::<Value>().await.unwrap()["ContractId"].as_i64().unwrap();
    let all: Vec<Value> = app.get("/api/getAllContracts/All/null/null", &manager).await.json().await.unwrap();
    assert_eq!(all.len(), 2);
    let signed: Vec<Value> = app.get("/api/getAllContracts/All/2026-01-01/null", &manager).await.json().await.unwrap();
    assert!(signed.is_empty(), "both were signed in 2025");
    assert_eq!(app.get("/api/getAllContracts/Sometimes/null/null", &manager).await.status(), StatusCode::BAD_REQUEST);
    assert_eq!(app.get("/api/getAllContracts/All/2026-13-01/null", &manager).await.status(), StatusCode::BAD_REQUEST);
    // Sales see the contracts naming them, and use neither the date nor the active filters.
    let mut elsewhere = electric_contract(lead_id, accounts);
    elsewhere["Closer1"] = json!("Elena Ruiz");
    assert_eq!(app.post("/api/contracts", &manager, elsewhere).await.status(), StatusCode::CREATED);
    let own: Vec<Value> = app.get("/api/getAllContracts/All/null/null", &sales).await.json().await.unwrap();
    assert_eq!(own.len(), 2);
    assert_eq!(app.get("/api/getAllContracts/All/2025-01-01/null", &sales).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.get("/api/getAllContracts/Active%20Only/null/null", &sales).await.status(), StatusCode::FORBIDDEN);
    let marcus: Vec<Value> =
        app.get("/api/getContracts/Marcus%20Bell/All/null/null", &manager).await.json().await.unwrap();
    assert_eq!(marcus.len(), 2, "Closer 1 on two of the three");
    let everyone: Vec<Value> = app.get("/api/getAllContracts/All/null/null", &manager).await.json().await.unwrap();
    assert_eq!(everyone.len(), 3);
    assert_eq!(app.get("/api/getContracts/Nobody/All/null/null", &manager).await.status(), StatusCode::NOT_FOUND);

    // The beta delete removes only contracts made with the beta form.
    let standard_path = format!("/api/beta/contracts/delete/{standard_id}");
    assert_eq!(app.send(Method::DELETE, &standard_path, &manager, json!({})).await.status(), StatusCode::BAD_REQUEST);
    let beta_path = format!("/api/beta/contracts/delete/{contract_id}");
    assert_eq!(app.send(Method::DELETE, &beta_path, &sales, json!({})).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.send(Method::DELETE, &beta_path, &manager, json!({})).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn revenue_by_supplier_reaches_the_reports_through_rest() {
    let app = spawn_app_with_contracts().await;
    eris_sourcing::seed::demo_utilities(&app.database.as_ref().unwrap().args()).await.unwrap();
    let manager = app.token("management@eris.test").await;
    let sales = app.token("sales@eris.test").await;
    let (_, _, contract_id) = supplier_contract(&app, &manager, "Quarry", "Keystone").await;
    let add = format!("/api/addPayment/{contract_id}");
    for (month, amount) in [(1, "100.00"), (2, "50.50")] {
        let payment = json!({"ProjectedMonth": month, "ProjectedYear": 2026, "ProjectedPayment": amount,
                             "PaymentMonth": month, "PaymentYear": 2026, "PaymentActual": "40.00"});
        assert_eq!(app.post(&add, &manager, payment).await.status(), StatusCode::CREATED);
    }

    // The change reaches the report through the events within moments.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let forecast = loop {
        let rows: Vec<Value> =
            app.get("/api/reports/revenueBySupplier?year=2026", &manager).await.json().await.unwrap();
        if rows.first().is_some_and(|r| r["Total"] == "150.50") {
            break rows;
        }
        assert!(std::time::Instant::now() < deadline, "the payments did not reach the report: {rows:?}");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    assert_eq!(forecast[0]["Supplier"], "Keystone");
    assert_eq!(forecast[0]["MonthlyRevenues"][0], "100.00");
    assert_eq!(forecast[0]["MonthlyRevenues"][1], "50.50");
    let actual: Vec<Value> =
        app.get("/api/reports/actualrevenueBySupplier?year=2026", &manager).await.json().await.unwrap();
    assert_eq!(actual[0]["Total"], "80.00");
    // Management's cards alone (spec 2 section 6), even for the company's closer.
    let admin = app.token("admin@eris.test").await;
    let care = app.token("care@eris.test").await;
    for path in [
        "/api/reports/revenueBySupplier?year=2026",
        "/api/reports/actualrevenueBySupplier?year=2026",
        "/api/reports/contractYearOptions",
    ] {
        for token in [&sales, &admin, &care] {
            let refused = app.get(path, token).await;
            assert_eq!(refused.status(), StatusCode::FORBIDDEN, "{path}");
            let body: Value = refused.json().await.unwrap();
            assert_eq!(body["code"], "permission_denied");
        }
    }
    let years: Vec<i64> = app.get("/api/reports/contractYearOptions", &manager).await.json().await.unwrap();
    assert!(years.contains(&2026));
    for bad in ["", "?year=", "?year=abc", "?year=20000", "?year=1e3", "?year=-1"] {
        let response = app.get(&format!("/api/reports/revenueBySupplier{bad}"), &manager).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{bad}");
    }
}

#[tokio::test]
async fn margin_builder_renewals_and_the_contract_reports_reach_rest() {
    let app = spawn_app_with_contracts().await;
    eris_sourcing::seed::demo_utilities(&app.database.as_ref().unwrap().args()).await.unwrap();
    let manager = app.token("management@eris.test").await;
    let sales = app.token("sales@eris.test").await;
    let (lead_id, accounts) = company_with_accounts(&app, &manager, "Quarry").await;
    let made: Value =
        app.post("/api/contracts", &manager, electric_contract(lead_id, accounts)).await.json().await.unwrap();
    let contract_id = made["ContractId"].as_i64().unwrap();
    let add = format!("/api/addPayment/{contract_id}");
    for month in 1..=3 {
        let payment = json!({"ProjectedMonth": month, "ProjectedYear": 2026, "ProjectedPayment": "10.00"});
        assert_eq!(app.post(&add, &manager, payment).await.status(), StatusCode::CREATED);
    }
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let first = loop {
        let response = app.get("/api/reports/margin_builder/1/5/{}", &manager).await;
        assert_eq!(response.status(), StatusCode::OK);
        let cursor = response.headers()["x-next-cursor"].to_str().unwrap().to_owned();
        let rows: Vec<Value> = response.json().await.unwrap();
        if rows.len() == 3 {
            assert!(cursor.is_empty(), "one page only");
            break rows;
        }
        assert!(std::time::Instant::now() < deadline, "the payments did not reach Margin Builder: {rows:?}");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    assert_eq!((first[0]["CustName"].as_str(), first[0]["ProjectedPayment"].as_str()), (Some("Quarry"), Some("10.00")));
    // Two rows a page: the second page from the first's cursor.
    let response = app.get("/api/reports/margin_builder/1/5/%7B%22projectedMonth%22%3A2%7D", &manager).await;
    let rows: Vec<Value> = response.json().await.unwrap();
    assert_eq!(rows.len(), 1, "the filter in the address");
    let page = app.get("/api/reports/margin_builder/1/5/{}", &manager).await;
    assert_eq!(page.status(), StatusCode::OK);
    for bad in [
        "/api/reports/margin_builder/2002/50/{}",
        "/api/reports/margin_builder/1/7/{}",
        "/api/reports/margin_builder/0/5/{}",
        "/api/reports/margin_builder/1/5/%7Bnot%20json",
        "/api/reports/margin_builder/1/5/%7B%22projectedMonth%22%3A13%7D",
        "/api/reports/margin_builder/1/5/%7B%22unknown%22%3A1%7D",
        "/api/reports/margin_builder/1/5/%7B%22projectedYear%22%3A99999999999%7D",
        "/api/reports/margin_builder/1/5/{}?after=1.x",
    ] {
        let response = app.get(bad, &manager).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{bad}");
        let body: Value = response.json().await.unwrap();
        assert!(body["error"].is_string(), "{bad}: {body}");
    }
    assert_eq!(app.get("/api/reports/margin_builder/1/5/{}", &sales).await.status(), StatusCode::FORBIDDEN);
    let payments: Vec<Value> =
        app.get(&format!("/api/reports/contractMarginPayments/{contract_id}"), &manager).await.json().await.unwrap();
    assert_eq!(payments.len(), 3);
    assert_eq!(app.get("/api/reports/contractMarginPayments/999999", &manager).await.status(), StatusCode::NOT_FOUND);

    // The export: an address good once, fetched without a token, streamed as CSV.
    let made: Value =
        app.post("/api/reports/marginBuilderExport", &manager, json!({"filters": {}})).await.json().await.unwrap();
    let url = made["url"].as_str().unwrap().to_owned();
    let download = app.http.get(app.url(&url)).send().await.unwrap();
    assert_eq!(download.status(), StatusCode::OK);
    assert_eq!(download.headers()["content-disposition"], "attachment; filename=\"MarginBuilder.csv\"");
    let csv = download.text().await.unwrap();
    assert_eq!(csv.lines().count(), 4, "{csv}");
    assert!(csv.starts_with("CustName,State,Commodity,"));
    assert_eq!(app.http.get(app.url(&url)).send().await.unwrap().status(), StatusCode::UNAUTHORIZED);
    let forged = app.http.get(app.url("/api/reports/marginBuilderExport/abc")).send().await.unwrap();
    assert_eq!(forged.status(), StatusCode::UNAUTHORIZED);
    // One address fetched 40 times at once: a single download, every other fetch refused.
    let made: Value =
        app.post("/api/reports/marginBuilderExport", &manager, json!({"filters": {}})).await.json().await.unwrap();
    let url = app.url(made["url"].as_str().unwrap());
    let fetches = (0..40).map(|_| app.http.get(&url).send());
    let statuses: Vec<StatusCode> =
        futures::future::join_all(fetches).await.into_iter().map(|response| response.unwrap().status()).collect();
    assert_eq!(statuses.iter().filter(|status| **status == StatusCode::OK).count(), 1, "{statuses:?}");
    assert!(statuses.iter().all(|status| [StatusCode::OK, StatusCode::UNAUTHORIZED].contains(status)));
    // 40 pages at once, each answered in full.
    let pages = (0..40).map(|_| app.get("/api/reports/margin_builder/1/5/{}", &manager));
    for page in futures::future::join_all(pages).await {
        assert_eq!(page.status(), StatusCode::OK);
        assert_eq!(page.json::<Vec<Value>>().await.unwrap().len(), 3);
    }
    let refused = app.post("/api/reports/marginBuilderExport", &sales, json!({"filters": {}})).await;
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    let all = app.get("/api/reports/getAllPayments/%7B%7D", &manager).await;
    assert_eq!(all.headers()["content-type"], "text/csv; charset=utf-8");
    assert_eq!(all.text().await.unwrap().lines().count(), 4);

    let renewals = app.post("/api/reports/renewalTracking", &manager, json!({"filters": {}})).await;
    assert_eq!(renewals.headers()["x-more-rows"], "false");
    let renewals: Vec<Value> = renewals.json().await.unwrap();
    assert!(renewals.iter().any(|r| r["ContractId"] == contract_id), "{renewals:?}");
    let bad = app.post("/api/reports/renewalTracking", &manager, json!({"filters": {"endDate": "2026-02-30"}})).await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    assert_eq!(app.get("/api/reports/renewalAlerts", &sales).await.status(), StatusCode::OK);

    let outreach =
        app.post("/api/reports/supplierOutreach/", &manager, json!({"filters": {"startDate": "2026-01-01"}})).await;
    let outreach: Vec<Value> = outreach.json().await.unwrap();
    assert_eq!(outreach.len(), 1);
    assert_eq!(outreach[0]["AccountCount"], 2);
    let billing: Vec<Value> = app.get("/api/reports/firstMonthsBilling/2026-01", &manager).await.json().await.unwrap();
    assert_eq!(billing.len(), 1);
    assert_eq!(app.get("/api/reports/firstMonthsBilling/2026-13", &manager).await.status(), StatusCode::BAD_REQUEST);
    let months: Vec<String> = app.get("/api/reports/getStartMonths", &manager).await.json().await.unwrap();
    assert_eq!(months, ["2026-01"]);
    let welcome: Vec<Value> =
        app.get("/api/reports/welcomeEmails/2025-12-01/2025-12-31", &manager).await.json().await.unwrap();
    assert_eq!(welcome.len(), 1);
    let blank = app.get("/api/reports/welcomeEmails/2025-12-01/null", &manager).await;
    assert_eq!(blank.status(), StatusCode::BAD_REQUEST);
    assert_eq!(blank.json::<Value>().await.unwrap()["error"], "Start and/or End Range is blank.");
    let same = app.get("/api/reports/welcomeEmails/2025-12-01/2025-12-01", &manager).await;
    assert_eq!(same.json::<Value>().await.unwrap()["error"], "Start and End Range are the same date.");
    let opportunities: Vec<Value> =
        app.get("/api/reports/opportunityTracker/null/null", &manager).await.json().await.unwrap();
    assert!(opportunities.iter().any(|r| r["CompanyName"] == "Quarry"), "{opportunities:?}");
    assert_eq!(app.get("/api/reports/getAutoInactiveContracts/2026-11-25", &manager).await.status(), StatusCode::OK);
    assert_eq!(
        app.get("/api/reports/getAutoInactiveContracts/2026-11-25", &sales).await.status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(app.get("/api/reports/opportunityTracker/null/null", &sales).await.status(), StatusCode::FORBIDDEN);

    let commissions: Value =
        app.get("/api/reports/commissionReconciliation?year=2026", &manager).await.json().await.unwrap();
    assert_eq!(commissions["Total"]["Projected"], "30.00");
    for bad in ["", "?year=x", "?year=2026&supplier=-4", "?year=2026&supplier=abc", "?year=3000"] {
        let response = app.get(&format!("/api/reports/commissionReconciliation{bad}"), &manager).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{bad}");
    }
    let refused = app.get("/api/reports/commissionReconciliation?year=2026", &sales).await;
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);

    // Page N by its number, as the spec's call reads it, equals page N read from the cursor.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    for month in 4..=7 {
        let payment = json!({"ProjectedMonth": month, "ProjectedYear": 2026, "ProjectedPayment": "10.00"});
        assert_eq!(app.post(&add, &manager, payment).await.status(), StatusCode::CREATED);
    }
    let (first, cursor) = loop {
        let response = app.get("/api/reports/margin_builder/1/5/{}", &manager).await;
        let cursor = response.headers()["x-next-cursor"].to_str().unwrap().to_owned();
        let rows: Vec<Value> = response.json().await.unwrap();
        if !cursor.is_empty() {
            break (rows, cursor);
        }
        assert!(std::time::Instant::now() < deadline, "the new payments did not reach Margin Builder: {rows:?}");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    assert_eq!(first.len(), 5);
    let by_number: Vec<Value> = loop {
        let rows: Vec<Value> = app.get("/api/reports/margin_builder/2/5/{}", &manager).await.json().await.unwrap();
        if rows.len() == 2 {
            break rows;
        }
        assert!(std::time::Instant::now() < deadline, "{rows:?}");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    let by_cursor = app.get(&format!("/api/reports/margin_builder/2/5/{{}}?after={cursor}"), &manager).await;
    assert_eq!(by_cursor.json::<Vec<Value>>().await.unwrap(), by_number);
    let beyond: Vec<Value> = app.get("/api/reports/margin_builder/9/5/{}", &manager).await.json().await.unwrap();
    assert!(beyond.is_empty());
}
