//! What the reporting tests share: every service running over one test database, a Management
//! and a Sales user signed in, and helpers that make companies, contracts and payments through
//! the services' own APIs.

#![allow(dead_code)]

use std::time::{Duration, Instant};

use eris_identity::testing::DEMO_PASSWORD;
use eris_platform::testing::TestDatabase;
use eris_proto::{
    common::v1::Date,
    contracts::v1::{
        Contract, CreateContractRequest, CreatePaymentsRequest, Payment,
        contract_service_client::ContractServiceClient, payment_service_client::PaymentServiceClient,
    },
    crm::v1::{
        Account, AccountCommodity, Company, CreateAccountRequest, CreateCompanyRequest,
        account_service_client::AccountServiceClient, company_service_client::CompanyServiceClient,
    },
    identity::v1::{SignInRequest, auth_service_client::AuthServiceClient},
    sourcing::v1::{Commodity, CreateSupplierRequest, Supplier, supplier_service_client::SupplierServiceClient},
};
use sqlx::PgPool;
use tonic::{Request, transport::Channel};

pub struct App {
    pub database: TestDatabase,
    pub token: String,
    pub management_id: i64,
    pub management_name: String,
    pub sales: (String, i64),
    pub reports: Channel,
    pub identity: Channel,
    pub crm: Channel,
    pub sourcing: Channel,
    pub contracts: Channel,
    pub reporting: PgPool,
    pub peco: i64,
}

async fn listener() -> (tokio::net::TcpListener, String) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    (listener, url)
}

pub async fn spawn_app() -> App {
    spawn_app_reconciling(0).await
}

/// The services, with reporting comparing its read models with contracts every `seconds` (0: never).
pub async fn spawn_app_reconciling(seconds: u64) -> App {
    let database = TestDatabase::new().await;
    let identity = eris_identity::testing::spawn(&database, |_| {}).await;
    let identity_url = format!("http://{identity}");
    let (sourcing_listener, sourcing_url) = listener().await;
    let (contracts_listener, contracts_url) = listener().await;
    let (reporting_listener, reporting_url) = listener().await;
    let crm = eris_crm::testing::spawn_with_sourcing(&database, identity_url.clone(), sourcing_url.clone()).await;
    let crm_url = format!("http://{crm}");
    eris_sourcing::testing::spawn_on(sourcing_listener, &database, identity_url.clone(), crm_url.clone(), 2000);
    let demo = eris_sourcing::seed::demo_utilities(&database.args()).await.unwrap();
    let channel = Channel::from_shared(identity_url.clone()).unwrap().connect_lazy();
    let sign_in = |email: &str| {
        let request = SignInRequest { username: email.into(), password: DEMO_PASSWORD.into() };
        let mut auth = AuthServiceClient::new(channel.clone());
        async move {
            let answer = auth.sign_in(request).await.unwrap().into_inner();
            let user = answer.user.unwrap();
            (answer.token, user.user_id, user.name)
        }
    };
    let (token, management_id, management_name) = sign_in("management@eris.test").await;
    let (sales_token, sales_id, _) = sign_in("sales@eris.test").await;
    let sales = (sales_token, sales_id);
    eris_contracts::testing::spawn_on(
        contracts_listener,
        &database,
        identity_url.clone(),
        crm_url.clone(),
        sourcing_url.clone(),
        Vec::new(),
    );
    eris_reporting::testing::spawn_on(reporting_listener, &database, identity_url, contracts_url.clone(), seconds);
    let reporting =
        eris_platform::db::connect(&database.args(), eris_reporting::SCHEMA, &eris_reporting::MIGRATOR).await.unwrap();
    App {
        token,
        management_id,
        management_name,
        sales,
        identity: channel,
        reports: Channel::from_shared(reporting_url).unwrap().connect_lazy(),
        crm: Channel::from_shared(crm_url).unwrap().connect_lazy(),
        sourcing: Channel::from_shared(sourcing_url).unwrap().connect_lazy(),
        contracts: Channel::from_shared(contracts_url).unwrap().connect_lazy(),
        reporting,
        peco: demo.electric[0],
        database,
    }
}

