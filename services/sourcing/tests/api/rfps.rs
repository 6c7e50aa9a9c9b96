//! Requests for pricing, with real identity, crm and sourcing services: companies and accounts
//! are crm's, checked there on the caller's behalf.

use std::io::Cursor;

use calamine::{Data, Reader, Xlsx};
use eris_identity::testing::DEMO_PASSWORD;
use eris_platform::testing::TestDatabase;
use eris_proto::{
    common::v1::Date,
    crm::v1::{
        Account, AccountCommodity, Company, CreateAccountRequest, CreateCompanyRequest, UpdateUsageRequest, UsageMonth,
        account_service_client::AccountServiceClient, company_service_client::CompanyServiceClient,
    },
    identity::v1::{SignInRequest, auth_service_client::AuthServiceClient},
    sourcing::v1::{
        Commodity, CreateRfpQuoteRequest, CreateRfpRequest, CreateSupplierRequest, DeleteRfpQuoteRequest,
        DeleteRfpRequest, DeleteSupplierRequest, ExportRfpRequest, ExportRfpsRequest, GetRfpRequest,
        ListRfpQuotesRequest, ListRfpsRequest, ListUserRfpsRequest, Rfp, RfpOutcome, RfpQuote, SetRfpOutcomeRequest,
        Supplier, UpdateRfpRequest, rfp_service_client::RfpServiceClient,
        supplier_service_client::SupplierServiceClient,
    },
};
use prost_types::FieldMask;
use tonic::{Code, Request, Status, transport::Channel};

struct User {
    token: String,
    id: i64,
}

struct App {
    sourcing: Channel,
    crm: Channel,
    database: TestDatabase,
    management: User,
    admin: User,
    sales: User,
    care: User,
    peco: i64,
    nicor: i64,
}

async fn spawn_app() -> App {
    spawn_app_seeing(2000).await
}

/// With Sales users seeing more than `few_companies` companies filtered page by page.
async fn spawn_app_seeing(few_companies: i32) -> App {
    let database = TestDatabase::new().await;
    let identity = eris_identity::testing::spawn(&database, |_| {}).await;
    let identity_url = format!("http://{identity}");
    // Each service must know the other's address before either starts.
    let sourcing_listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let sourcing_url = format!("http://{}", sourcing_listener.local_addr().unwrap());
    let crm = eris_crm::testing::spawn_with_sourcing(&database, identity_url.clone(), sourcing_url).await;
    let sourcing = eris_sourcing::testing::spawn_on(
        sourcing_listener,
        &database,
        identity_url,
        format!("http://{crm}"),
        few_companies,
    );
    let demo = eris_sourcing::seed::demo_utilities(&database.args()).await.unwrap();
    let identity = Channel::from_shared(format!("http://{identity}")).unwrap().connect_lazy();
    let sign_in = |email: &'static str| {
        let identity = identity.clone();
        async move {
            let request = SignInRequest { username: email.into(), password: DEMO_PASSWORD.into() };
            let answer = AuthServiceClient::new(identity).sign_in(request).await.unwrap().into_inner();
            User { token: answer.token, id: answer.user.unwrap().user_id }
        }
    };
    App {
        sourcing: Channel::from_shared(format!("http://{sourcing}")).unwrap().connect_lazy(),
        crm: Channel::from_shared(format!("http://{crm}")).unwrap().connect_lazy(),
        management: sign_in("management@eris.test").await,
        admin: sign_in("admin@eris.test").await,
        sales: sign_in("sales@eris.test").await,
        care: sign_in("care@eris.test").await,
        peco: demo.electric[0],
        nicor: demo.gas.iter().copied().find(|id| *id > 0).unwrap(),
        database,
    }
}

fn authed<T>(user: &User, message: T) -> Request<T> {
    let mut request = Request::new(message);
    request.metadata_mut().insert("authorization", format!("Bearer {}", user.token).parse().unwrap());
    request
}

fn mask(paths: &[&str]) -> Option<FieldMask> {
    Some(FieldMask { paths: paths.iter().map(|p| (*p).to_owned()).collect() })
}

fn day(year: i32, month: i32, day: i32) -> Option<Date> {
    Some(Date { year, month, day })
}

impl App {
    fn rfps(&self) -> RfpServiceClient<Channel> {
        RfpServiceClient::new(self.sourcing.clone())
    }

