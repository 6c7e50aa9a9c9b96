fn main() -> anyhow::Result<()> {
    eris_platform::service::run("eris-gateway", eris_gateway::serve)
}
