use clap::Parser;
use eris_identity::Config;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let config = Config::parse();
    let _telemetry = eris_platform::telemetry::init("eris-identity")?;
    let listener = tokio::net::TcpListener::bind(config.listen).await?;
    eris_identity::serve(config, listener, eris_platform::serve::shutdown_signal()).await
}
