//! Accounts, usage, capacity histories, imports and contacts.

use eris_proto::{
    crm::v1::{
        Account, AccountCommodity, AccountFilter, CapacityKind, CapacityRecord, Contact, CreateAccountRequest,
        CreateCapacityRecordRequest, CreateContactRequest, DeleteAccountRequest, DeleteCapacityRecordRequest,
        DeleteContactRequest, GetUsageRequest, ImportAccountsRequest, ListAccountsRequest, ListAccountsResponse,
        ListCapacityRecordsRequest, ListContactsRequest, LookupAccountsRequest, SearchAccountsRequest,
        UpdateAccountRequest, UpdateContactRequest, UpdateUsageRequest, UsageMonth,
        account_service_client::AccountServiceClient, contact_service_client::ContactServiceClient,
    },
    sourcing::v1::{
        Commodity, CreateSupplierRequest, DeleteSupplierRequest, Supplier,
        supplier_service_client::SupplierServiceClient,
    },
};

use super::*;

impl TestApp {
    fn accounts(&self) -> AccountServiceClient<Channel> {
        AccountServiceClient::new(self.crm.clone())
    }

    fn contacts(&self) -> ContactServiceClient<Channel> {
        ContactServiceClient::new(self.crm.clone())
    }

    /// The demo utilities, and a supplier of each commodity plus a DR provider.
    async fn directory(&self) -> Directory {
        let demo = eris_sourcing::seed::demo_utilities(&self.database.args()).await.unwrap();
        let mut suppliers = SupplierServiceClient::new(self.sourcing.clone());
        let mut supplier = async |name: &str, commodity: Commodity| {
            let supplier = Supplier { name: name.into(), commodity: commodity.into(), ..Default::default() };
            let request = authed(&self.management, CreateSupplierRequest { supplier: Some(supplier) });
            suppliers.create_supplier(request).await.unwrap().into_inner().supplier.unwrap().supplier_id
        };
        Directory {
            peco: demo.electric[0],
            nicor: demo.gas.iter().copied().find(|id| *id > 0).unwrap(),
            electric_supplier: supplier("Constellation", Commodity::Electric).await,
            gas_supplier: supplier("Direct Energy", Commodity::Gas).await,
            dr_provider: supplier("CPower", Commodity::Dr).await,
        }
    }

    async fn create_account(&self, user: &User, account: Account) -> Result<Account, Status> {
        let request = authed(user, CreateAccountRequest { account: Some(account) });
        Ok(self.accounts().create_account(request).await?.into_inner().account.unwrap())
    }

    async fn update_account(&self, user: &User, account: Account, paths: &[&str]) -> Result<Account, Status> {
        let request = authed(user, UpdateAccountRequest { account: Some(account), update_mask: mask(paths) });
        Ok(self.accounts().update_account(request).await?.into_inner().account.unwrap())
    }

    async fn list_accounts(
        &self,
        user: &User,
        company_id: i64,
        filter: AccountFilter,
        query: &str,
    ) -> ListAccountsResponse {
        let request =
            ListAccountsRequest { company_id, filter: filter.into(), query: query.into(), ..Default::default() };
        self.accounts().list_accounts(authed(user, request)).await.unwrap().into_inner()
    }

    async fn save_usage(&self, user: &User, account_id: i64, months: Vec<UsageMonth>) -> Result<Account, Status> {
        let request = authed(user, UpdateUsageRequest { account_id, months });
        Ok(self.accounts().update_usage(request).await?.into_inner().account.unwrap())
    }
}

struct Directory {
    peco: i64,
    nicor: i64,
    electric_supplier: i64,
    gas_supplier: i64,
    dr_provider: i64,
}

fn electric(company_id: i64, directory: &Directory, number: &str) -> Account {
    Account {
        company_id,
        name: format!("Site {number}"),
        account_number: number.into(),
        commodity: AccountCommodity::Electric.into(),
        utility_id: directory.peco,
        supplier_id: directory.electric_supplier,
        state: "PA".into(),
        plc: "120.5".into(),
        ..Default::default()
    }
}

fn gas(company_id: i64, directory: &Directory, number: &str) -> Account {
    Account {
        company_id,
        name: format!("Boiler {number}"),
        account_number: number.into(),
        commodity: AccountCommodity::Gas.into(),
        utility_id: directory.nicor,
        supplier_id: directory.gas_supplier,
        ..Default::default()
    }
}

