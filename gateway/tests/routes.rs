//! The route table against the OpenAPI document made from it: every route is documented and
//! every documented call is routed, and each is called once as a signed-in demo user, answering
//! a documented status with a JSON body (or the type its documentation names), never a 5xx.

mod common;

use std::collections::BTreeSet;

use common::spawn_app_with_contracts;
use reqwest::{Method, StatusCode};
use serde_json::Value;

const METHODS: [&str; 5] = ["get", "post", "put", "patch", "delete"];

/// A value for a parameter: what its name or type asks for (the record may well not exist).
fn sample(parameter: &Value) -> String {
    let name = parameter["name"].as_str().unwrap_or_default();
    match (name, parameter["schema"]["type"].as_str()) {
        (_, Some("integer")) => "1".into(),
        ("filter", _) => "All".into(),
        ("filters", _) => "%7B%7D".into(),
        ("startMonth", _) => "2026-01".into(),
        ("year", _) => "2026".into(),
        _ => "2026-01-01".into(),
    }
}

/// The address of an operation, with its path parameters and required query parameters filled.
fn address(path: &str, operation: &Value) -> String {
    let mut address = path.to_owned();
    let mut query = Vec::new();
    for parameter in operation["parameters"].as_array().into_iter().flatten() {
        let name = parameter["name"].as_str().unwrap();
        match parameter["in"].as_str() {
            Some("path") => address = address.replace(&format!("{{{name}}}"), &sample(parameter)),
            Some("query") if parameter["required"] == true => query.push(format!("{name}={}", sample(parameter))),
            _ => {}
        }
    }
    assert!(!address.contains('{'), "every path parameter of {path} is documented: {address}");
    if query.is_empty() { address } else { format!("{address}?{}", query.join("&")) }
}

/// Calls one documented operation and checks the answer against its documentation.
async fn call(app: &common::TestGateway, token: &str, method: &str, address: &str, operation: &Value) {
    let mut request = app.http.request(Method::from_bytes(method.to_uppercase().as_bytes()).unwrap(), app.url(address));
    request = request.header("authorization", token);
    let body_types = operation["requestBody"]["content"].as_object();
    if let Some(types) = body_types {
        request = if types.contains_key("application/json") {
            request.header("content-type", "application/json").body("{}")
        } else {
            request.header("content-type", "application/pdf").body("%PDF-1.4")
        };
    }
    let response = request.send().await.unwrap();
    let status = response.status();
    let content_type =
        response.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    let text = response.text().await.unwrap();
    let what = format!(
        "{} {address} answered {status} {content_type}: {}",
        method.to_uppercase(),
        &text[..text.len().min(300)]
    );
    assert!(!status.is_server_error(), "{what}");
    assert_ne!(status, StatusCode::METHOD_NOT_ALLOWED, "{what}");
    assert!(!text.contains("No such API call."), "the call is routed: {what}");
    let documented = &operation["responses"][status.as_str()];
    assert!(documented.is_object(), "the status is documented: {what}");
    match documented["content"].as_object() {
        Some(types) if !types.contains_key("application/json") => {
            assert!(types.keys().any(|t| content_type.starts_with(t.as_str())), "a documented type: {what}");
        }
        Some(_) => {
            assert!(content_type.starts_with("application/json"), "{what}");
            serde_json::from_str::<Value>(&text).unwrap_or_else(|error| panic!("{error}: {what}"));
        }
        None => assert!(text.is_empty(), "no body: {what}"),
    }
}

#[tokio::test]
async fn every_route_is_documented_and_every_documented_call_answers() {
    let (public, protected) = eris_gateway::rest::tables();
    let routed: BTreeSet<String> = public.paths.iter().chain(&protected.paths).map(|p| format!("/api{p}")).collect();
    let app = spawn_app_with_contracts().await;
    let document: Value = app.http.get(app.url("/api/openapi.json")).send().await.unwrap().json().await.unwrap();
    let paths = document["paths"].as_object().unwrap();
    let documented: BTreeSet<String> = paths.keys().cloned().collect();
    for path in &routed {
        let slashed = format!("{path}/");
        assert!(documented.contains(path) || documented.contains(&slashed), "{path} is routed but not documented");
    }
    for path in &documented {
        assert!(routed.contains(path), "{path} is documented but not routed");
    }

    let token = app.token("management@eris.test").await;
    let mut calls = Vec::new();
    for (path, item) in paths {
        for method in METHODS {
            let Some(operation) = item.get(method) else {
                // A method the document does not name on a routed path is refused.
                let address = address(path, METHODS.iter().find_map(|m| item.get(m)).unwrap());
                let request =
                    app.http.request(Method::from_bytes(method.to_uppercase().as_bytes()).unwrap(), app.url(&address));
                let response = request.header("authorization", &token).send().await.unwrap();
                assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED, "{method} {address}");
                continue;
            };
            let address = address(path, operation);
            // The spec's trailing-slash calls answer without the slash too.
            let alias = address.strip_suffix('/').map(str::to_owned);
            calls.extend([Some(address), alias].into_iter().flatten().map(|a| (method, a, operation)));
        }
    }
    // Signing out revokes the caller's tokens: it goes last.
    calls.sort_by_key(|(_, address, _)| address == "/api/user/logout");
    assert!(calls.len() >= 130, "{} calls", calls.len());
    for (method, address, operation) in calls {
        call(&app, &token, method, &address, operation).await;
    }
}
