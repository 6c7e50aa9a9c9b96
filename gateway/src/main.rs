use clap::Parser;
use eris_gateway::Config;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let config = Config::parse();
    let _telemetry = eris_platform::telemetry::init("eris-gateway")?;
    let listener = tokio::net::TcpListener::bind(config.listen).await?;
    eris_gateway::serve(config, listener, eris_platform::serve::shutdown_signal()).await
}
