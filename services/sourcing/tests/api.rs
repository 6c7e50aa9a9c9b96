//! The sourcing service over real gRPC, against the machine's PostgreSQL and Redis, with a real
//! identity service issuing the tokens.

use eris_identity::testing::DEMO_PASSWORD;
use eris_platform::testing::TestDatabase;
use eris_proto::{
    identity::v1::{SignInRequest, auth_service_client::AuthServiceClient},
    sourcing::v1::{Commodity, ListUtilitiesRequest, utility_service_client::UtilityServiceClient},
};
use tonic::{Code, Request, transport::Channel};

#[tokio::test]
async fn utilities_are_listed_by_name_and_by_commodity_to_signed_in_users() {
    let database = TestDatabase::new().await;
    let identity = eris_identity::testing::spawn(&database, |_| {}).await;
    let sourcing = eris_sourcing::testing::spawn(&database, format!("http://{identity}")).await;
    let demo = eris_sourcing::seed::demo_utilities(&database.args()).await.unwrap();
    let again = eris_sourcing::seed::demo_utilities(&database.args()).await.unwrap();
    assert_eq!(demo.electric, again.electric, "the demo utilities are added once");

    let identity = Channel::from_shared(format!("http://{identity}")).unwrap().connect_lazy();
    let request = SignInRequest { username: "sales@eris.test".into(), password: DEMO_PASSWORD.into() };
    let token = AuthServiceClient::new(identity).sign_in(request).await.unwrap().into_inner().token;
    let mut client =
        UtilityServiceClient::new(Channel::from_shared(format!("http://{sourcing}")).unwrap().connect_lazy());
    let list = |commodity: Commodity, token: Option<&str>| {
        let mut request = Request::new(ListUtilitiesRequest { commodity: commodity.into() });
        if let Some(token) = token {
            request.metadata_mut().insert("authorization", format!("Bearer {token}").parse().unwrap());
        }
        request
    };

    let refused = client.list_utilities(list(Commodity::Unspecified, None)).await.unwrap_err();
    assert_eq!(refused.code(), Code::Unauthenticated);

    let all = client.list_utilities(list(Commodity::Unspecified, Some(&token))).await.unwrap().into_inner().utilities;
    assert_eq!(all.len(), demo.electric.len() + demo.gas.len() + demo.dr.len());
    let names: Vec<String> = all.iter().map(|u| u.name.to_lowercase()).collect();
    assert!(names.windows(2).all(|pair| pair[0] <= pair[1]), "sorted by name: {names:?}");

    let gas = client.list_utilities(list(Commodity::Gas, Some(&token))).await.unwrap().into_inner().utilities;
    assert_eq!(
        gas.iter().map(|u| u.utility_id).collect::<std::collections::BTreeSet<_>>(),
        demo.gas.into_iter().collect()
    );
    assert!(gas.iter().all(|u| u.commodity() == Commodity::Gas));
    let nicor = gas.iter().find(|u| u.name == "Nicor Gas").unwrap();
    assert_eq!(nicor.state, "IL");
}

/// Replicas and seeders may start together: each creates and migrates the schema without failing.
#[tokio::test]
async fn services_starting_at_once_all_prepare_the_schema() {
    let database = TestDatabase::new().await;
    let args = database.args();
    let starts: Vec<_> = (0..6)
        .map(|_| {
            let args = args.clone();
            tokio::spawn(async move {
                eris_platform::db::connect(&args, eris_sourcing::SCHEMA, &eris_sourcing::MIGRATOR).await.map(|_| ())
            })
        })
        .collect();
    for start in starts {
        start.await.unwrap().expect("the schema is ready");
    }
}

mod directories {
    use eris_identity::testing::DEMO_PASSWORD;
    use eris_platform::{outbox::KindedEvent, testing::TestDatabase};
    use eris_proto::{
        identity::v1::{SignInRequest, auth_service_client::AuthServiceClient},
        sourcing::v1::{
            Commodity, CreateRateTypeRequest, CreateSupplierContactRequest, CreateSupplierRequest,
            CreateUtilityRequest, DeleteRateTypeRequest, DeleteSupplierContactRequest, DeleteSupplierRequest,
            ListRateCodesRequest, ListRateTypesRequest, ListSupplierContactsRequest, ListSuppliersRequest, RateCode,
            RateType, ReplaceRateCodesRequest, Supplier, SupplierContact, UpdateSupplierContactRequest,
            UpdateSupplierRequest, UpdateUtilityRequest, Utility, rate_type_service_client::RateTypeServiceClient,
            supplier_service_client::SupplierServiceClient, utility_service_client::UtilityServiceClient,
        },
    };
    use prost_types::FieldMask;
    use tonic::{Code, Request, transport::Channel};

