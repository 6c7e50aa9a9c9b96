//! A service's pool with the connections its last calls used kept in front of it.
//!
//! sqlx tests every connection as it goes back to its pool: a second round trip to PostgreSQL
//! after every statement, on the task that the release spawns. The test matters after a call was
//! cancelled or failed: a transaction dropped half-way leaves its ROLLBACK queued in the
//! connection's write buffer, and that round trip is what sends it and releases the rows it
//! locked. After a statement that ran to its end with nothing queued, the test only re-proves a
//! connection that has just answered.
//!
//! So a connection whose statement ran to its end, with nothing waiting to be sent, is handed
//! straight to the next statement of this service: to the caller that has waited longest, else
//! kept for whoever asks next. Every other connection (cancelled, failed, with something queued,
//! or one more than this keeps) goes back through the pool and its test as before. A kept
//! connection is never older than [`RESTED`] when it is used: the rule the pool's own test before
//! use follows. Ones that rest longer go back to the pool, so an idle service holds nothing out of
//! it.
//!
//! A busy service always has a statement waiting for the next connection, so one handed from
//! statement to statement would never go back to the pool, and whatever asks the pool itself (the
//! outbox relay, the health check, a snapshot, a caller that found the pool not yet full) would
//! wait out its acquire timeout. So a connection goes back through the pool once it has been out
//! of it for a [`TURN`], and the pool serves its callers in the order they asked.

use std::{
    collections::VecDeque,
    fmt,
    sync::{Arc, Mutex, MutexGuard, PoisonError, Weak},
    time::{Duration, Instant},
};

use futures::{StreamExt, TryStreamExt, future::BoxFuture, stream::BoxStream};
use sqlx::{
    Connection, Describe, Either, Execute, Executor, PgPool, Postgres, Transaction,
    pool::PoolConnection,
    postgres::{PgQueryResult, PgRow, PgStatement, PgTypeInfo},
};

use tokio::sync::oneshot;

use super::RESTED;

/// How long a connection is handed from statement to statement before it goes back through the
/// pool, where whatever asks the pool itself takes its turn. One return (and the pool's test) per
/// connection and turn: about one statement in fifty of a busy service.
const TURN: Duration = Duration::from_millis(20);

/// A connection lent by the front, with the moment it left the pool.
struct Lent {
    connection: PoolConnection<Postgres>,
    out_since: Instant,
}

impl Lent {
    fn from_pool(connection: PoolConnection<Postgres>) -> Self {
        Self { connection, out_since: Instant::now() }
    }
}

/// A service's database: the pool, with the connections of statements that ran to their end kept
/// in front of it. `&Db` runs statements like `&PgPool`; transactions begin on a kept connection
/// when there is one.
#[derive(Clone)]
pub struct Db(Arc<Front>);

struct Front {
    pool: PgPool,
    shelf: Mutex<Shelf>,
    /// Most connections kept, so that callers of the pool itself (the relay, snapshots) find one
    /// without waiting for kept ones to rest.
    most: usize,
}

#[derive(Default)]
struct Shelf {
    /// Newest last: the next statement takes the connection used last. Each with when it was kept.
    kept: Vec<(Lent, Instant)>,
    /// Callers of this `Db` waiting for a connection, longest first. A connection that a
    /// statement hands back goes to them before the shelf, so that no caller waits for a
    /// connection kept for whoever asks next; each also waits in the pool, and takes whichever
    /// comes first.
    waiting: VecDeque<oneshot::Sender<Lent>>,
}

impl Db {
    /// Keeps up to three quarters of the pool's connections in front of it, and returns those that
    /// rest to the pool (a task that ends when the last clone of this `Db` is dropped).
    pub fn new(pool: PgPool) -> Self {
        let most = (pool.options().get_max_connections() as usize * 3 / 4).max(1);
        let db = Self(Arc::new(Front { pool, shelf: Mutex::default(), most }));
        tokio::spawn(return_rested(Arc::downgrade(&db.0)));
        db
    }

    /// The pool itself, for what holds a connection for long (the relay, snapshots, migrations).
    pub fn pool(&self) -> &PgPool {
        &self.0.pool
    }

    /// A connection of the caller's own. It goes back through the pool when dropped.
    pub async fn acquire(&self) -> sqlx::Result<PoolConnection<Postgres>> {
        Ok(self.0.take().await?.connection)
    }

    /// Begins a transaction, on a kept connection when there is one. Its connection goes back
    /// through the pool when the transaction ends, which sends a dropped transaction's ROLLBACK.
    pub async fn begin(&self) -> sqlx::Result<Transaction<'static, Postgres>> {
        Transaction::begin(self.0.take().await?.connection, None).await
    }

    /// How many connections are kept in front of the pool now.
    pub fn kept(&self) -> usize {
        self.0.shelf().kept.len()
    }
}

