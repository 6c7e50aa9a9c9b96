//! The OpenAPI document of the REST surface, generated from the handlers.

use utoipa::{
    Modify, OpenApi,
    openapi::security::{ApiKey, ApiKeyValue, SecurityScheme},
};

use crate::{
    error::ErrorBody,
    rest::{call_banks, companies, notes_tasks, users, utilities},
};

#[derive(OpenApi)]
#[openapi(
    info(title = "Eris CRM REST API", description = "The compatibility REST surface of the Eris gateway. \
        Send the id_token from /api/user/login as the Authorization header, with or without a Bearer prefix."),
    paths(
        users::login,
        users::logout,
        users::get_all_users,
        users::get_active_users,
        users::validate_password,
        users::change_password,
        users::update_user,
        users::new_user,
        users::reset_user_password,
        companies::get_all_leads,
        companies::get_user_leads,
        companies::get_lead_by_id,
        companies::lead,
        companies::delete_lead,
        companies::new_lead,
        companies::update_lead,
        companies::mass_update_leads,
        companies::affiliates,
        companies::add_affiliate,
        notes_tasks::get_notes_by_lead_id,
        notes_tasks::new_note,
        notes_tasks::get_tasks_by_lead_id,
        notes_tasks::get_tasks_by_assignee,
        notes_tasks::new_task,
        notes_tasks::update_task,
        call_banks::list_call_banks,
        call_banks::create_call_bank,
        call_banks::update_call_bank,
        call_banks::delete_call_bank,
        call_banks::list_call_bank_companies,
        call_banks::set_call_bank_companies,
        call_banks::update_call_bank_company,
        utilities::get_utilities,
    ),
    components(schemas(ErrorBody)),
    modifiers(&TokenAuth),
    security(("token" = [])),
    tags(
        (name = "users", description = "Sign-in, passwords and user administration"),
        (name = "companies", description = "Companies (leads) and affiliates"),
        (name = "notes and tasks", description = "Notes and tasks"),
        (name = "call banks", description = "Call banks and their companies"),
        (name = "utilities", description = "Utilities"),
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
