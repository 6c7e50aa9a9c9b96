//! Margin Builder, Renewal Tracking, the renewal alerts and the rebuild, through real services:
//! rows checked against data made through the services' own APIs.

mod support;

use chrono::{Datelike, Days, NaiveDate};
use eris_platform::{kv::Kv, outbox::KindedEvent, relay::stream_key, time::BusinessTime, values::date};
use eris_proto::{
    contracts::v1::{
        Contract, ContractEvent, DeleteContractRequest, Payment, UpdatePaymentRequest,
        contract_service_client::ContractServiceClient, payment_service_client::PaymentServiceClient,
    },
    reporting::v1::{
        CreateMarginExportRequest, ExportMarginRowsRequest, ListContractMarginPaymentsRequest,
        ListMarginOptionsRequest, ListMarginRowsRequest, ListMarginRowsResponse, ListRenewalAlertsRequest,
        ListRenewalsRequest, MarginFilter, PageDirection, report_service_client::ReportServiceClient,
    },
};
use prost::Message;
use support::{App, as_user, spawn_app};
use tonic::{Code, Request};

fn names(page: &ListMarginRowsResponse) -> Vec<String> {
    page.rows.iter().map(|r| format!("{} {}/{}", r.customer_name, r.projected_month, r.projected_year)).collect()
}

impl App {
    fn reports(&self) -> ReportServiceClient<tonic::transport::Channel> {
        ReportServiceClient::new(self.reports.clone())
    }

    async fn margin(
        &self,
        filter: MarginFilter,
        size: i32,
        cursor: &str,
        direction: PageDirection,
    ) -> Result<ListMarginRowsResponse, tonic::Status> {
        let request = ListMarginRowsRequest {
            filter: Some(filter),
            page_size: size,
            cursor: cursor.into(),
            direction: direction.into(),
            ..Default::default()
        };
        self.reports().list_margin_rows(self.authed(request)).await.map(|r| r.into_inner())
    }

    /// A contract for a company of its own, ending on `end` (a one-month term), with its team set
    /// by `team`.
    async fn ending(
        &self,
        name: &str,
        company_closer: i64,
        end: NaiveDate,
        team: impl FnOnce(&mut Contract),
    ) -> Contract {
        let start = (end + Days::new(1)).checked_sub_months(chrono::Months::new(1)).unwrap();
        self.contract_with(name, company_closer, "", |c| {
            c.start_date = Some(date(start));
            c.term_months = 1;
            team(c);
        })
        .await
    }
}

