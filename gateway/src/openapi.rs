//! The OpenAPI document of the REST surface, generated from the handlers.

use std::sync::Arc;

use axum::{extract::State, http::header::CONTENT_TYPE, response::IntoResponse};
use utoipa::{
    Modify, OpenApi,
    openapi::{
        ContentBuilder, Ref, RefOr, ResponseBuilder,
        path::Operation,
        security::{ApiKey, ApiKeyValue, SecurityScheme},
    },
};

use crate::{AppState, error::ErrorBody};

#[derive(OpenApi)]
#[openapi(
    info(title = "Eris CRM REST API", description = "The compatibility REST surface of the Eris gateway. \
        Send the id_token from /api/user/login as the Authorization header, with or without a Bearer prefix."),
    components(schemas(ErrorBody)),
    modifiers(&TokenAuth),
    security(("token" = [])),
    tags(
        (name = "users", description = "Sign-in, passwords and user administration"),
        (name = "companies", description = "Companies (leads) and affiliates"),
        (name = "notes and tasks", description = "Notes and tasks"),
        (name = "call banks", description = "Call banks and their companies"),
        (name = "utilities", description = "Utilities and their rate codes"),
        (name = "suppliers", description = "Suppliers and their contacts"),
        (name = "rate types", description = "Rate types"),
        (name = "accounts", description = "Accounts, usage and capacity histories"),
        (name = "contacts", description = "Company contacts"),
        (name = "rfps", description = "Requests for pricing, their spreadsheets and the prices returned"),
        (name = "contracts", description = "Contracts and their files"),
        (name = "payments", description = "Contract payments and DR payment history"),
        (name = "beta contracts", description = "The beta contract screens: contracts, payments and hedges"),
        (name = "contract lists", description = "The Contracts page's lists of the book"),
        (name = "commissions", description = "Supplier commission statements: matched to projected payments, applied, reverted"),
        (name = "reports", description = "Reports over the book, from the reporting service's read models"),
        (name = "openapi", description = "This document"),
    ),
)]
pub struct ApiDoc;

struct TokenAuth;

impl Modify for TokenAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components
            .add_security_scheme("token", SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::new("Authorization"))));
    }
}

/// The answers any call may give besides its own, documented once here rather than on every
/// handler: an unreadable request (400), a body that is not JSON (415), and for calls that need
/// a token a refused one (401), a role that may not (403), a pending forced reset (412), a record
/// that does not exist or is not the caller's (404), someone else's newer edit (409) and a
/// service that cannot be reached (503).
fn error_response(code: u16) -> (String, RefOr<utoipa::openapi::Response>) {
    let description = match code {
        400 => "The request cannot be read or a value breaks its rule",
        401 => "No token, or one that is expired or revoked",
        403 => "The caller's role may not do this",
        404 => "No such record, or not one the caller may see",
        409 => "Someone else changed what this changes, or it exists already",
        412 => "The caller must change their password first",
        415 => "The body is not JSON (Content-Type: application/json)",
        429 => "Too many password checks; wait as the message says",
        _ => "A service cannot be reached; try again shortly",
    };
    let content = ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorBody"))).build();
    let response = ResponseBuilder::new().description(description).content("application/json", content).build();
    (code.to_string(), RefOr::T(response))
}

/// The answers of every operation of `document`: those it documents, and the common ones.
fn add_common_responses(document: &mut utoipa::openapi::OpenApi, public: bool) {
    for item in document.paths.paths.values_mut() {
        let operations: [&mut Option<Operation>; 5] =
            [&mut item.get, &mut item.post, &mut item.put, &mut item.patch, &mut item.delete];
        for operation in operations.into_iter().flatten() {
            let mut codes = vec![400, 503];
            if operation.request_body.is_some() {
                codes.push(415);
            }
            if !public {
                codes.extend([401, 403, 404, 409, 412]);
            }
            for code in codes {
                let (key, response) = error_response(code);
                operation.responses.responses.entry(key).or_insert(response);
            }
        }
    }
}

/// The document of the route table's calls, under `/api`: those anyone may make and those that
/// need a signed-in caller.
pub fn document(mut public: utoipa::openapi::OpenApi, mut calls: utoipa::openapi::OpenApi) -> utoipa::openapi::OpenApi {
    add_common_responses(&mut calls, false);
    add_common_responses(&mut public, true);
    calls.merge(public);
    ApiDoc::openapi().nest("/api", calls)
}

/// The OpenAPI document of these calls.
#[utoipa::path(get, path = "/openapi.json", tag = "openapi", security(()),
    responses((status = 200, description = "OpenAPI 3.1", content_type = "application/json", body = Object)))]
pub async fn openapi_json(State(state): State<Arc<AppState>>) -> impl IntoResponse {
    ([(CONTENT_TYPE, "application/json")], state.openapi_json.clone())
}
