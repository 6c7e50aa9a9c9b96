fn main() -> anyhow::Result<()> {
    eris_platform::service::run("eris-identity", eris_identity::serve)
}