impl Front {
    fn shelf(&self) -> MutexGuard<'_, Shelf> {
        self.shelf.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The connection used last, if it has not rested; otherwise one from the pool. Once the pool
    /// has opened all the connections it may, also the first that a statement of this `Db` hands
    /// back, whichever comes first. (Only then: a caller of a pool that can still open a
    /// connection would start one and drop it half-made when a connection is handed over.)
    async fn take(&self) -> sqlx::Result<Lent> {
        let rested = {
            let mut shelf = self.shelf();
            match shelf.kept.pop() {
                Some((lent, since)) if since.elapsed() < RESTED => return Ok(lent),
                // The newest has rested, so all have: the pool tests them before their next use.
                Some(rested) => {
                    let mut all = std::mem::take(&mut shelf.kept);
                    all.push(rested);
                    all
                }
                None => Vec::new(),
            }
        };
        drop(rested);
        if self.pool.size() < self.pool.options().get_max_connections() {
            return self.pool.acquire().await.map(Lent::from_pool);
        }
        let (handed, mut handed_to_me) = oneshot::channel();
        {
            let mut shelf = self.shelf();
            // Kept meanwhile by a statement that saw no one waiting.
            if let Some((lent, _)) = shelf.kept.pop() {
                return Ok(lent);
            }
            shelf.waiting.retain(|waiter| !waiter.is_closed());
            shelf.waiting.push_back(handed);
        }
        tokio::select! {
            biased;
            Ok(lent) = &mut handed_to_me => Ok(lent),
            acquired = self.pool.acquire() => {
                // One may have been handed over meanwhile: it goes to the next in line.
                handed_to_me.close();
                if let Ok(lent) = handed_to_me.try_recv() {
                    self.keep(lent);
                }
                acquired.map(Lent::from_pool)
            }
        }
    }

    /// Keeps a connection whose statement ran to its end, unless it has something to send, has
    /// been out of the pool for a [`TURN`] or the pool is closing: it goes to the caller that has
    /// waited longest, else onto the shelf, else (enough are kept) back to the pool.
    fn keep(&self, mut lent: Lent) {
        if lent.connection.should_flush() || lent.out_since.elapsed() >= TURN || self.pool.is_closed() {
            return;
        }
        let mut shelf = self.shelf();
        while let Some(waiter) = shelf.waiting.pop_front() {
            match waiter.send(lent) {
                Ok(()) => return,
                // That caller has its connection from the pool, or went away.
                Err(back) => lent = back,
            }
        }
        if shelf.kept.len() < self.most {
            shelf.kept.push((lent, Instant::now()));
            return;
        }
        // Dropped after the lock: its return to the pool is spawned from here.
        drop(shelf);
        drop(lent);
    }

    /// The kept connections that have rested, oldest first.
    fn rested(&self) -> Vec<(Lent, Instant)> {
        let mut shelf = self.shelf();
        let fresh = shelf.kept.iter().position(|(_, since)| since.elapsed() < RESTED).unwrap_or(shelf.kept.len());
        shelf.kept.drain(..fresh).collect()
    }
}

/// Returns kept connections to the pool once they have rested, until the `Db` is dropped.
async fn return_rested(front: Weak<Front>) {
    let mut ticks = tokio::time::interval(RESTED / 2);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        let Some(front) = front.upgrade() else { return };
        let rested = front.rested();
        drop(front);
        drop(rested);
    }
}

impl fmt::Debug for Db {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Db").field("pool", &self.0.pool).field("kept", &self.kept()).finish()
    }
}

impl<'p> Executor<'p> for &'_ Db {
    type Database = Postgres;

    fn fetch_many<'e, 'q: 'e, E>(self, query: E) -> BoxStream<'e, sqlx::Result<Either<PgQueryResult, PgRow>>>
    where
        E: 'q + Execute<'q, Postgres>,
    {
        let db = self.clone();
        async_stream::try_stream! {
            let mut lent = db.0.take().await?;
            let mut results = lent.connection.fetch_many(query);
            while let Some(result) = results.try_next().await? {
                yield result;
            }
            drop(results);
            db.0.keep(lent);
        }
        .boxed()
    }

    fn fetch_optional<'e, 'q: 'e, E>(self, query: E) -> BoxFuture<'e, sqlx::Result<Option<PgRow>>>
    where
        E: 'q + Execute<'q, Postgres>,
    {
        let db = self.clone();
        Box::pin(async move {
            let mut lent = db.0.take().await?;
            let row = lent.connection.fetch_optional(query).await?;
            db.0.keep(lent);
            Ok(row)
        })
    }

    // Rare (statements prepared by hand, compile-time checks): the pool's own way will do.
    fn prepare_with<'e, 'q: 'e>(
        self,
        sql: &'q str,
        parameters: &'e [PgTypeInfo],
    ) -> BoxFuture<'e, sqlx::Result<PgStatement<'q>>> {
        (&self.0.pool).prepare_with(sql, parameters)
    }

    fn describe<'e, 'q: 'e>(self, sql: &'q str) -> BoxFuture<'e, sqlx::Result<Describe<Postgres>>> {
        (&self.0.pool).describe(sql)
    }
}
