//! The Eris gateway: the REST surface under `/api`, gRPC-web forwarding for the web app, the
//! built web app with history-mode fallback, and health, readiness and metrics.

pub mod auth;
pub mod config;
pub mod error;
pub mod grpc_web;
pub mod openapi;
pub mod ops;
pub mod rest;
pub mod security;
pub mod upstream;

use std::sync::Arc;

use axum::{
    Json, Router,
    extract::{Request, State},
    middleware,
    response::{IntoResponse, Response},
    routing::{delete, get, patch, post, put},
};
use metrics_exporter_prometheus::PrometheusHandle;
use tokio::net::TcpListener;
use tower::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};
use utoipa::OpenApi;

pub use config::Config;
use upstream::Upstreams;

/// What every handler shares.
pub struct AppState {
    pub upstreams: Arc<Upstreams>,
    pub verifier: auth::Verifier,
    pub prometheus: PrometheusHandle,
    pub trust_forwarded_for: bool,
    /// Proves this gateway to identity as the proxy that names clients.
    pub proxy_secret: Option<axum::http::HeaderValue>,
    /// Send Strict-Transport-Security on every answer.
    pub hsts: bool,
    /// Zone-less times and date-only due dates are read in business time.
    pub business: eris_platform::time::BusinessTime,
    directory: rest::DirectoryCache,
    grpc_web: tonic_web::GrpcWebService<grpc_web::Forwarder>,
    web: ServeDir<ServeFile>,
}