fn month(month: i32, value: &str, kw: &str) -> UsageMonth {
    UsageMonth { month, value: value.into(), kw: kw.into(), ..Default::default() }
}

#[tokio::test]
async fn usage_makes_annual_totals_and_load_factors_and_the_company_totals_follow() {
    let app = spawn_app().await;
    let directory = app.directory().await;
    let company = app.company("Acme Foods", 0).await;
    let plant = app.create_account(&app.care, electric(company.company_id, &directory, "1200-001")).await.unwrap();
    assert_eq!(plant.open_state(), eris_proto::crm::v1::OpenState::Open, "new accounts start Open");
    assert!(plant.annual_kwh.is_empty(), "no usage yet");

    // 12 months of 72,000 kWh; March peaks at 200 kW.
    let months: Vec<UsageMonth> = (1..=12).map(|m| month(m, "72,000", if m == 3 { "200" } else { "100" })).collect();
    let saved = app.save_usage(&app.admin, plant.account_id, months).await.unwrap();
    assert_eq!(saved.annual_kwh, "864000");
    // 864,000 / (200 x 8760) = 0.4932
    assert_eq!(saved.load_factor, "0.4932");
    let usage = app
        .accounts()
        .get_usage(authed(&app.sales2, GetUsageRequest { account_id: plant.account_id }))
        .await
        .map(|r| r.into_inner());
    assert_eq!(usage.unwrap_err().code(), Code::NotFound, "a Sales user without the company sees nothing");
    let usage = app.accounts().get_usage(authed(&app.care, GetUsageRequest { account_id: plant.account_id })).await;
    let months = usage.unwrap().into_inner().months;
    assert_eq!(months.len(), 12);
    assert_eq!(months[2].load_factor, "0.5", "72,000 / 200 / 720");
    assert_eq!(months[0].load_factor, "1");
    assert!(months[0].entry_date.is_some());

    let boiler = app.create_account(&app.management, gas(company.company_id, &directory, "G-7")).await.unwrap();
    let therms: Vec<UsageMonth> = (1..=12).map(|m| month(m, "1000.5", "")).collect();
    let boiler = app.save_usage(&app.management, boiler.account_id, therms).await.unwrap();
    assert_eq!(boiler.annual_therms, "12006");
    assert!(boiler.load_factor.is_empty());
    let kw_on_gas = app.save_usage(&app.management, boiler.account_id, vec![month(1, "1", "5")]).await;
    assert_eq!(kw_on_gas.unwrap_err().message(), "Gas usage has no kW.");

    let company = app.get(&app.management, company.company_id).await.unwrap();
    assert_eq!((company.total_kwh.as_str(), company.total_therms.as_str()), ("864000", "12006"));

    let list = app.list_accounts(&app.management, company.company_id, AccountFilter::Unspecified, "").await;
    assert_eq!(
        (list.total_size, list.total_kwh.as_str(), list.total_plc.as_str(), list.total_therms.as_str()),
        (2, "864000", "120.5", "12006")
    );
    let only_gas = app.list_accounts(&app.management, company.company_id, AccountFilter::Gas, "").await;
    assert_eq!(only_gas.accounts.len(), 1);
    assert_eq!(only_gas.total_kwh, "0");
    let searched = app.list_accounts(&app.management, company.company_id, AccountFilter::Unspecified, "1200").await;
    assert_eq!(searched.accounts[0].account_id, plant.account_id);

    app.accounts()
        .delete_account(authed(&app.admin, DeleteAccountRequest { account_id: plant.account_id }))
        .await
        .unwrap();
    let company = app.get(&app.management, company.company_id).await.unwrap();
    assert_eq!((company.total_kwh.as_str(), company.total_therms.as_str()), ("0", "12006"));
    let events = app.published(|t| t.starts_with("account.")).await;
    assert_eq!(events, 5, "created twice, usage updated twice, deleted");
}

