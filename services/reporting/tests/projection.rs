//! The read models fed through real services: changes made in crm, sourcing and contracts reach
//! the reporting schema through the outbox relays, the Redis streams and the projector; an event
//! delivered again is applied once; a second projector takes over when the first stops.

mod support;

use std::time::{Duration, Instant};

use eris_platform::{
    kv::Kv,
    outbox::{EventKind, KindedEvent},
    relay::stream_key,
    testing::TestDatabase,
};
use eris_proto::{
    contracts::v1::{
        Contract, ContractEvent, ContractEventKind as Kind, DeleteContractRequest, Payment, UpdatePaymentRequest,
        contract_service_client::ContractServiceClient, payment_service_client::PaymentServiceClient,
    },
    reporting::v1::{
        GetRevenueBySupplierRequest, GetRevenueBySupplierResponse, ListRevenueYearsRequest, RevenueBasis,
        report_service_client::ReportServiceClient,
    },
    sourcing::v1::Commodity,
};
use prost::Message;
use support::{App, spawn_app};
use tonic::Request;

#[tokio::test]
async fn changes_in_every_service_reach_the_read_models() {
    let metrics = eris_platform::metrics::prometheus();
    let app = spawn_app().await;
    let contract = app.contract().await;
    let id = contract.contract_id;
    app.eventually("select name from company", "Foundry").await;
    app.eventually("select name from supplier where name = 'Keystone'", "Keystone").await;
    app.eventually(
        &format!("select company_name || ' ' || end_date from contract where contract_id = {id}"),
        "Foundry 2026-12-31",
    )
    .await;

    let mut payment = app.add_payment(id, 1, "37.50").await;
    app.eventually("select projected_payment::text from payment", "37.50").await;
    payment.payment_actual = "36.10".into();
    payment.payment_month = 2;
    payment.payment_year = 2026;
    let request = UpdatePaymentRequest { payment: Some(payment) };
    PaymentServiceClient::new(app.contracts.clone()).update_payment(app.authed(request)).await.unwrap();
    app.eventually("select payment_actual::text || ' ' || payment_month from payment", "36.10 2").await;

    let request = DeleteContractRequest { contract_id: id, beta_only: false };
    ContractServiceClient::new(app.contracts.clone()).delete_contract(app.authed(request)).await.unwrap();
    app.eventually("select (select count(*) from contract) + (select count(*) from payment) || ''", "0").await;
    // Where each stream stands is kept, for the lag.
    app.eventually("select count(*)::text from stream_position", "4").await;
    // `/metrics` shows how far behind each stream the read models are, and what was applied.
    let shown = metrics.render();
    for stream in ["identity", "crm", "sourcing", "contracts"] {
        assert!(shown.contains(&format!("eris_reporting_event_lag_seconds{{stream=\"{stream}\"}}")), "{shown}");
    }
    assert!(shown.contains("eris_reporting_events_applied_total{stream=\"contracts\"}"), "{shown}");
}

#[tokio::test]
async fn an_event_delivered_again_is_applied_once() {
    let app = spawn_app().await;
    let contract = app.contract().await;
    let payment = app.add_payment(contract.contract_id, 3, "10.00").await;
    app.eventually("select projected_payment::text from payment", "10.00").await;

    // The same event id again, now carrying a newer version: skipped, because it was applied.
    let events = app.database.published_events("contracts").await;
    let added = events.iter().find(|e| e.event_type == "contract.payment_added").unwrap();
    let mut event = ContractEvent::decode(added.payload.as_slice()).unwrap();
    event.payments[0].projected_payment = "99.00".into();
    event.payments[0].version = payment.version + 10;
    let kv = Kv::new(&app.database.redis_args()).unwrap();
    let payload = event.encode_to_vec();
    add_numbered(&kv, &added.event_id, added.seq, "contract.payment_added", contract.contract_id, payload).await;
    // A later change still arrives, and the duplicate never did anything.
    app.add_payment(contract.contract_id, 4, "11.00").await;
    app.eventually(
        "select string_agg(projected_payment::text, ' ' order by projected_month) from payment",
        "10.00 11.00",
    )
    .await;
}

/// A contract event as the contracts service writes it, added to its stream without a number.
async fn publish_contract(kv: &Kv, event_id: &str, contract_id: i64, version: i64) {
    add_to_stream(kv, event_id, "contract.contract_created", contract_id, contract_created(contract_id, version)).await;
}

