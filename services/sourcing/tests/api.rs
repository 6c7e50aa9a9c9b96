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
