use clap::Parser;
use eris_contracts::Config;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let config = Config::parse();
    let _telemetry = eris_platform::telemetry::init("eris-contracts")?;
    let listener = tokio::net::TcpListener::bind(config.listen).await?;
    eris_contracts::serve(config, listener, eris_platform::serve::shutdown_signal()).await
}
