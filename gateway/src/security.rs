//! Headers every answer carries so a browser confines the app to itself: only its own scripts,
//! styles and connections, never framed, no MIME sniffing, no referrer leaving the site, and
//! HTTPS only once reached over HTTPS.

use std::sync::Arc;

use axum::{
    extract::{Request, State},
    http::{HeaderName, HeaderValue, header},
    middleware::Next,
    response::Response,
};

use crate::AppState;

/// The app's scripts, styles, images and calls come from its own origin; nothing inline runs
/// (the built app has no inline script), nothing frames it. The one frame it shows is a contract's
/// PDF, fetched with the user's token and framed from a blob: address.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
     img-src 'self' data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; \
     form-action 'self'; frame-src 'self' blob:; frame-ancestors 'none'";

/// Two years, subdomains included.
const STRICT_TRANSPORT_SECURITY: &str = "max-age=63072000; includeSubDomains";

/// Adds the security headers to every answer.
pub async fn headers(State(state): State<Arc<AppState>>, request: Request, next: Next) -> Response {
    let over_tls = state.hsts
        || (state.trust_forwarded_for
            && request.headers().get("x-forwarded-proto").is_some_and(|proto| proto.as_bytes() == b"https"));
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    let set = |headers: &mut axum::http::HeaderMap, name: HeaderName, value: &'static str| {
        headers.insert(name, HeaderValue::from_static(value));
    };
    set(headers, header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY);
    set(headers, header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(headers, header::X_FRAME_OPTIONS, "DENY");
    set(headers, header::REFERRER_POLICY, "no-referrer");
    if over_tls {
        set(headers, header::STRICT_TRANSPORT_SECURITY, STRICT_TRANSPORT_SECURITY);
    }
    response
}