/// The encoded event of contract `contract_id` made at `version`.
fn contract_created(contract_id: i64, version: i64) -> Vec<u8> {
    let contract = Contract {
        contract_id,
        company_id: 1,
        company_name: format!("Company {contract_id}"),
        commodity: Commodity::Electric.into(),
        version,
        ..Default::default()
    };
    let event = ContractEvent { contract: Some(contract), ..ContractEvent::of(Kind::ContractCreated) };
    event.encode_to_vec()
}

/// An entry added to the contracts stream as a relay from before publication numbers added them.
async fn add_to_stream(kv: &Kv, event_id: &str, event_type: &str, aggregate_id: i64, payload: Vec<u8>) {
    add_numbered(kv, event_id, 0, event_type, aggregate_id, payload).await;
}

/// An entry added to the contracts stream as its relay adds them, with its publication number
/// (none when 0); answers the entry's id.
async fn add_numbered(
    kv: &Kv,
    event_id: &str,
    seq: i64,
    event_type: &str,
    aggregate_id: i64,
    payload: Vec<u8>,
) -> String {
    let (stream, event_id, event_type) = (stream_key(kv, "contracts"), event_id.to_owned(), event_type.to_owned());
    let mut command = redis::cmd("XADD");
    command.arg(stream).arg("*").arg("event_id").arg(event_id).arg("type").arg(event_type);
    if seq > 0 {
        command.arg("seq").arg(seq);
    }
    command
        .arg("aggregate")
        .arg(aggregate_id)
        .arg("payload")
        .arg(payload)
        .arg("created_ms")
        .arg(eris_platform::auth::now_ms());
    kv.run(|mut conn| async move { command.query_async::<String>(&mut conn).await }).await.unwrap()
}

/// Contract `contract_id` at `version`, as the contracts relay publishes it with number `seq`.
async fn publish_numbered(kv: &Kv, seq: i64, contract_id: i64, version: i64) -> String {
    let event_id = format!("contracts:{}", 1000 + seq);
    let payload = contract_created(contract_id, version);
    add_numbered(kv, &event_id, seq, "contract.contract_created", contract_id, payload).await
}

/// The reporting schema's pool and a projector factory over one test database.
async fn reporting_pool(database: &TestDatabase) -> sqlx::PgPool {
    eris_platform::db::connect(&database.args(), eris_reporting::SCHEMA, &eris_reporting::MIGRATOR).await.unwrap()
}

fn projector(pool: &sqlx::PgPool, database: &TestDatabase) -> eris_reporting::projector::Projector {
    let redis = eris_reporting::projector::redis(&database.redis_args()).unwrap();
    eris_reporting::projector::Projector::new(pool.clone(), redis)
}

async fn contract_ids(pool: &sqlx::PgPool) -> Vec<i64> {
    sqlx::query_scalar("select contract_id from contract order by contract_id").fetch_all(pool).await.unwrap()
}

async fn redis_get(kv: &Kv, name: &str) -> Option<String> {
    let key = format!("{}:{name}", stream_key(kv, "contracts"));
    kv.run(|mut conn| async move { redis::cmd("GET").arg(key).query_async(&mut conn).await }).await.unwrap()
}

#[tokio::test]
async fn a_gap_in_the_numbers_is_applied_past_only_once_it_is_filled() {
    let metrics = eris_platform::metrics::prometheus();
    let database = TestDatabase::new().await;
    let pool = reporting_pool(&database).await;
    let kv = Kv::new(&database.redis_args()).unwrap();
    for (seq, contract) in [(1, 1), (2, 2), (4, 4)] {
        publish_numbered(&kv, seq, contract, 1).await;
    }
    let waiting = projector(&pool, &database);
    let health = waiting.health();
    waiting.catch_up().await.unwrap();
    assert_eq!(contract_ids(&pool).await, [1, 2], "nothing past the missing third entry");
    tokio::time::sleep(Duration::from_millis(2100)).await;
    let reasons = health.reasons();
    assert!(reasons.len() == 1 && reasons[0].starts_with("the contracts stream is missing events"), "{reasons:?}");
    let watermark: i64 = sqlx::query_scalar("select applied_seq from stream_position where service = 'contracts'")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(watermark, 2);
    assert_eq!(redis_get(&kv, "applied").await.as_deref(), Some("2"), "the watermark, for the relay");
    assert_eq!(redis_get(&kv, "replay").await.as_deref(), Some("2"), "everything above 2 asked for again");
    // The relay publishes again from 3: the gap fills, and a duplicate of 2 is skipped.
    for (seq, contract) in [(2, 2), (3, 3), (4, 4)] {
        publish_numbered(&kv, seq, contract, 1).await;
    }
    waiting.catch_up().await.unwrap();
    assert_eq!(contract_ids(&pool).await, [1, 2, 3, 4]);
    assert_eq!(health.reasons(), Vec::<String>::new(), "ready again once the gap is filled");
    assert!(metrics.render().contains("eris_reporting_stream_gaps_total{stream=\"contracts\"}"));
}

