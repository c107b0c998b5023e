//! Per-address rate limits: a bucket of tokens for each address, refilled at a steady rate, one
//! taken by each request; an empty bucket is a 429 with the seconds to wait.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

/// How many requests an address may make: `burst` at once, then `per_minute`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    /// Requests an idle address may make at once.
    pub burst: f64,
    /// Requests a minute after that (0: no limit).
    pub per_minute: f64,
}

/// The buckets of one kind of request.
#[derive(Debug)]
pub struct Limiter {
    rate: Rate,
    buckets: Mutex<HashMap<IpAddr, (f64, Instant)>>,
}

/// Buckets kept before the full ones are forgotten.
const MAX_BUCKETS: usize = 100_000;

impl Limiter {
    /// Buckets for `rate`.
    pub fn new(rate: Rate) -> Self {
        Limiter {
            rate,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes a token for `addr` at `now`: `Err(seconds)` to wait when there is none.
    pub fn take(&self, addr: IpAddr, now: Instant) -> Result<(), u64> {
        if self.rate.per_minute <= 0.0 {
            return Ok(());
        }
        let per_sec = self.rate.per_minute / 60.0;
        let mut buckets = self.buckets.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if buckets.len() >= MAX_BUCKETS {
            let (burst, per_sec) = (self.rate.burst, per_sec);
            buckets.retain(|_, (tokens, at)| *tokens + now.duration_since(*at).as_secs_f64() * per_sec < burst);
        }
        let (tokens, at) = buckets.entry(addr).or_insert((self.rate.burst, now));
        *tokens = (*tokens + now.duration_since(*at).as_secs_f64() * per_sec).min(self.rate.burst);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            Ok(())
        } else {
            Err(((1.0 - *tokens) / per_sec).ceil() as u64)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_burst_then_the_rate() {
        let limiter = Limiter::new(Rate {
            burst: 3.0,
            per_minute: 6.0,
        });
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let t0 = Instant::now();
        for _ in 0..3 {
            assert_eq!(limiter.take(a, t0), Ok(()));
        }
        assert_eq!(limiter.take(a, t0), Err(10));
        // Another address has its own bucket.
        assert_eq!(limiter.take(b, t0), Ok(()));
        // Ten seconds refill one.
        assert_eq!(limiter.take(a, t0 + Duration::from_secs(10)), Ok(()));
        assert!(limiter.take(a, t0 + Duration::from_secs(11)).is_err());
        let off = Limiter::new(Rate {
            burst: 1.0,
            per_minute: 0.0,
        });
        for _ in 0..100 {
            assert_eq!(off.take(a, t0), Ok(()));
        }
    }
}
