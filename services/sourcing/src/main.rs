fn main() -> anyhow::Result<()> {
    eris_platform::service::run("eris-sourcing", eris_sourcing::serve)
}
