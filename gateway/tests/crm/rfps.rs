//! The REST calls of RFPs: saveRfp, getRFPsByLeadId, getRFPs, getUserRFPs, deleteRFP, the
//! spreadsheets and the prices suppliers return.

use super::*;

async fn supplier(app: &TestGateway, token: &str, name: &str) -> i64 {
    let body = json!({"SupplierName": name, "Commodity": "Electric"});
    let response = app.post("/api/addSupplier/", token, body).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json::<Value>().await.unwrap()["insertId"].as_i64().unwrap()
}

async fn electric_account(app: &TestGateway, token: &str, lead_id: i64, number: &str) -> i64 {
    let body = json!({"LeadId": lead_id, "Name": format!("Site {number}"), "AccountNumber": number,
                      "Commodity": "Electric", "Utility": "PECO", "State": "PA"});
    let response = app.post("/api/accounts", token, body).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json::<Value>().await.unwrap()["AccountId"].as_i64().unwrap()
}

#[tokio::test]
async fn rfps_are_saved_listed_priced_exported_and_deleted_through_rest() {
    let app = spawn_app_with_crm().await;
    eris_sourcing::seed::demo_utilities(&app.database.as_ref().unwrap().args()).await.unwrap();
    let manager = app.token("management@eris.test").await;
    let care = app.token("care@eris.test").await;
    let sales = app.token("sales@eris.test").await;
    let lead = new_lead(&app, &manager, json!({"Name": "Quarry Works", "State": "PA"})).await;
    let accounts =
        [electric_account(&app, &manager, lead, "QW-1").await, electric_account(&app, &manager, lead, "QW-2").await];
    let suppliers = [supplier(&app, &manager, "Keystone Power").await, supplier(&app, &manager, "Liberty Power").await];

    let body = json!({"Len": "Quarry Works Inc", "Address": "9 Rock Rd", "City": "Media", "State": "PA", "Zip": "19063",
        "Commodity": "Electric", "StartDate": "2027-01-01", "ReturnDate": "2026-12-01", "ReturnTime": "14:30:00",
        "Suppliers": [{"SupplierId": suppliers[0]}, suppliers[1]], "Terms": [12, 24], "Products": ["Fixed"],
        "Fee": 0.005, "Accounts": [{"AccountId": accounts[0]}, {"AccountId": accounts[1]}]});
    let refused = app.post(&format!("/api/saveRfp/{lead}"), &sales, body.clone()).await;
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    let created = app.post(&format!("/api/saveRfp/{lead}"), &care, body).await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let created: Value = created.json().await.unwrap();
    let rfp_id = created["RFPId"].as_i64().unwrap();
    assert_eq!(created["ReturnTime"], "14:30:00");
    assert_eq!(created["Suppliers"][1]["SupplierName"], "Liberty Power");
    assert_eq!(created["Accounts"][0]["AccountId"], accounts[0]);
    assert_eq!((created["Fee"].as_str(), created["Outcome"].as_str()), (Some("0.005"), Some("Open")));

    for (bad, why) in [
        (json!({"Commodity": "Steam"}), "commodity"),
        (json!({"Commodity": "Electric", "ReturnTime": "14:15:00"}), "return time"),
        (json!({"Commodity": "Electric", "ReturnDate": "12/01/2026"}), "date"),
        (json!({"Commodity": "Electric", "Terms": [0]}), "term"),
        (json!({"Commodity": "Electric", "Accounts": ["one"]}), "account ids"),
        (json!({"Commodity": "Electric", "Len": "tab\there"}), "control character"),
        (json!({"Commodity": "Electric", "Len": "nul\u{0}"}), "NUL"),
        (json!({"Commodity": "Electric", "Fee": 1e20}), "huge fee"),
        (json!({"Commodity": "Electric", "Terms": [2147483647]}), "huge term"),
        (json!({"Commodity": "Electric", "Terms": ["twelve"]}), "term as words"),
        (json!({"Commodity": "Electric", "Terms": ["99999999999"]}), "term past a number"),
        (json!({"Commodity": "Electric", "Terms": [12.5]}), "part of a month"),
        (json!({"Commodity": "Electric", "ReturnDate": "20000-01-01"}), "far return date"),
        (json!({"Commodity": "Electric", "StartDate": "1899-12-31"}), "early start date"),
        (json!({"Commodity": "Electric", "Suppliers": [9_999_999]}), "unknown supplier"),
        (json!({"Commodity": "Electric", "Accounts": [9_999_999]}), "unknown account"),
    ] {
        let response = app.post(&format!("/api/saveRfp/{lead}"), &manager, bad).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{why}");
    }

    // Terms as the spec's clients send them, numbers or numeric strings alike.
    let as_text = json!({"Commodity": "Electric", "Terms": ["12", " 36 "], "Accounts": [accounts[0]]});
    let saved = app.post(&format!("/api/saveRfp/{lead}"), &manager, as_text).await;
    assert_eq!(saved.status(), StatusCode::CREATED);
    let saved: Value = saved.json().await.unwrap();
    assert_eq!(saved["Terms"], json!([12, 36]));
    let remove = format!("/api/deleteRFP/{}", saved["RFPId"]);
    assert_eq!(app.send(Method::DELETE, &remove, &manager, json!({})).await.status(), StatusCode::OK);

    let edit = json!({"RFPId": rfp_id, "Version": created["Version"], "City": "Chester"});
    let edited = app.post(&format!("/api/saveRfp/{lead}"), &manager, edit.clone()).await;
    assert_eq!(edited.status(), StatusCode::OK);
    let stale = json!({"RFPId": rfp_id, "Version": created["Version"], "City": "Upland"});
    // Someone else changed City after the version read.
    assert_eq!(app.post(&format!("/api/saveRfp/{lead}"), &care, stale).await.status(), StatusCode::CONFLICT);

    // The same RFP saved 40 times at once by two people: each save applies or is refused as
    // stale (409), none fails, and the stored value is one of those sent.
    let version = app.get(&format!("/api/getRFPsByLeadId/{lead}"), &manager).await.json::<Vec<Value>>().await.unwrap()
        [0]["Version"]
        .clone();
    let saves = (0..40).map(|i| {
        let body = json!({"RFPId": rfp_id, "Version": version, "Zip": format!("{:05}", 19000 + i)});
        let (app, token, lead) = (&app, if i % 2 == 0 { &manager } else { &care }, lead);
        async move { app.post(&format!("/api/saveRfp/{lead}"), token, body).await.status() }
    });
    let statuses = futures::future::join_all(saves).await;
    assert!(statuses.iter().all(|s| *s == StatusCode::OK || *s == StatusCode::CONFLICT), "{statuses:?}");
    assert!(statuses.contains(&StatusCode::OK));
    let listed: Vec<Value> = app.get(&format!("/api/getRFPsByLeadId/{lead}"), &manager).await.json().await.unwrap();
    assert_eq!((listed.len(), listed[0]["City"].as_str()), (1, Some("Chester")));
    let zip: u32 = listed[0]["Zip"].as_str().unwrap().parse().unwrap();
    assert!((19000..19040).contains(&zip));
    let hidden = app.get(&format!("/api/getRFPsByLeadId/{lead}"), &sales).await;
    assert_eq!(hidden.status(), StatusCode::NOT_FOUND, "not a company of this Sales user");
    let everyone: Vec<Value> = app.get("/api/getRFPs?query=quarry", &manager).await.json().await.unwrap();
    assert_eq!(everyone.len(), 1);
    let none: Vec<Value> = app.get("/api/getRFPs", &sales).await.json().await.unwrap();
    assert!(none.is_empty());
    let calendar: Vec<Value> =
        app.get("/api/getUserRFPs/Sam%20Okafor?from=2026-11-01&to=2026-12-31", &care).await.json().await.unwrap();
    assert_eq!(calendar.len(), 1, "made by Customer Care, returning 2026-12-01");
    let others = app.get("/api/getUserRFPs/Sam%20Okafor", &sales).await;
    assert_eq!(others.status(), StatusCode::FORBIDDEN);
    // The spec's call takes no range: a missing end is taken within the 400 days from the other.
    assert_eq!(app.get("/api/getUserRFPs/Sam%20Okafor", &care).await.status(), StatusCode::OK);
    for one_end in ["from=2026-11-01", "to=2026-12-31", "from=2026-12-01", "to=2026-12-01"] {
        let found: Vec<Value> =
            app.get(&format!("/api/getUserRFPs/Sam%20Okafor?{one_end}"), &care).await.json().await.unwrap();
        assert_eq!(found.len(), 1, "{one_end}");
    }
    let too_long = app.get("/api/getUserRFPs/Sam%20Okafor?from=2026-01-01&to=2027-06-01", &care).await;
    assert_eq!(too_long.status(), StatusCode::BAD_REQUEST);

    let price = |supplier_id: i64, rate: &str| json!({"SupplierId": supplier_id, "Term": 12, "Rate": rate});
    let first = app.post(&format!("/api/rfps/{rfp_id}/prices"), &manager, price(suppliers[0], "0.0712")).await;
    assert_eq!(first.status(), StatusCode::CREATED);
    let second = app.post(&format!("/api/rfps/{rfp_id}/prices"), &manager, price(suppliers[1], "0.0689")).await;
    let second: Value = second.json().await.unwrap();
    let off_term = json!({"SupplierId": suppliers[0], "Term": 36, "Rate": "0.07"});
    assert_eq!(
        app.post(&format!("/api/rfps/{rfp_id}/prices"), &manager, off_term).await.status(),
        StatusCode::BAD_REQUEST
    );
    let prices: Vec<Value> = app.get(&format!("/api/rfps/{rfp_id}/prices"), &manager).await.json().await.unwrap();
    assert_eq!(prices.iter().map(|p| p["Rate"].as_str().unwrap()).collect::<Vec<_>>(), ["0.0689", "0.0712"]);
    let current: Vec<Value> = app.get(&format!("/api/getRFPsByLeadId/{lead}"), &manager).await.json().await.unwrap();
    let won = json!({"Outcome": "Won", "PriceId": second["PriceId"], "Version": current[0]["Version"]});
    let won = app.post(&format!("/api/rfps/{rfp_id}/outcome"), &manager, won).await;
    assert_eq!(won.status(), StatusCode::OK);
    assert_eq!(won.json::<Value>().await.unwrap()["WonPriceId"], second["PriceId"]);

    let file = app.get(&format!("/api/rfps/{rfp_id}/xlsx"), &manager).await;
    assert_eq!(file.status(), StatusCode::OK);
    assert_eq!(file.headers()["content-type"], "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    assert!(
        file.headers()["content-disposition"].to_str().unwrap().contains(&format!("RFP {rfp_id} - Quarry Works.xlsx"))
    );
    assert!(file.bytes().await.unwrap().starts_with(b"PK"), "an .xlsx is a zip");
    let list = app.get("/api/rfps/xlsx?query=quarry", &manager).await;
    assert!(list.headers()["content-disposition"].to_str().unwrap().contains("RFPs.xlsx"));
    assert_eq!(app.get(&format!("/api/rfps/{rfp_id}/xlsx"), &sales).await.status(), StatusCode::NOT_FOUND);

    let price_id = prices[1]["PriceId"].as_i64().unwrap();
    let deleted = app.send(Method::DELETE, &format!("/api/rfpPrices/{price_id}"), &manager, json!({})).await;
    assert_eq!(deleted.status(), StatusCode::OK);
    assert_eq!(
        app.send(Method::DELETE, &format!("/api/deleteRFP/{rfp_id}"), &sales, json!({})).await.status(),
        StatusCode::FORBIDDEN
    );
    let gone = app.send(Method::DELETE, &format!("/api/deleteRFP/{rfp_id}"), &manager, json!({})).await;
    assert_eq!(gone.status(), StatusCode::OK);
    let again = app.send(Method::DELETE, &format!("/api/deleteRFP/{rfp_id}"), &manager, json!({})).await;
    assert_eq!(again.status(), StatusCode::NOT_FOUND);
}