#[tokio::test]
async fn margin_builder_pages_filters_and_exports_every_payment() {
    let app = spawn_app().await;
    let manager = app.management_id;
    let foundry = app
        .contract_with("Foundry", 0, "Keystone", |c| {
            c.closer1_user_id = manager;
            c.notes = "Ask for the plant manager".into();
        })
        .await;
    let mill = app.contract_of("Mill", 0, "").await;
    for month in 1..=4 {
        app.add_payment(foundry.contract_id, month, "10.00").await;
    }
    let received = Payment {
        projected_month: 1,
        projected_year: 2026,
        projected_payment: "5.00".into(),
        payment_month: 2,
        payment_year: 2026,
        payment_actual: "4.75".into(),
        ..Default::default()
    };
    app.add(mill.contract_id, received).await;
    app.add_payment(mill.contract_id, 2, "6.00").await;
    app.add_payment(mill.contract_id, 3, "7.00").await;
    app.eventually("select count(*)::text from payment", "7").await;
    app.eventually(&format!("select name from app_user where user_id = {manager}"), &app.management_name).await;

    let all = MarginFilter::default();
    let first = app.margin(all.clone(), 5, "", PageDirection::Forward).await.unwrap();
    assert_eq!(names(&first), ["Foundry 1/2026", "Foundry 2/2026", "Foundry 3/2026", "Foundry 4/2026", "Mill 1/2026"]);
    assert!(first.has_next && !first.has_previous);
    let row = &first.rows[0];
    assert_eq!(
        (row.supplier.as_str(), row.closer1.as_str(), row.fee.as_str(), row.projected_payment.as_str()),
        ("Keystone", app.management_name.as_str(), "0.005", "10.00")
    );
    assert_eq!(row.commodity, "Electric");
    // The contract comes whole, so a screen may show any field of it, even one with no column.
    let whole = row.contract.as_ref().expect("the contract whole");
    assert_eq!((whole.contract_id, whole.notes.as_str()), (foundry.contract_id, "Ask for the plant manager"));
    assert_eq!(whole.version, foundry.version);
    let next = app.margin(all.clone(), 5, &first.last_cursor, PageDirection::Forward).await.unwrap();
    assert_eq!(names(&next), ["Mill 2/2026", "Mill 3/2026"]);
    assert!(!next.has_next && next.has_previous);
    // The last page is read backward from the end; the page before it backward from its first row.
    let last = app.margin(all.clone(), 5, "", PageDirection::Backward).await.unwrap();
    assert_eq!(names(&last), ["Foundry 3/2026", "Foundry 4/2026", "Mill 1/2026", "Mill 2/2026", "Mill 3/2026"]);
    assert!(last.has_previous && !last.has_next);
    let before = app.margin(all.clone(), 5, &last.first_cursor, PageDirection::Backward).await.unwrap();
    assert_eq!(names(&before), ["Foundry 1/2026", "Foundry 2/2026"]);
    assert!(!before.has_previous && before.has_next);

    // Counted when asked: every row of the filter, whatever the page holds.
    let counted = ListMarginRowsRequest { page_size: 5, include_total_size: true, ..Default::default() };
    let counted = app.reports().list_margin_rows(app.authed(counted)).await.unwrap().into_inner();
    assert_eq!((counted.rows.len(), counted.total_size), (5, 7));
    assert_eq!(first.total_size, 0, "not counted unless asked");
    let count = |filter: MarginFilter| async {
        let rows = app.margin(filter.clone(), 50, "", PageDirection::Forward).await.unwrap().rows.len();
        let request = ListMarginRowsRequest {
            filter: Some(filter),
            page_size: 5,
            include_total_size: true,
            ..Default::default()
        };
        let counted = app.reports().list_margin_rows(app.authed(request)).await.unwrap().into_inner().total_size;
        assert_eq!(counted, rows as i64, "the count is the rows the filter selects");
        rows
    };
    let keystone = foundry.supplier_id;
    assert_eq!(count(MarginFilter { supplier_id: keystone, ..Default::default() }).await, 4);
    assert_eq!(count(MarginFilter { projected_month: 1, ..Default::default() }).await, 2);
    assert_eq!(count(MarginFilter { company_name: "mIL".into(), ..Default::default() }).await, 3);
    assert_eq!(count(MarginFilter { company_name: "OUNDr".into(), ..Default::default() }).await, 4, "inside the name");
    assert_eq!(count(MarginFilter { company_name: "dry".into(), ..Default::default() }).await, 4);
    assert_eq!(count(MarginFilter { company_name: "drx".into(), ..Default::default() }).await, 0);
    assert_eq!(count(MarginFilter { company_name: "%".into(), ..Default::default() }).await, 0, "% is literal");
    assert_eq!(count(MarginFilter { payment_year: 2026, payment_month: 2, ..Default::default() }).await, 1);
    assert_eq!(count(MarginFilter { start_month: "2026-01".into(), ..Default::default() }).await, 7);
    assert_eq!(count(MarginFilter { start_month: "2026-02".into(), ..Default::default() }).await, 0);
    // Pages of a filter read from a contract index, forward and backward from a cursor.
    let kept = MarginFilter { supplier_id: keystone, ..Default::default() };
    let cursor = format!("{}.0", mill.contract_id);
    let after = app.margin(kept.clone(), 5, &cursor, PageDirection::Forward).await.unwrap();
    assert!(after.rows.is_empty(), "Keystone's contract comes before the cursor");
    let before = app.margin(kept, 5, &cursor, PageDirection::Backward).await.unwrap();
    assert_eq!(names(&before), ["Foundry 1/2026", "Foundry 2/2026", "Foundry 3/2026", "Foundry 4/2026"]);
    let signed = MarginFilter {
        date_signed_start: Some(date(NaiveDate::from_ymd_opt(2025, 12, 11).unwrap())),
        ..Default::default()
    };
    assert_eq!(count(signed).await, 0);

    for (filter, size, cursor) in [
        (MarginFilter::default(), 7, ""),
        (MarginFilter::default(), 10, "x"),
        (MarginFilter { projected_month: 13, ..Default::default() }, 10, ""),
        (MarginFilter { start_month: "2026-1x".into(), ..Default::default() }, 10, ""),
        (MarginFilter { company_name: "a\u{7}".into(), ..Default::default() }, 10, ""),
    ] {
        let refused = app.margin(filter.clone(), size, cursor, PageDirection::Forward).await.unwrap_err();
        assert_eq!(refused.code(), Code::InvalidArgument, "{filter:?} {size} {cursor}");
    }
    let sales = ListMarginRowsRequest { page_size: 10, ..Default::default() };
    let refused = app.reports().list_margin_rows(as_user(&app.sales.0, sales)).await.unwrap_err();
    assert_eq!(refused.code(), Code::PermissionDenied);

    let payments = ListContractMarginPaymentsRequest { contract_id: mill.contract_id };
    let payments = app.reports().list_contract_margin_payments(app.authed(payments)).await.unwrap().into_inner();
    let actual: Vec<&str> = payments.rows.iter().map(|r| r.payment_actual.as_str()).collect();
    assert_eq!(actual, ["4.75", "", ""]);
    let missing = ListContractMarginPaymentsRequest { contract_id: 999_999 };
    assert_eq!(
        app.reports().list_contract_margin_payments(app.authed(missing)).await.unwrap_err().code(),
        Code::NotFound
    );

    let options =
        app.reports().list_margin_options(app.authed(ListMarginOptionsRequest {})).await.unwrap().into_inner();
    assert!(options.suppliers.iter().any(|s| s.name == "Keystone"));
    assert_eq!((options.projected_years, options.payment_years), (vec![2026], vec![2026]));
    assert_eq!(options.start_months, ["2026-01"]);

    // The export: a ticket, used once, without a token.
    let filter = MarginFilter { supplier_id: keystone, ..Default::default() };
    let made = app.reports().create_margin_export(app.authed(CreateMarginExportRequest { filter: Some(filter) })).await;
    let ticket = made.unwrap().into_inner().ticket;
    let export = || {
        let mut client = app.reports();
        let request = Request::new(ExportMarginRowsRequest { ticket: ticket.clone() });
        async move { client.export_margin_rows(request).await }
    };
    let mut chunks = export().await.unwrap().into_inner();
    let mut csv = Vec::new();
    while let Some(chunk) = chunks.message().await.unwrap() {
        csv.extend(chunk.csv);
    }
    let csv = String::from_utf8(csv).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 5, "{csv}");
    assert!(lines[0].starts_with("CustName,State,Commodity,Utility,ContractType,InsideSales,Closer1,"));
    assert!(lines[1].starts_with("Foundry,"), "{}", lines[1]);
    assert!(lines[1].contains(&format!(",{},", app.management_name)));
    assert!(lines[1].contains(",Keystone,12/10/2025,01/01/2026,0.005,January,2026,"), "{}", lines[1]);
    assert_eq!(export().await.unwrap_err().code(), Code::Unauthenticated, "a ticket is used once");
    let forged = ExportMarginRowsRequest { ticket: "0".repeat(64) };
    assert_eq!(app.reports().export_margin_rows(Request::new(forged)).await.unwrap_err().code(), Code::Unauthenticated);
    let by_sales = CreateMarginExportRequest::default();
    let refused = app.reports().create_margin_export(as_user(&app.sales.0, by_sales)).await.unwrap_err();
    assert_eq!(refused.code(), Code::PermissionDenied);
}