#[tokio::test]
async fn accounts_are_paged_by_site_name_with_totals_over_every_page() {
    let app = spawn_app().await;
    let directory = app.directory().await;
    let company = app.company("Paged Mills", 0).await;
    for number in ["P-3", "P-1", "P-2"] {
        app.create_account(&app.management, electric(company.company_id, &directory, number)).await.unwrap();
    }
    let page = |page_size: i32, page_token: String| {
        let request =
            ListAccountsRequest { company_id: company.company_id, page_size, page_token, ..Default::default() };
        let request = authed(&app.management, request);
        let mut accounts = app.accounts();
        async move { accounts.list_accounts(request).await }
    };

    let first = page(2, String::new()).await.unwrap().into_inner();
    let names: Vec<_> = first.accounts.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(names, ["Site P-1", "Site P-2"]);
    assert_eq!((first.total_size, first.total_plc.as_str()), (3, "361.5"), "totals count every page");
    let second = page(2, first.next_page_token).await.unwrap().into_inner();
    assert_eq!(second.accounts.iter().map(|a| a.name.as_str()).collect::<Vec<_>>(), ["Site P-3"]);
    assert!(second.next_page_token.is_empty());

    // A whole large customer in one call (REST's getAccountsByLeadId reads this way); a larger
    // page is cut to 5,000 rows.
    assert_eq!(page(5000, String::new()).await.unwrap().into_inner().accounts.len(), 3);
    assert_eq!(page(-1, String::new()).await.unwrap_err().code(), Code::InvalidArgument);
    assert_eq!(page(2, "not a token".into()).await.unwrap_err().code(), Code::InvalidArgument);
}

#[tokio::test]
async fn sales_read_the_accounts_of_their_companies_and_change_none() {
    let app = spawn_app().await;
    let directory = app.directory().await;
    let theirs = app.company("Their Plant", app.sales.id).await;
    let other = app.company("Other Plant", 0).await;
    let account = app.create_account(&app.admin, electric(theirs.company_id, &directory, "77")).await.unwrap();
    app.create_account(&app.admin, electric(other.company_id, &directory, "78")).await.unwrap();

    let list = app.list_accounts(&app.sales, theirs.company_id, AccountFilter::Unspecified, "").await;
    assert_eq!(list.accounts.len(), 1);
    let request = ListAccountsRequest { company_id: other.company_id, ..Default::default() };
    let refused = app.accounts().list_accounts(authed(&app.sales, request)).await.unwrap_err();
    assert_eq!(refused.code(), Code::NotFound);

    let create = app.create_account(&app.sales, electric(theirs.company_id, &directory, "79")).await;
    assert_eq!(create.unwrap_err().code(), Code::PermissionDenied);
    let rename =
        Account { account_id: account.account_id, version: account.version, name: "Mine".into(), ..Default::default() };
    assert_eq!(app.update_account(&app.sales, rename, &["name"]).await.unwrap_err().code(), Code::PermissionDenied);
    let usage = app.save_usage(&app.sales, account.account_id, vec![month(1, "5", "")]).await;
    assert_eq!(usage.unwrap_err().code(), Code::PermissionDenied);
    let delete = app
        .accounts()
        .delete_account(authed(&app.sales, DeleteAccountRequest { account_id: account.account_id }))
        .await;
    assert_eq!(delete.unwrap_err().code(), Code::PermissionDenied);
    let import = ImportAccountsRequest { company_id: theirs.company_id, csv: "x".into(), ..Default::default() };
    assert_eq!(
        app.accounts().import_accounts(authed(&app.sales, import)).await.unwrap_err().code(),
        Code::PermissionDenied
    );
    assert_eq!(app.count("select count(*) from crm.account").await, 2, "nothing written");
}

