//! The crm service over real gRPC, against the machine's PostgreSQL and Redis, with a real
//! identity service issuing the tokens.

use eris_crm::seed::SeedPlan;
use eris_identity::testing::DEMO_PASSWORD;
use eris_platform::{outbox::KindedEvent, testing::TestDatabase};
use eris_proto::{
    common::v1::Date,
    crm::v1::{
        AssignTeamsRequest, CallBank, CallBankCompany, CallBankCompanyStatus, Company, CompanyFilter,
        CreateAffiliateRequest, CreateCallBankRequest, CreateCompanyRequest, CreateNoteRequest, CreateTaskRequest,
        DeleteCompanyRequest, GetCompanyRequest, GetTaskRequest, ListAffiliatesRequest, ListCallBankCompaniesRequest,
        ListCallBanksRequest, ListCompaniesRequest, ListCompanyChangesRequest, ListNotesRequest, ListTasksRequest,
        ListVisibleCompanyIdsRequest, Note, PrimaryStatus, SetCallBankCompaniesRequest, Task, TaskStatus,
        TeamAssignment, TeamRole, UpdateCallBankCompanyRequest, UpdateCompanyRequest, UpdateTaskRequest,
        call_bank_service_client::CallBankServiceClient, company_service_client::CompanyServiceClient,
        note_service_client::NoteServiceClient, task_service_client::TaskServiceClient,
    },
    identity::v1::{
        ResetUserPasswordRequest, SignInRequest, SignOutRequest, auth_service_client::AuthServiceClient,
        user_service_client::UserServiceClient,
    },
};
use tonic::{Code, Request, Status, transport::Channel};

struct User {
    id: i64,
    token: String,
}

struct TestApp {
    crm: Channel,
    sourcing: Channel,
    identity: Channel,
    database: TestDatabase,
    management: User,
    admin: User,
    sales: User,
    sales2: User,
    care: User,
}

async fn spawn_app() -> TestApp {
    let database = TestDatabase::new().await;
    let identity = eris_identity::testing::spawn(&database, |_| {}).await;
    let sourcing = eris_sourcing::testing::spawn(&database, format!("http://{identity}")).await;
    let crm =
        eris_crm::testing::spawn_with_sourcing(&database, format!("http://{identity}"), format!("http://{sourcing}"))
            .await;
    let identity = Channel::from_shared(format!("http://{identity}")).unwrap().connect_lazy();
    let sign_in = |email: &'static str| {
        let identity = identity.clone();
        async move {
            let request = SignInRequest { username: email.into(), password: DEMO_PASSWORD.into() };
            let response = AuthServiceClient::new(identity).sign_in(request).await.unwrap().into_inner();
            User { id: response.user.unwrap().user_id, token: response.token }
        }
    };
    TestApp {
        crm: Channel::from_shared(format!("http://{crm}")).unwrap().connect_lazy(),
        sourcing: Channel::from_shared(format!("http://{sourcing}")).unwrap().connect_lazy(),
        management: sign_in("management@eris.test").await,
        admin: sign_in("admin@eris.test").await,
        sales: sign_in("sales@eris.test").await,
        sales2: sign_in("sales2@eris.test").await,
        care: sign_in("care@eris.test").await,
        identity,
        database,
    }
}

/// A Follow Up task due in 2030, of the company (0: none).
fn follow_up(subject: &str, assignees: Vec<i64>, company_id: i64) -> Task {
    Task {
        r#type: "Follow Up".into(),
        subject: subject.into(),
        due_time: Some(prost_types::Timestamp { seconds: 1_900_000_000, nanos: 0 }),
        assignee_user_ids: assignees,
        company_id,
        ..Default::default()
    }
}

fn authed<T>(user: &User, message: T) -> Request<T> {
    let mut request = Request::new(message);
    request.metadata_mut().insert("authorization", format!("Bearer {}", user.token).parse().unwrap());
    request
}

fn mask(paths: &[&str]) -> Option<prost_types::FieldMask> {
    Some(prost_types::FieldMask { paths: paths.iter().map(|p| (*p).to_owned()).collect() })
}

fn date(year: i32, month: i32, day: i32) -> Option<Date> {
    Some(Date { year, month, day })
}

impl TestApp {
    fn companies(&self) -> CompanyServiceClient<Channel> {
        CompanyServiceClient::new(self.crm.clone())
    }

    async fn create(&self, user: &User, company: Company) -> Result<Company, Status> {
        let request = authed(user, CreateCompanyRequest { company: Some(company) });
        Ok(self.companies().create_company(request).await?.into_inner().company.unwrap())
    }

    async fn company(&self, name: &str, inside: i64) -> Company {
        self.create(&self.management, Company { name: name.into(), inside_user_id: inside, ..Default::default() })
            .await
            .unwrap()
    }

    async fn get(&self, user: &User, company_id: i64) -> Result<Company, Status> {
        Ok(self
            .companies()
            .get_company(authed(user, GetCompanyRequest { company_id }))
            .await?
            .into_inner()
            .company
            .unwrap())
    }

    async fn update(&self, user: &User, company: Company, paths: &[&str]) -> Result<Company, Status> {
        let request = authed(user, UpdateCompanyRequest { company: Some(company), update_mask: mask(paths) });
        Ok(self.companies().update_company(request).await?.into_inner().company.unwrap())
    }

    async fn list(&self, user: &User, filter: CompanyFilter) -> Vec<Company> {
        let request = authed(user, ListCompaniesRequest { page_size: 500, filter: Some(filter), ..Default::default() });
        self.companies().list_companies(request).await.unwrap().into_inner().companies
    }

    async fn names(&self, user: &User, filter: CompanyFilter) -> Vec<String> {
        self.list(user, filter).await.into_iter().map(|c| c.name).collect()
    }

    async fn count(&self, sql: &str) -> i64 {
        let pool = sqlx::PgPool::connect(&self.database.url()).await.unwrap();
        sqlx::query_scalar(sql).fetch_one(&pool).await.unwrap()
    }

    /// How many events published to the crm stream have a type that `matches`.
    async fn published(&self, matches: impl Fn(&str) -> bool) -> usize {
        let events = self.database.published_events(eris_crm::SCHEMA).await;
        events.iter().filter(|e| matches(&e.event_type)).count()
    }
}

#[tokio::test]
async fn management_creates_a_company_and_reads_it_back() {
    let app = spawn_app().await;
    let company = Company {
        name: "Acme Foundry".into(),
        city: "Albany".into(),
        state: "NY".into(),
        primary_electric_status: PrimaryStatus::Prospect.into(),
        secondary_electric_statuses: vec!["Hot Lead".into()],
        electric_usage: "1,250,000".into(),
        electric_contract_end_date: date(2027, 3, 31),
        closer_user_id: app.sales.id,
        ..Default::default()
    };
    let created = app.create(&app.management, company).await.unwrap();
    assert!(created.company_id > 0);
    assert_eq!(created.version, 1);
    assert_eq!(created.electric_usage, "1250000");
    let read = app.get(&app.admin, created.company_id).await.unwrap();
    assert_eq!(read.name, "Acme Foundry");
    assert_eq!(read.secondary_electric_statuses, vec!["Hot Lead".to_owned()]);
    assert_eq!(read.electric_contract_end_date, date(2027, 3, 31));
}