#[tokio::test]
async fn renewals_list_contracts_ending_soon_and_alert_their_closers_and_analyst() {
    let app = spawn_app().await;
    let today = BusinessTime::new(eris_platform::config::BusinessArgs::default().time_zone).today();
    let sales = app.sales.1;
    let day = |days: i64| if days >= 0 { today + Days::new(days as u64) } else { today - Days::new((-days) as u64) };
    let c1 = app.ending("In Ten Days", sales, day(10), |c| c.closer1_user_id = sales).await;
    let c2 = app.ending("In Twenty Days", sales, day(20), |c| c.analyst_user_id = sales).await;
    let c3 = app.ending("In A Hundred Days", sales, day(100), |c| c.closer2_user_id = sales).await;
    let c4 = app.ending("In Two Hundred Days", 0, day(200), |c| c.closer1_user_id = sales).await;
    // Names the rep, at a company that does not: its page is closed to the rep, so is its alert.
    let c5 = app.ending("Not Theirs", 0, day(30), |c| c.closer1_user_id = sales).await;
    app.ending("Ended", sales, day(-5), |c| c.closer1_user_id = sales).await;
    app.eventually("select count(*)::text from contract", "6").await;
    app.eventually("select count(*)::text from company", "6").await;

    let alerts = app.reports().list_renewal_alerts(as_user(&app.sales.0, ListRenewalAlertsRequest::default())).await;
    let alerts: Vec<(i64, i32, i32)> =
        alerts.unwrap().into_inner().alerts.iter().map(|a| (a.contract_id, a.days_left, a.window_days)).collect();
    assert_eq!(alerts, [(c1.contract_id, 10, 14), (c2.contract_id, 20, 28), (c3.contract_id, 100, 150)]);
    let none = app.reports().list_renewal_alerts(app.authed(ListRenewalAlertsRequest::default())).await.unwrap();
    assert!(none.into_inner().alerts.is_empty(), "Management is on none of these contracts");

    let renewals = |token: &str, request: ListRenewalsRequest| {
        let request = as_user(token, request);
        let mut client = app.reports();
        async move {
            let found = client.list_renewals(request).await.unwrap().into_inner();
            found.rows.iter().map(|r| (r.contract_id, r.remaining_months)).collect::<Vec<_>>()
        }
    };
    let months = |end: NaiveDate| {
        let m = (end.year() - today.year()) * 12 + end.month() as i32 - today.month() as i32;
        if end.day() < today.day() { m - 1 } else { m }
    };
    let every = renewals(&app.token, ListRenewalsRequest::default()).await;
    assert_eq!(
        every,
        [
            (c1.contract_id, months(day(10))),
            (c2.contract_id, months(day(20))),
            (c5.contract_id, months(day(30))),
            (c3.contract_id, months(day(100))),
            (c4.contract_id, months(day(200)))
        ]
    );
    let within = ListRenewalsRequest { end_date: Some(date(day(30))), ..Default::default() };
    assert_eq!(renewals(&app.token, within).await.len(), 3);
    let theirs = ListRenewalsRequest { closer_user_id: sales, ..Default::default() };
    let their_three =
        [(c1.contract_id, months(day(10))), (c2.contract_id, months(day(20))), (c3.contract_id, months(day(100)))];
    assert_eq!(renewals(&app.token, theirs).await, their_three);
    // A Sales caller's closer filter is always themself, whatever they send.
    let asked = ListRenewalsRequest { closer_user_id: app.management_id, ..Default::default() };
    assert_eq!(renewals(&app.sales.0, asked).await, their_three);
    let far = ListRenewalsRequest {
        end_date: Some(eris_proto::common::v1::Date { year: 20_000, month: 1, day: 1 }),
        ..Default::default()
    };
    assert_eq!(app.reports().list_renewals(app.authed(far)).await.unwrap_err().code(), Code::InvalidArgument);

    // The dashboard asks for the first alerts of each window, with every window's count.
    let c0 = app.ending("In Five Days", sales, day(5), |c| c.closer1_user_id = sales).await;
    app.eventually("select count(*)::text from contract", "7").await;
    let first = |per_window_limit| {
        let request = as_user(&app.sales.0, ListRenewalAlertsRequest { per_window_limit });
        let mut client = app.reports();
        async move { client.list_renewal_alerts(request).await.map(tonic::Response::into_inner) }
    };
    let one_each = first(1).await.unwrap();
    let ids: Vec<i64> = one_each.alerts.iter().map(|a| a.contract_id).collect();
    assert_eq!(ids, [c0.contract_id, c2.contract_id, c3.contract_id]);
    let counts: Vec<(i32, i32)> = one_each.window_counts.iter().map(|w| (w.window_days, w.count)).collect();
    assert_eq!(counts, [(14, 2), (28, 1), (150, 1)]);
    let every = first(0).await.unwrap();
    assert_eq!((every.alerts.len(), every.window_counts.len()), (4, 0));
    assert_eq!(first(-1).await.unwrap_err().code(), Code::InvalidArgument);
}

