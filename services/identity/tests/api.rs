//! The identity service over real gRPC, against the machine's PostgreSQL and Redis.

use eris_identity::config::Config;
use eris_platform::testing::TestDatabase;
use eris_proto::identity::v1::{
    ChangePasswordRequest, CreateUserRequest, GetCurrentUserRequest, GetSigningKeyRequest, ListUsersRequest,
    ResetUserPasswordRequest, Role, SignInRequest, SignInResponse, SignOutRequest, UpdateUserRequest, User, UserStatus,
    ValidatePasswordRequest, auth_service_client::AuthServiceClient, user_service_client::UserServiceClient,
};
use tonic::{Code, Request, transport::Channel};

use eris_identity::testing::{DEMO_PASSWORD, RESET_PASSWORD};

struct TestApp {
    channel: Channel,
    _database: TestDatabase,
}

async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

async fn spawn_app_with(adjust: impl FnOnce(&mut Config)) -> TestApp {
    let database = TestDatabase::new().await;
    let address = eris_identity::testing::spawn(&database, adjust).await;
    let channel = Channel::from_shared(format!("http://{address}")).unwrap().connect_lazy();
    TestApp { channel, _database: database }
}

fn authed<T>(token: &str, message: T) -> Request<T> {
    let mut request = Request::new(message);
    request.metadata_mut().insert("authorization", format!("Bearer {token}").parse().unwrap());
    request
}

impl TestApp {
    fn auth(&self) -> AuthServiceClient<Channel> {
        AuthServiceClient::new(self.channel.clone())
    }

    fn users(&self) -> UserServiceClient<Channel> {
        UserServiceClient::new(self.channel.clone())
    }

    async fn try_sign_in(&self, username: &str, password: &str) -> Result<SignInResponse, tonic::Status> {
        let request = SignInRequest { username: username.into(), password: password.into() };
        self.auth().sign_in(request).await.map(tonic::Response::into_inner)
    }

    async fn token(&self, email: &str) -> String {
        self.try_sign_in(email, DEMO_PASSWORD).await.unwrap().token
    }

    async fn create_user(&self, token: &str, email: &str, role: Role) -> Result<User, tonic::Status> {
        let user = User {
            name: "New Person".into(),
            email: email.into(),
            job: "Analyst".into(),
            role: role.into(),
            ..Default::default()
        };
        Ok(self
            .users()
            .create_user(authed(token, CreateUserRequest { user: Some(user) }))
            .await?
            .into_inner()
            .user
            .unwrap())
    }

    async fn list(&self, token: &str, active_only: bool) -> Result<Vec<User>, tonic::Status> {
        let request = ListUsersRequest { page_size: 0, page_token: String::new(), active_only };
        Ok(self.users().list_users(authed(token, request)).await?.into_inner().users)
    }

    async fn update(&self, token: &str, user: User, paths: &[&str]) -> Result<User, tonic::Status> {
        let update_mask = prost_types::FieldMask { paths: paths.iter().map(|p| (*p).to_owned()).collect() };
        let request = UpdateUserRequest { user: Some(user), update_mask: Some(update_mask) };
        Ok(self.users().update_user(authed(token, request)).await?.into_inner().user.unwrap())
    }

    async fn reset(&self, token: &str, user_id: i64) -> Result<User, tonic::Status> {
        let request = authed(token, ResetUserPasswordRequest { user_id });
        Ok(self.users().reset_user_password(request).await?.into_inner().user.unwrap())
    }

    async fn current_user(&self, token: &str) -> Result<User, tonic::Status> {
        Ok(self.auth().get_current_user(authed(token, GetCurrentUserRequest {})).await?.into_inner().user.unwrap())
    }

    async fn change_password(&self, token: &str, current: &str, new: &str) -> Result<SignInResponse, tonic::Status> {
        let request = ChangePasswordRequest { current_password: current.into(), new_password: new.into() };
        let response = self.auth().change_password(authed(token, request)).await?.into_inner();
        Ok(SignInResponse { user: response.user, token: response.token, expire_time: response.expire_time })
    }
}

#[tokio::test]
async fn sign_in_with_the_right_password_returns_the_user_and_a_working_token() {
    let app = spawn_app().await;
    let response = app.try_sign_in("management@eris.test", DEMO_PASSWORD).await.unwrap();
    let user = response.user.unwrap();
    assert_eq!(user.email, "management@eris.test");
    assert_eq!(user.role(), Role::Management);
    assert!(!response.token.is_empty());
    assert_eq!(app.current_user(&response.token).await.unwrap().user_id, user.user_id);
}