    async fn company(&self, name: &str, inside_user_id: i64) -> i64 {
        let company = Company { name: name.into(), inside_user_id, ..Default::default() };
        let request = authed(&self.management, CreateCompanyRequest { company: Some(company) });
        CompanyServiceClient::new(self.crm.clone())
            .create_company(request)
            .await
            .unwrap()
            .into_inner()
            .company
            .unwrap()
            .company_id
    }

    async fn account(&self, company_id: i64, number: &str, commodity: AccountCommodity) -> i64 {
        let utility_id = if commodity == AccountCommodity::Gas { self.nicor } else { self.peco };
        let account = Account {
            company_id,
            name: format!("Site {number}"),
            account_number: number.into(),
            commodity: commodity.into(),
            utility_id,
            rate_class: "GS".into(),
            plc: if commodity == AccountCommodity::Electric { "120.5".into() } else { String::new() },
            ..Default::default()
        };
        let request = authed(&self.management, CreateAccountRequest { account: Some(account) });
        AccountServiceClient::new(self.crm.clone())
            .create_account(request)
            .await
            .unwrap()
            .into_inner()
            .account
            .unwrap()
            .account_id
    }

    async fn supplier(&self, name: &str, commodity: Commodity) -> i64 {
        let supplier = Supplier { name: name.into(), commodity: commodity.into(), ..Default::default() };
        let request = authed(&self.management, CreateSupplierRequest { supplier: Some(supplier) });
        SupplierServiceClient::new(self.sourcing.clone())
            .create_supplier(request)
            .await
            .unwrap()
            .into_inner()
            .supplier
            .unwrap()
            .supplier_id
    }

    async fn create(&self, user: &User, rfp: Rfp) -> Result<Rfp, Status> {
        Ok(self.rfps().create_rfp(authed(user, CreateRfpRequest { rfp: Some(rfp) })).await?.into_inner().rfp.unwrap())
    }

    async fn list(&self, user: &User, company_id: i64, query: &str) -> Result<Vec<Rfp>, Status> {
        let request = ListRfpsRequest { company_id, query: query.into(), ..Default::default() };
        Ok(self.rfps().list_rfps(authed(user, request)).await?.into_inner().rfps)
    }

    /// The types of the RFP events published to the sourcing stream, oldest first.
    async fn outbox(&self) -> Vec<String> {
        let events = self.database.published_events(eris_sourcing::SCHEMA).await;
        events.into_iter().map(|e| e.event_type).filter(|t| t.starts_with("rfp.")).collect()
    }
}

/// A company with two electric accounts and one gas account, and an electric RFP's fields.
struct Priced {
    company_id: i64,
    electric: [i64; 2],
    gas: i64,
    suppliers: [i64; 2],
    gas_supplier: i64,
}

async fn priced(app: &App, name: &str, inside_user_id: i64) -> Priced {
    let company_id = app.company(name, inside_user_id).await;
    Priced {
        company_id,
        electric: [
            app.account(company_id, &format!("{name}-E1"), AccountCommodity::Electric).await,
            app.account(company_id, &format!("{name}-E2"), AccountCommodity::Electric).await,
        ],
        gas: app.account(company_id, &format!("{name}-G1"), AccountCommodity::Gas).await,
        suppliers: [
            app.supplier(&format!("{name} Power"), Commodity::Electric).await,
            app.supplier(&format!("{name} Energy"), Commodity::Electric).await,
        ],
        gas_supplier: app.supplier(&format!("{name} Gas"), Commodity::Gas).await,
    }
}

fn electric_rfp(p: &Priced) -> Rfp {
    Rfp {
        company_id: p.company_id,
        len: "Acme Foods LLC".into(),
        address: "1 State St".into(),
        city: "Media".into(),
        state: "pa".into(),
        commodity: Commodity::Electric.into(),
        start_date: day(2027, 1, 1),
        supplier_ids: p.suppliers.to_vec(),
        terms: vec![12, 24],
        products: vec!["Fixed".into()],
        fee: "0.005".into(),
        account_ids: p.electric.to_vec(),
        ..Default::default()
    }
}