#[tokio::test]
async fn an_account_names_utilities_and_suppliers_of_its_commodity_and_keeps_an_archived_one() {
    let app = spawn_app().await;
    let directory = app.directory().await;
    let company = app.company("Mixed Co", 0).await;

    let wrong_utility = Account { utility_id: directory.nicor, ..electric(company.company_id, &directory, "1") };
    let refused = app.create_account(&app.admin, wrong_utility).await.unwrap_err();
    assert_eq!(refused.code(), Code::InvalidArgument);
    assert!(refused.message().ends_with("is not a Electric utility."), "{}", refused.message());
    let wrong_supplier =
        Account { supplier_id: directory.gas_supplier, ..electric(company.company_id, &directory, "1") };
    assert_eq!(
        app.create_account(&app.admin, wrong_supplier).await.unwrap_err().message(),
        "Direct Energy is not a Electric supplier."
    );
    let unknown = Account { utility_id: 987_654, ..electric(company.company_id, &directory, "1") };
    assert_eq!(app.create_account(&app.admin, unknown).await.unwrap_err().message(), "Choose a utility from the list.");
    let gas_with_plc = Account { plc: "3".into(), ..gas(company.company_id, &directory, "2") };
    assert_eq!(
        app.create_account(&app.admin, gas_with_plc).await.unwrap_err().message(),
        "PLC, NSPL and DR apply to electric accounts only."
    );
    let not_dr = Account {
        dr_status: eris_proto::crm::v1::DrStatus::Registered.into(),
        ..electric(company.company_id, &directory, "3")
    };
    assert!(app.create_account(&app.admin, not_dr).await.is_err());
    let wrong_provider = Account {
        is_dr: true,
        dr_provider_supplier_id: directory.electric_supplier,
        ..electric(company.company_id, &directory, "3")
    };
    assert_eq!(
        app.create_account(&app.admin, wrong_provider).await.unwrap_err().message(),
        "Constellation is not a DR provider."
    );
    let dr = Account {
        is_dr: true,
        dr_status: eris_proto::crm::v1::DrStatus::Registered.into(),
        dr_provider_supplier_id: directory.dr_provider,
        summer_registered_kw: "50".into(),
        ..electric(company.company_id, &directory, "3")
    };
    let dr = app.create_account(&app.admin, dr).await.unwrap();
    let listed = app.list_accounts(&app.admin, company.company_id, AccountFilter::Dr, "").await;
    assert_eq!(listed.accounts.iter().map(|a| a.account_id).collect::<Vec<_>>(), vec![dr.account_id]);
    let percent = Account { tax_exempt_percent: "101".into(), ..electric(company.company_id, &directory, "4") };
    assert!(app.create_account(&app.admin, percent).await.is_err());
    let control = Account { name: "Plant\u{0}".into(), ..electric(company.company_id, &directory, "4") };
    assert_eq!(app.create_account(&app.admin, control).await.unwrap_err().code(), Code::InvalidArgument);

    // Archiving the supplier keeps it on the account, which stays editable; a new account cannot
    // choose it any more.
    let mut suppliers = SupplierServiceClient::new(app.sourcing.clone());
    let archive = DeleteSupplierRequest { supplier_id: directory.electric_supplier };
    suppliers.delete_supplier(authed(&app.management, archive)).await.unwrap();
    let renamed =
        Account { account_id: dr.account_id, version: dr.version, name: "Cold storage".into(), ..Default::default() };
    let renamed = app.update_account(&app.admin, renamed, &["name"]).await.unwrap();
    assert_eq!(renamed.supplier_id, directory.electric_supplier);
    let again = app.create_account(&app.admin, electric(company.company_id, &directory, "5")).await.unwrap_err();
    assert_eq!(again.message(), "Choose a supplier from the list.");
    let no_usage_change = Account {
        account_id: dr.account_id,
        version: renamed.version,
        commodity: AccountCommodity::Gas.into(),
        ..Default::default()
    };
    assert!(
        app.update_account(&app.admin, no_usage_change, &["commodity"]).await.is_err(),
        "PLC must be cleared first"
    );
}

#[tokio::test]
async fn two_people_edit_one_account_and_only_a_real_conflict_is_refused() {
    let app = spawn_app().await;
    let directory = app.directory().await;
    let company = app.company("Edit Co", 0).await;
    let account = app.create_account(&app.admin, electric(company.company_id, &directory, "9")).await.unwrap();
    let city = Account {
        account_id: account.account_id,
        version: account.version,
        city: "Philadelphia".into(),
        ..Default::default()
    };
    app.update_account(&app.admin, city, &["city"]).await.unwrap();
    let zip =
        Account { account_id: account.account_id, version: account.version, zip: "19103".into(), ..Default::default() };
    let both = app.update_account(&app.care, zip, &["zip"]).await.unwrap();
    assert_eq!((both.city.as_str(), both.zip.as_str()), ("Philadelphia", "19103"));
    let stale = Account {
        account_id: account.account_id,
        version: account.version,
        city: "Pittsburgh".into(),
        ..Default::default()
    };
    let conflict = app.update_account(&app.care, stale, &["city"]).await.unwrap_err();
    assert_eq!(conflict.code(), Code::Aborted);
    assert_eq!(
        conflict.message(),
        "Someone else changed the city of this account after you opened it. Their value is shown now."
    );
    let unknown = Account { account_id: account.account_id, ..Default::default() };
    assert_eq!(
        app.update_account(&app.care, unknown, &["annual_kwh"]).await.unwrap_err().code(),
        Code::InvalidArgument
    );
}