/// Every read model as text rows, in key order.
async fn read_models(app: &App) -> Vec<Vec<String>> {
    let mut tables = Vec::new();
    for (table, key) in [
        ("company", "company_id"),
        ("contact", "contact_id"),
        ("supplier", "supplier_id"),
        ("utility", "utility_id"),
        ("contract", "contract_id"),
        ("payment", "payment_id"),
        ("app_user", "user_id"),
        ("(select * from revenue_cell where amount <> 0)", "basis, year, month, supplier_id"),
    ] {
        let rows: Vec<String> = sqlx::query_scalar(&format!("select t::text from {table} t order by {key}"))
            .fetch_all(&app.reporting)
            .await
            .unwrap();
        tables.push(rows);
    }
    tables
}

fn sources(app: &App) -> eris_reporting::sources::Sources {
    eris_reporting::sources::Sources {
        channels: vec![
            ("identity", app.identity.clone().into()),
            ("crm", app.crm.clone().into()),
            ("sourcing", app.sourcing.clone().into()),
            ("contracts", app.contracts.clone().into()),
        ],
        secret: eris_platform::testing::SERVICE_SECRET.into(),
    }
}

#[tokio::test]
async fn a_rebuild_ends_equal_to_what_the_events_made_and_skips_what_its_snapshot_saw() {
    let app = spawn_app().await;
    let foundry = app.contract_of("Foundry", app.sales.1, "Keystone").await;
    let mut payment = app.add_payment(foundry.contract_id, 1, "10.00").await;
    payment.payment_actual = "9.50".into();
    payment.payment_month = 2;
    payment.payment_year = 2026;
    PaymentServiceClient::new(app.contracts.clone())
        .update_payment(app.authed(UpdatePaymentRequest { payment: Some(payment) }))
        .await
        .unwrap();
    let gone = app.contract_of("Mill", 0, "").await;
    app.add_payment(gone.contract_id, 1, "5.00").await;
    let contact = eris_proto::crm::v1::Contact {
        company_id: foundry.company_id,
        first_name: "Ada".into(),
        email: "ada@foundry.test".into(),
        priority: 1,
        ..Default::default()
    };
    let request = eris_proto::crm::v1::CreateContactRequest { contact: Some(contact) };
    eris_proto::crm::v1::contact_service_client::ContactServiceClient::new(app.crm.clone())
        .create_contact(app.authed(request))
        .await
        .unwrap();
    app.eventually("select count(*)::text from contact", "1").await;
    app.eventually("select count(*)::text from payment", "2").await;
    app.eventually("select payment_actual::text from payment where payment_actual is not null", "9.50").await;
    let request = DeleteContractRequest { contract_id: gone.contract_id, beta_only: false };
    ContractServiceClient::new(app.contracts.clone()).delete_contract(app.authed(request)).await.unwrap();
    app.eventually("select count(*)::text from contract", "1").await;
    let incremental = read_models(&app).await;

    let counts = eris_reporting::rebuild::rebuild(&app.reporting, &sources(&app)).await.unwrap();
    assert!(counts.iter().all(|(_, count)| *count > 0), "{counts:?}");
    let analyzed: i64 = sqlx::query_scalar(
        "select count(*) from pg_stats where schemaname = current_schema() and tablename = 'contract' \
         and attname = 'name_grams'",
    )
    .fetch_one(&app.reporting)
    .await
    .unwrap();
    assert_eq!(analyzed, 1, "the planner has the rebuilt read models' statistics");
    let rebuilt = read_models(&app).await;
    // Companies, suppliers, contracts and payments came by events and by the snapshot alike.
    for index in [0, 1, 2, 4, 5, 7] {
        assert_eq!(rebuilt[index], incremental[index], "table {index}");
    }
    assert_eq!(rebuilt[1].len(), 1, "the contact");
    assert_eq!(rebuilt[7].len(), 2, "Foundry's forecast and actual revenue: {:?}", rebuilt[7]);
    // Utilities and users written straight into their schemas (the demo set) arrive by the
    // rebuild only: now the read models hold every one the sources hold.
    let reporting = &app.reporting;
    let source_count = |sql: &'static str| async move {
        let count: i64 = sqlx::query_scalar(sql).fetch_one(reporting).await.unwrap();
        count as usize
    };
    assert_eq!(rebuilt[3].len(), source_count("select count(*) from sourcing.utility").await);
    assert_eq!(rebuilt[6].len(), source_count("select count(*) from identity.app_user").await);

    // A creation event of the deleted contract from a transaction long committed, delivered late
    // under a new id: the snapshot saw its transaction, so it does not bring the contract back.
    let created = ContractEvent {
        contract: Some(gone.clone()),
        ..ContractEvent::of(eris_proto::contracts::v1::ContractEventKind::ContractCreated)
    };
    let kv = Kv::new(&app.database.redis_args()).unwrap();
    let mut command = redis::cmd("XADD");
    command.arg(stream_key(&kv, "contracts")).arg("*").arg("event_id").arg("contracts:redelivered");
    command.arg("type").arg("contract.contract_created").arg("aggregate").arg(gone.contract_id);
    command.arg("payload").arg(created.encode_to_vec()).arg("created_ms").arg(1).arg("txid").arg("3");
    kv.run(|mut conn| async move { command.query_async::<String>(&mut conn).await }).await.unwrap();
    // A change after the rebuild still arrives.
    app.add_payment(foundry.contract_id, 5, "12.00").await;
    app.eventually("select count(*)::text from payment", "2").await;
    app.eventually("select count(*)::text from applied_event where event_id = 'contracts:redelivered'", "1").await;
    let contracts: i64 = sqlx::query_scalar("select count(*) from contract").fetch_one(&app.reporting).await.unwrap();
    assert_eq!(contracts, 1, "the deleted contract stays deleted");
}