#[tokio::test]
async fn an_rfp_prices_accounts_of_its_commodity_from_live_suppliers_and_returns_today_at_eleven() {
    let app = spawn_app().await;
    let p = priced(&app, "Acme", 0).await;

    let rfp = app.create(&app.care, electric_rfp(&p)).await.unwrap();
    assert_eq!(rfp.company_name, "Acme");
    assert_eq!((rfp.state.as_str(), rfp.return_time.as_str()), ("PA", "11:00"));
    assert!(rfp.return_date.is_some(), "today when not given");
    assert_eq!((rfp.owner_user_id, rfp.outcome()), (app.care.id, RfpOutcome::Open));
    assert_eq!(rfp.terms, [12, 24]);

    let with_gas = Rfp { account_ids: vec![p.electric[0], p.gas], ..electric_rfp(&p) };
    let refused = app.create(&app.management, with_gas).await.unwrap_err();
    assert_eq!(refused.code(), Code::InvalidArgument);
    assert_eq!(refused.message(), format!("Account {} is not one of this company's Electric accounts.", p.gas));
    let gas_supplier = Rfp { supplier_ids: vec![p.gas_supplier], ..electric_rfp(&p) };
    assert_eq!(
        app.create(&app.management, gas_supplier).await.unwrap_err().message(),
        "Choose Electric suppliers from the list."
    );
    let dr = Rfp { commodity: Commodity::Dr.into(), ..electric_rfp(&p) };
    assert_eq!(app.create(&app.management, dr).await.unwrap_err().message(), "Commodity must be Electric or Gas.");
    let half_past_nine = Rfp { return_time: "09:15".into(), ..electric_rfp(&p) };
    assert_eq!(app.create(&app.management, half_past_nine).await.unwrap_err().code(), Code::InvalidArgument);
    let nowhere = Rfp { company_id: 999_999, account_ids: Vec::new(), ..electric_rfp(&p) };
    assert_eq!(app.create(&app.management, nowhere).await.unwrap_err().code(), Code::NotFound);
    let other = priced(&app, "Other", 0).await;
    let stolen = Rfp { account_ids: vec![other.electric[0]], ..electric_rfp(&p) };
    assert_eq!(app.create(&app.management, stolen).await.unwrap_err().code(), Code::InvalidArgument);

    // An archived supplier is no longer offered to new RFPs.
    let request = authed(&app.management, DeleteSupplierRequest { supplier_id: p.suppliers[1] });
    SupplierServiceClient::new(app.sourcing.clone()).delete_supplier(request).await.unwrap();
    assert_eq!(app.create(&app.management, electric_rfp(&p)).await.unwrap_err().code(), Code::InvalidArgument);
    // The RFP that named it keeps it through an edit of another field.
    let edit = Rfp { rfp_id: rfp.rfp_id, version: rfp.version, city: "Chester".into(), ..Default::default() };
    let request = authed(&app.admin, UpdateRfpRequest { rfp: Some(edit), update_mask: mask(&["city"]) });
    let edited = app.rfps().update_rfp(request).await.unwrap().into_inner().rfp.unwrap();
    assert_eq!((edited.city.as_str(), edited.supplier_ids.clone()), ("Chester", p.suppliers.to_vec()));

    let listed = app.list(&app.management, p.company_id, "").await.unwrap();
    assert_eq!(listed.iter().map(|r| r.rfp_id).collect::<Vec<_>>(), [rfp.rfp_id]);
    assert_eq!(app.list(&app.management, 0, "acme foods").await.unwrap().len(), 1, "found by its Len");
    assert_eq!(app.list(&app.management, 0, "Acme Energy").await.unwrap().len(), 1, "found by a supplier's name");
    assert!(app.list(&app.management, 0, "nothing like it").await.unwrap().is_empty());

    app.rfps().delete_rfp(authed(&app.management, DeleteRfpRequest { rfp_id: rfp.rfp_id })).await.unwrap();
    let gone = app.rfps().get_rfp(authed(&app.management, GetRfpRequest { rfp_id: rfp.rfp_id })).await.unwrap_err();
    assert_eq!(gone.code(), Code::NotFound);
    assert_eq!(app.outbox().await, ["rfp.created", "rfp.updated", "rfp.deleted"]);
}