#[tokio::test]
async fn forty_usage_saves_at_once_leave_the_company_total_equal_to_its_accounts() {
    let app = spawn_app().await;
    let directory = app.directory().await;
    let company = app.company("Busy Co", 0).await;
    let mut accounts = Vec::new();
    for number in 0..8 {
        accounts.push(
            app.create_account(&app.admin, electric(company.company_id, &directory, &number.to_string()))
                .await
                .unwrap(),
        );
    }
    let saves = (0..40).map(|i| {
        let app = &app;
        let account_id = accounts[i % accounts.len()].account_id;
        async move {
            app.save_usage(&app.admin, account_id, vec![month((i % 12) as i32 + 1, &format!("{}", 1000 + i), "10")])
                .await
        }
    });
    for saved in futures::future::join_all(saves).await {
        saved.unwrap();
    }
    let company = app.get(&app.management, company.company_id).await.unwrap();
    let sum = app.count("select coalesce(sum(value), 0)::bigint from crm.usage_month").await;
    assert_eq!(company.total_kwh, sum.to_string());
}

#[tokio::test]
async fn capacity_histories_are_dated_values_of_electric_accounts() {
    let app = spawn_app().await;
    let directory = app.directory().await;
    let company = app.company("Capacity Co", app.sales.id).await;
    let account = app.create_account(&app.admin, electric(company.company_id, &directory, "C1")).await.unwrap();
    let record = |kind: CapacityKind, value: &str, start: Option<Date>, end: Option<Date>| CapacityRecord {
        account_id: account.account_id,
        kind: kind.into(),
        value: value.into(),
        start_date: start,
        end_date: end,
        ..Default::default()
    };
    let add = |user: &User, record: CapacityRecord| authed(user, CreateCapacityRecordRequest { record: Some(record) });
    let backwards = app
        .accounts()
        .create_capacity_record(add(&app.admin, record(CapacityKind::Plc, "10", date(2026, 6, 1), date(2026, 5, 31))))
        .await;
    assert_eq!(backwards.unwrap_err().message(), "Start Date must not be after End Date.");
    let far = app
        .accounts()
        .create_capacity_record(add(&app.admin, record(CapacityKind::Plc, "10", date(20000, 6, 1), date(20001, 5, 31))))
        .await;
    assert_eq!(far.unwrap_err().code(), Code::InvalidArgument);
    let sales = app
        .accounts()
        .create_capacity_record(add(&app.sales, record(CapacityKind::Plc, "10", date(2025, 6, 1), date(2026, 5, 31))))
        .await;
    assert_eq!(sales.unwrap_err().code(), Code::PermissionDenied);
    let older = app
        .accounts()
        .create_capacity_record(add(
            &app.admin,
            record(CapacityKind::Plc, "95.25", date(2024, 6, 1), date(2025, 5, 31)),
        ))
        .await
        .unwrap()
        .into_inner()
        .record
        .unwrap();
    app.accounts()
        .create_capacity_record(add(&app.admin, record(CapacityKind::Plc, "101", date(2025, 6, 1), date(2026, 5, 31))))
        .await
        .unwrap();
    app.accounts()
        .create_capacity_record(add(&app.admin, record(CapacityKind::Nspl, "80", date(2025, 1, 1), date(2025, 12, 31))))
        .await
        .unwrap();

    let list = |kind: CapacityKind| {
        authed(&app.sales, ListCapacityRecordsRequest { account_id: account.account_id, kind: kind.into() })
    };
    let plc = app.accounts().list_capacity_records(list(CapacityKind::Plc)).await.unwrap().into_inner().records;
    assert_eq!(plc.iter().map(|r| r.value.as_str()).collect::<Vec<_>>(), vec!["101", "95.25"], "newest start first");
    let wrong_kind =
        DeleteCapacityRecordRequest { capacity_record_id: older.capacity_record_id, kind: CapacityKind::Nspl.into() };
    assert_eq!(
        app.accounts().delete_capacity_record(authed(&app.admin, wrong_kind)).await.unwrap_err().code(),
        Code::NotFound
    );
    let delete =
        DeleteCapacityRecordRequest { capacity_record_id: older.capacity_record_id, kind: CapacityKind::Plc.into() };
    app.accounts().delete_capacity_record(authed(&app.admin, delete)).await.unwrap();
    assert_eq!(
        app.accounts().list_capacity_records(list(CapacityKind::Plc)).await.unwrap().into_inner().records.len(),
        1
    );

    let boiler = app.create_account(&app.admin, gas(company.company_id, &directory, "G")).await.unwrap();
    let on_gas = CapacityRecord {
        account_id: boiler.account_id,
        ..record(CapacityKind::Plc, "1", date(2025, 1, 1), date(2025, 2, 1))
    };
    let on_gas = app.accounts().create_capacity_record(add(&app.admin, on_gas)).await;
    assert_eq!(on_gas.unwrap_err().message(), "Capacity histories are kept for electric accounts only.");
}

