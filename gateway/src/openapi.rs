//! The OpenAPI document of the REST surface, generated from the handlers.

use utoipa::{
    Modify, OpenApi,
    openapi::security::{ApiKey, ApiKeyValue, SecurityScheme},
};

use crate::{error::ErrorBody, rest::users};

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
    ),
    components(schemas(ErrorBody)),
    modifiers(&TokenAuth),
    security(("token" = [])),
    tags((name = "users", description = "Sign-in, passwords and user administration")),
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