    struct App {
        channel: Channel,
        database: TestDatabase,
        management: String,
        admin: String,
        sales: String,
    }

    async fn spawn_app() -> App {
        let database = TestDatabase::new().await;
        let identity = eris_identity::testing::spawn(&database, |_| {}).await;
        let sourcing = eris_sourcing::testing::spawn(&database, format!("http://{identity}")).await;
        let identity = Channel::from_shared(format!("http://{identity}")).unwrap().connect_lazy();
        let sign_in = |email: &'static str| {
            let identity = identity.clone();
            async move {
                let request = SignInRequest { username: email.into(), password: DEMO_PASSWORD.into() };
                AuthServiceClient::new(identity).sign_in(request).await.unwrap().into_inner().token
            }
        };
        App {
            channel: Channel::from_shared(format!("http://{sourcing}")).unwrap().connect_lazy(),
            management: sign_in("management@eris.test").await,
            admin: sign_in("admin@eris.test").await,
            sales: sign_in("sales@eris.test").await,
            database,
        }
    }

    fn authed<T>(token: &str, message: T) -> Request<T> {
        let mut request = Request::new(message);
        request.metadata_mut().insert("authorization", format!("Bearer {token}").parse().unwrap());
        request
    }

    fn mask(paths: &[&str]) -> Option<FieldMask> {
        Some(FieldMask { paths: paths.iter().map(|p| (*p).to_owned()).collect() })
    }

    fn supplier(name: &str, commodity: Commodity) -> Supplier {
        Supplier { name: name.into(), commodity: commodity.into(), ..Default::default() }
    }

    /// The types of the events published to the sourcing stream, oldest first.
    async fn outbox_types(database: &TestDatabase) -> Vec<String> {
        database.published_events(eris_sourcing::SCHEMA).await.into_iter().map(|e| e.event_type).collect()
    }

    #[tokio::test]
    async fn management_and_admin_keep_suppliers_and_everyone_reads_them() {
        let app = spawn_app().await;
        let mut client = SupplierServiceClient::new(app.channel.clone());
        let create = |token: &str, s: Supplier| authed(token, CreateSupplierRequest { supplier: Some(s) });

        let refused = client.create_supplier(create(&app.sales, supplier("Sales Power", Commodity::Electric))).await;
        assert_eq!(refused.unwrap_err().code(), Code::PermissionDenied);

        let electric = client
            .create_supplier(create(&app.management, supplier(" Constellation ", Commodity::Electric)))
            .await
            .unwrap()
            .into_inner()
            .supplier
            .unwrap();
        assert_eq!(electric.name, "Constellation");
        let gas = client.create_supplier(create(&app.admin, supplier("Constellation", Commodity::Gas))).await;
        assert!(gas.is_ok(), "one name may serve two commodities");
        let twice = client.create_supplier(create(&app.admin, supplier("CONSTELLATION", Commodity::Electric))).await;
        let twice = twice.unwrap_err();
        assert_eq!(
            (twice.code(), twice.message()),
            (Code::AlreadyExists, "A supplier with this name and commodity already exists.")
        );
        let nameless = client.create_supplier(create(&app.admin, supplier("\u{7}", Commodity::Electric))).await;
        assert_eq!(nameless.unwrap_err().code(), Code::InvalidArgument);

        let list = |commodity: Commodity, include_archived: bool| {
            authed(&app.sales, ListSuppliersRequest { commodity: commodity.into(), include_archived })
        };
        let electric_list =
            client.list_suppliers(list(Commodity::Electric, false)).await.unwrap().into_inner().suppliers;
        assert_eq!(electric_list.iter().map(|s| s.supplier_id).collect::<Vec<_>>(), vec![electric.supplier_id]);

        // Two people change different fields of one supplier: both keep their change.
        let rename = Supplier {
            supplier_id: electric.supplier_id,
            version: electric.version,
            name: "Constellation NewEnergy".into(),
            ..Default::default()
        };
        client
            .update_supplier(authed(
                &app.management,
                UpdateSupplierRequest { supplier: Some(rename), update_mask: mask(&["name"]) },
            ))
            .await
            .unwrap();
        let status = Supplier {
            supplier_id: electric.supplier_id,
            version: electric.version,
            broker_agreement_status: "Signed".into(),
            ..Default::default()
        };
        let both = client
            .update_supplier(authed(
                &app.admin,
                UpdateSupplierRequest { supplier: Some(status), update_mask: mask(&["broker_agreement_status"]) },
            ))
            .await
            .unwrap()
            .into_inner()
            .supplier
            .unwrap();
        assert_eq!((both.name.as_str(), both.broker_agreement_status.as_str()), ("Constellation NewEnergy", "Signed"));
        // The same field changed from an old copy is a conflict that names it.
        let stale = Supplier {
            supplier_id: electric.supplier_id,
            version: electric.version,
            name: "Other".into(),
            ..Default::default()
        };
        let conflict = client
            .update_supplier(authed(
                &app.admin,
                UpdateSupplierRequest { supplier: Some(stale), update_mask: mask(&["name"]) },
            ))
            .await
            .unwrap_err();
        assert_eq!(conflict.code(), Code::Aborted);
        assert!(conflict.message().contains("name of this supplier"), "{}", conflict.message());

        // Deleting archives: gone from the pickers, still there for records that name it.
        let archived = client
            .delete_supplier(authed(&app.management, DeleteSupplierRequest { supplier_id: electric.supplier_id }))
            .await
            .unwrap()
            .into_inner()
            .supplier
            .unwrap();
        assert!(archived.archived);
        assert!(
            client.list_suppliers(list(Commodity::Electric, false)).await.unwrap().into_inner().suppliers.is_empty()
        );
        let with_archived =
            client.list_suppliers(list(Commodity::Electric, true)).await.unwrap().into_inner().suppliers;
        assert_eq!(with_archived[0].name, "Constellation NewEnergy");
        let again =
            client.create_supplier(create(&app.admin, supplier("Constellation NewEnergy", Commodity::Electric))).await;
        assert!(again.is_ok(), "an archived supplier's name may be used again");

        let events = outbox_types(&app.database).await;
        for kind in ["supplier.created", "supplier.updated", "supplier.archived"] {
            assert!(events.iter().any(|e| e == kind), "{kind} in {events:?}");
        }
    }

    #[tokio::test]
    async fn supplier_contacts_are_kept_per_supplier_and_checked() {
        let app = spawn_app().await;
        let mut client = SupplierServiceClient::new(app.channel.clone());
        let created = client
            .create_supplier(authed(
                &app.admin,
                CreateSupplierRequest { supplier: Some(supplier("Direct Energy", Commodity::Gas)) },
            ))
            .await
            .unwrap()
            .into_inner()
            .supplier
            .unwrap();
        let contact = SupplierContact {
            supplier_id: created.supplier_id,
            name: "Dana Price".into(),
            contact_type: "Primary".into(),
            email: "dana@direct.example".into(),
            pricing_desk: "pricing@direct.example".into(),
            office_phone: "215-555-0100".into(),
            ..Default::default()
        };
        let bad = SupplierContact { email: "dana at direct".into(), ..contact.clone() };
        let refused = client
            .create_supplier_contact(authed(&app.admin, CreateSupplierContactRequest { contact: Some(bad) }))
            .await;
        assert_eq!(refused.unwrap_err().message(), "Email must be an e-mail address.");
        let sales = client
            .create_supplier_contact(authed(
                &app.sales,
                CreateSupplierContactRequest { contact: Some(contact.clone()) },
            ))
            .await;
        assert_eq!(sales.unwrap_err().code(), Code::PermissionDenied);
        let saved = client
            .create_supplier_contact(authed(&app.admin, CreateSupplierContactRequest { contact: Some(contact) }))
            .await
            .unwrap()
            .into_inner()
            .contact
            .unwrap();
        let change = SupplierContact {
            supplier_contact_id: saved.supplier_contact_id,
            version: saved.version,
            cell_phone: "267-555-0199".into(),
            ..Default::default()
        };
        let updated = client
            .update_supplier_contact(authed(
                &app.management,
                UpdateSupplierContactRequest { contact: Some(change), update_mask: mask(&["cell_phone"]) },
            ))
            .await
            .unwrap()
            .into_inner()
            .contact
            .unwrap();
        assert_eq!((updated.name.as_str(), updated.cell_phone.as_str()), ("Dana Price", "267-555-0199"));
        let list = client
            .list_supplier_contacts(authed(
                &app.sales,
                ListSupplierContactsRequest { supplier_id: created.supplier_id },
            ))
            .await
            .unwrap()
            .into_inner()
            .contacts;
        assert_eq!(list.len(), 1);
        client
            .delete_supplier_contact(authed(
                &app.admin,
                DeleteSupplierContactRequest { supplier_contact_id: saved.supplier_contact_id },
            ))
            .await
            .unwrap();
        let gone = client
            .delete_supplier_contact(authed(
                &app.admin,
                DeleteSupplierContactRequest { supplier_contact_id: saved.supplier_contact_id },
            ))
            .await;
        assert_eq!(gone.unwrap_err().code(), Code::NotFound);
        let missing = client
            .list_supplier_contacts(authed(&app.sales, ListSupplierContactsRequest { supplier_id: 987_654 }))
            .await;
        assert_eq!(missing.unwrap_err().code(), Code::NotFound);
    }

    #[tokio::test]
    async fn utilities_are_added_edited_by_field_and_their_rate_codes_replaced() {
        let app = spawn_app().await;
        let mut client = UtilityServiceClient::new(app.channel.clone());
        let utility = Utility {
            name: "Penn Power".into(),
            state: "pa".into(),
            commodity: Commodity::Electric.into(),
            zone: "ATSI".into(),
            rto: "PJM".into(),
            ..Default::default()
        };
        let refused =
            client.create_utility(authed(&app.sales, CreateUtilityRequest { utility: Some(utility.clone()) })).await;
        assert_eq!(refused.unwrap_err().code(), Code::PermissionDenied);
        let created = client
            .create_utility(authed(&app.admin, CreateUtilityRequest { utility: Some(utility.clone()) }))
            .await
            .unwrap()
            .into_inner()
            .utility
            .unwrap();
        assert_eq!(created.state, "PA");
        let twice = client.create_utility(authed(&app.admin, CreateUtilityRequest { utility: Some(utility) })).await;
        assert_eq!(twice.unwrap_err().code(), Code::AlreadyExists);

        let zone = Utility {
            utility_id: created.utility_id,
            version: created.version,
            zone: "PENNPOWER".into(),
            ..Default::default()
        };
        let updated = client
            .update_utility(authed(
                &app.management,
                UpdateUtilityRequest { utility: Some(zone), update_mask: mask(&["zone"]) },
            ))
            .await
            .unwrap()
            .into_inner()
            .utility
            .unwrap();
        assert_eq!((updated.name.as_str(), updated.zone.as_str()), ("Penn Power", "PENNPOWER"));
        let bad_state = Utility {
            utility_id: created.utility_id,
            version: updated.version,
            state: "P".into(),
            ..Default::default()
        };
        let refused = client
            .update_utility(authed(
                &app.admin,
                UpdateUtilityRequest { utility: Some(bad_state), update_mask: mask(&["state"]) },
            ))
            .await;
        assert_eq!(refused.unwrap_err().message(), "State must be a two-letter code.");

        let code = |matrix: &str| RateCode {
            matrix: matrix.into(),
            tariff: format!("T-{matrix}"),
            description: "General service".into(),
        };
        let replace = |codes: Vec<RateCode>| {
            authed(&app.admin, ReplaceRateCodesRequest { utility_id: created.utility_id, rate_codes: codes })
        };
        let saved = client
            .replace_rate_codes(replace(vec![code("GS"), code("GL"), RateCode::default()]))
            .await
            .unwrap()
            .into_inner()
            .rate_codes;
        assert_eq!(
            saved.iter().map(|c| c.matrix.as_str()).collect::<Vec<_>>(),
            vec!["GS", "GL"],
            "empty rows are dropped, order kept"
        );
        client.replace_rate_codes(replace(vec![code("LP")])).await.unwrap();
        let listed = client
            .list_rate_codes(authed(&app.sales, ListRateCodesRequest { utility_id: created.utility_id }))
            .await
            .unwrap()
            .into_inner()
            .rate_codes;
        assert_eq!(listed, vec![code("LP")], "the list is replaced, not added to");
        let sales = client
            .replace_rate_codes(authed(
                &app.sales,
                ReplaceRateCodesRequest { utility_id: created.utility_id, rate_codes: vec![] },
            ))
            .await;
        assert_eq!(sales.unwrap_err().code(), Code::PermissionDenied);
    }

    #[tokio::test]
    async fn rate_types_are_unique_whatever_their_case_and_deleted_by_name() {
        let app = spawn_app().await;
        let mut client = RateTypeServiceClient::new(app.channel.clone());
        let create = |token: &str, name: &str| {
            authed(token, CreateRateTypeRequest { rate_type: Some(RateType { name: name.into() }) })
        };
        client.create_rate_type(create(&app.management, "Fixed")).await.unwrap();
        client.create_rate_type(create(&app.admin, "Index")).await.unwrap();
        let twice = client.create_rate_type(create(&app.admin, "fixed")).await.unwrap_err();
        assert_eq!((twice.code(), twice.message()), (Code::AlreadyExists, "This rate type already exists."));
        assert_eq!(
            client.create_rate_type(create(&app.sales, "Block")).await.unwrap_err().code(),
            Code::PermissionDenied
        );
        let names = |list: Vec<RateType>| list.into_iter().map(|r| r.name).collect::<Vec<_>>();
        let listed =
            client.list_rate_types(authed(&app.sales, ListRateTypesRequest {})).await.unwrap().into_inner().rate_types;
        assert_eq!(names(listed), vec!["Fixed", "Index"]);
        client.delete_rate_type(authed(&app.admin, DeleteRateTypeRequest { name: "FIXED".into() })).await.unwrap();
        let gone = client.delete_rate_type(authed(&app.admin, DeleteRateTypeRequest { name: "Fixed".into() })).await;
        assert_eq!(gone.unwrap_err().code(), Code::NotFound);
        let listed =
            client.list_rate_types(authed(&app.sales, ListRateTypesRequest {})).await.unwrap().into_inner().rate_types;
        assert_eq!(names(listed), vec!["Index"]);
        let events = outbox_types(&app.database).await;
        assert_eq!(events, vec!["rate_type.created", "rate_type.created", "rate_type.deleted"]);
    }

    #[tokio::test]
    async fn the_snapshot_is_every_supplier_and_utility_as_the_outbox_carries_them_and_only_services_may_read_it() {
        use eris_proto::sourcing::v1::{DirectoryEvent, directory_event::Entry};
        use prost::Message;
        let app = spawn_app().await;
        let mut suppliers = SupplierServiceClient::new(app.channel.clone());
        let create = |s: Supplier| authed(&app.management, CreateSupplierRequest { supplier: Some(s) });
        let kept = suppliers.create_supplier(create(supplier("Kept Energy", Commodity::Electric))).await.unwrap();
        let kept = kept.into_inner().supplier.unwrap();
        let old = suppliers.create_supplier(create(supplier("Old Gas Co", Commodity::Gas))).await.unwrap();
        let request = DeleteSupplierRequest { supplier_id: old.into_inner().supplier.unwrap().supplier_id };
        let archived = suppliers.delete_supplier(authed(&app.management, request)).await.unwrap();
        let archived = archived.into_inner().supplier.unwrap();
        let mut utilities = UtilityServiceClient::new(app.channel.clone());
        let utility = |name: &str| Utility {
            name: name.into(),
            state: "PA".into(),
            commodity: Commodity::Electric.into(),
            ..Default::default()
        };
        let create = |u: Utility| authed(&app.admin, CreateUtilityRequest { utility: Some(u) });
        let penn = utilities.create_utility(create(utility("Penn Power"))).await.unwrap();
        let penn = penn.into_inner().utility.unwrap();
        let gone = utilities.create_utility(create(utility("Gone Power"))).await.unwrap();
        // Utilities are never deleted through the API; a row that is no longer there is in no snapshot.
        let pool = sqlx::PgPool::connect(&app.database.url()).await.unwrap();
        sqlx::query("delete from sourcing.utility where utility_id = $1")
            .bind(gone.into_inner().utility.unwrap().utility_id)
            .execute(&pool)
            .await
            .unwrap();

        let events = eris_platform::testing::checked_snapshot(&app.database, app.channel.clone(), &app.sales).await;
        let types: Vec<&str> = events.iter().map(|e| e.event_type.as_str()).collect();
        assert_eq!(types, ["supplier.updated", "supplier.updated", "utility.updated"]);
        let decoded: Vec<DirectoryEvent> =
            events.iter().map(|e| DirectoryEvent::decode(e.payload.as_slice()).unwrap()).collect();
        assert!(
            decoded
                .iter()
                .all(|d| d.what() == eris_proto::sourcing::v1::DirectoryEventKind::Updated && d.rate_codes.is_empty())
        );
        let entries: Vec<Entry> = decoded.into_iter().map(|d| d.entry.unwrap()).collect();
        let archived_entry = Entry::Supplier(archived.clone());
        assert_eq!(entries, [Entry::Supplier(kept), archived_entry.clone(), Entry::Utility(penn)]);
        assert_eq!(
            events.iter().map(|e| e.aggregate_id).collect::<Vec<_>>()[1],
            archived.supplier_id,
            "each event is about its record"
        );
        let published = app.database.published_events(eris_sourcing::SCHEMA).await;
        let last = published.iter().rev().find(|e| e.event_type == "supplier.archived").unwrap();
        let outbox_entry = DirectoryEvent::decode(last.payload.as_slice()).unwrap().entry.unwrap();
        assert_eq!(outbox_entry, archived_entry, "the supplier exactly as the outbox's event carries it");
    }
}

#[path = "api/rfps.rs"]
mod rfps;
