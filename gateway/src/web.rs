//! The built web app: each file as the build compressed it ahead of time (brotli or gzip, as the
//! browser accepts), with how long a browser may keep it, and `index.html` for every app route
//! (history mode).

use std::path::Path;

use axum::{
    extract::Request,
    http::{
        HeaderValue, StatusCode,
        header::{CACHE_CONTROL, VARY},
    },
    response::{IntoResponse, Response},
};
use tower::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};

/// Where the build puts the files it names by their content: a changed file gets a new name.
const BUILT_FILES: &str = "/assets/";

/// A file named by its content never changes, so a browser keeps it for a year without asking.
const KEEP: HeaderValue = HeaderValue::from_static("public, max-age=31536000, immutable");

/// Everything else (`index.html`, the icon, a refusal) is asked for again on each use, so a new
/// release shows on the next load; an unchanged file is answered 304 without its body.
const ASK_AGAIN: HeaderValue = HeaderValue::from_static("no-cache");

/// The longest file name the file system takes, in bytes.
const LONGEST_NAME: usize = 255;

/// The files of `web/dist`.
#[derive(Clone)]
pub(crate) struct WebApp {
    /// `/assets/*`: a missing one is a 404, never the app's page, which a browser would keep
    /// under the missing file's name for a year.
    built: ServeDir,
    /// Everything else, with `index.html` for paths that name no file.
    app: ServeDir<ServeFile>,
}

impl WebApp {
    pub(crate) fn new(dist: &Path) -> Self {
        let files = || ServeDir::new(dist).precompressed_br().precompressed_gzip();
        let index = ServeFile::new(dist.join("index.html")).precompressed_br().precompressed_gzip();
        Self { built: files(), app: files().fallback(index) }
    }

    pub(crate) async fn serve(&self, request: Request) -> Response {
        let built = request.uri().path().starts_with(BUILT_FILES);
        let served = if request.uri().path().split('/').any(|part| part.len() > LONGEST_NAME) {
            // No file has such a name, and the file system would refuse it as an error (a 500).
            Ok(StatusCode::NOT_FOUND.into_response())
        } else if built {
            self.built.clone().oneshot(request).await.map(IntoResponse::into_response)
        } else {
            self.app.clone().oneshot(request).await.map(IntoResponse::into_response)
        };
        let mut response = match served {
            Ok(response) => response,
            Err(never) => match never {},
        };
        let kept = built && (response.status().is_success() || response.status().is_redirection());
        let headers = response.headers_mut();
        headers.insert(CACHE_CONTROL, if kept { KEEP } else { ASK_AGAIN });
        // The same address answers brotli, gzip or the plain file, by the request's Accept-Encoding.
        headers.insert(VARY, HeaderValue::from_static("accept-encoding"));
        response
    }
}