#[tokio::test]
async fn the_contract_reports_list_what_was_made_and_who_to_write_to() {
    use eris_proto::{
        crm::v1::{Contact, CreateContactRequest, contact_service_client::ContactServiceClient},
        reporting::v1::{
            ListAutoInactiveContractsRequest, ListFirstMonthsBillingRequest, ListOpportunitiesRequest,
            ListStartMonthsRequest, ListSupplierOutreachRequest, ListWelcomeEmailsRequest,
        },
    };
    let app = spawn_app().await;
    let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
    let march = app
        .contract_with("March Start", 0, "Keystone", |c| {
            c.start_date = Some(date(day(2026, 3, 1)));
            c.date_signed = Some(date(day(2026, 1, 20)));
            c.contract_rate = "0.0712".into();
            c.billing_type = "Dual".into();
        })
        .await;
    let late_march = app.contract_with("Late March", 0, "", |c| c.start_date = Some(date(day(2026, 3, 31)))).await;
    app.contract_with("April Start", 0, "", |c| c.start_date = Some(date(day(2026, 4, 1)))).await;
    let ended = app
        .contract_with("Ended Long Ago", 0, "", |c| {
            c.start_date = Some(date(day(2020, 1, 1)));
            c.status = 1;
        })
        .await;
    let contacts = ContactServiceClient::new(app.crm.clone());
    for (first, priority) in [("Second", 2), ("First", 1), ("Unranked", 0)] {
        let contact = Contact {
            company_id: march.company_id,
            first_name: first.into(),
            last_name: "Person".into(),
            email: format!("{}@march.test", first.to_lowercase()),
            priority,
            ..Default::default()
        };
        contacts.clone().create_contact(app.authed(CreateContactRequest { contact: Some(contact) })).await.unwrap();
    }
    app.eventually("select count(*)::text from contact", "3").await;
    app.eventually("select count(*)::text from contract", "4").await;

    // The sweep makes the ended contract Inactive, keeping "Active - Renewed" as its status before.
    let contracts_pool =
        eris_platform::db::connect(&app.database.args(), eris_contracts::SCHEMA, &eris_contracts::MIGRATOR)
            .await
            .unwrap();
    let today = BusinessTime::new(eris_platform::config::BusinessArgs::default().time_zone).today();
    assert_eq!(eris_contracts::domain::lifecycle::inactivate_ended(&contracts_pool, today).await.unwrap(), 1);
    assert_eq!(eris_contracts::domain::lifecycle::inactivate_ended(&contracts_pool, today).await.unwrap(), 0);
    app.eventually(
        &format!("select status || ' ' || previous_status from contract where contract_id = {}", ended.contract_id),
        "3 1",
    )
    .await;

    let ids =
        |rows: &[eris_proto::reporting::v1::ContractReportRow]| rows.iter().map(|r| r.contract_id).collect::<Vec<_>>();
    let outreach = ListSupplierOutreachRequest { start_date: Some(date(day(2026, 3, 1))) };
    let outreach = app.reports().list_supplier_outreach(app.authed(outreach)).await.unwrap().into_inner();
    assert_eq!(ids(&outreach.rows), [march.contract_id, late_march.contract_id], "March only, by start date");
    let first = &outreach.rows[0];
    assert_eq!(
        (first.supplier.as_str(), first.contract_rate.as_str(), first.billing_type.as_str()),
        ("Keystone", "0.0712", "Dual")
    );
    assert_eq!((first.account_count, first.term_months), (1, 12));

    let months = app.reports().list_start_months(app.authed(ListStartMonthsRequest {})).await.unwrap().into_inner();
    assert_eq!(months.start_months, ["2026-04", "2026-03", "2020-01"]);
    let billing = ListFirstMonthsBillingRequest { start_month: "2026-03".into() };
    let billing = app.reports().list_first_months_billing(app.authed(billing)).await.unwrap().into_inner();
    assert_eq!(ids(&billing.rows), [march.contract_id, late_march.contract_id]);
    let to = &billing.rows[0];
    assert_eq!(
        (to.contact_first_name.as_str(), to.contact_last_name.as_str(), to.contact_email.as_str()),
        ("First", "Person", "first@march.test"),
        "the first contact by priority"
    );
    let bad = ListFirstMonthsBillingRequest { start_month: "March".into() };
    assert_eq!(
        app.reports().list_first_months_billing(app.authed(bad)).await.unwrap_err().code(),
        Code::InvalidArgument
    );

    let inactive = ListAutoInactiveContractsRequest { date: Some(date(today)) };
    let inactive = app.reports().list_auto_inactive_contracts(app.authed(inactive)).await.unwrap().into_inner();
    assert_eq!(ids(&inactive.rows), [ended.contract_id]);
    assert_eq!((inactive.rows[0].status, inactive.rows[0].previous_status), (3, 1));
    assert_eq!(inactive.rows[0].auto_inactive_date, Some(date(today)));
    let yesterday = ListAutoInactiveContractsRequest { date: Some(date(today - Days::new(1))) };
    assert!(
        app.reports().list_auto_inactive_contracts(app.authed(yesterday)).await.unwrap().into_inner().rows.is_empty()
    );

    let welcome = |start: Option<NaiveDate>, end: Option<NaiveDate>| {
        let request = app.authed(ListWelcomeEmailsRequest { start_date: start.map(date), end_date: end.map(date) });
        let mut client = app.reports();
        async move { client.list_welcome_emails(request).await }
    };
    let signed = welcome(Some(day(2026, 1, 1)), Some(day(2026, 1, 31))).await.unwrap().into_inner();
    assert_eq!(ids(&signed.rows), [march.contract_id]);
    assert_eq!(signed.rows[0].contact_email, "first@march.test");
    let blank = welcome(Some(day(2026, 1, 1)), None).await.unwrap_err();
    assert_eq!((blank.code(), blank.message()), (Code::InvalidArgument, "Start and/or End Range is blank."));
    let same = welcome(Some(day(2026, 1, 1)), Some(day(2026, 1, 1))).await.unwrap_err();
    assert_eq!(same.message(), "Start and End Range are the same date.");
    let reversed = welcome(Some(day(2026, 1, 31)), Some(day(2026, 1, 1))).await.unwrap_err();
    assert_eq!(
        (reversed.code(), reversed.message()),
        (Code::InvalidArgument, "The End Range must be after the Start Range."),
        "a reversed range is refused, not read the other way round"
    );

    let opportunities = ListOpportunitiesRequest { start_date: Some(date(today)), end_date: None };
    let opportunities = app.reports().list_opportunities(app.authed(opportunities)).await.unwrap().into_inner();
    let names: Vec<&str> = opportunities.rows.iter().map(|r| r.company_name.as_str()).collect();
    assert_eq!(names.len(), 4, "{names:?}");
    assert!(opportunities.rows.iter().all(|r| r.annual_kwh.parse::<f64>().is_ok()), "{:?}", opportunities.rows);

    // Roles as the cards: Sales sees none of these; Admin sees the Opportunity Tracker only.
    let refused =
        app.reports().list_supplier_outreach(as_user(&app.sales.0, ListSupplierOutreachRequest::default())).await;
    assert_eq!(refused.unwrap_err().code(), Code::PermissionDenied);
    let refused = app.reports().list_opportunities(as_user(&app.sales.0, ListOpportunitiesRequest::default())).await;
    assert_eq!(refused.unwrap_err().code(), Code::PermissionDenied);
}

