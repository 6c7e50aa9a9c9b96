#[global_allocator]
static ALLOCATOR: eris_platform::service::Allocator = eris_platform::service::Allocator;

fn main() -> anyhow::Result<()> {
    eris_platform::config::load_secret_files()?;
    if std::env::args().nth(1).as_deref() == Some("rebuild") {
        return eris_reporting::rebuild::main();
    }
    eris_platform::service::run("eris-reporting", eris_reporting::serve)
}