#[tokio::test]
async fn a_sales_user_sees_only_companies_where_they_hold_a_team_role() {
    let app = spawn_app().await;
    let mine = app.company("Mine Inc", app.sales.id).await;
    let theirs = app.company("Theirs Inc", app.sales2.id).await;
    let support = app
        .create(
            &app.management,
            Company { name: "Support Co".into(), support_analyst2_user_id: app.sales.id, ..Default::default() },
        )
        .await
        .unwrap();
    assert_eq!(app.names(&app.sales, CompanyFilter::default()).await, vec!["Mine Inc", "Support Co"]);
    assert!(app.get(&app.sales, mine.company_id).await.is_ok());
    assert!(app.get(&app.sales, support.company_id).await.is_ok());
    let hidden = app.get(&app.sales, theirs.company_id).await.unwrap_err();
    assert_eq!((hidden.code(), hidden.message()), (Code::NotFound, "Company not found."));
    // Asking for another rep's companies still yields only their own.
    let filter = CompanyFilter { team_user_ids: vec![app.sales2.id], ..Default::default() };
    assert!(app.names(&app.sales, filter).await.is_empty());
    assert_eq!(app.names(&app.care, CompanyFilter::default()).await.len(), 3, "other roles see all");
}

#[tokio::test]
async fn a_sales_users_visible_companies_are_listed_once_each_whatever_their_roles() {
    let app = spawn_app().await;
    let inside = app.company("Inside Inc", app.sales.id).await;
    let two_roles = Company {
        name: "Two Roles Co".into(),
        closer_user_id: app.sales.id,
        analyst_user_id: app.sales.id,
        ..Default::default()
    };
    let two_roles = app.create(&app.management, two_roles).await.unwrap();
    let support = Company { name: "Support Co".into(), support_analyst2_user_id: app.sales.id, ..Default::default() };
    let support = app.create(&app.management, support).await.unwrap();
    app.company("Theirs Inc", app.sales2.id).await;
    let visible = |user: &User, max_ids: i32| {
        let request = authed(user, ListVisibleCompanyIdsRequest { max_ids });
        let mut companies = app.companies();
        async move { companies.list_visible_company_ids(request).await.unwrap().into_inner() }
    };
    let mut ids = visible(&app.sales, 0).await.company_ids;
    ids.sort_unstable();
    assert_eq!(ids, vec![inside.company_id, two_roles.company_id, support.company_id]);
    assert_eq!(visible(&app.sales, 3).await.company_ids.len(), 3, "three fit in three");
    let over = visible(&app.sales, 2).await;
    assert!(over.more && over.company_ids.is_empty(), "more than asked for: {over:?}");
    assert!(visible(&app.care, 0).await.all, "other roles see every company");
}

#[tokio::test]
async fn a_sales_user_cannot_create_edit_or_delete_companies() {
    let app = spawn_app().await;
    let mine = app.company("Mine Inc", app.sales.id).await;
    let create = app.create(&app.sales, Company { name: "New".into(), ..Default::default() }).await.unwrap_err();
    assert_eq!(create.code(), Code::PermissionDenied);
    let edit = app.update(&app.sales, Company { name: "Renamed".into(), ..mine.clone() }, &["name"]).await.unwrap_err();
    assert_eq!(edit.code(), Code::PermissionDenied);
    let delete =
        app.companies().delete_company(authed(&app.sales, DeleteCompanyRequest { company_id: mine.company_id })).await;
    assert_eq!(delete.unwrap_err().code(), Code::PermissionDenied);
    assert_eq!(app.get(&app.management, mine.company_id).await.unwrap().name, "Mine Inc");
}

#[tokio::test]
async fn only_management_deletes_a_company_and_everything_of_it_goes_with_it() {
    let app = spawn_app().await;
    let company = app.company("Doomed LLC", app.sales.id).await;
    let note = Note { company_id: company.company_id, text: "Called".into(), ..Default::default() };
    NoteServiceClient::new(app.crm.clone())
        .create_note(authed(&app.admin, CreateNoteRequest { note: Some(note) }))
        .await
        .unwrap();
    let task = follow_up("Call back", vec![app.sales.id], company.company_id);
    TaskServiceClient::new(app.crm.clone())
        .create_task(authed(&app.admin, CreateTaskRequest { task: Some(task) }))
        .await
        .unwrap();
    for user in [&app.admin, &app.care] {
        let refused =
            app.companies().delete_company(authed(user, DeleteCompanyRequest { company_id: company.company_id })).await;
        assert_eq!(refused.unwrap_err().code(), Code::PermissionDenied);
    }
    app.companies()
        .delete_company(authed(&app.management, DeleteCompanyRequest { company_id: company.company_id }))
        .await
        .unwrap();
    assert_eq!(app.get(&app.management, company.company_id).await.unwrap_err().code(), Code::NotFound);
    assert_eq!(app.count("select count(*) from crm.note").await, 0);
    assert_eq!(app.count("select count(*) from crm.task").await, 0);
    assert_eq!(app.published(|t| t == "company.deleted").await, 1);
}

#[tokio::test]
async fn secondary_statuses_must_fit_the_primary_and_a_new_primary_clears_them() {
    let app = spawn_app().await;
    let company = app.company("Status Co", 0).await;
    let wrong = Company {
        primary_gas_status: PrimaryStatus::Customer.into(),
        secondary_gas_statuses: vec!["Hot Lead".into()],
        ..company.clone()
    };
    let refused = app.update(&app.admin, wrong, &["primary_gas_status", "secondary_gas_statuses"]).await.unwrap_err();
    assert_eq!(refused.code(), Code::InvalidArgument);
    assert_eq!(refused.message(), "Hot Lead is not a valid gas secondary status for Customer.");

    let opportunity = Company {
        primary_gas_status: PrimaryStatus::Opportunity.into(),
        secondary_gas_statuses: vec!["Pricing Sent".into(), "On Hold".into()],
        ..company
    };
    let saved = app.update(&app.admin, opportunity, &["primary_gas_status", "secondary_gas_statuses"]).await.unwrap();
    assert_eq!(saved.secondary_gas_statuses.len(), 2);
    let customer = Company { primary_gas_status: PrimaryStatus::Customer.into(), ..saved };
    let cleared = app.update(&app.admin, customer, &["primary_gas_status"]).await.unwrap();
    assert!(cleared.secondary_gas_statuses.is_empty());
    assert_eq!(cleared.primary_gas_status(), PrimaryStatus::Customer);
}

#[tokio::test]
async fn an_area_changes_only_while_its_primary_status_is_prospect() {
    let app = spawn_app().await;
    let company = app.company("Area Co", 0).await;
    let refused = app.update(
        &app.admin,
        Company { electric_area_utility_id: 7, ..company.clone() },
        &["electric_area_utility_id"],
    );
    assert_eq!(
        refused.await.unwrap_err().message(),
        "The electric area can be changed only while the electric status is Prospect."
    );
    let prospect =
        Company { primary_electric_status: PrimaryStatus::Prospect.into(), electric_area_utility_id: 7, ..company };
    let saved =
        app.update(&app.admin, prospect, &["primary_electric_status", "electric_area_utility_id"]).await.unwrap();
    assert_eq!(saved.electric_area_utility_id, 7);
}

