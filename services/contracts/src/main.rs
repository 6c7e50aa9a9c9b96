fn main() -> anyhow::Result<()> {
    eris_platform::service::run("eris-contracts", eris_contracts::serve)
}