#[tokio::test]
async fn sales_read_the_rfps_of_their_companies_through_every_call_and_change_none() {
    let app = spawn_app().await;
    let mine = priced(&app, "Mine", app.sales.id).await;
    let theirs = priced(&app, "Theirs", 0).await;
    let my_rfp = app.create(&app.management, electric_rfp(&mine)).await.unwrap();
    let their_rfp = app.create(&app.management, electric_rfp(&theirs)).await.unwrap();

    let everyone = app.list(&app.sales, 0, "").await.unwrap();
    assert_eq!(everyone.iter().map(|r| r.rfp_id).collect::<Vec<_>>(), [my_rfp.rfp_id]);
    assert_eq!(app.list(&app.sales, mine.company_id, "").await.unwrap().len(), 1);
    assert_eq!(app.list(&app.sales, theirs.company_id, "").await.unwrap_err().code(), Code::NotFound);
    let get = |rfp_id| {
        let mut client = app.rfps();
        let request = authed(&app.sales, GetRfpRequest { rfp_id });
        async move { client.get_rfp(request).await }
    };
    assert!(get(my_rfp.rfp_id).await.is_ok());
    assert_eq!(get(their_rfp.rfp_id).await.unwrap_err().code(), Code::NotFound);
    let export = app.rfps().export_rfp(authed(&app.sales, ExportRfpRequest { rfp_id: their_rfp.rfp_id })).await;
    assert_eq!(export.unwrap_err().code(), Code::NotFound);
    let quotes =
        app.rfps().list_rfp_quotes(authed(&app.sales, ListRfpQuotesRequest { rfp_id: their_rfp.rfp_id })).await;
    assert_eq!(quotes.unwrap_err().code(), Code::NotFound);

    assert_eq!(app.create(&app.sales, electric_rfp(&mine)).await.unwrap_err().code(), Code::PermissionDenied);
    let delete = app.rfps().delete_rfp(authed(&app.sales, DeleteRfpRequest { rfp_id: my_rfp.rfp_id })).await;
    assert_eq!(delete.unwrap_err().code(), Code::PermissionDenied);
    let quote = RfpQuote {
        rfp_id: my_rfp.rfp_id,
        supplier_id: mine.suppliers[0],
        term_months: 12,
        rate: "0.07".into(),
        ..Default::default()
    };
    let priced = app.rfps().create_rfp_quote(authed(&app.sales, CreateRfpQuoteRequest { quote: Some(quote) })).await;
    assert_eq!(priced.unwrap_err().code(), Code::PermissionDenied);

    // Their own calendar only; Management may look at anyone's.
    let range =
        |user_id| ListUserRfpsRequest { user_id, from: day(2000, 1, 1), to: day(2000, 12, 31), per_day_limit: 0 };
    let others = app.rfps().list_user_rfps(authed(&app.admin, range(app.management.id))).await;
    assert_eq!(others.unwrap_err().code(), Code::PermissionDenied);
    assert!(app.rfps().list_user_rfps(authed(&app.management, range(app.admin.id))).await.is_ok());
    let too_long = ListUserRfpsRequest { user_id: 0, from: day(2000, 1, 1), to: day(2030, 1, 1), per_day_limit: 0 };
    assert_eq!(
        app.rfps().list_user_rfps(authed(&app.management, too_long)).await.unwrap_err().code(),
        Code::InvalidArgument
    );
}

#[tokio::test]
async fn a_sales_user_on_many_companies_gets_pages_of_only_their_rfps_filtered_by_crm() {
    // Two companies are "many" here, so pages are read in order and filtered by crm.
    let app = spawn_app_seeing(1).await;
    let mine = [priced(&app, "North", app.sales.id).await, priced(&app, "South", app.sales.id).await];
    let theirs = priced(&app, "West", 0).await;
    let mut expected = Vec::new();
    for day_of_month in 1..=6 {
        let p = [&mine[0], &mine[1], &theirs][day_of_month as usize % 3];
        let rfp = Rfp { return_date: day(2026, 12, day_of_month), ..electric_rfp(p) };
        let rfp = app.create(&app.management, rfp).await.unwrap();
        if p.company_id != theirs.company_id {
            expected.push(rfp.rfp_id);
        }
    }
    expected.reverse();
    let mut seen = Vec::new();
    let mut page_token = String::new();
    loop {
        let request = ListRfpsRequest { page_size: 2, page_token, ..Default::default() };
        let page = app.rfps().list_rfps(authed(&app.sales, request)).await.unwrap().into_inner();
        assert!(page.rfps.len() <= 2);
        seen.extend(page.rfps.iter().map(|r| r.rfp_id));
        if page.next_page_token.is_empty() {
            break;
        }
        page_token = page.next_page_token;
    }
    assert_eq!(seen, expected, "every RFP of their companies, latest return first, no other");
    let all = app.list(&app.management, 0, "").await.unwrap();
    assert_eq!(all.len(), 6);
}

