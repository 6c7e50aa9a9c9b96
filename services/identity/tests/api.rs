//! The identity service over real gRPC, against the machine's PostgreSQL and Redis.

use eris_identity::config::Config;
use eris_platform::{outbox::KindedEvent, testing::TestDatabase};
use eris_proto::identity::v1::{
    ChangePasswordRequest, CreateUserRequest, GetCurrentUserRequest, GetSigningKeyRequest, GetTokenGenerationRequest,
    ListUsersRequest, RefreshTokenRequest, ResetUserPasswordRequest, Role, SignInRequest, SignInResponse,
    SignOutRequest, UpdateUserRequest, User, UserEvent, UserEventKind, UserStatus, ValidatePasswordRequest,
    auth_service_client::AuthServiceClient, user_service_client::UserServiceClient,
};
use tonic::{Code, Request, transport::Channel};

use eris_identity::testing::DEMO_PASSWORD;

struct TestApp {
    channel: Channel,
    database: TestDatabase,
}

async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

async fn spawn_app_with(adjust: impl FnOnce(&mut Config)) -> TestApp {
    let database = TestDatabase::new().await;
    let address = eris_identity::testing::spawn(&database, adjust).await;
    let channel = Channel::from_shared(format!("http://{address}")).unwrap().connect_lazy();
    TestApp { channel, database }
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
        Ok(self.create_user_with_password(token, email, role).await?.0)
    }

    /// A new user and the one-time password they sign in with first.
    async fn create_user_with_password(
        &self,
        token: &str,
        email: &str,
        role: Role,
    ) -> Result<(User, String), tonic::Status> {
        let user = User {
            name: format!("Person {email}"),
            email: email.into(),
            job: "Analyst".into(),
            role: role.into(),
            ..Default::default()
        };
        let created =
            self.users().create_user(authed(token, CreateUserRequest { user: Some(user) })).await?.into_inner();
        Ok((created.user.unwrap(), created.one_time_password))
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
        Ok(self.reset_with_password(token, user_id).await?.0)
    }

    /// Resets a user's password; the reset user and the one-time password.
    async fn reset_with_password(&self, token: &str, user_id: i64) -> Result<(User, String), tonic::Status> {
        let request = authed(token, ResetUserPasswordRequest { user_id });
        let reset = self.users().reset_user_password(request).await?.into_inner();
        Ok((reset.user.unwrap(), reset.one_time_password))
    }

    async fn refresh(&self, refresh_token: &str) -> Result<SignInResponse, tonic::Status> {
        let request = RefreshTokenRequest { refresh_token: refresh_token.into() };
        let response = self.auth().refresh_token(request).await?.into_inner();
        Ok(SignInResponse {
            user: response.user,
            token: response.token,
            expire_time: response.expire_time,
            refresh_token: response.refresh_token,
            refresh_expire_time: response.refresh_expire_time,
        })
    }

    async fn current_user(&self, token: &str) -> Result<User, tonic::Status> {
        Ok(self.auth().get_current_user(authed(token, GetCurrentUserRequest {})).await?.into_inner().user.unwrap())
    }

    async fn change_password(&self, token: &str, current: &str, new: &str) -> Result<SignInResponse, tonic::Status> {
        let request = ChangePasswordRequest { current_password: current.into(), new_password: new.into() };
        let response = self.auth().change_password(authed(token, request)).await?.into_inner();
        Ok(SignInResponse {
            user: response.user,
            token: response.token,
            expire_time: response.expire_time,
            refresh_token: response.refresh_token,
            refresh_expire_time: response.refresh_expire_time,
        })
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
    let app = TestApp { channel: Channel::from_shared(format!("http://{address}")).unwrap().connect_lazy(), database };
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

fn from(address: &str, username: &str, password: &str) -> Request<SignInRequest> {
    let mut request = Request::new(SignInRequest { username: username.into(), password: password.into() });
    request.metadata_mut().insert("x-forwarded-for", address.parse().unwrap());
    request
}

#[tokio::test]
async fn guesses_sent_at_once_are_counted_at_once_and_most_are_refused_unchecked() {
    let app = spawn_app().await;
    let guesses = (0..40).map(|n| {
        let mut auth = app.auth();
        async move { auth.sign_in(from("203.0.113.5", "admin@eris.test", &format!("guess-{n}"))).await }
    });
    let answers = futures::future::join_all(guesses).await;
    let checked = answers.iter().filter(|a| a.as_ref().unwrap_err().code() == Code::Unauthenticated).count();
    let refused = answers.iter().filter(|a| a.as_ref().unwrap_err().code() == Code::ResourceExhausted).count();
    assert_eq!(checked, 5, "only the free attempts reach the password check");
    assert_eq!(refused, 35);
}

#[tokio::test]
async fn failures_make_the_next_attempt_wait_longer_each_time() {
    let app = spawn_app().await;
    for _ in 0..5 {
        let wrong = app.auth().sign_in(from("203.0.113.5", "admin@eris.test", "guess")).await.unwrap_err();
        assert_eq!(wrong.code(), Code::Unauthenticated);
    }
    let throttled = app.auth().sign_in(from("203.0.113.5", "admin@eris.test", DEMO_PASSWORD)).await.unwrap_err();
    assert_eq!(throttled.code(), Code::ResourceExhausted);
    assert_eq!(throttled.message(), "Too many failed sign-in attempts. Please wait 1 second and try again.");
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    app.auth().sign_in(from("203.0.113.5", "admin@eris.test", "guess")).await.unwrap_err();
    let longer = app.auth().sign_in(from("203.0.113.5", "admin@eris.test", "guess")).await.unwrap_err();
    assert_eq!(longer.message(), "Too many failed sign-in attempts. Please wait 2 seconds and try again.");
    assert!(app.try_sign_in("sales@eris.test", DEMO_PASSWORD).await.is_ok(), "other accounts are not affected");
}

#[tokio::test]
async fn the_owner_signs_in_from_a_known_address_whatever_others_tried() {
    let app = spawn_app().await;
    app.auth().sign_in(from("198.51.100.20", "admin@eris.test", DEMO_PASSWORD)).await.unwrap();
    for _ in 0..8 {
        let _ = app.auth().sign_in(from("203.0.113.5", "admin@eris.test", "guess")).await;
    }
    let attacker = app.auth().sign_in(from("203.0.113.6", "admin@eris.test", DEMO_PASSWORD)).await.unwrap_err();
    assert_eq!(attacker.code(), Code::ResourceExhausted, "a new address waits behind the account's failures");
    app.auth().sign_in(from("198.51.100.20", "admin@eris.test", DEMO_PASSWORD)).await.expect("the owner gets in");
}

#[tokio::test]
async fn failures_stay_counted_after_a_success() {
    let app = spawn_app().await;
    for _ in 0..4 {
        app.auth().sign_in(from("203.0.113.5", "admin@eris.test", "guess")).await.unwrap_err();
    }
    app.auth().sign_in(from("203.0.113.5", "admin@eris.test", DEMO_PASSWORD)).await.unwrap();
    app.auth().sign_in(from("203.0.113.5", "admin@eris.test", "guess")).await.unwrap_err();
    let throttled = app.auth().sign_in(from("203.0.113.5", "admin@eris.test", "guess")).await.unwrap_err();
    assert_eq!(throttled.code(), Code::ResourceExhausted, "the fifth failure counts, the success did not wipe them");
}

#[tokio::test]
async fn many_accounts_guessed_from_one_address_are_cut_off_but_known_owners_are_not() {
    let app = spawn_app_with(|config| config.auth.address_hourly_limit = 4).await;
    app.auth().sign_in(from("203.0.113.9", "care@eris.test", DEMO_PASSWORD)).await.unwrap();
    for email in ["a@eris.test", "b@eris.test", "c@eris.test", "d@eris.test"] {
        let refused = app.auth().sign_in(from("203.0.113.9", email, "x")).await.unwrap_err();
        assert_eq!(refused.code(), Code::Unauthenticated);
    }
    let sprayed = app.auth().sign_in(from("203.0.113.9", "sales@eris.test", DEMO_PASSWORD)).await.unwrap_err();
    assert_eq!(sprayed.code(), Code::ResourceExhausted);
    assert!(app.auth().sign_in(from("203.0.113.10", "sales@eris.test", DEMO_PASSWORD)).await.is_ok());
    assert!(app.auth().sign_in(from("203.0.113.9", "care@eris.test", DEMO_PASSWORD)).await.is_ok(), "known owner");
}

#[tokio::test]
async fn a_forwarded_address_counts_only_from_a_trusted_proxy() {
    let app = spawn_app_with(|config| config.auth.trusted_proxies.clear()).await;
    for n in 0..5 {
        // Each claims another address, but the caller is not a trusted proxy: one pair for all.
        app.auth().sign_in(from(&format!("203.0.113.{n}"), "admin@eris.test", "guess")).await.unwrap_err();
    }
    let throttled = app.auth().sign_in(from("203.0.113.99", "admin@eris.test", "guess")).await.unwrap_err();
    assert_eq!(throttled.code(), Code::ResourceExhausted);
}

#[tokio::test]
async fn password_checks_are_throttled_like_sign_in() {
    let app = spawn_app().await;
    let token = app.token("sales@eris.test").await;
    let check = |password: &str| authed(&token, ValidatePasswordRequest { password: password.into() });
    for _ in 0..5 {
        assert!(!app.auth().validate_password(check("nope")).await.unwrap().into_inner().matched);
    }
    let throttled = app.auth().validate_password(check(DEMO_PASSWORD)).await.unwrap_err();
    assert_eq!(throttled.code(), Code::ResourceExhausted);
    let change = app.change_password(&token, "nope", "another-long-secret").await.unwrap_err();
    assert_eq!(change.code(), Code::ResourceExhausted);
}

#[tokio::test]
async fn without_redis_sign_in_is_refused_quickly_and_other_calls_work() {
    let database = TestDatabase::new().await;
    let with_redis = eris_identity::testing::spawn(&database, |_| {}).await;
    // The same database and token key, but Redis at an address where nothing answers.
    let without_redis = eris_identity::testing::spawn(&database, |config| {
        config.redis.redis_url = "redis://10.255.255.1:6379".into();
    })
    .await;
    let channel = |address| Channel::from_shared(format!("http://{address}")).unwrap().connect_lazy();
    let request = SignInRequest { username: "sales@eris.test".into(), password: DEMO_PASSWORD.into() };
    let token = AuthServiceClient::new(channel(with_redis)).sign_in(request).await.unwrap().into_inner().token;
    let app = TestApp { channel: channel(without_redis), database };
    let started = std::time::Instant::now();
    let refused = app.try_sign_in("sales@eris.test", DEMO_PASSWORD).await.unwrap_err();
    assert_eq!(refused.code(), Code::Unavailable);
    assert_eq!(refused.message(), "Sign-in is unavailable right now. Please try again in a moment.");
    assert!(app.list(&token, false).await.is_ok(), "token checks fall back to PostgreSQL");
    assert!(started.elapsed() < std::time::Duration::from_secs(3), "took {:?}", started.elapsed());
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
    app.auth().sign_out(authed(&token, SignOutRequest::default())).await.unwrap();
    assert_eq!(app.list(&token, false).await.unwrap_err().code(), Code::Unauthenticated);
    assert!(app.list(&app.token("sales@eris.test").await, false).await.is_ok(), "a new sign-in works");
}

#[tokio::test]
async fn a_signed_out_token_stays_refused_when_redis_forgets_everything() {
    let app = spawn_app().await;
    let token = app.token("sales@eris.test").await;
    app.auth().sign_out(authed(&token, SignOutRequest::default())).await.unwrap();
    app.database.flush_redis().await;
    assert_eq!(app.list(&token, false).await.unwrap_err().code(), Code::Unauthenticated);
    let generation = app.auth().get_token_generation(authed(&token, GetTokenGenerationRequest {})).await;
    assert_eq!(generation.unwrap_err().code(), Code::Unauthenticated);
}

#[tokio::test]
async fn a_demoted_users_old_token_is_refused_and_a_refresh_brings_the_new_role() {
    let app = spawn_app().await;
    let manager = app.token("management@eris.test").await;
    let signed_in = app.try_sign_in("admin@eris.test", DEMO_PASSWORD).await.unwrap();
    let admin = signed_in.user.clone().unwrap();
    app.update(&manager, User { role: Role::Sales.into(), ..admin }, &["role"]).await.unwrap();
    app.database.flush_redis().await;
    assert_eq!(app.list(&signed_in.token, false).await.unwrap_err().code(), Code::Unauthenticated);
    let refreshed = app.refresh(&signed_in.refresh_token).await.unwrap();
    assert_eq!(refreshed.user.unwrap().role(), Role::Sales);
    assert!(app.list(&refreshed.token, false).await.is_ok());
}

#[tokio::test]
async fn a_refresh_token_works_once_and_a_late_copy_ends_the_session() {
    let app = spawn_app().await;
    let first = app.try_sign_in("care@eris.test", DEMO_PASSWORD).await.unwrap();
    let second = app.refresh(&first.refresh_token).await.unwrap();
    assert_ne!(second.refresh_token, first.refresh_token);
    assert_eq!(app.refresh(&first.refresh_token).await.unwrap_err().code(), Code::Unauthenticated);
    assert!(app.refresh(&second.refresh_token).await.is_ok(), "a reuse within the grace leaves the session");
    // A copy used long after its replacement: the whole session ends.
    let conn = sqlx::PgPool::connect(&app.database.url()).await.unwrap();
    sqlx::query(
        "update identity.refresh_token set rotated_at = now() - interval '1 hour' where rotated_at is not null",
    )
    .execute(&conn)
    .await
    .unwrap();
    let third = app.try_sign_in("care@eris.test", DEMO_PASSWORD).await.unwrap();
    assert_eq!(app.refresh(&first.refresh_token).await.unwrap_err().code(), Code::Unauthenticated);
    let latest = app.refresh(&third.refresh_token).await;
    assert!(latest.is_ok(), "another session is untouched");
}

#[tokio::test]
async fn sign_out_with_only_the_refresh_token_still_ends_the_session() {
    let app = spawn_app().await;
    let session = app.try_sign_in("care@eris.test", DEMO_PASSWORD).await.unwrap();
    // As after the access token expired: no valid token, only the refresh token.
    let request = SignOutRequest { refresh_token: session.refresh_token.clone(), ..Default::default() };
    app.auth().sign_out(request).await.unwrap();
    assert_eq!(app.refresh(&session.refresh_token).await.unwrap_err().code(), Code::Unauthenticated);
    assert_eq!(app.list(&session.token, false).await.unwrap_err().code(), Code::Unauthenticated);
    let nothing = app.auth().sign_out(SignOutRequest::default()).await.unwrap_err();
    assert_eq!(nothing.code(), Code::Unauthenticated, "neither token: nobody to sign out");
    let forged = authed("not.a.token", SignOutRequest { refresh_token: "made-up".into(), ..Default::default() });
    assert_eq!(app.auth().sign_out(forged).await.unwrap_err().code(), Code::Unauthenticated);
}

#[tokio::test]
async fn sign_out_revokes_the_sessions_refresh_token() {
    let app = spawn_app().await;
    let session = app.try_sign_in("care@eris.test", DEMO_PASSWORD).await.unwrap();
    let other = app.try_sign_in("care@eris.test", DEMO_PASSWORD).await.unwrap();
    let request = SignOutRequest { refresh_token: session.refresh_token.clone(), ..Default::default() };
    app.auth().sign_out(authed(&session.token, request)).await.unwrap();
    assert_eq!(app.refresh(&session.refresh_token).await.unwrap_err().code(), Code::Unauthenticated);
    assert!(app.refresh(&other.refresh_token).await.is_ok(), "the other device refreshes silently");
}

#[tokio::test]
async fn sign_out_everywhere_ends_every_session_of_the_user_and_no_other() {
    let app = spawn_app().await;
    let here = app.try_sign_in("care@eris.test", DEMO_PASSWORD).await.unwrap();
    let phone = app.try_sign_in("care@eris.test", DEMO_PASSWORD).await.unwrap();
    let colleague = app.try_sign_in("sales@eris.test", DEMO_PASSWORD).await.unwrap();
    let request = SignOutRequest { refresh_token: here.refresh_token.clone(), everywhere: true };
    app.auth().sign_out(authed(&here.token, request)).await.unwrap();
    assert_eq!(app.refresh(&here.refresh_token).await.unwrap_err().code(), Code::Unauthenticated);
    assert_eq!(app.refresh(&phone.refresh_token).await.unwrap_err().code(), Code::Unauthenticated, "every device");
    assert_eq!(app.list(&phone.token, false).await.unwrap_err().code(), Code::Unauthenticated);
    assert!(app.refresh(&colleague.refresh_token).await.is_ok(), "another user's session is untouched");
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
    let (created, one_time) = app.create_user_with_password(&manager, "new.rep@eris.test", Role::Sales).await.unwrap();
    assert!(created.force_password_reset);
    assert_eq!(one_time.chars().count(), 16);
    assert_eq!(created.status(), UserStatus::Active);

    let first = app.try_sign_in("new.rep@eris.test", &one_time).await.unwrap();
    assert!(first.user.unwrap().force_password_reset);
    let blocked = app.list(&first.token, false).await.unwrap_err();
    assert_eq!(blocked.code(), Code::FailedPrecondition);
    assert_eq!(blocked.message(), "You must change your password before continuing.");
    assert!(app.current_user(&first.token).await.is_ok(), "the app may still read who is signed in");

    let again = app.try_sign_in("new.rep@eris.test", &one_time).await.unwrap_err();
    assert_eq!(again.code(), Code::Unauthenticated, "a one-time password works once");
    let changed = app.change_password(&first.token, &one_time, "my-own-long-secret").await.unwrap();
    assert!(!changed.user.unwrap().force_password_reset);
    assert!(app.list(&changed.token, false).await.is_ok());
    assert_eq!(app.list(&first.token, false).await.unwrap_err().code(), Code::Unauthenticated);
    assert!(app.try_sign_in("new.rep@eris.test", "my-own-long-secret").await.is_ok());
}

#[tokio::test]
async fn a_one_time_password_expires() {
    let app = spawn_app().await;
    let manager = app.token("management@eris.test").await;
    let (_, one_time) = app.create_user_with_password(&manager, "late@eris.test", Role::Sales).await.unwrap();
    let conn = sqlx::PgPool::connect(&app.database.url()).await.unwrap();
    sqlx::query("update identity.app_user set one_time_password_expires_at = now() - interval '1 minute' where email = 'late@eris.test'")
        .execute(&conn)
        .await
        .unwrap();
    assert_eq!(app.try_sign_in("late@eris.test", &one_time).await.unwrap_err().code(), Code::Unauthenticated);
}

#[tokio::test]
async fn one_time_passwords_differ_and_two_sign_ins_at_once_get_one_session() {
    let app = spawn_app().await;
    let manager = app.token("management@eris.test").await;
    let (_, first) = app.create_user_with_password(&manager, "one@eris.test", Role::Sales).await.unwrap();
    let (_, second) = app.create_user_with_password(&manager, "two@eris.test", Role::Sales).await.unwrap();
    assert_ne!(first, second);
    let (a, b) = tokio::join!(app.try_sign_in("one@eris.test", &first), app.try_sign_in("one@eris.test", &first));
    assert_eq!(usize::from(a.is_ok()) + usize::from(b.is_ok()), 1);
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
    let short = app.change_password(&token, DEMO_PASSWORD, "eleven-char").await.unwrap_err();
    assert_eq!(short.message(), "The new password must be at least 12 characters long.");
    let common = app.change_password(&token, DEMO_PASSWORD, "Password2026!").await.unwrap_err();
    assert_eq!(common.message(), "This password is too common. Please choose another.");
    assert!(app.try_sign_in("care@eris.test", DEMO_PASSWORD).await.is_ok(), "nothing changed");
}

#[tokio::test]
async fn a_password_change_ends_the_users_other_sessions() {
    let app = spawn_app().await;
    let laptop = app.token("care@eris.test").await;
    let phone = app.token("care@eris.test").await;
    let changed = app.change_password(&phone, DEMO_PASSWORD, "a-better-long-secret").await.unwrap();
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
    let (_, one_time) =
        app.create_user_with_password(manager, "second.manager@eris.test", Role::Management).await.unwrap();
    let first = app.try_sign_in("second.manager@eris.test", &one_time).await.unwrap();
    app.change_password(&first.token, &one_time, "second-manager-secret").await.unwrap().token
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
async fn names_are_unique_whatever_their_case() {
    let app = spawn_app().await;
    let manager = app.token("management@eris.test").await;
    let user = User {
        name: "marcus BELL".into(),
        email: "other.marcus@eris.test".into(),
        role: Role::Sales.into(),
        ..Default::default()
    };
    let duplicate =
        app.users().create_user(authed(&manager, CreateUserRequest { user: Some(user) })).await.unwrap_err();
    assert_eq!((duplicate.code(), duplicate.message()), (Code::AlreadyExists, "A user with this name already exists."));
    let created = app.create_user(&manager, "fresh@eris.test", Role::Sales).await.unwrap();
    let renamed = app.update(&manager, User { name: "Marcus Bell".into(), ..created }, &["name"]).await.unwrap_err();
    assert_eq!(renamed.code(), Code::AlreadyExists);
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
    let (flagged, one_time) = app.reset_with_password(&manager, sales.user_id).await.unwrap();
    assert!(flagged.force_password_reset);
    assert_eq!(app.list(&sales_token, false).await.unwrap_err().code(), Code::Unauthenticated);
    assert!(app.try_sign_in("sales@eris.test", DEMO_PASSWORD).await.is_err(), "the old password is gone");
    let again = app.reset(&manager, sales.user_id).await.unwrap_err();
    assert_eq!(again.code(), Code::FailedPrecondition);
    let signed_in = app.try_sign_in("sales@eris.test", &one_time).await.unwrap();
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

#[tokio::test]
async fn every_change_to_a_user_publishes_the_user_without_password_data() {
    use prost::Message;
    let app = spawn_app().await;
    let manager = app.try_sign_in("management@eris.test", DEMO_PASSWORD).await.unwrap();
    let (user, one_time) =
        app.create_user_with_password(&manager.token, "events@eris.test", Role::Sales).await.unwrap();
    let change = User { job: "Closer".into(), status: UserStatus::Inactive.into(), ..user.clone() };
    let updated = app.update(&manager.token, change, &["job", "status"]).await.unwrap();
    // The demo seed writes through the same path: run again, it updates its users.
    eris_identity::seed::demo_users(&app.database.args(), DEMO_PASSWORD).await.unwrap();

    let events = app.database.published_events(eris_identity::SCHEMA).await;
    let decoded: Vec<(&str, i64, UserEvent)> = events
        .iter()
        .map(|e| (e.event_type.as_str(), e.aggregate_id, UserEvent::decode(e.payload.as_slice()).unwrap()))
        .collect();
    let own: Vec<&(&str, i64, UserEvent)> = decoded.iter().filter(|(_, id, _)| *id == user.user_id).collect();
    assert_eq!(own.iter().map(|(kind, _, _)| *kind).collect::<Vec<_>>(), ["user.created", "user.updated"]);
    let manager_id = manager.user.unwrap().user_id;
    assert_eq!((own[0].2.what(), own[0].2.user_id), (UserEventKind::Created, manager_id));
    assert_eq!(own[0].2.user.as_ref(), Some(&user), "the user as the API answered");
    assert_eq!((own[1].2.what(), own[1].2.user.as_ref()), (UserEventKind::Updated, Some(&updated)));
    let demo = |kind: &str| decoded.iter().filter(|(k, id, _)| *k == kind && *id != user.user_id).count();
    assert_eq!((demo("user.created"), demo("user.updated")), (5, 5), "the demo users, seeded and seeded again");
    assert!(events.iter().all(|e| e.txid.parse::<u64>().is_ok()));
    let contains = |payload: &[u8], needle: &[u8]| payload.windows(needle.len()).any(|w| w == needle);
    for event in &events {
        assert!(!contains(&event.payload, b"$argon2"), "no password hash");
        assert!(!contains(&event.payload, one_time.as_bytes()), "no one-time password");
        assert!(!contains(&event.payload, DEMO_PASSWORD.as_bytes()), "no password");
    }
}

#[tokio::test]
async fn the_snapshot_is_every_user_as_the_outbox_carries_them_and_only_services_may_read_it() {
    use prost::Message;
    let app = spawn_app().await;
    let manager = app.token("management@eris.test").await;
    let kept = app.create_user(&manager, "kept@eris.test", Role::Sales).await.unwrap();
    let change = User { status: UserStatus::Inactive.into(), ..kept.clone() };
    let inactive = app.update(&manager, change, &["status"]).await.unwrap();
    let gone = app.create_user(&manager, "gone@eris.test", Role::Admin).await.unwrap();
    // Users are never deleted through the API; a row that is no longer there is in no snapshot.
    let pool = sqlx::PgPool::connect(&app.database.url()).await.unwrap();
    sqlx::query("delete from identity.app_user where user_id = $1").bind(gone.user_id).execute(&pool).await.unwrap();

    let events = eris_platform::testing::checked_snapshot(&app.database, app.channel.clone(), &manager).await;
    assert!(events.iter().all(|e| e.event_type == "user.updated"));
    let decoded: Vec<UserEvent> = events.iter().map(|e| UserEvent::decode(e.payload.as_slice()).unwrap()).collect();
    assert!(
        decoded
            .iter()
            .zip(&events)
            .all(|(d, e)| d.what() == UserEventKind::Updated && d.user.as_ref().unwrap().user_id == e.aggregate_id)
    );
    let users: Vec<User> = decoded.into_iter().map(|d| d.user.unwrap()).collect();
    let listed = app.list(&manager, false).await.unwrap();
    let mut expected: Vec<User> = listed.into_iter().filter(|u| u.user_id != gone.user_id).collect();
    expected.sort_by_key(|u| u.user_id);
    assert_eq!(users, expected, "every user but the deleted one, as the API answers them");
    assert_eq!(users.len(), 6, "the five demo users and the inactive one");
    let published = app.database.published_events(eris_identity::SCHEMA).await;
    let last = published.iter().rev().find(|e| e.aggregate_id == kept.user_id).unwrap();
    let outbox_user = UserEvent::decode(last.payload.as_slice()).unwrap().user.unwrap();
    assert_eq!((&outbox_user, users.last().unwrap()), (&inactive, &inactive), "the user as the outbox carries it");
}
