//! The REST calls of companies, affiliates, notes, tasks, call banks and utilities, through the
//! gateway to real crm and sourcing services.

mod common;

use common::{TestGateway, spawn_app_with_crm};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

async fn new_lead(app: &TestGateway, token: &str, body: Value) -> i64 {
    let response = app.post("/api/newLead", token, body).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json::<Value>().await.unwrap()["insertId"].as_i64().unwrap()
}

async fn lead(app: &TestGateway, token: &str, id: i64) -> Value {
    let leads: Vec<Value> = app.get(&format!("/api/getLeadById/{id}"), token).await.json().await.unwrap();
    assert_eq!(leads.len(), 1);
    leads.into_iter().next().unwrap()
}

#[tokio::test]
async fn a_lead_is_created_and_read_back_with_team_roles_by_name() {
    let app = spawn_app_with_crm().await;
    let manager = app.token("management@eris.test").await;
    let id = new_lead(
        &app,
        &manager,
        json!({"Name": "Harbor Cold Storage", "State": "NJ", "PrimaryElectricStatus": "Prospect",
               "SecondaryElectricStatus": ["Hot Lead"], "ElectricUsage": "1,200,000",
               "ElectricContractEndDate": "2027-06-30T00:00:00.000Z", "Inside": "Marcus Bell", "W9": true}),
    )
    .await;
    let read = lead(&app, &manager, id).await;
    assert_eq!(read["LeadId"], id);
    assert_eq!(read["Name"], "Harbor Cold Storage");
    assert_eq!(read["Inside"], "Marcus Bell");
    assert_eq!(read["ElectricUsage"], "1200000");
    assert_eq!(read["ElectricContractEndDate"], "2027-06-30");
    assert_eq!(read["SecondaryElectricStatus"], json!(["Hot Lead"]));
    assert_eq!(read["W9"], true);
    let by_name: Vec<Value> = app.get(&format!("/api/lead/{id}"), &manager).await.json().await.unwrap();
    assert_eq!(by_name[0]["Name"], "Harbor Cold Storage");

    let bad = app.post("/api/newLead", &manager, json!({"Name": "X", "Closer": "Nobody Here"})).await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn sales_users_get_only_their_own_leads_and_cannot_create_or_delete() {
    let app = spawn_app_with_crm().await;
    let manager = app.token("management@eris.test").await;
    let mine = new_lead(&app, &manager, json!({"Name": "Mine", "Closer": "Marcus Bell"})).await;
    new_lead(&app, &manager, json!({"Name": "Theirs", "Closer": "Elena Ruiz"})).await;
    let sales = app.token("sales@eris.test").await;
    let all: Vec<Value> = app.get("/api/getAllLeads/", &sales).await.json().await.unwrap();
    assert_eq!(all.iter().map(|l| l["Name"].as_str().unwrap()).collect::<Vec<_>>(), vec!["Mine"]);
    let hers: Vec<Value> = app.get("/api/getUserLeads/Elena%20Ruiz", &sales).await.json().await.unwrap();
    assert!(hers.is_empty(), "a Sales user cannot read another rep's leads by name");
    let hers_for_manager: Vec<Value> = app.get("/api/getUserLeads/Elena%20Ruiz", &manager).await.json().await.unwrap();
    assert_eq!(hers_for_manager.len(), 1);

    assert_eq!(app.post("/api/newLead", &sales, json!({"Name": "Nope"})).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.get(&format!("/api/deleteLead/{mine}"), &sales).await.status(), StatusCode::FORBIDDEN);
    let admin = app.token("admin@eris.test").await;
    assert_eq!(app.get(&format!("/api/deleteLead/{mine}"), &admin).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.get(&format!("/api/deleteLead/{mine}"), &manager).await.status(), StatusCode::OK);
    assert_eq!(app.get(&format!("/api/getLeadById/{mine}"), &manager).await.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn update_lead_keeps_both_peoples_edits_and_refuses_only_a_real_conflict() {
    let app = spawn_app_with_crm().await;
    let manager = app.token("management@eris.test").await;
    let admin = app.token("admin@eris.test").await;
    let id = new_lead(&app, &manager, json!({"Name": "Valley Dairy", "City": "Albany"})).await;
    let read_by_both = lead(&app, &manager, id).await;

    let mut first = read_by_both.clone();
    first["City"] = json!("Troy");
    let saved = app.post("/api/updateLead", &manager, first).await;
    assert_eq!(saved.status(), StatusCode::OK);
    assert_eq!(saved.json::<Value>().await.unwrap()["Version"], 2);

    // The admin's whole lead still says Albany: sent back as read, the newer Troy stays.
    let mut second = read_by_both.clone();
    second["Zip"] = json!("12180");
    let merged = app.post("/api/updateLead", &admin, second).await;
    assert_eq!(merged.status(), StatusCode::OK);
    let merged: Value = merged.json().await.unwrap();
    assert_eq!((merged["City"].as_str(), merged["Zip"].as_str()), (Some("Troy"), Some("12180")));

    // Changing the city the manager changed after the admin's read is a real conflict.
    let mut clash = read_by_both.clone();
    clash["City"] = json!("Schenectady");
    let refused = app.post("/api/updateLead", &admin, clash).await;
    assert_eq!(refused.status(), StatusCode::CONFLICT);
    let body: Value = refused.json().await.unwrap();
    assert_eq!(
        body["error"],
        "Someone else changed the city of this company after you opened it. Their value is shown now."
    );

    // Without a Version the lead is taken as read now.
    let mut unversioned = lead(&app, &admin, id).await;
    unversioned.as_object_mut().unwrap().remove("Version");
    unversioned["City"] = json!("Cohoes");
    let saved = app.post("/api/updateLead", &admin, unversioned).await;
    assert_eq!(saved.status(), StatusCode::OK);
    assert_eq!(lead(&app, &admin, id).await["City"], "Cohoes");
}

#[tokio::test]
async fn mass_update_sets_roles_by_name_and_reset_clears_them() {
    let app = spawn_app_with_crm().await;
    let manager = app.token("management@eris.test").await;
    let a = new_lead(&app, &manager, json!({"Name": "A", "Analyst": "Sam Okafor"})).await;
    let b = new_lead(&app, &manager, json!({"Name": "B"})).await;
    let body = json!({"companyIds": [a, b], "updatedFields": {"Closer": "Elena Ruiz", "Analyst": "RESET"}});
    let response = app.send(Method::PATCH, "/api/massUpdateLeads", &manager, body.clone()).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.json::<Value>().await.unwrap()["updated"], 2);
    let a = lead(&app, &manager, a).await;
    assert_eq!((a["Closer"].as_str(), a["Analyst"].clone()), (Some("Elena Ruiz"), Value::Null));
    let sales = app.token("sales@eris.test").await;
    assert_eq!(app.send(Method::PATCH, "/api/massUpdateLeads", &sales, body).await.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn affiliates_are_listed_and_added_by_management() {
    let app = spawn_app_with_crm().await;
    let manager = app.token("management@eris.test").await;
    let admin = app.token("admin@eris.test").await;
    assert_eq!(
        app.post("/api/addAffiliate", &admin, json!({"affiliate": "Grid Partners"})).await.status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.post("/api/addAffiliate", &manager, json!({"affiliate": "Grid Partners"})).await.status(),
        StatusCode::CREATED
    );
    assert_eq!(
        app.post("/api/addAffiliate", &manager, json!({"affiliate": "grid partners"})).await.status(),
        StatusCode::CONFLICT
    );
    let listed: Vec<Value> = app.get("/api/affiliates", &admin).await.json().await.unwrap();
    assert_eq!(listed, vec![json!({"Name": "Grid Partners"})]);
}

#[tokio::test]
async fn notes_and_tasks_are_added_and_listed_with_names() {
    let app = spawn_app_with_crm().await;
    let manager = app.token("management@eris.test").await;
    let care = app.token("care@eris.test").await;
    let id = new_lead(&app, &manager, json!({"Name": "Noted Co", "Inside": "Marcus Bell"})).await;

    let note = json!({"LeadId": id, "UserId": 999, "Name": "Someone Else", "Service": "DR", "FollowUpDate": "2027-01-15", "Note": "Asked for DR numbers"});
    assert_eq!(app.post("/api/newNote", &care, note).await.status(), StatusCode::CREATED);
    let notes: Vec<Value> = app.get(&format!("/api/getNotesByLeadId/{id}"), &manager).await.json().await.unwrap();
    assert_eq!(notes.len(), 1);
    assert_eq!(notes[0]["Name"], "Sam Okafor", "the author is the caller");
    assert_eq!(notes[0]["FollowUpDate"], "2027-01-15");

    let sales_id = app.user_by_email(&manager, "sales@eris.test").await["UserId"].as_i64().unwrap();
    let task = json!({"Type": "Follow Up", "Subject": "Send the DR offer", "AssigneeIds": [sales_id],
                      "DueDate": "2027-01-20T15:00:00.000Z", "Description": "", "LeadId": id, "AuthorId": 1, "Status": "Closed"});
    let created = app.post("/api/newTask", &manager, task).await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let task_id = created.json::<Value>().await.unwrap()["insertId"].as_i64().unwrap();
    let by_lead: Vec<Value> = app.get(&format!("/api/getTasksByLeadId/{id}"), &manager).await.json().await.unwrap();
    assert_eq!(by_lead[0]["Status"], "Open");
    assert_eq!(by_lead[0]["CustomerName"], "Noted Co");
    assert_eq!(by_lead[0]["Assignees"][0]["AssigneeName"], "Marcus Bell");

    let sales = app.token("sales@eris.test").await;
    let mine: Vec<Value> = app.get("/api/getTasksByAssignee/Marcus%20Bell", &sales).await.json().await.unwrap();
    assert_eq!(mine.len(), 1);
    assert_eq!(app.get("/api/getTasksByAssignee/Sam%20Okafor", &sales).await.status(), StatusCode::FORBIDDEN);
    let closed = app.send(Method::PATCH, &format!("/api/task/{task_id}"), &sales, json!({"Status": "Closed"})).await;
    assert_eq!(closed.status(), StatusCode::OK);
    assert_eq!(closed.json::<Value>().await.unwrap()["Status"], "Closed");
}

#[tokio::test]
async fn due_dates_without_a_zone_are_business_time_and_a_date_alone_is_nine_in_the_morning() {
    let app = spawn_app_with_crm().await;
    let manager = app.token("management@eris.test").await;
    let sales_id = app.user_by_email(&manager, "sales@eris.test").await["UserId"].as_i64().unwrap();
    let id = new_lead(&app, &manager, json!({"Name": "Timely Co"})).await;
    let due_of = |due: &str| json!({"Type": "Follow Up", "Subject": "Call", "AssigneeIds": [sales_id], "DueDate": due, "LeadId": id});
    // New York is five hours behind UTC in January.
    for (sent, stored) in [
        ("2027-01-20", "2027-01-20T14:00:00+00:00"),
        ("2027-01-20T13:30", "2027-01-20T18:30:00+00:00"),
        ("2027-01-20T13:30:00Z", "2027-01-20T13:30:00+00:00"),
    ] {
        let created = app.post("/api/newTask", &manager, due_of(sent)).await;
        assert_eq!(created.status(), StatusCode::CREATED, "{sent}");
        let task_id = created.json::<Value>().await.unwrap()["insertId"].as_i64().unwrap();
        let tasks: Vec<Value> = app.get(&format!("/api/getTasksByLeadId/{id}"), &manager).await.json().await.unwrap();
        let task = tasks.iter().find(|t| t["TaskId"] == task_id).unwrap();
        assert_eq!(task["DueDate"], stored, "{sent}");
    }
    for garbage in ["2027-01-20garbage", "20000-01-01", "1850-01-01", "tomorrow"] {
        let refused = app.post("/api/newTask", &manager, due_of(garbage)).await;
        assert_eq!(refused.status(), StatusCode::BAD_REQUEST, "{garbage}");
    }
    let bad_date = json!({"Name": "Odd Co", "EntryDate": "2024-01-01garbage"});
    assert_eq!(app.post("/api/newLead", &manager, bad_date).await.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn call_banks_are_managed_and_worked_through_rest() {
    let app = spawn_app_with_crm().await;
    let manager = app.token("management@eris.test").await;
    let sales = app.token("sales@eris.test").await;
    let sales_id = app.user_by_email(&manager, "sales@eris.test").await["UserId"].as_i64().unwrap();
    // The assignee works the companies they hold a team role on.
    let a = new_lead(&app, &manager, json!({"Name": "Bank A", "Inside": "Marcus Bell"})).await;
    let b = new_lead(&app, &manager, json!({"Name": "Bank B", "Inside": "Marcus Bell"})).await;

    let fields = json!({"Name": "Winter list", "ServiceType": "Follow Up", "AssigneeId": sales_id, "RepType": "Inside", "DueDate": "2027-02-01T00:00:00.000Z"});
    assert_eq!(app.post("/api/callbanks", &sales, fields.clone()).await.status(), StatusCode::FORBIDDEN);
    let bad = app.post("/api/callbanks", &manager, json!({"Name": "X", "ServiceType": "Follow Up", "AssigneeId": sales_id, "RepType": "Inside", "DueDate": "soon"})).await;
    assert_eq!(bad.json::<Value>().await.unwrap()["error"], "Due date must be a valid date.");
    let created: Value = app.post("/api/callbanks", &manager, fields).await.json().await.unwrap();
    let id = created["CallBankId"].as_i64().unwrap();
    assert_eq!(created["AssigneeName"], "Marcus Bell");

    let path = format!("/api/callbanks/{id}/companies");
    let members = json!([{"CompanyId": a}, {"CompanyId": b}]);
    let filled: Value = app.send(Method::PUT, &path, &manager, members).await.json().await.unwrap();
    assert_eq!((filled["CountOfCompanies"].as_i64(), filled["Completion"].as_i64()), (Some(2), Some(0)));
    let closed = app.send(Method::PUT, &format!("{path}/{a}"), &sales, json!({"Status": "Closed"})).await;
    assert_eq!(closed.json::<Value>().await.unwrap()["Completion"], 50);
    let listed: Vec<Value> = app.get(&format!("{path}?populateCompanyData=1"), &sales).await.json().await.unwrap();
    assert_eq!(listed[0]["Status"], "Closed");
    assert_eq!(listed[0]["Name"], "Bank A");

    let renamed =
        app.send(Method::PATCH, &format!("/api/callbanks/{id}"), &manager, json!({"Name": "Winter calls"})).await;
    assert_eq!(renamed.json::<Value>().await.unwrap()["Name"], "Winter calls");
    let mine: Vec<Value> = app.get("/api/callbanks", &sales).await.json().await.unwrap();
    assert_eq!(mine.len(), 1);
    assert_eq!(
        app.send(Method::DELETE, &format!("/api/callbanks/{id}"), &manager, json!({})).await.status(),
        StatusCode::OK
    );
    let none: Vec<Value> = app.get("/api/callbanks", &manager).await.json().await.unwrap();
    assert!(none.is_empty());
}

#[tokio::test]
async fn the_openapi_document_describes_the_crm_calls() {
    let app = spawn_app_with_crm().await;
    let document: Value = app.http.get(app.url("/api/openapi.json")).send().await.unwrap().json().await.unwrap();
    let paths = document["paths"].as_object().unwrap();
    for (path, method) in [
        ("/api/getAllLeads/", "get"),
        ("/api/getUserLeads/{userName}", "get"),
        ("/api/getLeadById/{LeadId}", "get"),
        ("/api/lead/{LeadId}", "get"),
        ("/api/deleteLead/{LeadId}", "get"),
        ("/api/newLead", "post"),
        ("/api/updateLead", "post"),
        ("/api/massUpdateLeads", "patch"),
        ("/api/affiliates", "get"),
        ("/api/addAffiliate", "post"),
        ("/api/getNotesByLeadId/{LeadId}", "get"),
        ("/api/newNote", "post"),
        ("/api/getTasksByLeadId/{LeadId}", "get"),
        ("/api/getTasksByAssignee/{userName}", "get"),
        ("/api/newTask", "post"),
        ("/api/task/{TaskId}", "patch"),
        ("/api/callbanks", "get"),
        ("/api/callbanks", "post"),
        ("/api/callbanks/{CallBankId}", "patch"),
        ("/api/callbanks/{CallBankId}", "delete"),
        ("/api/callbanks/{CallBankId}/companies", "get"),
        ("/api/callbanks/{CallBankId}/companies", "put"),
        ("/api/callbanks/{CallBankId}/companies/{LeadId}", "put"),
        ("/api/getUtilities", "get"),
    ] {
        assert!(paths.get(path).and_then(|p| p.get(method)).is_some(), "{method} {path} is documented");
    }
}

#[tokio::test]
async fn utilities_are_listed_by_name_for_any_signed_in_user() {
    let app = spawn_app_with_crm().await;
    eris_sourcing::seed::demo_utilities(&app.database.as_ref().unwrap().args()).await.unwrap();
    let unsigned = app.http.get(app.url("/api/getUtilities")).send().await.unwrap();
    assert_eq!(unsigned.status(), StatusCode::UNAUTHORIZED);

    let token = app.token("sales@eris.test").await;
    let response = app.get("/api/getUtilities", &token).await;
    assert_eq!(response.status(), StatusCode::OK);
    let utilities: Vec<Value> = response.json().await.unwrap();
    let peco: Vec<&Value> = utilities.iter().filter(|u| u["Utility"] == "PECO").collect();
    assert_eq!(peco.iter().map(|u| u["Commodity"].as_str().unwrap()).collect::<Vec<_>>(), ["DR", "Electric", "Gas"]);
    let electric = peco.iter().find(|u| u["Commodity"] == "Electric").unwrap();
    assert_eq!((electric["State"].as_str(), electric["RTO"].as_str()), (Some("PA"), Some("PJM")));
    assert!(electric["UtilityId"].as_i64().unwrap() > 0);
    let names: Vec<String> = utilities.iter().map(|u| u["Utility"].as_str().unwrap().to_lowercase()).collect();
    assert!(names.windows(2).all(|pair| pair[0] <= pair[1]), "sorted by name: {names:?}");
}

/// The gateway checks a REST token's signature; the services it calls refuse a revoked one, so no
/// REST call is served on a signed-out token.
#[tokio::test]
async fn a_signed_out_token_is_refused_on_every_rest_call() {
    let app = spawn_app_with_crm().await;
    let manager = app.token("management@eris.test").await;
    let id = new_lead(&app, &manager, json!({"Name": "After Hours Co"})).await;
    let token = app.token("management@eris.test").await;
    assert_eq!(app.post("/api/user/logout", &token, json!({})).await.status(), StatusCode::NO_CONTENT);
    for path in [
        format!("/api/getLeadById/{id}"),
        "/api/getAllLeads/".to_owned(),
        "/api/getUserLeads/Marcus%20Bell".to_owned(),
        format!("/api/getNotesByLeadId/{id}"),
        "/api/callbanks".to_owned(),
        "/api/affiliates".to_owned(),
        "/api/user/getAllUsers".to_owned(),
    ] {
        assert_eq!(app.get(&path, &token).await.status(), StatusCode::UNAUTHORIZED, "{path}");
    }
    let edit = json!({"LeadId": id, "Name": "Renamed"});
    assert_eq!(app.post("/api/updateLead", &token, edit).await.status(), StatusCode::UNAUTHORIZED);
    // Signing out ends every access token of the user: the earlier one too.
    assert_eq!(app.get(&format!("/api/getLeadById/{id}"), &manager).await.status(), StatusCode::UNAUTHORIZED);
    let again = app.token("management@eris.test").await;
    assert_eq!(lead(&app, &again, id).await["Name"], "After Hours Co");
}

#[tokio::test]
async fn hostile_values_get_a_clear_json_400_and_write_nothing() {
    let app = spawn_app_with_crm().await;
    let manager = app.token("management@eris.test").await;
    for body in [
        json!({"Name": "Acme\u{0}Co"}),
        json!({"Name": "Acme\u{7}Co"}),
        json!({"Name": "Big DR", "DrReduction": 1e12}),
        json!({"Name": "Big DR", "DrReduction": "1000000000000"}),
        json!({"Name": "Odd", "ElectricUsage": "1,2,3,4"}),
        json!({"Name": "Odd", "EntryDate": "2024-01-01garbage"}),
        json!({"Name": "Odd", "EntryDate": "20000-01-01"}),
    ] {
        let response = app.post("/api/newLead", &manager, body.clone()).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{body}");
        let answer: Value = response.json().await.unwrap();
        assert_eq!(answer["code"], "invalid_argument", "{body}: {answer}");
    }
    let search = app.get("/api/getAllLeads/?name=a%00b", &manager).await;
    assert!(search.status() == StatusCode::OK || search.status() == StatusCode::BAD_REQUEST, "{}", search.status());
    let leads: Vec<Value> = app.get("/api/getAllLeads/", &manager).await.json().await.unwrap();
    assert!(leads.iter().all(|lead| lead["Name"] != "Big DR" && lead["Name"] != "Odd"), "nothing was written");
}

#[path = "crm/accounts.rs"]
mod accounts;

#[path = "crm/rfps.rs"]
mod rfps;

#[path = "crm/contracts.rs"]
mod contracts;

#[path = "crm/statements.rs"]
mod statements;

#[tokio::test]
async fn without_reporting_every_other_call_serves_and_readiness_may_leave_it_out() {
    // Neither contracts nor reporting runs here.
    let app = spawn_app_with_crm().await;
    let manager = app.token("management@eris.test").await;
    let id = new_lead(&app, &manager, json!({"Name": "Dock Works", "State": "PA"})).await;
    assert_eq!(lead(&app, &manager, id).await["Name"], "Dock Works");
    let report = app.get("/api/reports/revenueBySupplier?year=2026", &manager).await;
    assert_eq!(report.status(), StatusCode::SERVICE_UNAVAILABLE);
    let body: Value = report.json().await.unwrap();
    assert_eq!(body["error"], "The reporting service is unavailable. Please try again shortly.");

    let ready = |query: &'static str| {
        let http = app.http.clone();
        let url = app.url(&format!("/readyz{query}"));
        async move { http.get(url).send().await.unwrap() }
    };
    let all = ready("").await;
    assert_eq!(all.status(), StatusCode::SERVICE_UNAVAILABLE);
    let body: Value = all.json().await.unwrap();
    assert_eq!(
        (body["services"]["reporting"].as_str(), body["services"]["crm"].as_str()),
        (Some("UNAVAILABLE"), Some("SERVING"))
    );
    assert_eq!(ready("?exclude=reporting").await.status(), StatusCode::SERVICE_UNAVAILABLE, "contracts is down too");
    assert_eq!(ready("?exclude=redis,reporting,contracts").await.status(), StatusCode::OK);
    assert_eq!(ready("?exclude=reporting, contracts").await.status(), StatusCode::OK);
}
