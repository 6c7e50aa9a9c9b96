//! Token generations against the machine's Redis: a process keeps what it read while it hears
//! raises announced, so a raise reaches it at once without a Redis read per check, and losing
//! the announcements makes it ask Redis again.

use std::{
    sync::{
        Arc,
        atomic::{AtomicI64, AtomicUsize, Ordering},
    },
    time::{Duration, Instant},
};

use eris_platform::{
    Result,
    auth::{GenerationSource, Generations},
    kv::Kv,
    testing::redis_args,
};
use futures::future::BoxFuture;

/// Identity's stored generation, counting how often it is asked.
#[derive(Default)]
struct Stored {
    generation: AtomicI64,
    asked: AtomicUsize,
}

impl GenerationSource for Stored {
    fn current<'a>(&'a self, _user_id: i64, _token: &'a str) -> BoxFuture<'a, Result<i64>> {
        self.asked.fetch_add(1, Ordering::SeqCst);
        Box::pin(async move { Ok(self.generation.load(Ordering::SeqCst)) })
    }
}

async fn until(what: &str, mut done: impl AsyncFnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(5);
    while !done().await {
        assert!(Instant::now() < deadline, "{what}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

async fn set_directly(kv: &Kv, user_id: i64, generation: i64) {
    let key = kv.key(&format!("tokengen:{user_id}"));
    let _: () = kv
        .run(|mut conn| async move { redis::cmd("SET").arg(key).arg(generation).query_async(&mut conn).await })
        .await
        .unwrap();
}

#[tokio::test]
async fn a_raise_reaches_another_process_at_once_and_checks_meanwhile_ask_no_one() {
    let args = redis_args();
    let stored = Arc::new(Stored { generation: AtomicI64::new(1), ..Default::default() });
    let kv = Kv::new(&args).unwrap();
    let service = Generations::new(kv.clone(), stored.clone());

    assert_eq!(service.current(7, "t").await.unwrap(), 1, "Redis had none: identity was asked");
    until("the service hears raises", async || service.hears_raises()).await;
    assert_eq!(service.current(7, "t").await.unwrap(), 1);

    // A value written to Redis without an announcement is not read: the check asked no one.
    set_directly(&kv, 7, 5).await;
    assert_eq!(service.current(7, "t").await.unwrap(), 1);

    // Signing out in another process raises the generation there, which writes it to Redis and
    // announces it: the service knows it at once, not when its copy ages.
    let raised = Instant::now();
    let (key, channel) = (kv.key("tokengen:7"), kv.key("tokengen-raised"));
    let _: () = kv
        .run(|mut conn| async move {
            redis::pipe().cmd("SET").arg(key).arg(6).cmd("PUBLISH").arg(channel).arg("7:6").query_async(&mut conn).await
        })
        .await
        .unwrap();
    until("the raise is heard", async || service.current(7, "t").await.unwrap() == 6).await;
    assert!(raised.elapsed() < Duration::from_secs(1), "heard after {:?}", raised.elapsed());
    assert_eq!(stored.asked.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn losing_the_announcements_forgets_what_was_read_and_checks_ask_redis_again() {
    let args = redis_args();
    let stored = Arc::new(Stored { generation: AtomicI64::new(3), ..Default::default() });
    let kv = Kv::new(&args).unwrap();
    let service = Generations::new(kv.clone(), stored.clone());
    assert_eq!(service.current(8, "t").await.unwrap(), 3);
    until("the service hears raises", async || service.hears_raises()).await;
    assert_eq!(service.current(8, "t").await.unwrap(), 3);

    // Redis drops every subscriber (as when it restarts): a raise announced meanwhile is unheard.
    let _: () = kv
        .run(|mut conn| async move {
            redis::cmd("CLIENT").arg("KILL").arg("TYPE").arg("pubsub").query_async(&mut conn).await
        })
        .await
        .map(|_: i64| ())
        .unwrap();
    set_directly(&kv, 8, 4).await;
    until("the raise is read from Redis", async || service.current(8, "t").await.unwrap() == 4).await;
    until("the service hears raises again", async || service.hears_raises()).await;
}