#[tokio::test]
async fn the_contracts_beta_feature_is_on_only_for_the_configured_users() {
    let database = TestDatabase::new().await;
    let address =
        eris_identity::testing::spawn(&database, |config| config.auth.contracts_beta_user_ids = vec![3]).await;
    let app = TestApp {
        channel: Channel::from_shared(format!("http://{address}")).unwrap().connect_lazy(),
        _database: database,
    };
    let features = |token: String| {
        let mut client = app.auth();
        async move { client.get_current_user(authed(&token, GetCurrentUserRequest {})).await.unwrap().into_inner().features }
    };
    // The demo seed makes Marcus Bell (sales@) user 3.
    assert_eq!(features(app.token("sales@eris.test").await).await, vec!["contracts_beta".to_owned()]);
    assert!(features(app.token("management@eris.test").await).await.is_empty());
}

#[tokio::test]
async fn sign_in_compares_the_email_case_insensitively() {
    let app = spawn_app().await;
    assert!(app.try_sign_in("  Sales@ERIS.test ", DEMO_PASSWORD).await.is_ok());
}

#[tokio::test]
async fn a_wrong_password_and_an_unknown_email_get_the_same_answer() {
    let app = spawn_app().await;
    let wrong_password = app.try_sign_in("sales@eris.test", "not-the-password").await.unwrap_err();
    let unknown_user = app.try_sign_in("nobody@eris.test", DEMO_PASSWORD).await.unwrap_err();
    assert_eq!(wrong_password.code(), Code::Unauthenticated);
    assert_eq!(wrong_password.message(), "Incorrect login or password.");
    assert_eq!((unknown_user.code(), unknown_user.message()), (wrong_password.code(), wrong_password.message()));
}

#[tokio::test]
async fn an_inactive_user_cannot_sign_in() {
    let app = spawn_app().await;
    let manager = app.token("management@eris.test").await;
    let care = app.try_sign_in("care@eris.test", DEMO_PASSWORD).await.unwrap().user.unwrap();
    let update = User { status: UserStatus::Inactive.into(), ..care };
    app.update(&manager, update, &["status"]).await.unwrap();
    let refused = app.try_sign_in("care@eris.test", DEMO_PASSWORD).await.unwrap_err();
    assert_eq!(refused.message(), "Incorrect login or password.");
}

#[tokio::test]
async fn repeated_failures_lock_the_account_even_for_the_right_password() {
    let app = spawn_app().await;
    for _ in 0..3 {
        assert_eq!(app.try_sign_in("admin@eris.test", "guess").await.unwrap_err().code(), Code::Unauthenticated);
    }
    let throttled = app.try_sign_in("admin@eris.test", DEMO_PASSWORD).await.unwrap_err();
    assert_eq!(throttled.code(), Code::ResourceExhausted);
    assert!(throttled.message().starts_with("Too many failed sign-in attempts."), "{}", throttled.message());
    assert!(app.try_sign_in("sales@eris.test", DEMO_PASSWORD).await.is_ok(), "other accounts are not affected");
}

#[tokio::test]
async fn repeated_failures_from_one_address_are_throttled_across_accounts() {
    let app = spawn_app_with(|config| {
        config.auth.account_failure_limit = 100;
        config.auth.address_failure_limit = 4;
    })
    .await;
    let from = |address: &str, username: &str, password: &str| {
        let mut request = Request::new(SignInRequest { username: username.into(), password: password.into() });
        request.metadata_mut().insert("x-forwarded-for", address.parse().unwrap());
        request
    };
    for email in ["a@eris.test", "b@eris.test", "c@eris.test", "d@eris.test"] {
        assert_eq!(
            app.auth().sign_in(from("203.0.113.9", email, "x")).await.unwrap_err().code(),
            Code::Unauthenticated
        );
    }
    let throttled = app.auth().sign_in(from("203.0.113.9", "sales@eris.test", DEMO_PASSWORD)).await.unwrap_err();
    assert_eq!(throttled.code(), Code::ResourceExhausted);
    assert!(app.auth().sign_in(from("203.0.113.10", "sales@eris.test", DEMO_PASSWORD)).await.is_ok());
}

