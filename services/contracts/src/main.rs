#[global_allocator]
static ALLOCATOR: eris_platform::service::Allocator = eris_platform::service::Allocator;

fn main() -> anyhow::Result<()> {
    eris_platform::config::load_secret_files()?;
    eris_platform::service::run("eris-contracts", eris_contracts::serve)
}