#[tokio::test]
async fn a_month_calendar_reads_each_return_dates_first_rfps_with_every_dates_count() {
    let app = spawn_app().await;
    let p = priced(&app, "Mills", 0).await;
    for (date, time) in [(1, "14:30"), (1, "09:00"), (2, "08:00"), (1, "11:00")] {
        let rfp = Rfp { return_date: day(2026, 12, date), return_time: time.into(), ..electric_rfp(&p) };
        app.create(&app.management, rfp).await.unwrap();
    }
    let month = |user: &User, user_id: i64, to: Option<Date>, per_day_limit: i32| {
        let request = ListUserRfpsRequest { user_id, from: day(2026, 11, 30), to, per_day_limit };
        let mut client = app.rfps();
        let request = authed(user, request);
        async move { client.list_user_rfps(request).await.map(tonic::Response::into_inner) }
    };
    let listed = month(&app.management, 0, day(2027, 1, 10), 2).await.unwrap();
    let times: Vec<&str> = listed.rfps.iter().map(|r| r.return_time.as_str()).collect();
    assert_eq!(times, ["09:00", "11:00", "08:00"], "the first two of the 1st by return time, the one of the 2nd");
    let counts: Vec<(Option<Date>, i32)> = listed.day_counts.iter().map(|c| (c.day, c.count)).collect();
    assert_eq!(counts, [(day(2026, 12, 1), 3), (day(2026, 12, 2), 1)]);
    let all = month(&app.management, 0, day(2027, 1, 10), 0).await.unwrap();
    assert_eq!((all.rfps.len(), all.day_counts.len()), (4, 0), "without a limit, every RFP and no counts");

    assert_eq!(
        month(&app.admin, app.management.id, day(2027, 1, 10), 2).await.unwrap_err().code(),
        Code::PermissionDenied
    );
    for (to, limit) in [(day(2027, 2, 1), 2), (day(2027, 1, 10), 51), (day(2027, 1, 10), -1)] {
        let refused = month(&app.management, 0, to, limit).await.unwrap_err();
        assert_eq!(refused.code(), Code::InvalidArgument, "{limit} a day until {to:?}");
    }
}

