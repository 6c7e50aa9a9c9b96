fn main() -> anyhow::Result<()> {
    eris_platform::service::run("eris-crm", eris_crm::serve)
}
