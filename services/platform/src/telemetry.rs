//! Logs as JSON lines, and traces exported over OTLP when `OTEL_EXPORTER_OTLP_ENDPOINT` is set,
//! with W3C trace context carried across process boundaries in request headers.

use opentelemetry::{
    Context,
    propagation::{Extractor, Injector},
    trace::TracerProvider as _,
};
use opentelemetry_sdk::{Resource, propagation::TraceContextPropagator, trace::SdkTracerProvider};
use tracing_opentelemetry::OpenTelemetrySpanExt;
use tracing_subscriber::{EnvFilter, layer::SubscriberExt, util::SubscriberInitExt};

/// Flushes pending spans when dropped; keep it alive for the life of the process.
pub struct TelemetryGuard(Option<SdkTracerProvider>);

impl Drop for TelemetryGuard {
    fn drop(&mut self) {
        if let Some(provider) = self.0.take() {
            let _ = provider.shutdown();
        }
    }
}

/// Installs logging and tracing for the process. A second call (as in tests) changes nothing.
pub fn init(service_name: &'static str) -> anyhow::Result<TelemetryGuard> {
    opentelemetry::global::set_text_map_propagator(TraceContextPropagator::new());
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,h2=warn,hyper=warn,tower=warn,tonic=warn"));
    let logs = tracing_subscriber::fmt::layer().json().with_current_span(false).with_span_list(false);
    let provider = match std::env::var("OTEL_EXPORTER_OTLP_ENDPOINT") {
        Ok(endpoint) if !endpoint.is_empty() => {
            use opentelemetry_otlp::WithExportConfig;
            let exporter = opentelemetry_otlp::SpanExporter::builder().with_tonic().with_endpoint(endpoint).build()?;
            Some(
                SdkTracerProvider::builder()
                    .with_batch_exporter(exporter)
                    .with_resource(Resource::builder().with_service_name(service_name).build())
                    .build(),
            )
        }
        _ => None,
    };
    let traces = provider.as_ref().map(|p| tracing_opentelemetry::layer().with_tracer(p.tracer(service_name)));
    let _ = tracing_subscriber::registry().with(filter).with(logs).with(traces).try_init();
    Ok(TelemetryGuard(provider))
}

struct HeaderExtractor<'a>(&'a http::HeaderMap);

impl Extractor for HeaderExtractor<'_> {
    fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).and_then(|value| value.to_str().ok())
    }

    fn keys(&self) -> Vec<&str> {
        self.0.keys().map(http::HeaderName::as_str).collect()
    }
}

struct HeaderInjector<'a>(&'a mut http::HeaderMap);

impl Injector for HeaderInjector<'_> {
    fn set(&mut self, key: &str, value: String) {
        if let (Ok(name), Ok(value)) = (http::HeaderName::from_bytes(key.as_bytes()), value.parse()) {
            self.0.insert(name, value);
        }
    }
}

/// The trace context a caller sent in its headers.
pub fn extract_context(headers: &http::HeaderMap) -> Context {
    opentelemetry::global::get_text_map_propagator(|propagator| propagator.extract(&HeaderExtractor(headers)))
}

/// Writes the current span's trace context into outgoing headers.
pub fn inject_context(headers: &mut http::HeaderMap) {
    let context = tracing::Span::current().context();
    opentelemetry::global::get_text_map_propagator(|propagator| {
        propagator.inject_context(&context, &mut HeaderInjector(headers))
    });
}

/// A server span for an incoming request, continuing the caller's trace.
pub fn server_span(kind: &'static str, method: &str, path: &str, headers: &http::HeaderMap) -> tracing::Span {
    let span = tracing::info_span!("request", otel.kind = "server", rpc.system = kind, http.method = method, path);
    let _ = span.set_parent(extract_context(headers));
    span
}

#[cfg(test)]
mod tests {
    use opentelemetry_sdk::trace::SdkTracerProvider;
    use tracing_subscriber::layer::SubscriberExt;

    use super::*;

    #[test]
    fn a_request_continues_the_callers_trace_and_passes_it_on() {
        opentelemetry::global::set_text_map_propagator(TraceContextPropagator::new());
        let provider = SdkTracerProvider::builder().build();
        let subscriber =
            tracing_subscriber::registry().with(tracing_opentelemetry::layer().with_tracer(provider.tracer("test")));
        tracing::subscriber::with_default(subscriber, || {
            let mut incoming = http::HeaderMap::new();
            let parent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
            incoming.insert("traceparent", parent.parse().unwrap());
            let span = server_span("grpc", "POST", "/eris.identity.v1.UserService/ListUsers", &incoming);
            let _entered = span.enter();
            let mut outgoing = http::HeaderMap::new();
            inject_context(&mut outgoing);
            let traceparent = outgoing["traceparent"].to_str().unwrap();
            assert!(traceparent.starts_with("00-4bf92f3577b34da6a3ce929d0e0e4736-"), "{traceparent}");
            assert!(!traceparent.contains("00f067aa0ba902b7"), "the service's own span is the new parent");
        });
    }
}