#[tokio::test]
async fn a_successful_sign_in_clears_the_accounts_failures() {
    let app = spawn_app().await;
    for _ in 0..2 {
        app.try_sign_in("admin@eris.test", "guess").await.unwrap_err();
    }
    app.try_sign_in("admin@eris.test", DEMO_PASSWORD).await.unwrap();
    for _ in 0..2 {
        app.try_sign_in("admin@eris.test", "guess").await.unwrap_err();
    }
    assert!(app.try_sign_in("admin@eris.test", DEMO_PASSWORD).await.is_ok());
}

#[tokio::test]
async fn calls_without_a_token_or_with_a_foreign_token_are_unauthenticated() {
    let app = spawn_app().await;
    let other = spawn_app().await;
    let foreign = other.token("management@eris.test").await;
    let no_token = app.users().list_users(ListUsersRequest::default()).await.unwrap_err();
    assert_eq!(no_token.code(), Code::Unauthenticated);
    assert_eq!(app.list(&foreign, false).await.unwrap_err().code(), Code::Unauthenticated);
    assert_eq!(app.list("not.a.token", false).await.unwrap_err().code(), Code::Unauthenticated);
}

#[tokio::test]
async fn a_signed_out_token_is_refused() {
    let app = spawn_app().await;
    let token = app.token("sales@eris.test").await;
    assert!(app.list(&token, false).await.is_ok());
    app.auth().sign_out(authed(&token, SignOutRequest {})).await.unwrap();
    assert_eq!(app.list(&token, false).await.unwrap_err().code(), Code::Unauthenticated);
    assert!(app.list(&app.token("sales@eris.test").await, false).await.is_ok(), "a new sign-in works");
}

#[tokio::test]
async fn the_signing_key_is_public() {
    let app = spawn_app().await;
    let key = app.auth().get_signing_key(GetSigningKeyRequest {}).await.unwrap().into_inner();
    assert_eq!(key.algorithm, "EdDSA");
    assert!(key.public_key_pem.starts_with("-----BEGIN PUBLIC KEY-----"));
}

#[tokio::test]
async fn a_new_user_must_change_the_password_before_anything_else() {
    let app = spawn_app().await;
    let manager = app.token("management@eris.test").await;
    let created = app.create_user(&manager, "new.rep@eris.test", Role::Sales).await.unwrap();
    assert!(created.force_password_reset);
    assert_eq!(created.status(), UserStatus::Active);

    let first = app.try_sign_in("new.rep@eris.test", RESET_PASSWORD).await.unwrap();
    assert!(first.user.unwrap().force_password_reset);
    let blocked = app.list(&first.token, false).await.unwrap_err();
    assert_eq!(blocked.code(), Code::FailedPrecondition);
    assert_eq!(blocked.message(), "You must change your password before continuing.");
    assert!(app.current_user(&first.token).await.is_ok(), "the app may still read who is signed in");

    let changed = app.change_password(&first.token, RESET_PASSWORD, "my-own-secret").await.unwrap();
    assert!(!changed.user.unwrap().force_password_reset);
    assert!(app.list(&changed.token, false).await.is_ok());
    assert_eq!(app.list(&first.token, false).await.unwrap_err().code(), Code::Unauthenticated);
    assert!(app.try_sign_in("new.rep@eris.test", "my-own-secret").await.is_ok());
}

#[tokio::test]
async fn a_password_change_checks_the_current_password_and_the_new_one() {
    let app = spawn_app().await;
    let token = app.token("care@eris.test").await;
    let wrong = app.change_password(&token, "not-mine", "brand-new-secret").await.unwrap_err();
    assert_eq!(wrong.code(), Code::InvalidArgument);
    assert_eq!(wrong.message(), "The current password entered does not match your password.  Please try again.");
    let same = app.change_password(&token, DEMO_PASSWORD, DEMO_PASSWORD).await.unwrap_err();
    assert_eq!(
        same.message(),
        "Your new password matches your current password.  Please select a new password and try again."
    );
    let short = app.change_password(&token, DEMO_PASSWORD, "short").await.unwrap_err();
    assert_eq!(short.code(), Code::InvalidArgument);
    assert!(app.try_sign_in("care@eris.test", DEMO_PASSWORD).await.is_ok(), "nothing changed");
}

#[tokio::test]
async fn a_password_change_ends_the_users_other_sessions() {
    let app = spawn_app().await;
    let laptop = app.token("care@eris.test").await;
    let phone = app.token("care@eris.test").await;
    let changed = app.change_password(&phone, DEMO_PASSWORD, "a-better-secret").await.unwrap();
    assert_eq!(app.list(&laptop, false).await.unwrap_err().code(), Code::Unauthenticated);
    assert_eq!(app.list(&phone, false).await.unwrap_err().code(), Code::Unauthenticated);
    assert!(app.list(&changed.token, false).await.is_ok());
}