#[tokio::test]
async fn commission_reconciliation_finds_missing_and_short_payments() {
    use eris_proto::reporting::v1::GetCommissionReconciliationRequest;
    let app = spawn_app().await;
    let today = BusinessTime::new(eris_platform::config::BusinessArgs::default().time_zone).today();
    let (past, next) = (today.year() - 1, today.year() + 1);
    let foundry = app.contract_of("Foundry", 0, "Keystone").await;
    let mill = app.contract_of("Mill", 0, "").await;
    let paid = |month: i32, year: i32, projected: &str, actual: &str| Payment {
        projected_month: month,
        projected_year: year,
        projected_payment: projected.into(),
        projected_usage: "1000".into(),
        payment_month: if actual.is_empty() { 0 } else { month },
        payment_year: if actual.is_empty() { 0 } else { year },
        payment_actual: actual.into(),
        usage_actual: if actual.is_empty() { String::new() } else { "900".into() },
        ..Default::default()
    };
    app.add(foundry.contract_id, paid(1, past, "100.00", "100.00")).await;
    let short = app.add(foundry.contract_id, paid(2, past, "50.00", "40.00")).await;
    let missing = app.add(foundry.contract_id, paid(3, past, "30.00", "")).await;
    app.add(foundry.contract_id, paid(1, next, "20.00", "")).await;
    let over = app.add(mill.contract_id, paid(1, past, "10.00", "12.00")).await;
    app.eventually("select count(*)::text from payment", "5").await;

    let reconcile = |token: &str, year: i32, supplier_id: i64| {
        let request = as_user(token, GetCommissionReconciliationRequest { year, supplier_id });
        let mut client = app.reports();
        async move { client.get_commission_reconciliation(request).await }
    };
    let year = reconcile(&app.token, past, 0).await.unwrap().into_inner();
    let totals: Vec<(String, String, String, String, i32, String)> = year
        .suppliers
        .iter()
        .chain(year.total.as_ref())
        .map(|t| {
            let t = t.clone();
            (t.supplier_name, t.projected, t.actual, t.variance, t.missing_months, t.missing_amount)
        })
        .collect();
    let row = |name: &str, projected: &str, actual: &str, variance: &str, missing: i32, amount: &str| {
        (name.to_owned(), projected.to_owned(), actual.to_owned(), variance.to_owned(), missing, amount.to_owned())
    };
    assert_eq!(
        totals,
        [
            row("Keystone", "180.00", "140.00", "-40.00", 1, "30.00"),
            row("No supplier", "10.00", "12.00", "2.00", 0, "0.00"),
            row("All suppliers", "190.00", "152.00", "-38.00", 1, "30.00"),
        ]
    );
    let months: Vec<(i64, &str, bool)> =
        year.rows.iter().map(|r| (r.payment_id, r.variance.as_str(), r.missing)).collect();
    assert_eq!(
        months,
        [(missing.payment_id, "-30.00", true), (short.payment_id, "-10.00", false), (over.payment_id, "2.00", false)]
    );
    assert_eq!((year.rows[1].usage_variance.as_str(), year.rows[0].usage_variance.as_str()), ("-100", ""));

    // Next year's months are not due yet: nothing is missing.
    let ahead = reconcile(&app.token, next, 0).await.unwrap().into_inner();
    assert_eq!(ahead.total.unwrap().missing_months, 0);
    assert!(ahead.rows.is_empty());
    let keystone = reconcile(&app.token, past, foundry.supplier_id).await.unwrap().into_inner();
    assert_eq!(keystone.suppliers.len(), 1);
    assert_eq!(reconcile(&app.sales.0, past, 0).await.unwrap_err().code(), Code::PermissionDenied);
    assert_eq!(reconcile(&app.token, 20_000, 0).await.unwrap_err().code(), Code::InvalidArgument);
}