#[tokio::test]
async fn bad_values_are_refused_with_a_clear_message() {
    let app = spawn_app().await;
    let company = app.company("Values Co", 0).await;
    let usage = app.update(&app.admin, Company { gas_usage: "lots".into(), ..company.clone() }, &["gas_usage"]).await;
    assert_eq!(usage.unwrap_err().message(), "Gas usage must be a number.");
    let day = app.update(
        &app.admin,
        Company { gas_contract_end_date: date(2027, 2, 30), ..company.clone() },
        &["gas_contract_end_date"],
    );
    assert_eq!(day.await.unwrap_err().message(), "Gas contract end date must be a valid date between 1900 and 2200.");
    let state = app.update(&app.admin, Company { state: "XX".into(), ..company.clone() }, &["state"]).await;
    assert_eq!(state.unwrap_err().code(), Code::InvalidArgument);
    let name = app.update(&app.admin, Company { name: " ".into(), ..company.clone() }, &["name"]).await;
    assert_eq!(name.unwrap_err().message(), "Name is required.");
    assert_eq!(app.get(&app.admin, company.company_id).await.unwrap().version, 1, "nothing was written");
}

#[tokio::test]
async fn two_people_editing_different_fields_both_keep_their_edits() {
    let app = spawn_app().await;
    let read_by_both = app.company("Race Co", 0).await;
    let first = Company { city: "Boston".into(), ..read_by_both.clone() };
    app.update(&app.management, first, &["city"]).await.unwrap();
    // The admin read version 1, before the city changed; the zip is theirs to change.
    let second = Company { zip: "02110".into(), ..read_by_both };
    let saved = app.update(&app.admin, second, &["zip"]).await.unwrap();
    // The reply carries the current record: both people's values.
    assert_eq!((saved.city.as_str(), saved.zip.as_str(), saved.version), ("Boston", "02110", 3));
}

#[tokio::test]
async fn a_field_someone_else_changed_after_it_was_read_is_refused_and_nothing_is_written() {
    let app = spawn_app().await;
    let read_by_both = app.company("Clash Co", 0).await;
    app.update(&app.management, Company { city: "Boston".into(), ..read_by_both.clone() }, &["city"]).await.unwrap();
    let mine = Company { city: "Albany".into(), zip: "12207".into(), ..read_by_both.clone() };
    let refused = app.update(&app.admin, mine.clone(), &["city", "zip"]).await.unwrap_err();
    assert_eq!(refused.code(), Code::Aborted);
    assert_eq!(
        refused.message(),
        "Someone else changed the city of this company after you opened it. Their value is shown now."
    );
    let now = app.get(&app.admin, read_by_both.company_id).await.unwrap();
    assert_eq!((now.city.as_str(), now.zip.as_str(), now.version), ("Boston", "", 2), "the zip waits with the city");
    // Applying theirs again with the version now read goes through.
    let again = app.update(&app.admin, Company { version: now.version, ..mine }, &["city", "zip"]).await.unwrap();
    assert_eq!((again.city.as_str(), again.zip.as_str()), ("Albany", "12207"));
}

#[tokio::test]
async fn the_same_value_or_ones_own_earlier_edit_is_no_conflict() {
    let app = spawn_app().await;
    let read = app.company("Calm Co", 0).await;
    app.update(&app.management, Company { city: "Boston".into(), ..read.clone() }, &["city"]).await.unwrap();
    // The same value someone else just saved: nothing to refuse.
    let same = app.update(&app.admin, Company { city: "Boston".into(), ..read.clone() }, &["city"]).await.unwrap();
    assert_eq!(same.version, 2);
    // The admin's own edits after their read never conflict with the admin.
    let own = app.update(&app.admin, Company { zip: "1".into(), ..read.clone() }, &["zip"]).await.unwrap();
    let own_again = app.update(&app.admin, Company { zip: "2".into(), ..read }, &["zip"]).await.unwrap();
    assert_eq!((own.version, own_again.zip.as_str()), (3, "2"));
}

#[tokio::test]
async fn a_whole_record_save_keeps_newer_values_of_fields_it_sends_back_unchanged() {
    let app = spawn_app().await;
    let read = app.company("Whole Co", 0).await;
    app.update(&app.management, Company { city: "Boston".into(), ..read.clone() }, &["city"]).await.unwrap();
    // An older client saves the whole record it read (city still empty) with a new zip.
    let whole = Company { zip: "02110".into(), ..read.clone() };
    let saved = app.update(&app.admin, whole, &["*"]).await.unwrap();
    assert_eq!((saved.city.as_str(), saved.zip.as_str()), ("Boston", "02110"));
    // Without a version the record is taken as read now: what differs is written.
    let unversioned = Company { city: "Salem".into(), version: 0, ..saved };
    let saved = app.update(&app.admin, unversioned, &["city"]).await.unwrap();
    assert_eq!(saved.city, "Salem");
}

#[tokio::test]
async fn forty_saves_at_once_of_different_fields_all_land() {
    let app = spawn_app().await;
    let read = app.company("Busy Co", 0).await;
    let fields: [&[&str]; 3] = [&["city"], &["zip"], &["address"]];
    let saves = (0..40).map(|index| {
        let field = fields[index % 3];
        let mut company = read.clone();
        match field[0] {
            "city" => company.city = format!("City {index}"),
            "zip" => company.zip = format!("{index}"),
            _ => company.address = format!("{index} Main St"),
        }
        let user = if index % 2 == 0 { &app.management } else { &app.admin };
        app.update(user, company, field)
    });
    let results = futures::future::join_all(saves).await;
    // Saves of a field another person saved meanwhile are refused; none is lost silently.
    let landed = results.iter().filter(|result| result.is_ok()).count() as i64;
    for result in &results {
        if let Err(status) = result {
            assert_eq!(status.code(), Code::Aborted, "{status:?}");
        }
    }
    let now = app.get(&app.admin, read.company_id).await.unwrap();
    let history = app
        .count(&format!(
            "select count(*) from crm.company_change where company_id = {} and kind = 'updated'",
            read.company_id
        ))
        .await;
    assert_eq!(now.version - 1, history, "every version is one recorded save");
    assert!(landed >= 3 && now.version - 1 <= landed, "landed {landed}, version {}", now.version);
}