#[tokio::test]
async fn validate_password_tells_whether_it_matches() {
    let app = spawn_app().await;
    let token = app.token("sales@eris.test").await;
    let check = |password: &str| authed(&token, ValidatePasswordRequest { password: password.into() });
    assert!(app.auth().validate_password(check(DEMO_PASSWORD)).await.unwrap().into_inner().matched);
    assert!(!app.auth().validate_password(check("nope")).await.unwrap().into_inner().matched);
}

#[tokio::test]
async fn only_management_may_create_edit_or_reset_users() {
    let app = spawn_app().await;
    let target = app.try_sign_in("sales2@eris.test", DEMO_PASSWORD).await.unwrap().user.unwrap();
    for email in ["admin@eris.test", "sales@eris.test", "care@eris.test"] {
        let token = app.token(email).await;
        let create = app.create_user(&token, &format!("x-{email}"), Role::Sales).await.unwrap_err();
        assert_eq!(create.code(), Code::PermissionDenied, "{email} create");
        let edit = app.update(&token, User { job: "Boss".into(), ..target.clone() }, &["job"]).await.unwrap_err();
        assert_eq!(edit.code(), Code::PermissionDenied, "{email} update");
        let reset = app.reset(&token, target.user_id).await.unwrap_err();
        assert_eq!(reset.code(), Code::PermissionDenied, "{email} reset");
    }
    let manager = app.token("management@eris.test").await;
    let unchanged = app.list(&manager, false).await.unwrap().into_iter().find(|u| u.user_id == target.user_id).unwrap();
    assert_eq!((unchanged.job, unchanged.version, unchanged.force_password_reset), (target.job, target.version, false));
}

#[tokio::test]
async fn everyone_may_list_users_and_active_only_leaves_out_inactive_ones() {
    let app = spawn_app().await;
    let manager = app.token("management@eris.test").await;
    let sales = app.token("sales@eris.test").await;
    let care = app.current_user(&app.token("care@eris.test").await).await.unwrap();
    app.update(&manager, User { status: UserStatus::Inactive.into(), ..care.clone() }, &["status"]).await.unwrap();

    let all = app.list(&sales, false).await.unwrap();
    let active = app.list(&sales, true).await.unwrap();
    assert_eq!(all.len(), 5);
    assert_eq!(active.len(), 4);
    assert!(!active.iter().any(|u| u.user_id == care.user_id));
    let names: Vec<_> = all.iter().map(|u| u.name.clone()).collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted, "users come by name");
}

#[tokio::test]
async fn users_come_in_pages() {
    let app = spawn_app().await;
    let token = app.token("sales@eris.test").await;
    let mut seen = Vec::new();
    let mut page_token = String::new();
    loop {
        let request = ListUsersRequest { page_size: 2, page_token, active_only: false };
        let page = app.users().list_users(authed(&token, request)).await.unwrap().into_inner();
        assert!(page.users.len() <= 2);
        seen.extend(page.users.into_iter().map(|u| u.user_id));
        if page.next_page_token.is_empty() {
            break;
        }
        page_token = page.next_page_token;
    }
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 5);
}

#[tokio::test]
async fn an_edit_changes_only_the_named_fields() {
    let app = spawn_app().await;
    let manager = app.token("management@eris.test").await;
    let user = app.create_user(&manager, "edit.me@eris.test", Role::Sales).await.unwrap();
    let change = User { job: "Senior Analyst".into(), name: "Ignored Name".into(), ..user.clone() };
    let updated = app.update(&manager, change, &["job"]).await.unwrap();
    assert_eq!(updated.job, "Senior Analyst");
    assert_eq!(updated.name, user.name);
    assert_eq!(updated.version, user.version + 1);
}

/// A second manager, signed in with a password of their own.
async fn second_manager(app: &TestApp, manager: &str) -> String {
    app.create_user(manager, "second.manager@eris.test", Role::Management).await.unwrap();
    let first = app.try_sign_in("second.manager@eris.test", RESET_PASSWORD).await.unwrap();
    app.change_password(&first.token, RESET_PASSWORD, "second-manager-secret").await.unwrap().token
}

