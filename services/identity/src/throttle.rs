//! Password-check throttling: slows whoever guesses without locking the owner out.
//!
//! Every check first *reserves* an attempt (counted as a failure until it succeeds), in one
//! atomic Redis script, so attempts sent at once are counted at once. Failures open growing waits
//! on two gates: the account's (for addresses it never signed in from) and the (account, address)
//! pair's. After `free_attempts` failures on a gate, the next attempt must wait one second, then
//! two, four … up to `max_delay`. An address the account signed in from before passes only its
//! pair gate, so someone else's failures elsewhere never block the owner. Hard limits stay on top:
//! failures per account per hour (ASVS 2.2.1) and per address over all accounts (spraying).
//!
//! Counters live in Redis only; when it cannot be reached, checks are refused (fail closed).

use std::time::Duration;

use eris_platform::kv::Kv;

use crate::{
    config::AuthArgs,
    error::{Error, Result},
};

/// Failures are remembered an hour after the last one.
const MEMORY_MS: u64 = 3_600_000;
/// Addresses an account signed in from are remembered this long after the last success.
const KNOWN_ADDRESS_SECONDS: u64 = 90 * 24 * 3600;

/// KEYS: account gate, pair gate, address counter, account hour counter, known addresses.
/// ARGV: now (ms), address ('' when unknown), free attempts, longest wait (ms), account hourly
/// limit, address hourly limit, memory (ms).
/// Returns {0, known} when reserved, {1, wait ms} when refused.
const RESERVE: &str = r"
local now = tonumber(ARGV[1])
local address = ARGV[2]
local free = tonumber(ARGV[3])
local longest_wait = tonumber(ARGV[4])
local memory = tonumber(ARGV[7])
local known = address ~= '' and redis.call('SISMEMBER', KEYS[5], address) == 1
local function remaining(key)
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then return memory end
  return ttl
end
if tonumber(redis.call('GET', KEYS[4]) or '0') >= tonumber(ARGV[5]) then
  return {1, remaining(KEYS[4])}
end
local gates = {}
if address ~= '' then table.insert(gates, KEYS[2]) end
if not known then
  table.insert(gates, KEYS[1])
  if address ~= '' and tonumber(redis.call('GET', KEYS[3]) or '0') >= tonumber(ARGV[6]) then
    return {1, remaining(KEYS[3])}
  end
end
local wait = 0
for _, gate in ipairs(gates) do
  local next_at = tonumber(redis.call('HGET', gate, 'next') or '0')
  if next_at - now > wait then wait = next_at - now end
end
if wait > 0 then return {1, wait} end
for _, gate in ipairs(gates) do
  local fails = redis.call('HINCRBY', gate, 'fails', 1)
  local delay = 0
  if fails >= free then delay = math.min(1000 * 2 ^ (fails - free), longest_wait) end
  redis.call('HSET', gate, 'next', now + delay)
  redis.call('PEXPIRE', gate, memory)
end
local counters = {KEYS[4]}
if not known and address ~= '' then table.insert(counters, KEYS[3]) end
for _, counter in ipairs(counters) do
  if redis.call('INCR', counter) == 1 then redis.call('PEXPIRE', counter, memory) end
end
if known then return {0, 1} end
return {0, 0}";

/// KEYS as for RESERVE. ARGV: address, free attempts, known (1/0), remembered seconds.
/// Gives the reservation back and remembers the address as the owner's.
const SUCCEEDED: &str = r"
local address = ARGV[1]
local free = tonumber(ARGV[2])
local known = ARGV[3] == '1'
local gates = {}
if address ~= '' then table.insert(gates, KEYS[2]) end
if not known then table.insert(gates, KEYS[1]) end
for _, gate in ipairs(gates) do
  if redis.call('EXISTS', gate) == 1 then
    local fails = redis.call('HINCRBY', gate, 'fails', -1)
    if fails < free then redis.call('HSET', gate, 'next', 0) end
  end
end
local counters = {KEYS[4]}
if not known and address ~= '' then table.insert(counters, KEYS[3]) end
for _, counter in ipairs(counters) do
  if tonumber(redis.call('GET', counter) or '0') > 0 then redis.call('DECR', counter) end