/// The gateway's routes.
pub async fn app(config: &Config) -> anyhow::Result<Router> {
    let upstreams = Arc::new(Upstreams::new(config)?);
    let index = config.web_dist.join("index.html");
    if !index.exists() {
        tracing::warn!(path = %index.display(), "the web app is not built; run `make web`");
    }
    let state = Arc::new(AppState {
        verifier: auth::Verifier::new(config.token.jwt_public_key.clone(), config.token.identity_url.clone()),
        prometheus: ops::prometheus(),
        trust_forwarded_for: config.trust_forwarded_for,
        proxy_secret: config.proxy_secret.as_ref().map(|secret| secret.expose().parse()).transpose()?,
        hsts: config.hsts,
        business: eris_platform::time::BusinessTime::new(config.business.time_zone),
        directory: rest::DirectoryCache::default(),
        grpc_web: tower::Layer::layer(&tonic_web::GrpcWebLayer::new(), grpc_web::Forwarder::new(upstreams.clone())),
        web: ServeDir::new(&config.web_dist).fallback(ServeFile::new(index)),
        upstreams,
    });

    let protected = Router::new()
        .route("/user/getAllUsers", get(rest::users::get_all_users))
        .route("/user/getActiveUsers", get(rest::users::get_active_users))
        .route("/user/validatePassword/", post(rest::users::validate_password))
        .route("/user/validatePassword", post(rest::users::validate_password))
        .route("/user/changePassword", post(rest::users::change_password))
        .route("/user/{user_id}", patch(rest::users::update_user))
        .route("/newUser", post(rest::users::new_user))
        .route("/resetUserPassword", post(rest::users::reset_user_password))
        .route("/getAllLeads", get(rest::companies::get_all_leads))
        .route("/getAllLeads/", get(rest::companies::get_all_leads))
        .route("/getUserLeads/{user_name}", get(rest::companies::get_user_leads))
        .route("/getLeadById/{lead_id}", get(rest::companies::get_lead_by_id))
        .route("/lead/{lead_id}", get(rest::companies::lead))
        .route("/deleteLead/{lead_id}", get(rest::companies::delete_lead))
        .route("/newLead", post(rest::companies::new_lead))
        .route("/updateLead", post(rest::companies::update_lead))
        .route("/massUpdateLeads", patch(rest::companies::mass_update_leads))
        .route("/affiliates", get(rest::companies::affiliates))
        .route("/addAffiliate", post(rest::companies::add_affiliate))
        .route("/getNotesByLeadId/{lead_id}", get(rest::notes_tasks::get_notes_by_lead_id))
        .route("/newNote", post(rest::notes_tasks::new_note))
        .route("/getTasksByLeadId/{lead_id}", get(rest::notes_tasks::get_tasks_by_lead_id))
        .route("/getTasksByAssignee/{user_name}", get(rest::notes_tasks::get_tasks_by_assignee))
        .route("/newTask", post(rest::notes_tasks::new_task))
        .route("/task/{task_id}", patch(rest::notes_tasks::update_task))
        .route("/getUtilities", get(rest::directories::get_utilities))
        .route("/addUtility/", post(rest::directories::add_utility))
        .route("/addUtility", post(rest::directories::add_utility))
        .route("/editUtility/{utility_id}", put(rest::directories::edit_utility))
        .route("/getRateCodes/{utility_id}", get(rest::directories::get_rate_codes))
        .route("/updateRateCodes/{utility_id}", post(rest::directories::update_rate_codes))
        .route("/getSuppliers", get(rest::directories::get_suppliers))
        .route("/addSupplier/", post(rest::directories::add_supplier))
        .route("/addSupplier", post(rest::directories::add_supplier))
        .route("/editSupplier/{supplier_id}", put(rest::directories::edit_supplier))
        .route("/deleteSupplier/{supplier_id}", delete(rest::directories::delete_supplier))
        .route("/getSupplierContactInfo/{supplier_name}", get(rest::directories::get_supplier_contact_info))
        .route("/addSupplierContactInfo/{supplier_name}", post(rest::directories::add_supplier_contact_info))
        .route("/updateSupplierContactInfo/{contact_id}", patch(rest::directories::update_supplier_contact_info))
        .route("/deleteSupplierContactInfo/{contact_id}", delete(rest::directories::delete_supplier_contact_info))
        .route("/rateTypes", get(rest::directories::get_rate_types).post(rest::directories::add_rate_type))
        .route("/rateTypes/{name}", delete(rest::directories::delete_rate_type))
        .route("/getAccountsByLeadId/{lead_id}", get(rest::accounts::get_accounts_by_lead_id))
        .route("/accounts", post(rest::accounts::create_account))
        .route("/accounts/{account_id}", put(rest::accounts::update_account).delete(rest::accounts::delete_account))
        .route("/getUsage/{account_id}", get(rest::accounts::get_usage))
        .route("/updateUsage", post(rest::accounts::update_usage))
        .route("/importAccounts/{lead_id}", post(rest::accounts::import_accounts))
        .route("/getPLCHistory/{account_id}", get(rest::accounts::get_plc_history))
        .route("/updatePLCHistory/{account_id}", post(rest::accounts::update_plc_history))
        .route("/deletePLCHistoryRecord/{record_id}", get(rest::accounts::delete_plc_history_record))
        .route("/getNSPLHistory/{account_id}", get(rest::accounts::get_nspl_history))
        .route("/updateNSPLHistory/{account_id}", post(rest::accounts::update_nspl_history))
        .route("/deleteNSPLHistoryRecord/{record_id}", get(rest::accounts::delete_nspl_history_record))
        .route("/getSummerKWHistory/{account_id}", get(rest::accounts::get_summer_kw_history))
        .route("/updateSummerKWHistory/{account_id}", post(rest::accounts::update_summer_kw_history))
        .route("/deleteSummerKWHistoryRecord/{record_id}", get(rest::accounts::delete_summer_kw_history_record))
        .route("/getWinterKWHistory/{account_id}", get(rest::accounts::get_winter_kw_history))
        .route("/updateWinterKWHistory/{account_id}", post(rest::accounts::update_winter_kw_history))
        .route("/deleteWinterKWHistoryRecord/{record_id}", get(rest::accounts::delete_winter_kw_history_record))
        .route("/contacts", get(rest::contacts::list_contacts).post(rest::contacts::create_contact))
        .route("/contacts/{contact_id}", put(rest::contacts::update_contact).delete(rest::contacts::delete_contact))
        .route("/saveRfp/{lead_id}", post(rest::rfps::save_rfp))
        .route("/getRFPsByLeadId/{lead_id}", get(rest::rfps::get_rfps_by_lead_id))
        .route("/getRFPs", get(rest::rfps::get_rfps))
        .route("/getUserRFPs/{user_name}", get(rest::rfps::get_user_rfps))
        .route("/deleteRFP/{rfp_id}", delete(rest::rfps::delete_rfp))
        .route("/rfps/xlsx", get(rest::rfps::rfps_xlsx))
        .route("/getContractsByLeadId", get(rest::contracts::get_contracts_by_lead_id))
        .route("/contracts", post(rest::contracts::create_contract))
        .route(
            "/contracts/{contract_id}",
            put(rest::contracts::update_contract).delete(rest::contracts::delete_contract),
        )
        .route("/uploadContractPDF/{contract_id}", get(rest::contracts::upload_contract_pdf))
        .route(
            "/contractFiles/upload/{token}",
            put(rest::contracts::put_contract_file)
                .layer(axum::extract::DefaultBodyLimit::max(rest::contracts::MAX_FILE_BYTES + 1)),
        )
        .route("/contractFiles/{contract_id}", get(rest::contracts::get_contract_file))
        .route("/deleteContractPdf", post(rest::contracts::delete_contract_pdf))
        .route("/getPayment/{contract_id}", get(rest::contracts::get_payment))
        .route("/addPayment/{contract_id}", post(rest::contracts::add_payment))
        .route("/addPastedPayment", post(rest::contracts::add_pasted_payment))
        .route("/updatePayment/{payment_id}", put(rest::contracts::update_payment))
        .route("/deletePaymentRecord/{payment_id}", get(rest::contracts::delete_payment_record))
        .route("/updateAllProjectedPayments", post(rest::contracts::update_all_projected_payments))
        .route("/getDRPaymentHistory/{contract_id}", get(rest::contracts::get_dr_payment_history))
        .route("/addDRPaymentHistory/{contract_id}", post(rest::contracts::add_dr_payment_history))
        .route("/deleteDRPaymentHistoryRecord/{dr_history_id}", get(rest::contracts::delete_dr_payment_history_record))
        .route("/beta/contracts/read/{lead_id}/all", get(rest::contracts::beta_read_all))
        .route("/beta/contracts/read/{lead_id}/{contract_id}", get(rest::contracts::beta_read_one))
        .route("/beta/contracts/create", post(rest::contracts::beta_create))
        .route("/beta/contracts/update", put(rest::contracts::beta_update))
        .route("/beta/contracts/delete/{contract_id}", delete(rest::contracts::beta_delete))
        .route("/beta/payments/create", post(rest::contracts::beta_payments_create))
        .route("/beta/payments/update", put(rest::contracts::beta_payments_update))
        .route("/beta/payments/delete/{payment_id}", delete(rest::contracts::beta_payments_delete))
        .route("/beta/hedges/create", post(rest::contracts::hedges_create))
        .route("/beta/hedges/read/{contract_id}/all", get(rest::contracts::hedges_read_all))
        .route("/beta/hedges/read/{contract_id}/{hedge_id}", get(rest::contracts::hedges_read_one))
        .route("/beta/hedges/update", put(rest::contracts::hedges_update))
        .route("/beta/hedges/delete/{hedge_id}", delete(rest::contracts::hedges_delete))
        .route("/getAllContracts/{filter}/{start}/{end}", get(rest::contracts::get_all_contracts))
        .route("/reports/revenueBySupplier", get(rest::reports::revenue_by_supplier))
        .route("/reports/actualrevenueBySupplier", get(rest::reports::actual_revenue_by_supplier))
        .route("/reports/contractYearOptions", get(rest::reports::contract_year_options))
        .route("/reports/renewalTracking", post(rest::reports::renewal_tracking))
        .route("/reports/renewalAlerts", get(rest::reports::renewal_alerts))
        .route("/reports/getSuppliers", get(rest::reports::get_suppliers))
        .route("/reports/getPaymentYears", get(rest::reports::get_payment_years))
        .route("/reports/getProjectedYears", get(rest::reports::get_projected_years))
        .route("/reports/getStartMonths", get(rest::reports::get_start_months))
        .route("/reports/margin_builder/{page}/{items_per_page}/{filters}", get(rest::reports::margin_builder))
        .route("/reports/contractMarginPayments/{contract_id}", get(rest::reports::contract_margin_payments))
        .route("/reports/getAllPayments/{filters}", get(rest::reports::get_all_payments))
        .route("/reports/marginBuilderExport", post(rest::reports::margin_builder_export))
        .route("/reports/supplierOutreach/", post(rest::reports::supplier_outreach))
        .route("/reports/supplierOutreach", post(rest::reports::supplier_outreach))
        .route("/reports/firstMonthsBilling/{start_month}", get(rest::reports::first_months_billing))
        .route("/reports/getAutoInactiveContracts/{date}", get(rest::reports::auto_inactive_contracts))
        .route("/reports/welcomeEmails/{start}/{end}", get(rest::reports::welcome_emails))
        .route("/reports/opportunityTracker/{start}/{end}", get(rest::reports::opportunity_tracker))
        .route("/reports/commissionReconciliation", get(rest::reports::commission_reconciliation))
        .route("/getContracts/{user_name}/{filter}/{start}/{end}", get(rest::contracts::get_contracts))
        .route("/rfps/{rfp_id}/xlsx", get(rest::rfps::rfp_xlsx))
        .route("/rfps/{rfp_id}/prices", get(rest::rfps::list_prices).post(rest::rfps::create_price))
        .route("/rfps/{rfp_id}/outcome", post(rest::rfps::set_outcome))
        .route("/rfpPrices/{price_id}", delete(rest::rfps::delete_price))
        .route("/callbanks", get(rest::call_banks::list_call_banks).post(rest::call_banks::create_call_bank))
        .route(
            "/callbanks/{call_bank_id}",
            patch(rest::call_banks::update_call_bank).delete(rest::call_banks::delete_call_bank),
        )
        .route(
            "/callbanks/{call_bank_id}/companies",
            get(rest::call_banks::list_call_bank_companies).put(rest::call_banks::set_call_bank_companies),
        )
        .route("/callbanks/{call_bank_id}/companies/{lead_id}", put(rest::call_banks::update_call_bank_company))
        .route_layer(middleware::from_fn_with_state(state.clone(), auth::require_token));
    let api = Router::new()
        .route("/user/login", post(rest::users::login))
        .route("/user/refresh", post(rest::users::refresh))
        // Identity checks the token or the refresh token itself: an expired access token still
        // signs out, so the refresh token does not outlive the session.
        .route("/user/logout", post(rest::users::logout))
        .route("/openapi.json", get(|| async { Json(openapi::ApiDoc::openapi()) }))
        // The single-use ticket in the address is the credential: a browser downloads by address.
        .route("/reports/marginBuilderExport/{ticket}", get(rest::reports::margin_builder_download))
        .merge(protected)
        .fallback(rest::not_found)
        .layer(middleware::from_fn(error::json_errors));

    Ok(Router::new()
        .nest("/api", api)
        .route("/healthz", get(ops::healthz))
        .route("/readyz", get(ops::readyz))
        .fallback(web_or_grpc)
        .layer(middleware::from_fn(security::request_head))
        .layer(middleware::from_fn_with_state(state.clone(), security::headers))
        .layer(middleware::from_fn(ops::observe))
        .with_state(state))
}