const HEADER: &str = "Site Name,LEN,Account #,Secondary Account #,Utility,Supplier,Commodity,Rate Class,Address,City,State,Zip,Tax Exempt Status,PLC,NSPL,Zone";

#[tokio::test]
async fn an_import_with_a_bad_row_imports_nothing_and_once_fixed_imports_every_row() {
    let app = spawn_app().await;
    app.directory().await;
    let company = app.company("Import Co", 0).await;
    let bad = format!(
        "\u{feff}{HEADER}\r\nNorth,Import LLC,100,,PECO,Constellation,Electric,GS,\"1 Main St, Unit 2\",Philadelphia,PA,19103,0,\"1,250\",900,PECO\r\nSouth,,101,,PECO,,electric,,,,PA,,,,,\r\n"
    );
    let request = |csv: &str, validate_only: bool| {
        authed(
            &app.admin,
            ImportAccountsRequest {
                company_id: company.company_id,
                csv: csv.into(),
                validate_only,
                ..Default::default()
            },
        )
    };
    let checked = app.accounts().import_accounts(request(&bad, false)).await.unwrap().into_inner();
    assert_eq!(checked.row_count, 2);
    assert_eq!(checked.problems.len(), 1);
    assert_eq!((checked.problems[0].row, checked.problems[0].column.as_str()), (2, "Commodity"));
    assert!(checked.accounts.is_empty());
    assert_eq!(app.count("select count(*) from crm.account").await, 0, "nothing imported while a row has a problem");

    let fixed = bad.replace(",electric,", ",Electric,");
    let preview = app.accounts().import_accounts(request(&fixed, true)).await.unwrap().into_inner();
    assert!(preview.problems.is_empty() && preview.accounts.is_empty(), "validate_only imports nothing");
    let imported = app.accounts().import_accounts(request(&fixed, false)).await.unwrap().into_inner();
    assert_eq!(imported.accounts.len(), 2);
    assert_eq!(imported.accounts[0].address, "1 Main St, Unit 2");
    assert_eq!(imported.accounts[0].plc, "1250");
    assert_eq!(app.published(|t| t == "account.imported").await, 2);

    let garbage =
        app.accounts().import_accounts(request("Site Name\n\"unterminated", false)).await.unwrap().into_inner();
    assert!(!garbage.problems.is_empty());
}

#[tokio::test]
async fn accounts_are_found_by_number_name_or_utility_among_the_companies_one_may_see() {
    let app = spawn_app().await;
    let directory = app.directory().await;
    let theirs = app.company("Sales Co", app.sales.id).await;
    let other = app.company("Hidden Co", 0).await;
    app.create_account(&app.admin, electric(theirs.company_id, &directory, "PA-5501")).await.unwrap();
    app.create_account(&app.admin, electric(other.company_id, &directory, "PA-5502")).await.unwrap();
    let search =
        |user: &User, query: &str| authed(user, SearchAccountsRequest { query: query.into(), ..Default::default() });
    let found = app.accounts().search_accounts(search(&app.management, "pa-55")).await.unwrap().into_inner().matches;
    assert_eq!(found.iter().map(|m| m.company_name.as_str()).collect::<Vec<_>>(), vec!["Hidden Co", "Sales Co"]);
    let by_utility =
        app.accounts().search_accounts(search(&app.management, "peco")).await.unwrap().into_inner().matches;
    assert_eq!(by_utility.len(), 2);
    let sales = app.accounts().search_accounts(search(&app.sales, "PA-55")).await.unwrap().into_inner().matches;
    assert_eq!(sales.iter().map(|m| m.company_name.as_str()).collect::<Vec<_>>(), vec!["Sales Co"]);
    assert_eq!(
        app.accounts().search_accounts(search(&app.sales, "P")).await.unwrap_err().code(),
        Code::InvalidArgument
    );
    let wildcard = app.accounts().search_accounts(search(&app.management, "%%")).await.unwrap().into_inner().matches;
    assert!(wildcard.is_empty(), "LIKE wildcards are literal");

    let filter = CompanyFilter { account_number: "pa-5502".into(), ..Default::default() };
    assert_eq!(app.names(&app.management, filter.clone()).await, vec!["Hidden Co"]);
    assert!(app.names(&app.sales, filter).await.is_empty());
}