#[tokio::test]
async fn an_edit_of_a_field_someone_else_changed_since_is_refused_and_other_fields_apply() {
    let app = spawn_app().await;
    let manager = app.token("management@eris.test").await;
    let other = second_manager(&app, &manager).await;
    let user = app.create_user(&manager, "stale@eris.test", Role::Sales).await.unwrap();
    app.update(&manager, User { job: "First".into(), ..user.clone() }, &["job"]).await.unwrap();
    let stale = app.update(&other, User { job: "Second".into(), ..user.clone() }, &["job"]).await.unwrap_err();
    assert_eq!(stale.code(), Code::Aborted);
    assert_eq!(
        stale.message(),
        "Someone else changed the job of this user after you opened it. Their value is shown now."
    );
    let renamed = app.update(&other, User { name: "Stale Renamed".into(), ..user }, &["name"]).await.unwrap();
    assert_eq!((renamed.job.as_str(), renamed.name.as_str()), ("First", "Stale Renamed"));
}

#[tokio::test]
async fn emails_are_unique_whatever_their_case() {
    let app = spawn_app().await;
    let manager = app.token("management@eris.test").await;
    let duplicate = app.create_user(&manager, "SALES@eris.test", Role::Sales).await.unwrap_err();
    assert_eq!(duplicate.code(), Code::AlreadyExists);
    assert_eq!(duplicate.message(), "A user with this email already exists.");
}

#[tokio::test]
async fn bad_user_fields_are_refused_with_a_clear_message() {
    let app = spawn_app().await;
    let manager = app.token("management@eris.test").await;
    let no_at = app.create_user(&manager, "not-an-email", Role::Sales).await.unwrap_err();
    assert_eq!((no_at.code(), no_at.message()), (Code::InvalidArgument, "Enter a valid email address."));
    let no_role = app.create_user(&manager, "x@eris.test", Role::Unspecified).await.unwrap_err();
    assert_eq!(no_role.code(), Code::InvalidArgument);
    let user = app.create_user(&manager, "fine@eris.test", Role::Sales).await.unwrap();
    let blank = app.update(&manager, User { name: "  ".into(), ..user.clone() }, &["name"]).await.unwrap_err();
    assert_eq!((blank.code(), blank.message()), (Code::InvalidArgument, "Name is required."));
    let no_mask = app.update(&manager, user.clone(), &[]).await.unwrap_err();
    assert_eq!(no_mask.code(), Code::InvalidArgument);
    let unknown = app.update(&manager, user, &["password_hash"]).await.unwrap_err();
    assert_eq!(unknown.code(), Code::InvalidArgument);
}

#[tokio::test]
async fn a_reset_forces_a_new_password_ends_sessions_and_is_refused_when_already_pending() {
    let app = spawn_app().await;
    let manager = app.token("management@eris.test").await;
    let sales_token = app.token("sales@eris.test").await;
    let sales = app.current_user(&sales_token).await.unwrap();
    let flagged = app.reset(&manager, sales.user_id).await.unwrap();
    assert!(flagged.force_password_reset);
    assert_eq!(app.list(&sales_token, false).await.unwrap_err().code(), Code::Unauthenticated);
    assert!(app.try_sign_in("sales@eris.test", DEMO_PASSWORD).await.is_err(), "the old password is gone");
    let again = app.reset(&manager, sales.user_id).await.unwrap_err();
    assert_eq!(again.code(), Code::FailedPrecondition);
    let signed_in = app.try_sign_in("sales@eris.test", RESET_PASSWORD).await.unwrap();
    assert!(signed_in.user.unwrap().force_password_reset);
}

#[tokio::test]
async fn a_role_change_ends_the_users_sessions() {
    let app = spawn_app().await;
    let manager = app.token("management@eris.test").await;
    let admin_token = app.token("admin@eris.test").await;
    let admin = app.current_user(&admin_token).await.unwrap();
    app.update(&manager, User { role: Role::Sales.into(), ..admin }, &["role"]).await.unwrap();
    assert_eq!(app.list(&admin_token, false).await.unwrap_err().code(), Code::Unauthenticated);
}

#[tokio::test]
async fn management_cannot_lock_themselves_out() {
    let app = spawn_app().await;
    let manager = app.token("management@eris.test").await;
    let me = app.current_user(&manager).await.unwrap();
    let inactive = app.update(&manager, User { status: UserStatus::Inactive.into(), ..me.clone() }, &["status"]);
    assert_eq!(inactive.await.unwrap_err().code(), Code::FailedPrecondition);
    let demoted = app.update(&manager, User { role: Role::Sales.into(), ..me }, &["role"]);
    assert_eq!(demoted.await.unwrap_err().code(), Code::FailedPrecondition);
}