/// `/metrics` alone, for the internal listener.
pub fn metrics_app() -> Router {
    eris_platform::metrics::app()
}

/// gRPC-web calls go to their service; everything else is the web app (history mode).
async fn web_or_grpc(State(state): State<Arc<AppState>>, mut request: Request) -> Response {
    if grpc_web::is_grpc_web(request.headers()) {
        // Services see the address the gateway saw (sign-in throttling), never a client's claim.
        let address = auth::client_address(request.headers(), request.extensions(), state.trust_forwarded_for);
        request.headers_mut().remove("x-forwarded-for");
        request.headers_mut().remove(eris_platform::auth::PROXY_SECRET_HEADER);
        request.headers_mut().remove(eris_platform::auth::SERVICE_SECRET_HEADER);
        if let Some(address) = address.and_then(|a| a.parse().ok()) {
            request.headers_mut().insert("x-forwarded-for", address);
        }
        if let Some(secret) = &state.proxy_secret {
            request.headers_mut().insert(eris_platform::auth::PROXY_SECRET_HEADER, secret.clone());
        }
        match state.grpc_web.clone().oneshot(request).await {
            Ok(response) => response.into_response(),
            Err(never) => match never {},
        }
    } else {
        match state.web.clone().oneshot(request).await {
            Ok(response) => response.into_response(),
            Err(never) => match never {},
        }
    }
}

