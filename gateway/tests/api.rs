//! The gateway over real sockets, in front of a real identity service, against the machine's
//! PostgreSQL and Redis.

mod common;

use base64::Engine;
use common::{DEMO_PASSWORD, Upstreams, closed_port, spawn_app, spawn_gateway};
use eris_proto::identity::v1::{ListUsersRequest, ListUsersResponse, SignInRequest, SignInResponse};
use prost::Message;
use reqwest::StatusCode;
use serde_json::{Value, json};

#[tokio::test]
async fn login_answers_the_user_and_a_token_in_the_spec_shape() {
    let app = spawn_app().await;
    let response = app.login("management@eris.test", DEMO_PASSWORD).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert!(body["id_token"].as_str().is_some_and(|t| t.split('.').count() == 3));
    let user = &body["user"];
    assert_eq!(user["Email"], "management@eris.test");
    assert_eq!(user["Role"], "Management");
    assert_eq!(user["Status"], "Active");
    assert_eq!(user["ForcePWReset"], 0);
    assert!(user["UserId"].as_i64().is_some());
}

#[tokio::test]
async fn a_failed_login_says_the_spec_text() {
    let app = spawn_app().await;
    let response = app.login("management@eris.test", "wrong").await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"], "Incorrect login or password.");
}

#[tokio::test]
async fn api_calls_need_a_valid_token_with_or_without_the_bearer_prefix() {
    let app = spawn_app().await;
    let token = app.token("sales@eris.test").await;
    let bare = app.http.get(app.url("/api/user/getAllUsers")).send().await.unwrap();
    assert_eq!(bare.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.get("/api/user/getAllUsers", "Bearer nonsense").await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.get("/api/user/getAllUsers", &token).await.status(), StatusCode::OK);
    assert_eq!(app.get("/api/user/getAllUsers", &format!("Bearer {token}")).await.status(), StatusCode::OK);
    let unknown = app.get("/api/noSuchCall", &token).await;
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn all_users_and_active_users_are_listed_for_every_role() {
    let app = spawn_app().await;
    let manager = app.token("management@eris.test").await;
    let care = app.user_by_email(&manager, "care@eris.test").await;
    let path = format!("/api/user/{}", care["UserId"]);
    let patched = app.send(reqwest::Method::PATCH, &path, &manager, json!({"user": {"Status": "Inactive"}})).await;
    assert_eq!(patched.status(), StatusCode::OK);

    let sales = app.token("sales@eris.test").await;
    let all: Vec<Value> = app.get("/api/user/getAllUsers", &sales).await.json().await.unwrap();
    let active: Vec<Value> = app.get("/api/user/getActiveUsers", &sales).await.json().await.unwrap();
    assert_eq!(all.len(), 5);
    assert_eq!(active.len(), 4);
    assert!(active.iter().all(|u| u["Status"] == "Active"));
}

#[tokio::test]
async fn validate_password_answers_matched() {
    let app = spawn_app().await;
    let token = app.token("sales@eris.test").await;
    let yes: Value =
        app.post("/api/user/validatePassword/", &token, json!({"pw": DEMO_PASSWORD})).await.json().await.unwrap();
    let no: Value = app.post("/api/user/validatePassword/", &token, json!({"pw": "nope"})).await.json().await.unwrap();
    assert_eq!((yes["matched"].clone(), no["matched"].clone()), (json!(true), json!(false)));
}

#[tokio::test]
async fn change_password_checks_the_current_one_and_answers_a_fresh_token() {
    let app = spawn_app().await;
    let token = app.token("care@eris.test").await;
    let wrong =
        app.post("/api/user/changePassword", &token, json!({"oldPass": "x", "newPass": "new-long-secret-1"})).await;
    assert_eq!(wrong.status(), StatusCode::BAD_REQUEST);
    let body: Value = wrong.json().await.unwrap();
    assert_eq!(body["error"], "The current password entered does not match your password.  Please try again.");

    let ok = app
        .post("/api/user/changePassword", &token, json!({"oldPass": DEMO_PASSWORD, "newPass": "new-long-secret-1"}))
        .await;
    assert_eq!(ok.status(), StatusCode::OK);
    let body: Value = ok.json().await.unwrap();
    let fresh = body["id_token"].as_str().unwrap();
    assert_eq!(app.get("/api/user/getAllUsers", fresh).await.status(), StatusCode::OK);
    assert_eq!(app.get("/api/user/getAllUsers", &token).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.login("care@eris.test", "new-long-secret-1").await.status(), StatusCode::OK);
}

#[tokio::test]
async fn management_adds_a_user_and_others_are_refused() {
    let app = spawn_app().await;
    let manager = app.token("management@eris.test").await;
    let fields = json!({"Name": "Jo Park", "Email": "jo.park@eris.test", "Job": "Analyst", "Role": "Customer Care"});
    let created = app.post("/api/newUser", &manager, fields.clone()).await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let body: Value = created.json().await.unwrap();
    assert!(body["insertId"].as_i64().is_some_and(|id| id > 0));
    assert_eq!(body["user"]["Role"], "Customer Care");
    assert_eq!(body["user"]["ForcePWReset"], 1);

    let again = app.post("/api/newUser", &manager, fields).await;
    assert_eq!(again.status(), StatusCode::CONFLICT);
    for email in ["admin@eris.test", "sales@eris.test", "care@eris.test"] {
        let token = app.token(email).await;
        let refused =
            app.post("/api/newUser", &token, json!({"Name": "X", "Email": "x@eris.test", "Role": "Sales"})).await;
        assert_eq!(refused.status(), StatusCode::FORBIDDEN, "{email}");
    }
    let bad_role =
        app.post("/api/newUser", &manager, json!({"Name": "Y", "Email": "y@eris.test", "Role": "Boss"})).await;
    assert_eq!(bad_role.status(), StatusCode::BAD_REQUEST);
    assert_eq!(app.users(&manager).await.len(), 6);
}

#[tokio::test]
async fn editing_a_user_changes_only_the_sent_fields_and_keeps_newer_edits() {
    let app = spawn_app().await;
    let manager = app.token("management@eris.test").await;
    let admin = app.user_by_email(&manager, "admin@eris.test").await;
    let path = format!("/api/user/{}", admin["UserId"]);

    let edited =
        app.send(reqwest::Method::PATCH, &path, &manager, json!({"user": {"Job": "Head of Operations"}})).await;
    assert_eq!(edited.status(), StatusCode::OK);
    let edited: Value = edited.json().await.unwrap();
    assert_eq!(edited["Job"], "Head of Operations");
    assert_eq!(edited["Name"], admin["Name"]);

    // Sent with the version read before the job changed: the same person's own later edit is no
    // conflict, and another field applies.
    let stale = json!({"Name": "Ada Admin", "Version": admin["Version"]});
    let merged = app.send(reqwest::Method::PATCH, &path, &manager, stale).await;
    assert_eq!(merged.status(), StatusCode::OK);
    let merged: Value = merged.json().await.unwrap();
    assert_eq!((merged["Name"].as_str(), merged["Job"].as_str()), (Some("Ada Admin"), Some("Head of Operations")));

    let sales = app.token("sales@eris.test").await;
    let forbidden = app.send(reqwest::Method::PATCH, &path, &sales, json!({"Job": "Hacked"})).await;
    assert_eq!(forbidden.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.user_by_email(&manager, "admin@eris.test").await["Job"], "Head of Operations");
}

#[tokio::test]
async fn a_password_reset_flags_the_user_once() {
    let app = spawn_app().await;
    let manager = app.token("management@eris.test").await;
    let sales = app.user_by_email(&manager, "sales@eris.test").await;
    let reset = app.post("/api/resetUserPassword", &manager, json!({"userId": sales["UserId"]})).await;
    assert_eq!(reset.status(), StatusCode::OK);
    let body: Value = reset.json().await.unwrap();
    assert_eq!(body["user"]["ForcePWReset"], 1);
    let one_time = body["one_time_password"].as_str().unwrap().to_owned();
    assert!(body["one_time_password_expires_at"].as_str().is_some_and(|t| !t.is_empty()));
    let again = app.post("/api/resetUserPassword", &manager, json!({"userId": sales["UserId"]})).await;
    assert_eq!(again.status(), StatusCode::PRECONDITION_FAILED);

    let login: Value = app.login("sales@eris.test", &one_time).await.json().await.unwrap();
    assert_eq!(login["user"]["ForcePWReset"], 1);
    let blocked = app.get("/api/user/getAllUsers", login["id_token"].as_str().unwrap()).await;
    assert_eq!(blocked.status(), StatusCode::PRECONDITION_FAILED);
}

#[tokio::test]
async fn logout_revokes_the_token() {
    let app = spawn_app().await;
    let token = app.token("sales@eris.test").await;
    let out = app.post("/api/user/logout", &token, json!({})).await;
    assert_eq!(out.status(), StatusCode::NO_CONTENT);
    assert_eq!(app.get("/api/user/getAllUsers", &token).await.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_refresh_token_trades_for_a_fresh_pair_once_and_logout_ends_it() {
    let app = spawn_app().await;
    let login: Value = app.login("sales@eris.test", DEMO_PASSWORD).await.json().await.unwrap();
    let refresh = login["refresh_token"].as_str().unwrap();
    let fresh =
        app.http.post(app.url("/api/user/refresh")).json(&json!({"refresh_token": refresh})).send().await.unwrap();
    assert_eq!(fresh.status(), StatusCode::OK);
    let fresh: Value = fresh.json().await.unwrap();
    let token = fresh["id_token"].as_str().unwrap();
    assert_eq!(app.get("/api/user/getAllUsers", token).await.status(), StatusCode::OK);
    let reused =
        app.http.post(app.url("/api/user/refresh")).json(&json!({"refresh_token": refresh})).send().await.unwrap();
    assert_eq!(reused.status(), StatusCode::UNAUTHORIZED);
    let next = fresh["refresh_token"].as_str().unwrap();
    let out = app.post("/api/user/logout", token, json!({"refresh_token": next})).await;
    assert_eq!(out.status(), StatusCode::NO_CONTENT);
    let after = app.http.post(app.url("/api/user/refresh")).json(&json!({"refresh_token": next})).send().await.unwrap();
    assert_eq!(after.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn grpc_web_calls_are_forwarded_to_their_service_with_the_callers_token() {
    let app = spawn_app().await;
    let sign_in = SignInRequest { username: "sales@eris.test".into(), password: DEMO_PASSWORD.into() };
    let (status, _, data) = app.grpc_web("/eris.identity.v1.AuthService/SignIn", None, &sign_in).await;
    assert_eq!(status, "0");
    let token = SignInResponse::decode(&data[..]).unwrap().token;

    let (status, _, data) =
        app.grpc_web("/eris.identity.v1.UserService/ListUsers", Some(&token), &ListUsersRequest::default()).await;
    assert_eq!(status, "0");
    assert_eq!(ListUsersResponse::decode(&data[..]).unwrap().users.len(), 5);

    let (status, _, _) =
        app.grpc_web("/eris.identity.v1.UserService/ListUsers", None, &ListUsersRequest::default()).await;
    assert_eq!(status, "16", "no token: UNAUTHENTICATED");
    let (status, _, _) =
        app.grpc_web("/eris.unknown.v1.Nothing/Call", Some(&token), &ListUsersRequest::default()).await;
    assert_eq!(status, "12", "no service: UNIMPLEMENTED");
}

#[tokio::test]
async fn a_service_that_is_down_fails_fast_and_the_rest_keeps_working() {
    let app = spawn_app().await;
    let token = app.token("sales@eris.test").await;
    let started = std::time::Instant::now();
    let (status, message, _) =
        app.grpc_web("/eris.crm.v1.CompanyService/ListCompanies", Some(&token), &ListUsersRequest::default()).await;
    assert_eq!(status, "14", "UNAVAILABLE");
    assert!(message.contains("crm service is unavailable"), "{message}");
    assert!(started.elapsed() < std::time::Duration::from_secs(3));

    let ready = app.http.get(app.url("/readyz")).send().await.unwrap();
    assert_eq!(ready.status(), StatusCode::SERVICE_UNAVAILABLE);
    let body: Value = ready.json().await.unwrap();
    assert_eq!(body["services"]["identity"], "SERVING");
    assert_eq!(body["services"]["crm"], "UNAVAILABLE");
    assert_eq!(body["dependencies"]["postgres"], "SERVING", "as identity sees it: {body}");
    assert_eq!(app.get("/api/user/getAllUsers", &token).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn readiness_reports_redis_down_and_may_leave_it_out() {
    let database = eris_platform::testing::TestDatabase::new().await;
    let identity = eris_identity::testing::spawn(&database, |config| {
        config.redis.redis_url = format!("redis://{}", std::net::SocketAddr::from(([127, 0, 0, 1], 1)));
    })
    .await;
    let app = spawn_gateway(identity, Upstreams::default(), Some(database)).await;
    let mut body = Value::Null;
    for _ in 0..30 {
        body = app.http.get(app.url("/readyz")).send().await.unwrap().json().await.unwrap();
        if body["dependencies"]["redis"] == "NOT_SERVING" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    assert_eq!(body["dependencies"]["redis"], "NOT_SERVING", "{body}");
    assert_eq!(body["dependencies"]["postgres"], "SERVING", "{body}");
    assert_eq!(body["services"]["identity"], "SERVING", "identity works without Redis: {body}");
    assert_eq!(body["ready"], false);
}

#[tokio::test]
async fn rest_calls_answer_503_when_identity_is_down() {
    let app = spawn_gateway(closed_port().await, Upstreams::default(), None).await;
    let response = app.login("management@eris.test", DEMO_PASSWORD).await;
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"], "The identity service is unavailable. Please try again shortly.");
    assert_eq!(app.get("/api/user/getAllUsers", "Bearer x.y.z").await.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(app.http.get(app.url("/healthz")).send().await.unwrap().status(), StatusCode::OK);
}

#[tokio::test]
async fn the_web_app_is_served_with_history_mode_fallback() {
    let app = spawn_app().await;
    let route = app.http.get(app.url("/Admin")).send().await.unwrap();
    assert_eq!(route.status(), StatusCode::OK);
    assert!(route.text().await.unwrap().contains("<title>Eris</title>"));
    let asset = app.http.get(app.url("/assets/app.js")).send().await.unwrap().text().await.unwrap();
    assert_eq!(asset, "console.log('eris')");
    let nested = app.http.get(app.url("/LeadTabs/12/details")).send().await.unwrap();
    assert!(nested.text().await.unwrap().contains("<title>Eris</title>"));
}

#[tokio::test]
async fn the_web_apps_files_go_as_compressed_by_the_build_and_built_ones_are_kept_a_year() {
    let app = spawn_app().await;
    let get = |path: &'static str, accept: &'static str| {
        let request = app.http.get(app.url(path)).header("accept-encoding", accept);
        async move { request.send().await.unwrap() }
    };
    for (accept, encoding, body) in [
        ("br", Some("br"), "app.js as brotli"),
        ("gzip", Some("gzip"), "app.js as gzip"),
        ("identity", None, "console.log('eris')"),
    ] {
        let asset = get("/assets/app.js", accept).await;
        assert_eq!(asset.status(), StatusCode::OK, "{accept}");
        assert_eq!(asset.headers().get("content-encoding").map(|v| v.to_str().unwrap()), encoding, "{accept}");
        assert_eq!(asset.headers()["cache-control"], "public, max-age=31536000, immutable");
        assert_eq!(asset.headers()["vary"], "accept-encoding");
        assert!(asset.headers()["content-type"].to_str().unwrap().contains("javascript"));
        assert_eq!(asset.text().await.unwrap(), body);
    }
    // The app's page is asked for again on each load, so a new release shows at once.
    for path in ["/", "/Admin", "/LeadTabs/12/details"] {
        let page = get(path, "gzip").await;
        assert_eq!(page.status(), StatusCode::OK, "{path}");
        assert_eq!(page.headers()["cache-control"], "no-cache", "{path}");
        assert!(page.text().await.unwrap().contains("<title>Eris</title>"), "{path}");
    }
    // A built file that is not there (an old release's) is a 404 kept by no one, not the page.
    let missing = get("/assets/gone-1a2b3c.js", "gzip").await;
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    assert_eq!(missing.headers()["cache-control"], "no-cache");
    assert!(!missing.text().await.unwrap().contains("<title>Eris</title>"));
}

#[tokio::test]
async fn a_file_name_no_file_system_takes_is_not_found_rather_than_an_error() {
    let app = spawn_app().await;
    let long = "a".repeat(6000);
    for path in [format!("/assets/{long}.js"), format!("/{long}"), format!("/LeadTabs/{long}/details")] {
        let response = app.http.get(app.url(&path)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{}", &path[..20]);
        assert_eq!(response.headers()["cache-control"], "no-cache");
    }
}

#[tokio::test]
async fn the_openapi_document_describes_every_rest_call() {
    let app = spawn_app().await;
    let document: Value = app.http.get(app.url("/api/openapi.json")).send().await.unwrap().json().await.unwrap();
    let paths = document["paths"].as_object().unwrap();
    for (path, method) in [
        ("/api/user/login", "post"),
        ("/api/user/logout", "post"),
        ("/api/user/getAllUsers", "get"),
        ("/api/user/getActiveUsers", "get"),
        ("/api/user/validatePassword/", "post"),
        ("/api/user/changePassword", "post"),
        ("/api/user/{UserId}", "patch"),
        ("/api/newUser", "post"),
        ("/api/resetUserPassword", "post"),
    ] {
        assert!(paths.get(path).and_then(|p| p.get(method)).is_some(), "{method} {path} is documented");
    }
}

#[tokio::test]
async fn metrics_count_requests_by_route() {
    let app = spawn_app().await;
    app.http.get(app.url("/healthz")).send().await.unwrap();
    let text = app.http.get(&app.metrics).send().await.unwrap().text().await.unwrap();
    assert!(text.contains("http_requests_total"), "{text}");
    assert!(text.contains("route=\"/healthz\""));
    let public = app.http.get(app.url("/metrics")).send().await.unwrap().text().await.unwrap();
    assert!(!public.contains("http_requests_total"), "metrics are not on the public listener");
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let app = spawn_app().await;
    for path in ["/", "/Dashboard", "/api/openapi.json", "/api/getAllLeads", "/healthz"] {
        let response = app.http.get(app.url(path)).send().await.unwrap();
        let header =
            |name: &str| response.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
        let csp = header("content-security-policy");
        assert!(csp.contains("script-src 'self'") && csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(!csp.contains("unsafe-inline"), "{path}");
        assert_eq!(header("x-content-type-options"), "nosniff", "{path}");
        assert_eq!(header("referrer-policy"), "no-referrer", "{path}");
        assert_eq!(header("x-frame-options"), "DENY", "{path}");
        assert_eq!(header("strict-transport-security"), "", "{path}: plain HTTP sends no HSTS");
    }
}

#[tokio::test]
async fn requests_axum_cannot_read_get_a_json_400_with_a_code() {
    let app = spawn_app().await;
    let token = app.token("management@eris.test").await;
    let cases = [
        app.http.post(app.url("/api/user/login")).header("content-type", "application/json").body("{not json"),
        app.http.post(app.url("/api/user/login")).json(&serde_json::json!({"username": 5})),
        app.http.post(app.url("/api/user/login")).body("username=x"),
        app.http.get(app.url("/api/getLeadById/abc")).bearer_auth(&token),
        app.http.get(app.url("/api/getLeadById/99999999999999999999999")).bearer_auth(&token),
    ];
    for case in cases {
        let response = case.send().await.unwrap();
        let status = response.status().as_u16();
        let body: Value = response.json().await.expect("a JSON body");
        assert!(status == 400 || status == 415, "{status} {body}");
        assert!(body["code"].is_string() && body["error"].is_string(), "{body}");
    }
    let wrong_method = app.http.delete(app.url("/api/user/login")).send().await.unwrap();
    assert_eq!(wrong_method.status().as_u16(), 405);
    let body: Value = wrong_method.json().await.unwrap();
    assert_eq!(body["code"], "method_not_allowed");
}

#[tokio::test]
async fn the_token_payload_names_the_user_and_the_role_as_the_spec_writes_it() {
    let app = spawn_app().await;
    let token = app.token("care@eris.test").await;
    let payload = token.split('.').nth(1).unwrap();
    let decoded = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(payload).unwrap();
    let claims: Value = serde_json::from_slice(&decoded).unwrap();
    assert_eq!(claims["role"], "Customer Care");
    assert_eq!(claims["name"], "Sam Okafor");
    assert_eq!(claims["pwd_reset"], false);
}

#[tokio::test]
async fn every_refusal_of_the_server_itself_is_json_with_the_security_headers() {
    let app = spawn_app().await;
    let token = app.token("management@eris.test").await;
    let long = format!("/api/getLeadById/1?pad={}", "a".repeat(20_000));
    let mut many = reqwest::header::HeaderMap::new();
    for i in 0..150 {
        many.insert(
            reqwest::header::HeaderName::from_bytes(format!("x-pad-{i}").as_bytes()).unwrap(),
            "1".parse().unwrap(),
        );
    }
    let cases = [
        (app.http.get(app.url("/api/noSuchCall")).bearer_auth(&token), 404, "not_found"),
        (app.http.delete(app.url("/api/user/login")), 405, "method_not_allowed"),
        (
            app.http
                .post(app.url("/api/newLead"))
                .bearer_auth(&token)
                .header("content-type", "application/json")
                .body(vec![b' '; 3 * 1024 * 1024]),
            413,
            "payload_too_large",
        ),
        (app.http.get(app.url(&long)).bearer_auth(&token), 414, "uri_too_long"),
        (app.http.get(app.url(&format!("/{}", "b".repeat(20_000)))), 414, "uri_too_long"),
        (
            app.http.get(app.url("/api/getAllLeads")).header("x-big", "c".repeat(1024 * 1024)),
            431,
            "header_fields_too_large",
        ),
        (app.http.get(app.url("/api/getAllLeads")).headers(many), 431, "header_fields_too_large"),
    ];
    for (request, status, code) in cases {
        let response = request.send().await.unwrap();
        assert_eq!(response.status().as_u16(), status, "{code}");
        let csp = response.headers().get("content-security-policy").and_then(|v| v.to_str().ok()).unwrap_or_default();
        assert!(csp.contains("frame-ancestors 'none'"), "{code}: security headers");
        assert_eq!(response.headers().get("x-content-type-options").unwrap(), "nosniff", "{code}");
        let body: Value = response.json().await.expect("a JSON body");
        assert_eq!(body["code"], code, "{body}");
        assert!(body["error"].as_str().is_some_and(|e| !e.is_empty()), "{body}");
    }
}

#[tokio::test]
async fn the_web_apps_refresh_token_lives_in_an_http_only_cookie_and_sign_out_everywhere_ends_every_session() {
    let app = spawn_app().await;
    let login = || {
        app.http
            .post(app.url("/api/user/login"))
            .header("x-eris-session", "cookie")
            .json(&serde_json::json!({"username": "care@eris.test", "password": eris_identity::testing::DEMO_PASSWORD}))
            .send()
    };
    let cookie_of = |response: &reqwest::Response| {
        let set = response.headers()["set-cookie"].to_str().unwrap().to_owned();
        for attribute in ["HttpOnly", "Secure", "SameSite=Strict", "Path=/api/user"] {
            assert!(set.contains(attribute), "{set}");
        }
        set.split(';').next().unwrap().to_owned()
    };
    let signed_in = login().await.unwrap();
    assert_eq!(signed_in.status(), StatusCode::OK);
    let first = cookie_of(&signed_in);
    let body: Value = signed_in.json().await.unwrap();
    assert_eq!(body["refresh_token"], "", "no script ever sees it");
    assert!(body["id_token"].as_str().is_some_and(|t| !t.is_empty()));

    // The cookie alone refreshes, once; the answer carries the next one.
    let refresh = |cookie: String| app.http.post(app.url("/api/user/refresh")).header("cookie", cookie).send();
    let refreshed = refresh(first.clone()).await.unwrap();
    assert_eq!(refreshed.status(), StatusCode::OK);
    let second = cookie_of(&refreshed);
    assert_ne!(first, second);
    let token = refreshed.json::<Value>().await.unwrap()["id_token"].as_str().unwrap().to_owned();

    // Another device of the same user, then sign out everywhere from the first.
    let other = cookie_of(&login().await.unwrap());
    let out = app
        .http
        .post(app.url("/api/user/logout"))
        .bearer_auth(&token)
        .header("cookie", second.clone())
        .json(&serde_json::json!({"everywhere": true}))
        .send()
        .await
        .unwrap();
    assert_eq!(out.status(), StatusCode::NO_CONTENT);
    assert!(out.headers()["set-cookie"].to_str().unwrap().contains("Max-Age=0"), "the cookie is removed");
    assert_eq!(refresh(second).await.unwrap().status(), StatusCode::UNAUTHORIZED);
    assert_eq!(refresh(other).await.unwrap().status(), StatusCode::UNAUTHORIZED, "every device is signed out");

    // Clients of the spec's REST calls keep the refresh token in the body.
    let plain = app
        .http
        .post(app.url("/api/user/login"))
        .json(&serde_json::json!({"username": "care@eris.test", "password": eris_identity::testing::DEMO_PASSWORD}))
        .send()
        .await
        .unwrap();
    assert!(plain.headers().get("set-cookie").is_none());
    let plain: Value = plain.json().await.unwrap();
    let refreshed = app
        .http
        .post(app.url("/api/user/refresh"))
        .json(&serde_json::json!({"refresh_token": plain["refresh_token"]}))
        .send()
        .await
        .unwrap();
    assert_eq!(refreshed.status(), StatusCode::OK);
    assert!(refreshed.json::<Value>().await.unwrap()["refresh_token"].as_str().is_some_and(|t| !t.is_empty()));
}