/// A payment in an event: its id, version and Payment Actual.
type PaymentAt = (i64, i64, &'static str);

/// Contract `contract_id` at `version` with these payments, as event `kind`.
/// A contract event's payload with its kind in `event_kind` only or, `older`, as contracts wrote it
/// before that field: in words only.
#[allow(deprecated)]
fn contract_event(kind: Kind, older: bool, contract_id: i64, version: i64, payments: &[PaymentAt]) -> Vec<u8> {
    let contract =
        Contract { contract_id, company_id: 1, commodity: Commodity::Electric.into(), version, ..Default::default() };
    let payments = payments
        .iter()
        .map(|&(payment_id, version, amount)| Payment {
            payment_id,
            contract_id,
            projected_month: 1,
            projected_year: 2026,
            payment_actual: amount.into(),
            version,
            ..Default::default()
        })
        .collect();
    let event = ContractEvent { contract: Some(contract), payments, ..Default::default() };
    let event = if older {
        ContractEvent { kind: kind.words(), ..event }
    } else {
        ContractEvent { event_kind: kind.into(), ..event }
    };
    event.encode_to_vec()
}

#[tokio::test]
async fn contract_changes_of_one_batch_end_as_applied_one_by_one() {
    let database = TestDatabase::new().await;
    let pool = reporting_pool(&database).await;
    let kv = Kv::new(&database.redis_args()).unwrap();
    // One batch: two versions of the same rows, an older copy after a newer one, a payment and a
    // contract deleted between saves of theirs, and a contract saved again after its deletion.
    // The deletions come once with their kind as an enum and once in words only, as events written
    // before the enum are still in the outbox after an upgrade.
    let events: [(Kind, bool, i64, i64, &[PaymentAt]); 8] = [
        (Kind::PaymentAdded, false, 7, 1, &[(71, 1, "10.00"), (72, 1, "20.00")]),
        (Kind::PaymentUpdated, true, 7, 2, &[(71, 2, "11.00")]),
        (Kind::ContractCreated, false, 8, 1, &[(81, 1, "30.00")]),
        (Kind::PaymentUpdated, false, 7, 1, &[(71, 1, "10.00")]),
        (Kind::PaymentDeleted, false, 7, 3, &[(72, 1, "20.00")]),
        (Kind::ContractDeleted, true, 8, 2, &[]),
        (Kind::ContractCreated, true, 9, 1, &[(91, 1, "40.00")]),
        (Kind::PaymentUpdated, false, 9, 2, &[(91, 2, "41.00")]),
    ];
    for (seq, (kind, older, contract_id, version, payments)) in (1..).zip(events) {
        let payload = contract_event(kind, older, contract_id, version, payments);
        let event_type = format!("contract.{}", kind.snake());
        add_numbered(&kv, &format!("contracts:{}", 2000 + seq), seq, &event_type, contract_id, payload).await;
    }
    projector(&pool, &database).catch_up().await.unwrap();
    let contracts: Vec<(i64, i64)> =
        sqlx::query_as("select contract_id, version from contract order by 1").fetch_all(&pool).await.unwrap();
    assert_eq!(contracts, [(7, 3), (9, 2)]);
    let payments: Vec<(i64, i64, String)> =
        sqlx::query_as("select payment_id, version, payment_actual::text from payment order by 1")
            .fetch_all(&pool)
            .await
            .unwrap();
    assert_eq!(payments, [(71, 2, "11.00".to_owned()), (91, 2, "41.00".to_owned())]);
}

#[tokio::test]
async fn a_catch_up_gives_the_lease_up_before_it_returns() {
    let database = TestDatabase::new().await;
    let pool = reporting_pool(&database).await;
    let kv = Kv::new(&database.redis_args()).unwrap();
    publish_numbered(&kv, 1, 1, 1).await;
    projector(&pool, &database).catch_up().await.unwrap();
    // At once, not when PostgreSQL notices a dropped connection: the next projector takes it.
    let mut other = pool.acquire().await.unwrap();
    let taken: bool = sqlx::query_scalar("select pg_try_advisory_lock($1)")
        .bind(eris_reporting::projector::LEASE)
        .fetch_one(&mut *other)
        .await
        .unwrap();
    assert!(taken, "the lease is free as soon as a catch-up returns");
    sqlx::query("select pg_advisory_unlock($1)")
        .bind(eris_reporting::projector::LEASE)
        .execute(&mut *other)
        .await
        .unwrap();
}

#[tokio::test]
async fn entries_a_former_projector_received_are_claimed_and_vanished_ones_are_a_gap() {
    let database = TestDatabase::new().await;
    let pool = reporting_pool(&database).await;
    let kv = Kv::new(&database.redis_args()).unwrap();
    // The group exists; a former projector received two entries and stopped before applying.
    projector(&pool, &database).catch_up().await.unwrap();
    publish_numbered(&kv, 1, 1, 1).await;
    let second = publish_numbered(&kv, 2, 2, 1).await;
    let stream = stream_key(&kv, "contracts");
    let read = redis::cmd("XREADGROUP")
        .arg("GROUP")
        .arg("reporting")
        .arg("former")
        .arg("STREAMS")
        .arg(&stream)
        .arg(">")
        .clone();
    kv.run(|mut conn| async move { read.query_async::<redis::Value>(&mut conn).await }).await.unwrap();
    // The second one's body is lost (as a trim of the old projector did).
    let (delete, key) = (second.clone(), stream.clone());
    kv.run(|mut conn| async move { redis::cmd("XDEL").arg(key).arg(delete).query_async::<i64>(&mut conn).await })
        .await
        .unwrap();
    publish_numbered(&kv, 3, 3, 1).await;

    projector(&pool, &database).catch_up().await.unwrap();
    assert_eq!(contract_ids(&pool).await, [1], "the first claimed and applied; nothing past the vanished second");
    assert_eq!(redis_get(&kv, "replay").await.as_deref(), Some("1"));
    let pending = redis::cmd("XPENDING").arg(&stream).arg("reporting").clone();
    let summary: redis::Value = kv.run(|mut conn| async move { pending.query_async(&mut conn).await }).await.unwrap();
    let redis::Value::Array(summary) = summary else { panic!("{summary:?}") };
    assert_eq!(summary[0], redis::Value::Int(0), "nothing left pending");
}

#[tokio::test]
async fn a_projector_whose_lease_was_taken_over_applies_nothing_more() {
    let metrics = eris_platform::metrics::prometheus();
    let database = TestDatabase::new().await;
    let pool = reporting_pool(&database).await;
    let kv = Kv::new(&database.redis_args()).unwrap();
    let _running = projector(&pool, &database).spawn();
    publish_numbered(&kv, 1, 1, 1).await;
    let deadline = Instant::now() + Duration::from_secs(10);
    while contract_ids(&pool).await.is_empty() {
        assert!(Instant::now() < deadline, "the first contract did not arrive");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // Another projector took the lease (raised the token) while this one still runs.
    sqlx::query("update projector_lease set epoch = epoch + 1").execute(&pool).await.unwrap();
    publish_numbered(&kv, 2, 2, 1).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(contract_ids(&pool).await, [1], "a fenced-off projector committed a batch");
    assert!(metrics.render().contains("eris_reporting_lease_lost_total"));
}

#[tokio::test]
async fn a_projector_whose_lease_connection_dropped_applies_only_after_taking_it_again() {
    let metrics = eris_platform::metrics::prometheus();
    let database = TestDatabase::new().await;
    let pool = reporting_pool(&database).await;
    let kv = Kv::new(&database.redis_args()).unwrap();
    let _running = projector(&pool, &database).spawn();
    let lease_holder = || async {
        let pid: Option<i32> = sqlx::query_scalar(
            "select pid from pg_locks where locktype = 'advisory' and granted                and (classid::bigint << 32) | objid::bigint = $1 and database =                (select oid from pg_database where datname = current_database())",
        )
        .bind(0x7265_706f_7274_696e_i64)
        .fetch_optional(&pool)
        .await
        .unwrap();
        pid
    };
    publish_numbered(&kv, 1, 1, 1).await;
    let deadline = Instant::now() + Duration::from_secs(10);
    while contract_ids(&pool).await.is_empty() {
        assert!(Instant::now() < deadline, "the first contract did not arrive");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let first = lease_holder().await.expect("the lease is held");
    sqlx::query("select pg_terminate_backend($1)").bind(first).execute(&pool).await.unwrap();
    publish_numbered(&kv, 2, 2, 1).await;
    let deadline = Instant::now() + Duration::from_secs(10);
    while contract_ids(&pool).await.len() < 2 {
        assert!(Instant::now() < deadline, "the second contract did not arrive");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let second = lease_holder().await.expect("whoever applied the second contract holds the lease");
    assert_ne!(first, second, "the lease was taken again on a new connection");
    let epoch: i64 = sqlx::query_scalar("select epoch from projector_lease").fetch_one(&pool).await.unwrap();
    assert_eq!(epoch, 2);
    assert!(metrics.render().contains("eris_reporting_lease_lost_total 1"), "the lost lease is counted");
}

#[tokio::test]
async fn one_projector_applies_at_a_time_and_another_takes_over_when_it_stops() {
    let database = TestDatabase::new().await;
    let pool =
        eris_platform::db::connect(&database.args(), eris_reporting::SCHEMA, &eris_reporting::MIGRATOR).await.unwrap();
    let kv = || Kv::new(&database.redis_args()).unwrap();
    let projector = || {
        let redis = eris_reporting::projector::redis(&database.redis_args()).unwrap();
        eris_reporting::projector::Projector::new(pool.clone(), redis)
    };
    let names = || async {
        let names: Vec<String> = sqlx::query_scalar("select company_name from contract order by contract_id")
            .fetch_all(&pool)
            .await
            .unwrap();
        names
    };
    let eventually = |count: usize| async move {
        let deadline = Instant::now() + Duration::from_secs(10);
        while names().await.len() < count {
            assert!(Instant::now() < deadline, "the contracts did not arrive");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    };

    let (first, second) = (projector().spawn(), projector().spawn());
    publish_contract(&kv(), "contracts:1", 1, 1).await;
    eventually(1).await;
    // While one holds the lease, another catching up applies nothing.
    publish_contract(&kv(), "contracts:2", 2, 1).await;
    assert_eq!(projector().catch_up().await.unwrap(), 0);
    eventually(2).await;

    // Either may have held it: with one gone, the other carries on.
    drop(first);
    publish_contract(&kv(), "contracts:3", 3, 1).await;
    eventually(3).await;
    drop(second);
    tokio::time::sleep(Duration::from_millis(200)).await;
    // With none running, the events wait in the stream until a projector comes.
    publish_contract(&kv(), "contracts:4", 4, 1).await;
    publish_contract(&kv(), "contracts:4", 4, 2).await;
    let deadline = Instant::now() + Duration::from_secs(10);
    while projector().catch_up().await.unwrap() == 0 {
        assert!(Instant::now() < deadline, "the lease was never free");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(names().await, ["Company 1", "Company 2", "Company 3", "Company 4"]);
    let version: i64 =
        sqlx::query_scalar("select version from contract where contract_id = 4").fetch_one(&pool).await.unwrap();
    assert_eq!(version, 1, "the second delivery of contracts:4 was skipped");
}

#[tokio::test]
async fn the_projectors_redis_connection_outlasts_a_read_that_waits_for_entries() {
    let database = TestDatabase::new().await;
    let key = format!("{}idle", database.redis_args().redis_prefix);
    let wait = |kv: Kv, key: String| async move {
        kv.run(|mut conn| async move {
            redis::cmd("BLPOP").arg(key).arg(0.6).query_async::<Option<(String, String)>>(&mut conn).await
        })
        .await
    };
    // A cache call's deadline (250 ms) would end a read waiting 0.6 s for nothing as a failure.
    assert!(wait(Kv::new(&database.redis_args()).unwrap(), key.clone()).await.is_err());
    let projector = eris_reporting::projector::redis(&database.redis_args()).unwrap();
    assert_eq!(wait(projector, key).await.unwrap(), None);
}

impl App {
    async fn revenue(&self, token: &str, basis: RevenueBasis) -> GetRevenueBySupplierResponse {
        let mut request = Request::new(GetRevenueBySupplierRequest { year: 2026, basis: basis.into() });
        request.metadata_mut().insert("authorization", format!("Bearer {token}").parse().unwrap());
        ReportServiceClient::new(self.reports.clone()).get_revenue_by_supplier(request).await.unwrap().into_inner()
    }
}

fn row(report: &GetRevenueBySupplierResponse, name: &str) -> (Vec<String>, String) {
    let row = report.suppliers.iter().find(|s| s.supplier_name == name).unwrap();
    (row.monthly.clone(), row.total.clone())
}

fn twelve(values: &[(usize, &str)]) -> Vec<String> {
    let mut months = vec!["0.00".to_owned(); 12];
    for (month, value) in values {
        months[month - 1] = (*value).to_owned();
    }
    months
}

#[tokio::test]
async fn revenue_by_supplier_adds_up_the_payments_for_management_alone() {
    let app = spawn_app().await;
    let theirs = app.contract_of("Foundry", app.sales.1, "Keystone").await;
    let other = app.contract_of("Mill", 0, "").await;
    app.add_payment(theirs.contract_id, 1, "10.00").await;
    app.add_payment(theirs.contract_id, 2, "20.25").await;
    app.add_payment(other.contract_id, 1, "5.00").await;
    let received = Payment {
        projected_month: 3,
        projected_year: 2026,
        projected_payment: "15.00".into(),
        payment_month: 4,
        payment_year: 2026,
        payment_actual: "15.50".into(),
        ..Default::default()
    };
    app.add(theirs.contract_id, received).await;
    // Not in 2026: counted in neither report.
    let later =
        Payment { projected_month: 1, projected_year: 2027, projected_payment: "99".into(), ..Default::default() };
    app.add(theirs.contract_id, later).await;
    app.eventually("select count(*)::text from payment", "5").await;
    app.eventually("select count(*)::text from company", "2").await;

    let forecast = app.revenue(&app.token, RevenueBasis::Unspecified).await;
    let names: Vec<&str> = forecast.suppliers.iter().map(|s| s.supplier_name.as_str()).collect();
    assert_eq!(names, ["Keystone", "No supplier"]);
    assert_eq!(row(&forecast, "Keystone"), (twelve(&[(1, "10.00"), (2, "20.25"), (3, "15.00")]), "45.25".to_owned()));
    assert_eq!(row(&forecast, "No supplier"), (twelve(&[(1, "5.00")]), "5.00".to_owned()));
    assert_eq!(forecast.month_totals, twelve(&[(1, "15.00"), (2, "20.25"), (3, "15.00")]));
    assert_eq!(forecast.total, "50.25");

    let actual = app.revenue(&app.token, RevenueBasis::Actual).await;
    assert_eq!(row(&actual, "Keystone"), (twelve(&[(4, "15.50")]), "15.50".to_owned()));
    assert_eq!(actual.suppliers.len(), 1);

    // Management's report alone (spec 2 section 6), even for Foundry's closer.
    let mut refused = Request::new(GetRevenueBySupplierRequest { year: 2026, basis: 0 });
    refused.metadata_mut().insert("authorization", format!("Bearer {}", app.sales.0).parse().unwrap());
    let refused = ReportServiceClient::new(app.reports.clone()).get_revenue_by_supplier(refused).await.unwrap_err();
    assert_eq!(refused.code(), tonic::Code::PermissionDenied);

    let mut years = Request::new(ListRevenueYearsRequest {});
    years.metadata_mut().insert("authorization", format!("Bearer {}", app.token).parse().unwrap());
    let years = ReportServiceClient::new(app.reports.clone()).list_revenue_years(years).await.unwrap().into_inner();
    assert!(years.years.starts_with(&[2027, 2026]), "{:?}", years.years);

    let mut far = Request::new(GetRevenueBySupplierRequest { year: 20_000, basis: 0 });
    far.metadata_mut().insert("authorization", format!("Bearer {}", app.token).parse().unwrap());
    let refused = ReportServiceClient::new(app.reports.clone()).get_revenue_by_supplier(far).await.unwrap_err();
    assert_eq!(refused.code(), tonic::Code::InvalidArgument);
}

#[tokio::test]
async fn drift_from_the_contracts_service_is_found_and_mended_by_itself() {
    let metrics = eris_platform::metrics::prometheus();
    let app = support::spawn_app_reconciling(1).await;
    let contract = app.contract().await;
    let other = app.contract_of("Mill", 0, "").await;
    app.add_payment(contract.contract_id, 1, "10.00").await;
    app.add_payment(contract.contract_id, 2, "20.00").await;
    app.add_payment(other.contract_id, 1, "5.00").await;
    app.eventually("select count(*)::text from payment", "3").await;
    let payments = "select string_agg(projected_payment::text, ' ' order by payment_id) from payment";
    let revenue = "select sum(amount)::text from revenue_cell where basis = 1 and amount <> 0";
    app.eventually(revenue, "35.00").await;

    // However it came about: a payment lost, an amount changed, a whole contract gone (at once,
    // so one comparison sees it all).
    let mut tamper = app.reporting.begin().await.unwrap();
    sqlx::query("delete from payment where projected_month = 2").execute(&mut *tamper).await.unwrap();
    sqlx::query("update payment set projected_payment = 99 where projected_payment = 10")
        .execute(&mut *tamper)
        .await
        .unwrap();
    for table in ["payment", "contract"] {
        sqlx::query(&format!("delete from {table} where contract_id = $1"))
            .bind(other.contract_id)
            .execute(&mut *tamper)
            .await
            .unwrap();
    }
    tamper.commit().await.unwrap();
    app.eventually(payments, "10.00 20.00 5.00").await;
    app.eventually(revenue, "35.00").await;
    app.eventually("select count(*)::text from contract", "2").await;
    // Later comparisons (every second here) find nothing more: a mended copy reads as equal.
    tokio::time::sleep(Duration::from_secs(4)).await;
    let shown = metrics.render();
    assert!(shown.contains("eris_reporting_drift_found_total 2"), "{shown}");
    assert!(shown.contains("eris_reporting_drift_mended_total 2"), "{shown}");
}

#[tokio::test]
async fn a_contract_kept_without_its_record_is_read_again_whole() {
    let app = support::spawn_app_reconciling(1).await;
    let contract = app.contract().await;
    app.add_payment(contract.contract_id, 1, "10.00").await;
    app.eventually("select count(*)::text from payment", "1").await;
    let kept = "select coalesce(length(record), 0) > 0 from contract";
    assert!(sqlx::query_scalar::<_, bool>(kept).fetch_one(&app.reporting).await.unwrap(), "written with the contract");

    // As a contract projected before the read models kept records.
    sqlx::query("update contract set record = null").execute(&app.reporting).await.unwrap();
    app.eventually("select (record is not null)::text from contract", "true").await;
    let (record, version): (Vec<u8>, i64) =
        sqlx::query_as("select record, version from contract").fetch_one(&app.reporting).await.unwrap();
    let whole = eris_proto::contracts::v1::Contract::decode(record.as_slice()).unwrap();
    assert_eq!((whole.contract_id, whole.version), (contract.contract_id, version));
    app.eventually("select string_agg(projected_payment::text, ' ') from payment", "10.00").await;
}

#[tokio::test]
async fn no_drift_is_found_while_a_rebuild_replaces_the_read_models() {
    let metrics = eris_platform::metrics::prometheus();
    let app = support::spawn_app_reconciling(1).await;
    let contract = app.contract().await;
    app.add_payment(contract.contract_id, 1, "10.00").await;
    app.eventually("select count(*)::text from payment", "1").await;
    let payments = "select string_agg(projected_payment::text, ' ' order by payment_id) from payment";
    app.eventually(payments, "10.00").await;

    // A rebuild under way: until it commits, readers see the read models as they were, here
    // different from the source, and comparing them then would find drift that the rebuild is
    // already putting right (on a new installation, every contract at once).
    let mut rebuild = app.reporting.begin().await.unwrap();
    sqlx::query("lock table rebuild_position in access exclusive mode").execute(&mut *rebuild).await.unwrap();
    sqlx::query("update payment set projected_payment = 99.00").execute(&app.reporting).await.unwrap();
    // Long enough for the first comparison (5 s after the lease) and its second look (2 s later).
    tokio::time::sleep(Duration::from_secs(9)).await;
    sqlx::query("update payment set projected_payment = 10.00").execute(&mut *rebuild).await.unwrap();
    rebuild.commit().await.unwrap();
    tokio::time::sleep(Duration::from_secs(3)).await;

    let shown = metrics.render();
    assert!(!shown.contains("eris_reporting_drift_found_total"), "{shown}");
    app.eventually(payments, "10.00").await;
}