/// Serves on `listener` until `shutdown` completes, then finishes requests in flight.
pub async fn serve(
    config: Config,
    listener: TcpListener,
    shutdown: eris_platform::service::Shutdown,
) -> anyhow::Result<()> {
    let app = app(&config).await?;
    tracing::info!(address = %listener.local_addr()?, "serving the gateway");
    if let Some(address) = config.metrics_listen {
        let metrics_listener = TcpListener::bind(address).await?;
        tracing::info!(%address, "serving metrics");
        tokio::spawn(async move {
            if let Err(error) = axum::serve(metrics_listener, metrics_app()).await {
                tracing::error!(%error, "the metrics listener stopped");
            }
        });
    }
    serve_connections(listener, app, shutdown).await;
    Ok(())
}

/// Accepts connections until `shutdown`, then lets each finish what it is answering. HTTP/1 heads
/// are read up to `security::MAX_HEAD_BYTES` (hyper's default would refuse a long address or
/// large headers itself, with an empty body and none of the security headers), so that
/// `security::request_head` answers 414 and 431 as JSON like every other error.
async fn serve_connections(listener: TcpListener, app: Router, shutdown: eris_platform::service::Shutdown) {
    use hyper_util::{
        rt::{TokioExecutor, TokioIo, TokioTimer},
        server::conn::auto::Builder,
    };

    let mut builder = Builder::new(TokioExecutor::new());
    builder
        .http1()
        .max_buf_size(security::MAX_HEAD_BYTES)
        .max_headers(security::MAX_HEADERS)
        .timer(TokioTimer::new())
        .header_read_timeout(std::time::Duration::from_secs(30));
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let mut connections = tokio::task::JoinSet::new();
    tokio::pin!(shutdown);
    loop {
        let (tcp, remote) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of file descriptors and the like: wait a moment rather than spin.
                    tracing::warn!(%error, "could not accept a connection");
                    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        // gRPC-web answers are written in pieces (message, then trailers): without TCP_NODELAY
        // the second piece waits for the client's delayed ACK, about 40 ms on every call.
        if let Err(error) = tcp.set_nodelay(true) {
            tracing::warn!(%error, "could not set TCP_NODELAY");
        }
        let app = app.clone();
        let service = hyper::service::service_fn(move |mut request: hyper::Request<hyper::body::Incoming>| {
            request.extensions_mut().insert(axum::extract::ConnectInfo(remote));
            app.clone().oneshot(request.map(axum::body::Body::new))
        });
        let builder = builder.clone();
        let mut stopped = stopped.clone();
        connections.spawn(async move {
            let connection = builder.serve_connection_with_upgrades(TokioIo::new(tcp), service);
            tokio::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => {}
                _ = stopped.changed() => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
        });
        // Reap finished connections so the set holds only live ones.
        while connections.try_join_next().is_some() {}
    }
    let _ = stop.send(true);
    while connections.join_next().await.is_some() {}
}
