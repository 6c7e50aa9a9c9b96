//! Sign-in throttling: failed attempts counted per account and per client address in fixed
//! windows (Redis counters that expire with their window).

use eris_platform::kv::Kv;

use crate::{
    config::AuthArgs,
    error::{Error, Result},
};

/// Counts failed sign-ins and refuses further attempts over the limits.
pub struct Throttle {
    kv: Kv,
    account_limit: u32,
    address_limit: u32,
    window_seconds: i64,
}

impl Throttle {
    pub fn new(kv: Kv, args: &AuthArgs) -> Self {
        Self {
            kv,
            account_limit: args.account_failure_limit,
            address_limit: args.address_failure_limit,
            window_seconds: i64::from(args.throttle_window_seconds.max(1)),
        }
    }

    fn window(&self) -> (i64, i64) {
        let now = chrono::Utc::now().timestamp();
        (now / self.window_seconds, self.window_seconds - now % self.window_seconds)
    }

    fn account_key(&self, window: i64, email: &str) -> String {
        self.kv.key(&format!("signin:fail:account:{email}:{window}"))
    }

    fn address_key(&self, window: i64, address: &str) -> String {
        self.kv.key(&format!("signin:fail:address:{address}:{window}"))
    }

    /// Refuses the attempt when the account or the address is over its limit.
    pub async fn check(&self, email: &str, address: Option<&str>) -> Result<()> {
        let (window, remaining) = self.window();
        let mut conn = self.kv.conn.clone();
        let mut pipe = redis::pipe();
        pipe.get(self.account_key(window, email));
        if let Some(address) = address {
            pipe.get(self.address_key(window, address));
        }
        let counts: Vec<Option<u32>> = pipe.query_async(&mut conn).await?;
        let account = counts.first().copied().flatten().unwrap_or(0);
        let by_address = counts.get(1).copied().flatten().unwrap_or(0);
        if account >= self.account_limit || by_address >= self.address_limit {
            let minutes = u32::try_from((remaining + 59) / 60).unwrap_or(1).max(1);
            return Err(Error::Throttled { minutes });
        }
        Ok(())
    }

    /// Counts one failed attempt against the account and the address.
    pub async fn record_failure(&self, email: &str, address: Option<&str>) -> Result<()> {
        let (window, remaining) = self.window();
        let mut conn = self.kv.conn.clone();
        let mut pipe = redis::pipe();
        let account = self.account_key(window, email);
        pipe.incr(&account, 1).ignore().expire(&account, remaining + 1).ignore();
        if let Some(address) = address {
            let address = self.address_key(window, address);
            pipe.incr(&address, 1).ignore().expire(&address, remaining + 1).ignore();
        }
        let _: () = pipe.query_async(&mut conn).await?;
        Ok(())
    }

    /// Forgets the account's failures after a successful sign-in.
    pub async fn clear_account(&self, email: &str) -> Result<()> {
        let (window, _) = self.window();
        let mut conn = self.kv.conn.clone();
        let _: () = redis::cmd("DEL").arg(self.account_key(window, email)).query_async(&mut conn).await?;
        Ok(())
    }
}