#[tokio::test]
async fn every_role_keeps_the_contacts_of_the_companies_it_sees() {
    let app = spawn_app().await;
    let theirs = app.company("Contact Co", app.sales.id).await;
    let other = app.company("Not Theirs", 0).await;
    let contact = |company_id: i64, priority: i32| Contact {
        company_id,
        first_name: "Ann".into(),
        last_name: "Lee".into(),
        email: "ann@contact.example".into(),
        contact_type: "DR - Event".into(),
        priority,
        ..Default::default()
    };
    let create = |user: &User, contact: Contact| authed(user, CreateContactRequest { contact: Some(contact) });
    let sixteen = app.contacts().create_contact(create(&app.sales, contact(theirs.company_id, 16))).await.unwrap_err();
    assert_eq!(sixteen.message(), "Contact Priority should be between 1 and 15 with 1 being the highest priority");
    let hidden = app.contacts().create_contact(create(&app.sales, contact(other.company_id, 1))).await.unwrap_err();
    assert_eq!(hidden.code(), Code::NotFound);
    let saved = app
        .contacts()
        .create_contact(create(&app.sales, contact(theirs.company_id, 2)))
        .await
        .unwrap()
        .into_inner()
        .contact
        .unwrap();
    assert_eq!(saved.contact_type, "DR – Event");
    let bad_email = Contact { email: "ann@".into(), ..contact(theirs.company_id, 2) };
    assert!(app.contacts().create_contact(create(&app.care, bad_email)).await.is_err());

    let update = |user: &User, contact: Contact, paths: &[&str]| {
        authed(user, UpdateContactRequest { contact: Some(contact), update_mask: mask(paths) })
    };
    let title = Contact {
        contact_id: saved.contact_id,
        version: saved.version,
        title: "Plant Manager".into(),
        ..Default::default()
    };
    app.contacts().update_contact(update(&app.sales, title, &["title"])).await.unwrap();
    let stale =
        Contact { contact_id: saved.contact_id, version: saved.version, title: "Owner".into(), ..Default::default() };
    assert_eq!(
        app.contacts().update_contact(update(&app.care, stale, &["title"])).await.unwrap_err().code(),
        Code::Aborted
    );
    let phone = Contact {
        contact_id: saved.contact_id,
        version: saved.version,
        cell_phone: "215-555-0101".into(),
        ..Default::default()
    };
    let both = app
        .contacts()
        .update_contact(update(&app.care, phone, &["cell_phone"]))
        .await
        .unwrap()
        .into_inner()
        .contact
        .unwrap();
    assert_eq!((both.title.as_str(), both.cell_phone.as_str()), ("Plant Manager", "215-555-0101"));
    let nameless = Contact { contact_id: saved.contact_id, version: both.version, ..Default::default() };
    assert!(app.contacts().update_contact(update(&app.care, nameless, &["first_name", "last_name"])).await.is_err());

    let list = |user: &User, company_id: i64| authed(user, ListContactsRequest { company_id, ..Default::default() });
    assert_eq!(
        app.contacts().list_contacts(list(&app.sales, theirs.company_id)).await.unwrap().into_inner().contacts.len(),
        1
    );
    assert_eq!(
        app.contacts().list_contacts(list(&app.sales, other.company_id)).await.unwrap_err().code(),
        Code::NotFound
    );
    let delete = |user: &User| authed(user, DeleteContactRequest { contact_id: saved.contact_id });
    assert_eq!(app.contacts().delete_contact(delete(&app.sales2)).await.unwrap_err().code(), Code::NotFound);
    app.contacts().delete_contact(delete(&app.sales)).await.unwrap();
    assert_eq!(app.published(|t| t.starts_with("contact.")).await, 4);
}