#[tokio::test]
async fn reports_answer_from_the_read_models_as_they_were_while_a_rebuild_runs() {
    use eris_proto::reporting::v1::{GetRevenueBySupplierRequest, report_service_client::ReportServiceClient};
    let app = spawn_app().await;
    let foundry = app.contract_of("Foundry", 0, "Keystone").await;
    app.add_payment(foundry.contract_id, 1, "10.00").await;
    app.eventually("select count(*)::text from payment", "1").await;

    let (release, released) = tokio::sync::oneshot::channel::<()>();
    let (pool, sources) = (app.reporting.clone(), sources(&app));
    let rebuilding = tokio::spawn(async move {
        let waiting = async {
            let _ = released.await;
        };
        eris_reporting::rebuild::rebuild_then(&pool, &sources, waiting).await
    });
    // The rebuild has replaced every row and waits to commit, holding its locks.
    let holding = "select count(*)::text from pg_locks l join pg_class c on c.oid = l.relation \
                   where c.relname = 'payment' and l.mode in ('ExclusiveLock', 'AccessExclusiveLock') and l.granted";
    app.eventually(holding, "1").await;

    let revenue = || {
        let request = app.authed(GetRevenueBySupplierRequest { year: 2026, basis: 0 });
        let mut client = ReportServiceClient::new(app.reports.clone());
        async move {
            let answer = client.get_revenue_by_supplier(request);
            tokio::time::timeout(std::time::Duration::from_secs(2), answer).await.expect("answered within 2 s")
        }
    };
    let during = revenue().await.expect("a report answers while the rebuild runs");
    assert_eq!(during.into_inner().total, "10.00", "from the read models as they were");
    release.send(()).unwrap();
    let counts = rebuilding.await.unwrap().unwrap();
    assert!(counts.iter().any(|(service, count)| *service == "contracts" && *count == 1), "{counts:?}");
    assert_eq!(revenue().await.unwrap().into_inner().total, "10.00", "and from the rebuilt ones after");
}
