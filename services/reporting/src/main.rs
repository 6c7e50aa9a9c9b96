use clap::Parser;
use eris_reporting::Config;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let config = Config::parse();
    let _telemetry = eris_platform::telemetry::init("eris-reporting")?;
    let listener = tokio::net::TcpListener::bind(config.listen).await?;
    eris_reporting::serve(config, listener, eris_platform::serve::shutdown_signal()).await
}