#[tokio::test]
async fn edits_keep_both_people_and_prices_mark_the_best_and_win_it() {
    let app = spawn_app().await;
    let p = priced(&app, "Mills", 0).await;
    let rfp = app
        .create(&app.management, Rfp { return_date: day(2026, 12, 1), return_time: "14:30".into(), ..electric_rfp(&p) })
        .await
        .unwrap();

    // The calendar shows it on its return date.
    let request = ListUserRfpsRequest { user_id: 0, from: day(2026, 11, 1), to: day(2026, 12, 31), per_day_limit: 0 };
    let calendar = app.rfps().list_user_rfps(authed(&app.management, request)).await.unwrap().into_inner().rfps;
    assert_eq!((calendar.len(), calendar[0].return_time.as_str()), (1, "14:30"));

    let update = |user: &User, rfp: Rfp, paths: &[&str]| {
        let request = authed(user, UpdateRfpRequest { rfp: Some(rfp), update_mask: mask(paths) });
        let mut client = app.rfps();
        async move { client.update_rfp(request).await.map(|r| r.into_inner().rfp.unwrap()) }
    };
    let zip = Rfp { rfp_id: rfp.rfp_id, version: rfp.version, zip: "19063".into(), ..Default::default() };
    let fee = Rfp { rfp_id: rfp.rfp_id, version: rfp.version, fee: "0.004".into(), ..Default::default() };
    update(&app.management, zip, &["zip"]).await.unwrap();
    let both = update(&app.admin, fee, &["fee"]).await.unwrap();
    assert_eq!((both.zip.as_str(), both.fee.as_str()), ("19063", "0.004"));
    let late = Rfp { rfp_id: rfp.rfp_id, version: rfp.version, zip: "19013".into(), ..Default::default() };
    assert_eq!(update(&app.admin, late, &["zip"]).await.unwrap_err().code(), Code::Aborted);
    let gas_only =
        Rfp { rfp_id: rfp.rfp_id, version: both.version, commodity: Commodity::Gas.into(), ..Default::default() };
    assert_eq!(
        update(&app.admin, gas_only, &["commodity"]).await.unwrap_err().code(),
        Code::InvalidArgument,
        "its accounts are electric"
    );

    let quote = |supplier_id, term_months, rate: &str| RfpQuote {
        rfp_id: rfp.rfp_id,
        supplier_id,
        term_months,
        rate: rate.into(),
        ..Default::default()
    };
    let record = |q: RfpQuote| {
        let mut client = app.rfps();
        let request = authed(&app.care, CreateRfpQuoteRequest { quote: Some(q) });
        async move { client.create_rfp_quote(request).await.map(|r| r.into_inner().quote.unwrap()) }
    };
    let dear = record(quote(p.suppliers[0], 12, "0.0712")).await.unwrap();
    let cheap = record(quote(p.suppliers[1], 12, "0.0689")).await.unwrap();
    record(quote(p.suppliers[1], 24, "0.0701")).await.unwrap();
    assert_eq!(record(quote(p.suppliers[0], 36, "0.07")).await.unwrap_err().code(), Code::InvalidArgument);
    assert_eq!(record(quote(p.gas_supplier, 12, "0.07")).await.unwrap_err().code(), Code::InvalidArgument);
    let listed = app.rfps().list_rfp_quotes(authed(&app.sales, ListRfpQuotesRequest { rfp_id: rfp.rfp_id })).await;
    assert_eq!(listed.unwrap_err().code(), Code::NotFound, "not a company of this Sales user");
    let listed = app.rfps().list_rfp_quotes(authed(&app.admin, ListRfpQuotesRequest { rfp_id: rfp.rfp_id })).await;
    let rates: Vec<String> = listed.unwrap().into_inner().quotes.into_iter().map(|q| q.rate).collect();
    assert_eq!(rates, ["0.0689", "0.0712", "0.0701"], "by term, then rate");

    let current = app
        .rfps()
        .get_rfp(authed(&app.admin, GetRfpRequest { rfp_id: rfp.rfp_id }))
        .await
        .unwrap()
        .into_inner()
        .rfp
        .unwrap();
    let mark = |outcome: RfpOutcome, won_quote_id: i64, version: i64| {
        let mut client = app.rfps();
        let request = authed(
            &app.management,
            SetRfpOutcomeRequest { rfp_id: rfp.rfp_id, outcome: outcome.into(), won_quote_id, version },
        );
        async move { client.set_rfp_outcome(request).await.map(|r| r.into_inner().rfp.unwrap()) }
    };
    assert_eq!(mark(RfpOutcome::Won, 0, current.version).await.unwrap_err().code(), Code::InvalidArgument);
    assert_eq!(mark(RfpOutcome::Won, cheap.quote_id, current.version - 1).await.unwrap_err().code(), Code::Aborted);
    let won = mark(RfpOutcome::Won, cheap.quote_id, current.version).await.unwrap();
    assert_eq!((won.outcome(), won.won_quote_id), (RfpOutcome::Won, cheap.quote_id));
    let delete = |quote_id| {
        let mut client = app.rfps();
        let request = authed(&app.management, DeleteRfpQuoteRequest { quote_id });
        async move { client.delete_rfp_quote(request).await }
    };
    assert_eq!(delete(cheap.quote_id).await.unwrap_err().code(), Code::InvalidArgument, "the winning price stays");
    delete(dear.quote_id).await.unwrap();
    let reopened = mark(RfpOutcome::Open, 0, won.version).await.unwrap();
    assert_eq!((reopened.outcome(), reopened.won_quote_id), (RfpOutcome::Open, 0));
    let kinds = app.outbox().await;
    assert_eq!(kinds.iter().filter(|k| *k == "rfp.quote_recorded").count(), 3);
    assert!(kinds.contains(&"rfp.outcome_set".to_owned()) && kinds.contains(&"rfp.quote_deleted".to_owned()));
}

fn cell_texts(workbook: &mut Xlsx<Cursor<Vec<u8>>>, sheet: &str) -> Vec<Vec<String>> {
    let range = workbook.worksheet_range(sheet).unwrap();
    range
        .rows()
        .map(|row| {
            row.iter()
                .map(|cell| match cell {
                    Data::Empty => String::new(),
                    Data::Float(f) => f.to_string(),
                    other => other.to_string(),
                })
                .collect()
        })
        .collect()
}

