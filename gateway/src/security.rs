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

/// The most bytes of a request head (request line and headers) the server reads; a larger head is
/// refused by hyper itself, with an empty 431.
pub const MAX_HEAD_BYTES: usize = 2 * 1024 * 1024;
/// The most header lines the server reads (hyper's own limit past it).
pub const MAX_HEADERS: usize = 500;
/// The longest address answered: longer ones get a JSON 414.
pub const MAX_URI_BYTES: usize = 16 * 1024;
/// The most bytes of headers answered (names and values): more get a JSON 431.
pub const MAX_HEADER_BYTES: usize = 64 * 1024;
/// The most header lines answered: more get a JSON 431.
pub const MAX_HEADER_LINES: usize = 100;

/// Refuses a request whose address or headers are too large, as JSON with a code (the security
/// headers are added around it like every other answer), before any handler reads them.
pub async fn request_head(request: Request, next: Next) -> Response {
    use axum::{http::StatusCode, response::IntoResponse};

    use crate::error::ApiError;

    if request.uri().to_string().len() > MAX_URI_BYTES {
        let message = format!("The address is longer than {MAX_URI_BYTES} bytes.");
        return ApiError::new(StatusCode::URI_TOO_LONG, message).into_response();
    }
    let headers = request.headers();
    let bytes: usize = headers.iter().map(|(name, value)| name.as_str().len() + value.len()).sum();
    if bytes > MAX_HEADER_BYTES || headers.len() > MAX_HEADER_LINES {
        let message =
            format!("The request's headers are larger than {MAX_HEADER_BYTES} bytes or {MAX_HEADER_LINES} lines.");
        return ApiError::new(StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE, message).into_response();
    }
    next.run(request).await
}