#[tokio::test]
async fn every_change_is_kept_in_history_with_an_event_in_the_same_transaction() {
    let app = spawn_app().await;
    let company = app.company("History Co", 0).await;
    let changed = Company { city: "Denver".into(), w9: true, ..company.clone() };
    let saved = app.update(&app.admin, changed, &["city", "w9"]).await.unwrap();
    // Saving the same values again changes nothing and records nothing.
    app.update(&app.admin, saved, &["city"]).await.unwrap();
    let request =
        authed(&app.sales, ListCompanyChangesRequest { company_id: company.company_id, ..Default::default() });
    assert_eq!(app.companies().list_company_changes(request).await.unwrap_err().code(), Code::NotFound);

    let request = authed(&app.care, ListCompanyChangesRequest { company_id: company.company_id, ..Default::default() });
    let changes = app.companies().list_company_changes(request).await.unwrap().into_inner().changes;
    assert_eq!(changes.len(), 2);
    assert_eq!(changes[0].kind, "updated");
    assert_eq!(changes[0].user_id, app.admin.id);
    let fields: Vec<_> =
        changes[0].fields.iter().map(|f| (f.field.as_str(), f.old_value.as_str(), f.new_value.as_str())).collect();
    assert_eq!(fields, vec![("city", "", "Denver"), ("w9", "false", "true")]);
    assert_eq!(changes[1].kind, "created");
    assert_eq!(app.published(|_| true).await, 2);
}

#[tokio::test]
async fn the_list_filters_combine_and_name_search_ignores_case_and_accents() {
    let app = spawn_app().await;
    let make = |name: &str, electric: PrimaryStatus, usage: &str, end: Option<Date>, inside: i64| Company {
        name: name.into(),
        primary_electric_status: electric.into(),
        electric_usage: usage.into(),
        electric_contract_end_date: end,
        inside_user_id: inside,
        ..Default::default()
    };
    for company in [
        make("Café Lumière", PrimaryStatus::Prospect, "500000", date(2027, 1, 31), app.sales.id),
        make("Cafeteria Services", PrimaryStatus::Customer, "2000000", date(2028, 6, 30), app.sales2.id),
        make("Bakery Central", PrimaryStatus::Prospect, "900000", date(2027, 5, 31), app.sales.id),
        make("50% Off Outlet", PrimaryStatus::Dead, "", None, 0),
    ] {
        app.create(&app.management, company).await.unwrap();
    }
    let by_name = |q: &str| CompanyFilter { name_query: q.into(), ..Default::default() };
    let mut cafes = app.names(&app.admin, by_name("CAFE")).await;
    cafes.sort();
    assert_eq!(cafes, vec!["Cafeteria Services", "Café Lumière"]);
    assert_eq!(app.names(&app.admin, by_name("lumiere")).await, vec!["Café Lumière"]);
    assert_eq!(app.names(&app.admin, by_name("50%")).await, vec!["50% Off Outlet"]);
    assert!(app.names(&app.admin, by_name("%")).await.len() == 1, "wildcards are literal");

    let combined = CompanyFilter {
        primary_electric_statuses: vec![PrimaryStatus::Prospect.into()],
        min_electric_usage: "600,000".into(),
        electric_contract_end_to: date(2027, 12, 31),
        ..Default::default()
    };
    assert_eq!(app.names(&app.admin, combined).await, vec!["Bakery Central"]);
    let team = CompanyFilter { team_user_ids: vec![app.sales2.id], ..Default::default() };
    assert_eq!(app.names(&app.admin, team).await, vec!["Cafeteria Services"]);
    let max = CompanyFilter { max_electric_usage: "600000".into(), ..Default::default() };
    assert_eq!(app.names(&app.admin, max).await, vec!["Café Lumière"]);
}

#[tokio::test]
async fn companies_come_in_pages_by_name_with_the_total() {
    let app = spawn_app().await;
    for index in 0..7 {
        app.company(&format!("Page Co {index}"), 0).await;
    }
    let mut seen = Vec::new();
    let mut token = String::new();
    loop {
        let first = token.is_empty();
        let request =
            ListCompaniesRequest { page_size: 3, page_token: token, include_total_size: first, ..Default::default() };
        let page = app.companies().list_companies(authed(&app.admin, request)).await.unwrap().into_inner();
        // The total is counted only when asked for.
        assert_eq!(page.total_size, if first { 7 } else { 0 });
        seen.extend(page.companies.into_iter().map(|c| c.name));
        if page.next_page_token.is_empty() {
            break;
        }
        token = page.next_page_token;
    }
    let expected: Vec<String> = (0..7).map(|i| format!("Page Co {i}")).collect();
    assert_eq!(seen, expected);
}

#[tokio::test]
async fn a_search_may_count_its_matches_only_up_to_a_limit() {
    let app = spawn_app().await;
    for index in 0..7 {
        app.company(&format!("Limit Co {index}"), 0).await;
    }
    let filter = CompanyFilter { name_query: "limit co".into(), ..Default::default() };
    let companies = app.companies();
    let list = |total_size_limit: i32| {
        let request = ListCompaniesRequest {
            page_size: 3,
            filter: Some(filter.clone()),
            include_total_size: true,
            total_size_limit,
            ..Default::default()
        };
        let (mut companies, request) = (companies.clone(), authed(&app.admin, request));
        async move { companies.list_companies(request).await }
    };
    // (limit, total_size, exceeds): 0 counts them all.
    for (limit, size, exceeds) in [(0, 7, false), (5, 5, true), (6, 6, true), (7, 7, false), (50, 7, false)] {
        let page = list(limit).await.unwrap().into_inner();
        assert_eq!((page.total_size, page.total_size_exceeds_limit), (size, exceeds), "limit {limit}");
        // The page itself is the same however far it was counted.
        let names: Vec<_> = page.companies.into_iter().map(|c| c.name).collect();
        assert_eq!(names, ["Limit Co 0", "Limit Co 1", "Limit Co 2"], "limit {limit}");
    }
    assert_eq!(list(-1).await.unwrap_err().code(), Code::InvalidArgument);
}

