fn main() -> anyhow::Result<()> {
    eris_platform::service::run("eris-reporting", eris_reporting::serve)
}