end
if address ~= '' then
  redis.call('SADD', KEYS[5], address)
  redis.call('EXPIRE', KEYS[5], tonumber(ARGV[4]))
end
return 1";

fn reserve_script() -> &'static redis::Script {
    static SCRIPT: std::sync::LazyLock<redis::Script> = std::sync::LazyLock::new(|| redis::Script::new(RESERVE));
    &SCRIPT
}

fn succeeded_script() -> &'static redis::Script {
    static SCRIPT: std::sync::LazyLock<redis::Script> = std::sync::LazyLock::new(|| redis::Script::new(SUCCEEDED));
    &SCRIPT
}

/// Counts password checks and refuses them while a wait is due.
pub struct Throttle {
    kv: Kv,
    free_attempts: u32,
    max_delay: Duration,
    account_hourly_limit: u32,
    address_hourly_limit: u32,
}

/// A reserved attempt; report how it went with [`Throttle::succeeded`] (a failure needs nothing:
/// it was counted when reserved).
#[must_use]
pub struct Attempt {
    keys: [String; 5],
    address: String,
    known: bool,
}

impl Throttle {
    pub fn new(kv: Kv, args: &AuthArgs) -> Self {
        Self {
            kv,
            free_attempts: args.free_attempts.max(1),
            max_delay: Duration::from_secs(u64::from(args.max_delay_seconds.max(1))),
            account_hourly_limit: args.account_hourly_limit.max(1),
            address_hourly_limit: args.address_hourly_limit.max(1),
        }
    }

    fn keys(&self, account: &str, address: &str) -> [String; 5] {
        [
            self.kv.key(&format!("signin:account:{account}")),
            self.kv.key(&format!("signin:pair:{account}:{address}")),
            self.kv.key(&format!("signin:address:{address}")),
            self.kv.key(&format!("signin:hour:{account}")),
            self.kv.key(&format!("signin:known:{account}")),
        ]
    }

    /// Reserves an attempt at the account's password from the address, or says how long to wait.
    /// Refused too when Redis cannot be reached: guessing must never go unthrottled.
    pub async fn reserve(&self, account: &str, address: Option<&str>) -> Result<Attempt> {
        let address = address.unwrap_or_default().to_owned();
        let keys = self.keys(account, &address);
        let now_ms = eris_platform::auth::now_ms();
        let script_keys = keys.clone();
        let argv = (
            now_ms,
            address.clone(),
            self.free_attempts,
            self.max_delay.as_millis() as u64,
            self.account_hourly_limit,
            self.address_hourly_limit,
            MEMORY_MS,
        );
        let answer = self
            .kv
            .run(|mut conn| async move {
                let mut invocation = reserve_script().prepare_invoke();
                for key in &script_keys {
                    invocation.key(key);
                }
                invocation.arg(argv.0).arg(argv.1).arg(argv.2).arg(argv.3).arg(argv.4).arg(argv.5).arg(argv.6);
                invocation.invoke_async::<(i64, i64)>(&mut conn).await
            })
            .await;
        match answer {
            Ok((0, known)) => Ok(Attempt { keys, address, known: known == 1 }),
            Ok((_, wait_ms)) => Err(Error::Throttled { seconds: ((wait_ms + 999) / 1000).max(1) }),
            Err(error) => {
                tracing::warn!(%error, "sign-in throttle unreachable; refusing the attempt");
                Err(Error::ThrottleUnavailable)
            }
        }
    }

    /// The attempt succeeded: it is not a failure, and the address is the owner's from now on.
    /// A failure to record this only leaves the attempt counted.
    pub async fn succeeded(&self, attempt: Attempt) {
        let Attempt { keys, address, known } = attempt;
        let free = self.free_attempts;
        let done = self
            .kv
            .run(|mut conn| async move {
                let mut invocation = succeeded_script().prepare_invoke();
                for key in &keys {
                    invocation.key(key);
                }
                invocation.arg(address).arg(free).arg(u8::from(known)).arg(KNOWN_ADDRESS_SECONDS);
                invocation.invoke_async::<i64>(&mut conn).await
            })
            .await;
        if let Err(error) = done {
            tracing::warn!(%error, "could not record a successful sign-in with the throttle");
        }
    }
}