#[tokio::test]
async fn the_spreadsheets_read_back_with_the_accounts_usage_and_the_list() {
    let app = spawn_app().await;
    let p = priced(&app, "Foundry", 0).await;
    let months: Vec<UsageMonth> = (1..=12)
        .map(|month| UsageMonth { month, value: "72000".into(), kw: "200".into(), ..Default::default() })
        .collect();
    let request = authed(&app.management, UpdateUsageRequest { account_id: p.electric[0], months });
    AccountServiceClient::new(app.crm.clone()).update_usage(request).await.unwrap();
    let rfp = app.create(&app.management, electric_rfp(&p)).await.unwrap();

    let file =
        app.rfps().export_rfp(authed(&app.admin, ExportRfpRequest { rfp_id: rfp.rfp_id })).await.unwrap().into_inner();
    assert_eq!(file.file_name, format!("RFP {} - Foundry.xlsx", rfp.rfp_id));
    let mut workbook: Xlsx<_> = Xlsx::new(Cursor::new(file.content)).unwrap();
    let rows = cell_texts(&mut workbook, "Request for Pricing");
    assert_eq!(rows[0][1], "Request for Pricing");
    let detail = |name: &str| rows.iter().find(|r| r[0] == name).map(|r| r[1].clone()).unwrap();
    assert_eq!(detail("Company"), "Foundry");
    assert_eq!(detail("Terms (months)"), "12, 24");
    assert_eq!(detail("Suppliers"), "Foundry Power, Foundry Energy");
    assert!(detail("Prices Due").ends_with("11:00 AM ET"));
    let header = rows.iter().position(|r| r[0] == "Utility").unwrap();
    assert_eq!(rows[header][6..9], ["PLC", "NSPL", "Annual kWh"]);
    assert_eq!(rows[header][9], "Jan kWh");
    let plant = rows.iter().find(|r| r[1] == "Foundry-E1").unwrap();
    assert!(plant[0].starts_with("PECO"), "the utility by name: {plant:?}");
    assert_eq!((plant[6].as_str(), plant[8].as_str(), plant[9].as_str()), ("120.5", "864000", "72000"));
    assert!(rows.iter().any(|r| r[1] == "Foundry-E2"));
    assert!(!rows.iter().any(|r| r[1] == "Foundry-G1"), "only the RFP's accounts");

    let list =
        app.rfps().export_rfps(authed(&app.management, ExportRfpsRequest::default())).await.unwrap().into_inner();
    assert_eq!(list.file_name, "RFPs.xlsx");
    let mut workbook: Xlsx<_> = Xlsx::new(Cursor::new(list.content)).unwrap();
    let rows = cell_texts(&mut workbook, "RFPs");
    assert_eq!(rows[0][..3], ["RFPId", "Company", "Len"]);
    assert_eq!(rows.len(), 2);
    assert_eq!((rows[1][1].as_str(), rows[1][13].as_str()), ("Foundry", "12, 24"));
}

#[tokio::test]
async fn a_company_named_like_a_formula_is_text_in_both_spreadsheets() {
    let app = spawn_app().await;
    let payload = "-2+3+cmd|' /C calc'!A0";
    let company_id = app.company(payload, 0).await;
    let p = Priced {
        company_id,
        electric: [
            app.account(company_id, "F-E1", AccountCommodity::Electric).await,
            app.account(company_id, "F-E2", AccountCommodity::Electric).await,
        ],
        gas: app.account(company_id, "F-G1", AccountCommodity::Gas).await,
        suppliers: [
            app.supplier("Formula Power", Commodity::Electric).await,
            app.supplier("Formula Energy", Commodity::Electric).await,
        ],
        gas_supplier: app.supplier("Formula Gas", Commodity::Gas).await,
    };
    let rfp = app.create(&app.management, electric_rfp(&p)).await.unwrap();
    let file =
        app.rfps().export_rfp(authed(&app.admin, ExportRfpRequest { rfp_id: rfp.rfp_id })).await.unwrap().into_inner();
    let mut workbook: Xlsx<_> = Xlsx::new(Cursor::new(file.content)).unwrap();
    let rows = cell_texts(&mut workbook, "Request for Pricing");
    let company = rows.iter().find(|r| r[0] == "Company").map(|r| r[1].clone()).unwrap();
    assert_eq!(company, format!("'{payload}"), "shown as text, never run");

    let list =
        app.rfps().export_rfps(authed(&app.management, ExportRfpsRequest::default())).await.unwrap().into_inner();
    let mut workbook: Xlsx<_> = Xlsx::new(Cursor::new(list.content)).unwrap();
    let rows = cell_texts(&mut workbook, "RFPs");
    assert_eq!(rows[1][1], format!("'{payload}"));
}
