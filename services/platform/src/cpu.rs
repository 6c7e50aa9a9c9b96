//! CPU-heavy work (spreadsheets, CSV parsing, long validations) runs off the async workers, a few
//! jobs at a time, so that one large request cannot stall every other call of the process on the
//! same runtime threads. A job that cannot start within `PATIENCE` is refused as busy
//! (`RESOURCE_EXHAUSTED`, HTTP 429) rather than queued without end.

use std::{
    sync::{Arc, LazyLock},
    time::Duration,
};

use tokio::sync::Semaphore;

use crate::Error;

/// How long a job waits for its turn before it is refused.
const PATIENCE: Duration = Duration::from_secs(5);

/// The message of a refused job.
pub const BUSY: &str = "The server is busy with other large requests; please try again shortly.";

/// The cores this process may use (its CPU quota included); 2 when the system does not say.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

/// One job per core at the most, whatever the services of the process.
static PERMITS: LazyLock<Arc<Semaphore>> = LazyLock::new(|| Arc::new(Semaphore::new(cores())));

/// Runs `work` on a blocking thread once a permit is free; `what` names it in metrics.
pub async fn run<T: Send + 'static>(what: &'static str, work: impl FnOnce() -> T + Send + 'static) -> crate::Result<T> {
    run_with(&PERMITS, PATIENCE, what, work).await
}

async fn run_with<T: Send + 'static>(
    permits: &Arc<Semaphore>,
    patience: Duration,
    what: &'static str,
    work: impl FnOnce() -> T + Send + 'static,
) -> crate::Result<T> {
    let permit = match tokio::time::timeout(patience, permits.clone().acquire_owned()).await {
        Ok(Ok(permit)) => permit,
        _ => {
            metrics::counter!("eris_cpu_jobs_refused_total", "job" => what).increment(1);
            return Err(Error::ResourceExhausted(BUSY.into()));
        }
    };
    let started = std::time::Instant::now();
    let result = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        work()
    })
    .await
    .map_err(|error| Error::Internal(anyhow::anyhow!("a {what} job failed: {error}")))?;
    metrics::histogram!("eris_cpu_job_seconds", "job" => what).record(started.elapsed().as_secs_f64());
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(flavor = "current_thread")]
    async fn a_job_runs_off_the_async_thread_and_the_runtime_keeps_answering() {
        let permits = Arc::new(Semaphore::new(1));
        let job = run_with(&permits, PATIENCE, "test", || {
            std::thread::sleep(Duration::from_millis(300));
            42
        });
        // On a single-threaded runtime, a job run inline would hold the only thread for 300 ms.
        let tick = async {
            let started = std::time::Instant::now();
            tokio::time::sleep(Duration::from_millis(10)).await;
            started.elapsed()
        };
        let (answer, waited) = tokio::join!(job, tick);
        assert_eq!(answer.unwrap(), 42);
        assert!(waited < Duration::from_millis(200), "the runtime was blocked for {waited:?}");
    }

    #[tokio::test]
    async fn a_job_that_cannot_start_in_time_is_refused_as_busy() {
        let permits = Arc::new(Semaphore::new(1));
        let held = permits.clone().acquire_owned().await.unwrap();
        let refused = run_with(&permits, Duration::from_millis(50), "test", || 1).await.unwrap_err();
        assert!(matches!(refused, Error::ResourceExhausted(ref m) if m == BUSY));
        drop(held);
        assert_eq!(run_with(&permits, Duration::from_millis(50), "test", || 2).await.unwrap(), 2);
    }
}