impl App {
    pub fn authed<T>(&self, message: T) -> Request<T> {
        as_user(&self.token, message)
    }

    /// Waits (up to 10 s) until `sql` answers `expected` in the reporting schema.
    pub async fn eventually(&self, sql: &str, expected: &str) {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let found: Option<Option<String>> = sqlx::query_scalar(sql).fetch_optional(&self.reporting).await.unwrap();
            let found = found.flatten();
            if found.as_deref() == Some(expected) {
                return;
            }
            assert!(Instant::now() < deadline, "{sql}: {found:?}, expected {expected}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// A company with one Electric account, a supplier, and a contract over them.
    pub async fn contract(&self) -> Contract {
        self.contract_of("Foundry", 0, "Keystone").await
    }

    /// The same for a company named `name` whose closer is `closer_user_id`, with supplier
    /// `supplier` (none when empty).
    pub async fn contract_of(&self, name: &str, closer_user_id: i64, supplier: &str) -> Contract {
        self.contract_with(name, closer_user_id, supplier, |_| {}).await
    }

    /// The same, with the contract's fields changed by `change` before it is made.
    pub async fn contract_with(
        &self,
        name: &str,
        closer_user_id: i64,
        supplier: &str,
        change: impl FnOnce(&mut Contract),
    ) -> Contract {
        let company = Company { name: name.into(), closer_user_id, ..Default::default() };
        let company = CompanyServiceClient::new(self.crm.clone())
            .create_company(self.authed(CreateCompanyRequest { company: Some(company) }))
            .await
            .unwrap()
            .into_inner()
            .company
            .unwrap();
        let account = Account {
            company_id: company.company_id,
            name: "Plant".into(),
            account_number: format!("{name}-1"),
            commodity: AccountCommodity::Electric.into(),
            utility_id: self.peco,
            ..Default::default()
        };
        let account = AccountServiceClient::new(self.crm.clone())
            .create_account(self.authed(CreateAccountRequest { account: Some(account) }))
            .await
            .unwrap()
            .into_inner()
            .account
            .unwrap();
        let supplier_id = if supplier.is_empty() {
            0
        } else {
            let supplier =
                Supplier { name: supplier.into(), commodity: Commodity::Electric.into(), ..Default::default() };
            SupplierServiceClient::new(self.sourcing.clone())
                .create_supplier(self.authed(CreateSupplierRequest { supplier: Some(supplier) }))
                .await
                .unwrap()
                .into_inner()
                .supplier
                .unwrap()
                .supplier_id
        };
        let mut contract = Contract {
            company_id: company.company_id,
            commodity: Commodity::Electric.into(),
            account_ids: vec![account.account_id],
            supplier_id,
            date_signed: Some(Date { year: 2025, month: 12, day: 10 }),
            start_date: Some(Date { year: 2026, month: 1, day: 1 }),
            term_months: 12,
            fee: "0.005".into(),
            ..Default::default()
        };
        change(&mut contract);
        ContractServiceClient::new(self.contracts.clone())
            .create_contract(self.authed(CreateContractRequest { contract: Some(contract), beta: false }))
            .await
            .unwrap()
            .into_inner()
            .contract
            .unwrap()
    }

    pub async fn add_payment(&self, contract_id: i64, month: i32, projected: &str) -> Payment {
        let payment = Payment {
            projected_month: month,
            projected_year: 2026,
            projected_payment: projected.into(),
            ..Default::default()
        };
        self.add(contract_id, payment).await
    }

    pub async fn add(&self, contract_id: i64, payment: Payment) -> Payment {
        let request = CreatePaymentsRequest { contract_id, payments: vec![payment] };
        let added = PaymentServiceClient::new(self.contracts.clone()).create_payments(self.authed(request)).await;
        added.unwrap().into_inner().payments.remove(0)
    }
}

/// A request carrying `token`.
pub fn as_user<T>(token: &str, message: T) -> Request<T> {
    let mut request = Request::new(message);
    request.metadata_mut().insert("authorization", format!("Bearer {token}").parse().unwrap());
    request
}