#[tokio::test]
async fn a_generated_book_has_accounts_with_a_year_of_usage_and_matching_company_totals() {
    let app = spawn_app().await;
    let utilities = eris_sourcing::seed::demo_utilities(&app.database.args()).await.unwrap();
    let suppliers = eris_sourcing::seed::demo_suppliers(&app.database.args()).await.unwrap();
    assert!(!suppliers.dr.is_empty(), "DR providers are among the demo suppliers");
    let areas = eris_crm::seed::AreaChoices { electric: utilities.electric, gas: utilities.gas, dr: utilities.dr };
    let choices =
        eris_crm::seed::SupplierChoices { electric: suppliers.electric, gas: suppliers.gas, dr: suppliers.dr };
    let plan = SeedPlan {
        notes: 0,
        tasks: 0,
        call_banks: 0,
        ..SeedPlan::for_companies(500, 7, vec![app.sales.id], areas, choices)
    };
    assert_eq!((plan.accounts, plan.large_company_accounts, plan.contacts), (1500, 10, 1000));
    eris_crm::seed::generate(&app.database.args(), &plan).await.unwrap();
    assert_eq!(app.count("select count(*) from crm.account").await, 1510);
    assert_eq!(app.count("select count(*) from crm.usage_month").await, 1510 * 12);
    assert_eq!(app.count("select count(*) from crm.contact").await, 1000);
    let largest = app.count("select max(n) from (select count(*) as n from crm.account group by company_id) c").await;
    assert!(largest >= 10, "one company has the large customer's accounts");
    let mismatched = app
        .count(
            "select count(*) from crm.company c where c.total_kwh <> (select coalesce(sum(annual_usage), 0) \
             from crm.account a where a.company_id = c.company_id and a.commodity = 'Electric')",
        )
        .await;
    assert_eq!(mismatched, 0, "every company's total is the sum of its accounts");
    let annual_off = app
        .count(
            "select count(*) from crm.account a where annual_usage <> (select sum(value) from crm.usage_month u \
             where u.account_id = a.account_id)",
        )
        .await;
    assert_eq!(annual_off, 0);
    let directory_ids = app.count("select count(*) from crm.account where utility_id is null").await;
    assert_eq!(directory_ids, 0, "every account names a demo utility");
}

#[tokio::test]
async fn statements_find_accounts_by_number_however_written_and_companies_by_name() {
    let app = spawn_app().await;
    let directory = app.directory().await;
    let foundry = app.company("Acme Steel Foundry", 0).await;
    let bakery = app.company("Corner Bakery", 0).await;
    let first = app.create_account(&app.admin, electric(foundry.company_id, &directory, "0012-345 6")).await.unwrap();
    let with_esi =
        Account { secondary_account_number: "10443720009".into(), ..electric(bakery.company_id, &directory, "B-1") };
    let second = app.create_account(&app.admin, with_esi).await.unwrap();
    let lookup = |numbers: &[&str], ids: Vec<i64>, names: &[&str]| LookupAccountsRequest {
        account_numbers: numbers.iter().map(|n| (*n).to_owned()).collect(),
        account_ids: ids,
        company_names: names.iter().map(|n| (*n).to_owned()).collect(),
    };
    let found = app
        .accounts()
        .lookup_accounts(authed(&app.care, lookup(&["123456", "10443720009", "nope"], vec![], &["acme steel"])))
        .await
        .unwrap()
        .into_inner();
    let ids: Vec<i64> = found.accounts.iter().map(|a| a.account_id).collect();
    assert_eq!(ids, [first.account_id, second.account_id]);
    assert_eq!(found.accounts[0].company_name, "Acme Steel Foundry");
    // The database's key and the platform's are one rule.
    assert_eq!(found.accounts[0].number_key, eris_platform::text::account_number_key("0012-345 6"));
    assert_eq!(found.accounts[1].secondary_number_key, "10443720009");
    assert_eq!(found.companies.iter().map(|c| c.company_id).collect::<Vec<_>>(), [foundry.company_id]);
    let by_id =
        app.accounts().lookup_accounts(authed(&app.admin, lookup(&[], vec![second.account_id], &[]))).await.unwrap();
    assert_eq!(by_id.into_inner().accounts[0].account_number, "B-1");
    let sales = app.accounts().lookup_accounts(authed(&app.sales, lookup(&["123456"], vec![], &[]))).await;
    assert_eq!(sales.unwrap_err().code(), Code::PermissionDenied);
}