/// Lists above 5,000 matches walk the name index; smaller ones gather their matches and sort them.
/// Both must give the same pages as a plain ordered query.
#[tokio::test]
async fn pages_match_a_plain_ordered_query_whether_matches_are_many_or_few() {
    let app = spawn_app().await;
    let users = vec![app.sales.id, app.sales2.id, app.care.id];
    let plan = eris_crm::seed::SeedPlan {
        notes: 0,
        tasks: 0,
        call_banks: 0,
        accounts: 0,
        large_company_accounts: 0,
        contacts: 0,
        ..SeedPlan::for_companies(6_000, 5, users, Default::default(), Default::default())
    };
    eris_crm::seed::generate(&app.database.args(), &plan).await.unwrap();
    let pool = sqlx::PgPool::connect(&app.database.url()).await.unwrap();
    let prospect =
        CompanyFilter { primary_electric_statuses: vec![PrimaryStatus::Prospect.into()], ..Default::default() };
    // Counted exactly (a count, then a page) and as the search drawer counts (up to 5,000, with
    // the page in the same statement).
    let filters = [(CompanyFilter::default(), "true"), (prospect, "primary_electric_status = 'Prospect'")];
    for ((filter, condition), limit) in filters.iter().flat_map(|filter| [(filter, 0), (filter, 5_000)]) {
        let sql = format!("select company_id from crm.company where {condition} order by name, company_id");
        let expected: Vec<i64> = sqlx::query_scalar(&sql).fetch_all(&pool).await.unwrap();
        let (mut seen, mut token) = (Vec::new(), String::new());
        loop {
            let request = ListCompaniesRequest {
                page_size: 500,
                page_token: token,
                filter: Some(filter.clone()),
                include_total_size: true,
                total_size_limit: limit,
                ..Default::default()
            };
            let page = app.companies().list_companies(authed(&app.admin, request)).await.unwrap().into_inner();
            let exact = expected.len() as i64;
            let shown = if limit == 0 { exact } else { exact.min(i64::from(limit)) };
            assert_eq!((page.total_size, page.total_size_exceeds_limit), (shown, shown < exact), "{condition}");
            seen.extend(page.companies.iter().map(|c| c.company_id));
            if page.next_page_token.is_empty() {
                break;
            }
            token = page.next_page_token;
        }
        assert_eq!(seen, expected, "{condition}, counted up to {limit}");
    }
    let sizes: Vec<i64> = sqlx::query_scalar(
        "select count(*) from crm.company union all select count(*) from crm.company where primary_electric_status = 'Prospect'",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert!(sizes[0] > 5_000 && (500..=5_000).contains(&sizes[1]), "both ways are taken: {sizes:?}");

    // Other orders page alike, empty values last, ties by id in the same direction.
    for (order_by, order) in [
        ("city desc", "city desc, company_id desc"),
        ("electric_usage", "electric_usage asc nulls last, company_id"),
        ("electric_contract_end_date desc", "electric_contract_end_date desc nulls last, company_id desc"),
        ("primary_gas_status", "primary_gas_status asc nulls last, company_id"),
    ] {
        let sql =
            format!("select company_id from crm.company where primary_electric_status = 'Prospect' order by {order}");
        let expected: Vec<i64> = sqlx::query_scalar(&sql).fetch_all(&pool).await.unwrap();
        let (mut seen, mut token) = (Vec::new(), String::new());
        loop {
            let request = ListCompaniesRequest {
                page_size: 97,
                page_token: token,
                filter: Some(CompanyFilter {
                    primary_electric_statuses: vec![PrimaryStatus::Prospect.into()],
                    ..Default::default()
                }),
                order_by: order_by.into(),
                ..Default::default()
            };
            let page = app.companies().list_companies(authed(&app.admin, request)).await.unwrap().into_inner();
            seen.extend(page.companies.iter().map(|c| c.company_id));
            if page.next_page_token.is_empty() {
                break;
            }
            token = page.next_page_token;
        }
        assert_eq!(seen, expected, "{order_by}");
    }
}

#[tokio::test]
async fn a_page_token_works_only_with_the_order_it_was_made_for() {
    let app = spawn_app().await;
    for index in 0..4 {
        app.company(&format!("Order Co {index}"), 0).await;
    }
    let first = ListCompaniesRequest { page_size: 2, order_by: "city desc".into(), ..Default::default() };
    let page = app.companies().list_companies(authed(&app.admin, first)).await.unwrap().into_inner();
    assert!(!page.next_page_token.is_empty());
    let other = ListCompaniesRequest {
        page_size: 2,
        order_by: "zip".into(),
        page_token: page.next_page_token,
        ..Default::default()
    };
    let refused = app.companies().list_companies(authed(&app.admin, other)).await.unwrap_err();
    assert_eq!(refused.code(), Code::InvalidArgument);
    let unknown = ListCompaniesRequest { order_by: "version".into(), ..Default::default() };
    let refused = app.companies().list_companies(authed(&app.admin, unknown)).await.unwrap_err();
    assert_eq!(refused.message(), "Companies cannot be ordered by version.");
}

/// A page past the last match (its rows deleted since the token was made) is empty and still
/// says how many match.
#[tokio::test]
async fn a_page_past_the_last_match_still_counts_the_matches() {
    let app = spawn_app().await;
    let mut made = Vec::new();
    for index in 0..4 {
        made.push(app.company(&format!("Ended Co {index}"), 0).await);
    }
    let request = |token: String| ListCompaniesRequest {
        page_size: 2,
        page_token: token,
        filter: Some(CompanyFilter { name_query: "ended".into(), ..Default::default() }),
        include_total_size: true,
        total_size_limit: 5_000,
        ..Default::default()
    };
    let first = app.companies().list_companies(authed(&app.admin, request(String::new()))).await.unwrap();
    let first = first.into_inner();
    assert_eq!((first.companies.len(), first.total_size), (2, 4));
    for company in &made[2..] {
        let delete = DeleteCompanyRequest { company_id: company.company_id };
        app.companies().delete_company(authed(&app.management, delete)).await.unwrap();
    }
    let past = app.companies().list_companies(authed(&app.admin, request(first.next_page_token))).await.unwrap();
    let past = past.into_inner();
    assert_eq!((past.companies.len(), past.total_size, past.next_page_token.as_str()), (0, 2, ""));
}

#[tokio::test]
async fn mass_update_sets_and_resets_roles_in_one_transaction() {
    let app = spawn_app().await;
    let a = app
        .create(&app.management, Company { name: "A".into(), analyst_user_id: app.care.id, ..Default::default() })
        .await
        .unwrap();
    let b = app.company("B", app.sales.id).await;
    let assign = |ids: Vec<i64>, assignments: Vec<TeamAssignment>| AssignTeamsRequest { company_ids: ids, assignments };
    let set_closer = TeamAssignment { role: TeamRole::Closer.into(), user_id: app.sales2.id };
    let reset_analyst = TeamAssignment { role: TeamRole::Analyst.into(), user_id: 0 };

    let refused = app.companies().assign_teams(authed(&app.sales, assign(vec![a.company_id], vec![set_closer]))).await;
    assert_eq!(refused.unwrap_err().code(), Code::PermissionDenied);
    // One unknown company: nothing changes at all.
    let partial =
        app.companies().assign_teams(authed(&app.admin, assign(vec![a.company_id, 999_999], vec![set_closer]))).await;
    assert_eq!(partial.unwrap_err().code(), Code::NotFound);
    assert_eq!(app.get(&app.admin, a.company_id).await.unwrap().closer_user_id, 0);

    let done = app
        .companies()
        .assign_teams(authed(&app.admin, assign(vec![a.company_id, b.company_id], vec![set_closer, reset_analyst])))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(done.updated_count, 2);
    let a = app.get(&app.admin, a.company_id).await.unwrap();
    let b = app.get(&app.admin, b.company_id).await.unwrap();
    assert_eq!((a.closer_user_id, a.analyst_user_id), (app.sales2.id, 0));
    assert_eq!((b.closer_user_id, b.inside_user_id), (app.sales2.id, app.sales.id), "other roles are kept");
    assert_eq!(app.count("select count(*) from crm.company_change where kind = 'teams assigned'").await, 2);
}

#[tokio::test]
async fn only_management_adds_affiliates_and_names_are_unique() {
    let app = spawn_app().await;
    let add = |user: &User, name: &str| {
        let mut client = app.companies();
        let request = authed(user, CreateAffiliateRequest { name: name.into() });
        async move { client.create_affiliate(request).await }
    };
    assert_eq!(add(&app.admin, "Green Partners").await.unwrap_err().code(), Code::PermissionDenied);
    add(&app.management, "Green Partners").await.unwrap();
    let again = add(&app.management, "green partners").await.unwrap_err();
    assert_eq!((again.code(), again.message()), (Code::AlreadyExists, "This affiliate already exists."));
    let names =
        app.companies().list_affiliates(authed(&app.sales, ListAffiliatesRequest {})).await.unwrap().into_inner().names;
    assert_eq!(names, vec!["Green Partners"]);
}

#[tokio::test]
async fn notes_are_added_by_editors_and_read_by_whoever_sees_the_company() {
    let app = spawn_app().await;
    let company = app.company("Noted Co", app.sales.id).await;
    let notes = NoteServiceClient::new(app.crm.clone());
    let note = |service: &str| Note {
        company_id: company.company_id,
        text: "Spoke with the facilities manager".into(),
        service: service.into(),
        follow_up_date: date(2027, 2, 1),
        ..Default::default()
    };
    let created = notes
        .clone()
        .create_note(authed(&app.care, CreateNoteRequest { note: Some(note("")) }))
        .await
        .unwrap()
        .into_inner()
        .note
        .unwrap();
    assert_eq!((created.service.as_str(), created.user_id), ("All", app.care.id));
    let wrong = notes.clone().create_note(authed(&app.care, CreateNoteRequest { note: Some(note("Solar")) })).await;
    assert_eq!(wrong.unwrap_err().code(), Code::InvalidArgument);
    let by_sales = notes.clone().create_note(authed(&app.sales, CreateNoteRequest { note: Some(note("DR")) })).await;
    assert_eq!(by_sales.unwrap_err().code(), Code::PermissionDenied);
    let listed = notes
        .clone()
        .list_notes(authed(&app.sales, ListNotesRequest { company_id: company.company_id, ..Default::default() }))
        .await
        .unwrap()
        .into_inner()
        .notes;
    assert_eq!(listed.len(), 1);
    let hidden = notes
        .clone()
        .list_notes(authed(&app.sales2, ListNotesRequest { company_id: company.company_id, ..Default::default() }))
        .await;
    assert_eq!(hidden.unwrap_err().code(), Code::NotFound);
}

#[tokio::test]
async fn a_month_calendar_reads_each_business_days_first_tasks_with_every_days_count() {
    let app = spawn_app().await;
    let tasks = TaskServiceClient::new(app.crm.clone());
    // 2030-03-04 in New York (business time, EST): 09:00 to 12:00, and 21:00, which is already
    // March 5th in UTC; and one task on the 5th.
    let at = |seconds: i64| Some(prost_types::Timestamp { seconds, nanos: 0 });
    let march_4_9am = 1_898_863_200;
    let dues =
        [march_4_9am + 3 * 3600, march_4_9am, march_4_9am + 12 * 3600, march_4_9am + 3600, march_4_9am + 24 * 3600];
    for (n, due) in dues.into_iter().enumerate() {
        let task = Task { due_time: at(due), ..follow_up(&format!("Call {n}"), vec![app.sales.id], 0) };
        tasks.clone().create_task(authed(&app.admin, CreateTaskRequest { task: Some(task) })).await.unwrap();
    }
    let month = |user: &User, assignee: i64, per_day_limit: i32, days: i64| {
        let request = ListTasksRequest {
            assignee_user_id: assignee,
            due_from: at(march_4_9am - 40 * 86_400),
            due_to: at(march_4_9am - 40 * 86_400 + days * 86_400),
            per_day_limit,
            ..Default::default()
        };
        let mut tasks = tasks.clone();
        let request = authed(user, request);
        async move { tasks.list_tasks(request).await.map(tonic::Response::into_inner) }
    };
    let listed = month(&app.sales, app.sales.id, 2, 42).await.unwrap();
    let subjects: Vec<&str> = listed.tasks.iter().map(|t| t.subject.as_str()).collect();
    assert_eq!(subjects, ["Call 1", "Call 3", "Call 4"], "the first two of the 4th by due time, the one of the 5th");
    let counts: Vec<(Option<Date>, i32)> = listed.day_counts.iter().map(|c| (c.day, c.count)).collect();
    assert_eq!(counts, [(date(2030, 3, 4), 4), (date(2030, 3, 5), 1)], "days of the business clock, not UTC");
    assert!(listed.next_page_token.is_empty());

    // Management may read anyone's month; a Sales user only their own. A limit and a range are
    // bounded, and a list by day needs both ends of its range.
    assert_eq!(month(&app.management, app.sales.id, 2, 42).await.unwrap().tasks.len(), 3);
    assert_eq!(month(&app.sales, app.care.id, 2, 42).await.unwrap_err().code(), Code::PermissionDenied);
    for (limit, days) in [(51, 42), (-1, 42), (4, 63)] {
        let refused = month(&app.sales, app.sales.id, limit, days).await.unwrap_err();
        assert_eq!(refused.code(), Code::InvalidArgument, "{limit} a day over {days} days");
    }
    let open_ended = ListTasksRequest { assignee_user_id: app.sales.id, per_day_limit: 4, ..Default::default() };
    let refused = tasks.clone().list_tasks(authed(&app.sales, open_ended)).await.unwrap_err();
    assert_eq!(refused.message(), "A list by day needs the start and end of its range.");
}

#[tokio::test]
async fn tasks_start_open_belong_to_their_assignees_and_refuse_stale_edits() {
    let app = spawn_app().await;
    let company = app.company("Tasked Co", app.sales.id).await;
    let tasks = TaskServiceClient::new(app.crm.clone());
    let due = |seconds| Some(prost_types::Timestamp { seconds, nanos: 0 });
    let task = Task {
        r#type: "Contract Renewal".into(),
        subject: "Renewal pricing".into(),
        due_time: due(1_900_000_000),
        status: TaskStatus::Closed.into(),
        assignee_user_ids: vec![app.sales.id, app.care.id],
        company_id: company.company_id,
        ..Default::default()
    };
    let created = tasks
        .clone()
        .create_task(authed(&app.admin, CreateTaskRequest { task: Some(task.clone()) }))
        .await
        .unwrap()
        .into_inner()
        .task
        .unwrap();
    assert_eq!(created.status(), TaskStatus::Open, "a new task is Open whatever was sent");
    assert_eq!(created.company_name, "Tasked Co");
    assert_eq!(created.author_user_id, app.admin.id);
    let none = Task { assignee_user_ids: vec![], ..task.clone() };
    let refused =
        tasks.clone().create_task(authed(&app.admin, CreateTaskRequest { task: Some(none) })).await.unwrap_err();
    assert_eq!(refused.message(), "A task needs at least one assignee.");

    let mine = |user: &User, of: i64| authed(user, ListTasksRequest { assignee_user_id: of, ..Default::default() });
    assert_eq!(tasks.clone().list_tasks(mine(&app.sales, app.sales.id)).await.unwrap().into_inner().tasks.len(), 1);
    assert_eq!(
        tasks.clone().list_tasks(mine(&app.sales, app.care.id)).await.unwrap_err().code(),
        Code::PermissionDenied
    );
    assert_eq!(tasks.clone().list_tasks(mine(&app.management, app.care.id)).await.unwrap().into_inner().tasks.len(), 1);
    let window = authed(
        &app.sales,
        ListTasksRequest {
            assignee_user_id: app.sales.id,
            due_from: due(1_800_000_000),
            due_to: due(1_850_000_000),
            ..Default::default()
        },
    );
    assert!(tasks.clone().list_tasks(window).await.unwrap().into_inner().tasks.is_empty());

    let close = Task { status: TaskStatus::Closed.into(), ..created.clone() };
    let closed = tasks
        .clone()
        .update_task(authed(
            &app.sales,
            UpdateTaskRequest { task: Some(close.clone()), update_mask: mask(&["status"]) },
        ))
        .await
        .unwrap()
        .into_inner()
        .task
        .unwrap();
    assert_eq!(closed.status(), TaskStatus::Closed);
    // Closing it again is no conflict (the same value); Care, having read it before Sales' save,
    // may still change what Sales did not touch, but not what Sales changed.
    let renamed =
        Task { subject: "Call back about renewal".into(), status: TaskStatus::Closed.into(), ..close.clone() };
    let renamed = tasks
        .clone()
        .update_task(authed(
            &app.care,
            UpdateTaskRequest { task: Some(renamed), update_mask: mask(&["status", "subject"]) },
        ))
        .await
        .unwrap()
        .into_inner()
        .task
        .unwrap();
    assert_eq!((renamed.subject.as_str(), renamed.status()), ("Call back about renewal", TaskStatus::Closed));
    let stale_subject = Task { subject: "Something else".into(), ..close.clone() };
    let stale = tasks
        .clone()
        .update_task(authed(
            &app.admin,
            UpdateTaskRequest { task: Some(stale_subject.clone()), update_mask: mask(&["subject"]) },
        ))
        .await
        .unwrap_err();
    assert_eq!(stale.code(), Code::Aborted);
    let rewrite = UpdateTaskRequest { task: Some(stale_subject), update_mask: mask(&["subject"]) };
    let refused = tasks.clone().update_task(authed(&app.sales, rewrite)).await.unwrap_err();
    assert_eq!(refused.code(), Code::PermissionDenied, "a Sales assignee does not rewrite the task");
    assert_eq!(
        refused.message(),
        "As an assignee you may change the task's status and add to its description, not rewrite the task."
    );
    let current = tasks
        .clone()
        .get_task(authed(&app.sales, GetTaskRequest { task_id: created.task_id }))
        .await
        .unwrap()
        .into_inner()
        .task
        .unwrap();
    let comment = Task { description: format!("{}\nCalled, no answer.", current.description), ..current.clone() };
    let commented = tasks
        .clone()
        .update_task(authed(&app.sales, UpdateTaskRequest { task: Some(comment), update_mask: mask(&["description"]) }))
        .await
        .expect("a Sales assignee adds to the description");
    assert!(commented.into_inner().task.unwrap().description.ends_with("Called, no answer."));
    let erase = Task { description: "gone".into(), ..current };
    let erase = UpdateTaskRequest { task: Some(erase), update_mask: mask(&["description"]) };
    let erased = tasks.clone().update_task(authed(&app.sales, erase)).await;
    assert_eq!(erased.unwrap_err().code(), Code::PermissionDenied);
    let sales2 = tasks
        .clone()
        .update_task(authed(&app.sales2, UpdateTaskRequest { task: Some(closed), update_mask: mask(&["subject"]) }))
        .await;
    assert_eq!(sales2.unwrap_err().code(), Code::NotFound, "another rep's task is invisible");
}

#[tokio::test]
async fn call_banks_count_their_companies_and_completion_follows_closed_ones() {
    let app = spawn_app().await;
    let banks = CallBankServiceClient::new(app.crm.clone());
    // The assignee (Sales) holds a team role on A and B, not on C.
    let a = app.company("Call A", app.sales.id).await;
    let b = app.company("Call B", app.sales.id).await;
    let c = app.company("Call C", 0).await;
    let bank = CallBank {
        name: "Q1 renewals".into(),
        service_type: "Contract Renewal".into(),
        assignee_user_id: app.sales.id,
        rep_type: "Closer".into(),
        due_date: date(2027, 3, 31),
        ..Default::default()
    };
    let refused = banks
        .clone()
        .create_call_bank(authed(&app.admin, CreateCallBankRequest { call_bank: Some(bank.clone()) }))
        .await;
    assert_eq!(refused.unwrap_err().code(), Code::PermissionDenied);
    let bad_date = CallBank { due_date: date(2027, 13, 1), ..bank.clone() };
    let refused = banks
        .clone()
        .create_call_bank(authed(&app.management, CreateCallBankRequest { call_bank: Some(bad_date) }))
        .await;
    assert_eq!(refused.unwrap_err().message(), "Due date must be a valid date between 1900 and 2200.");
    let created = banks
        .clone()
        .create_call_bank(authed(&app.management, CreateCallBankRequest { call_bank: Some(bank) }))
        .await
        .unwrap()
        .into_inner()
        .call_bank
        .unwrap();

    let members =
        |ids: &[i64]| ids.iter().map(|id| CallBankCompany { company_id: *id, ..Default::default() }).collect();
    let set = SetCallBankCompaniesRequest {
        call_bank_id: created.call_bank_id,
        companies: members(&[a.company_id, b.company_id, c.company_id]),
    };
    let filled = banks
        .clone()
        .set_call_bank_companies(authed(&app.management, set.clone()))
        .await
        .unwrap()
        .into_inner()
        .call_bank
        .unwrap();
    assert_eq!((filled.company_count, filled.closed_count, filled.completion_percent), (3, 0, 0));

    let close = UpdateCallBankCompanyRequest {
        call_bank_id: created.call_bank_id,
        company_id: a.company_id,
        status: CallBankCompanyStatus::Closed.into(),
    };
    let half = banks
        .clone()
        .update_call_bank_company(authed(&app.sales, close))
        .await
        .unwrap()
        .into_inner()
        .call_bank
        .unwrap();
    assert_eq!(half.completion_percent, 33);
    let other = banks.clone().update_call_bank_company(authed(&app.sales2, close)).await.unwrap_err();
    assert_eq!(other.code(), Code::NotFound, "only the assignee and Management");
    let unseen = UpdateCallBankCompanyRequest {
        call_bank_id: created.call_bank_id,
        company_id: c.company_id,
        status: CallBankCompanyStatus::Closed.into(),
    };
    let refused = banks.clone().update_call_bank_company(authed(&app.sales, unseen)).await.unwrap_err();
    assert_eq!(refused.code(), Code::NotFound, "the assignee changes only companies they may see");

    // Saving the list again keeps the closed status.
    let again = banks
        .clone()
        .set_call_bank_companies(authed(&app.management, set))
        .await
        .unwrap()
        .into_inner()
        .call_bank
        .unwrap();
    assert_eq!(again.completion_percent, 33);
    let listed = banks
        .clone()
        .list_call_bank_companies(authed(
            &app.sales,
            ListCallBankCompaniesRequest {
                call_bank_id: created.call_bank_id,
                include_company: true,
                page_size: 1,
                page_token: String::new(),
            },
        ))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(listed.total_size, 2, "the assignee sees only their companies, not C");
    assert_eq!(listed.companies.len(), 1);
    assert_eq!(listed.companies[0].company.as_ref().unwrap().name, "Call A");
    assert_eq!(listed.companies[0].status(), CallBankCompanyStatus::Closed);
    assert!(!listed.next_page_token.is_empty());

    let own =
        banks.clone().list_call_banks(authed(&app.sales2, ListCallBanksRequest::default())).await.unwrap().into_inner();
    assert!(own.call_banks.is_empty());
    let all = banks
        .clone()
        .list_call_banks(authed(&app.management, ListCallBanksRequest::default()))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(all.call_banks.len(), 1);
}

#[tokio::test]
async fn people_named_in_a_request_must_be_active_users() {
    let app = spawn_app().await;
    let tasks = TaskServiceClient::new(app.crm.clone());
    let task = |assignees: Vec<i64>| follow_up("Ring back", assignees, 0);
    let bogus = CreateTaskRequest { task: Some(task(vec![987_654])) };
    let bogus = tasks.clone().create_task(authed(&app.admin, bogus)).await.unwrap_err();
    assert_eq!(bogus.code(), Code::InvalidArgument);
    assert_eq!(bogus.message(), "Choose active users only: a chosen user does not exist or is inactive.");
    let company = Company { name: "Ghost Team Co".into(), closer_user_id: 987_654, ..Default::default() };
    assert_eq!(app.create(&app.management, company).await.unwrap_err().code(), Code::InvalidArgument);
    let assign = AssignTeamsRequest {
        company_ids: vec![app.company("Real Co", 0).await.company_id],
        assignments: vec![TeamAssignment { role: TeamRole::Closer.into(), user_id: 987_654 }],
    };
    let companies = CompanyServiceClient::new(app.crm.clone());
    assert_eq!(
        companies.clone().assign_teams(authed(&app.admin, assign)).await.unwrap_err().code(),
        Code::InvalidArgument
    );
    assert!(
        tasks
            .clone()
            .create_task(authed(&app.admin, CreateTaskRequest { task: Some(task(vec![app.sales.id])) }))
            .await
            .is_ok()
    );
}

#[tokio::test]
async fn a_sales_assignee_does_not_see_the_name_of_a_company_they_may_not_see() {
    let app = spawn_app().await;
    let hidden = app.company("Secret Prospect Co", 0).await;
    let tasks = TaskServiceClient::new(app.crm.clone());
    let task = follow_up("Help with the bill", vec![app.sales.id], hidden.company_id);
    let created = tasks.clone().create_task(authed(&app.admin, CreateTaskRequest { task: Some(task) })).await.unwrap();
    let task_id = created.into_inner().task.unwrap().task_id;
    let seen = tasks.clone().get_task(authed(&app.sales, GetTaskRequest { task_id })).await.unwrap().into_inner();
    assert_eq!(seen.task.unwrap().company_name, "");
    let mine = ListTasksRequest { assignee_user_id: app.sales.id, ..Default::default() };
    let listed = tasks.clone().list_tasks(authed(&app.sales, mine)).await.unwrap().into_inner().tasks;
    assert!(listed.iter().all(|task| task.company_name.is_empty()), "{listed:?}");
    let by_admin = tasks.clone().get_task(authed(&app.admin, GetTaskRequest { task_id })).await.unwrap().into_inner();
    assert_eq!(by_admin.task.unwrap().company_name, "Secret Prospect Co");
}

#[tokio::test]
async fn crm_refuses_revoked_tokens_after_redis_forgets_them_and_keeps_a_forced_reset() {
    let app = spawn_app().await;
    let companies = CompanyServiceClient::new(app.crm.clone());
    let list = |user: &User| authed(user, ListCompaniesRequest { page_size: 5, ..Default::default() });
    assert!(companies.clone().list_companies(list(&app.care)).await.is_ok());
    AuthServiceClient::new(app.identity.clone()).sign_out(authed(&app.care, SignOutRequest::default())).await.unwrap();
    app.database.flush_redis().await;
    let refused = companies.clone().list_companies(list(&app.care)).await.unwrap_err();
    assert_eq!(refused.code(), Code::Unauthenticated, "crm asks identity when the cache is gone");

    let reset = authed(&app.management, ResetUserPasswordRequest { user_id: app.sales2.id });
    let one_time = UserServiceClient::new(app.identity.clone()).reset_user_password(reset).await.unwrap();
    let request =
        SignInRequest { username: "sales2@eris.test".into(), password: one_time.into_inner().one_time_password };
    let signed_in = AuthServiceClient::new(app.identity.clone()).sign_in(request).await.unwrap().into_inner();
    app.database.flush_redis().await;
    let pending = User { id: app.sales2.id, token: signed_in.token };
    let blocked = companies.clone().list_companies(list(&pending)).await.unwrap_err();
    assert_eq!(blocked.code(), Code::FailedPrecondition, "{blocked:?}");
}

#[tokio::test]
async fn the_snapshot_is_every_company_as_its_outbox_fills_it_and_only_services_may_read_it() {
    use eris_proto::crm::v1::CompanyEvent;
    use prost::Message;
    let app = spawn_app().await;
    let kept = app.company("Kept Co", app.sales.id).await;
    let team = Company {
        name: "Team Co".into(),
        closer_user_id: app.sales2.id,
        support_analyst1_user_id: app.care.id,
        ..Default::default()
    };
    let teamed = app.create(&app.management, team).await.unwrap();
    let gone = app.company("Gone Co", app.sales.id).await;
    app.companies()
        .delete_company(authed(&app.management, DeleteCompanyRequest { company_id: gone.company_id }))
        .await
        .unwrap();
    let renamed =
        app.update(&app.management, Company { name: "Kept Renamed".into(), ..kept }, &["name"]).await.unwrap();

    let events = eris_platform::testing::checked_snapshot(&app.database, app.crm.clone(), &app.management.token).await;
    assert!(events.iter().all(|e| e.event_type == "company.updated"), "the outbox's type for a changed company");
    let decoded: Vec<CompanyEvent> =
        events.iter().map(|e| CompanyEvent::decode(e.payload.as_slice()).unwrap()).collect();
    assert!(
        decoded
            .iter()
            .zip(&events)
            .all(|(d, e)| d.what() == eris_proto::crm::v1::CompanyEventKind::Updated && d.company_id == e.aggregate_id)
    );
    let companies: Vec<Company> = decoded.into_iter().map(|d| d.company.unwrap()).collect();
    assert_eq!(companies, vec![renamed.clone(), teamed], "every company but the deleted one, as the API answers it");
    let published = app.database.published_events(eris_crm::SCHEMA).await;
    let last = published.iter().rev().find(|e| e.aggregate_id == renamed.company_id).unwrap();
    assert_eq!(last.event_type, "company.updated");
    let outbox_company = CompanyEvent::decode(last.payload.as_slice()).unwrap().company.unwrap();
    assert_eq!(outbox_company, companies[0], "the company exactly as the outbox's event carries it");
}

#[path = "api/accounts.rs"]
mod accounts;
