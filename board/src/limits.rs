//! Per-address limits: a bucket for each client (an IPv4 address, or an IPv6 /64, which one
//! machine is usually given whole), refilled at a steady rate. Requests take a token each (an
//! empty bucket is a 429 with the seconds to wait); judging takes the seconds its replay
//! lasted from a budget of its own, so that an address's many costly submissions wait their
//! turn instead of the others'.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
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

/// The client a limit counts: an IPv4 address as it is, an IPv6 address by its /64 (an
/// IPv4-mapped one as the IPv4 address it is).
pub fn client_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

/// A refusal: the seconds to wait, and whether it is worth a log line (the client's first in
/// `LOG_WINDOW`: a flood of refusals writes one line a minute, not one each).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// Seconds until the client has room again.
    pub wait: u64,
    /// The client's first refusal in `LOG_WINDOW`.
    pub first: bool,
}

/// A client's refusals are logged at most once in this long.
pub const LOG_WINDOW: std::time::Duration = std::time::Duration::from_secs(60);

/// A client's bucket: what it holds, when it was last filled, and when a refusal of it was last
/// logged.
#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
    logged: Option<Instant>,
}

/// The buckets of one kind of request.
#[derive(Debug)]
pub struct Limiter {
    rate: Rate,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
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

    /// Takes a token for `addr`'s client at `now`, or says how long to wait.
    pub fn take(&self, addr: IpAddr, now: Instant) -> Result<(), Refusal> {
        self.with(addr, now, |tokens| (tokens >= 1.0).then_some(1.0).ok_or(1.0 - tokens))
    }

    /// Takes `cost` for `addr`'s client at `now` if it is not in debt (so a cost known only
    /// roughly beforehand may take more than is left: `charge` then takes the rest), or says
    /// how long to wait.
    pub fn spend(&self, addr: IpAddr, cost: f64, now: Instant) -> Result<(), Refusal> {
        self.with(addr, now, |tokens| (tokens > 0.0).then_some(cost).ok_or(-tokens))
    }

    /// Takes `cost` more from `addr`'s client, whatever it has left (what a judging took
    /// beyond what `spend` took for it).
    /// (A negative `cost` gives back what `spend` took beyond what was used.)
    pub fn charge(&self, addr: IpAddr, cost: f64) {
        if self.rate.per_minute <= 0.0 || cost == 0.0 {
            return;
        }
        let mut buckets = self.buckets.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(bucket) = buckets.get_mut(&client_key(addr)) {
            bucket.tokens = (bucket.tokens - cost).min(self.rate.burst);
        }
    }

    /// Fills `addr`'s client's bucket up to `now`, then asks `decide` what it holds: `Ok(cost)`
    /// to take, or `Err(short)`, the tokens it lacks.
    fn with(&self, addr: IpAddr, now: Instant, decide: impl FnOnce(f64) -> Result<f64, f64>) -> Result<(), Refusal> {
        if self.rate.per_minute <= 0.0 {
            return Ok(());
        }
        let per_sec = self.rate.per_minute / 60.0;
        let mut buckets = self.buckets.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if buckets.len() >= MAX_BUCKETS {
            let (burst, per_sec) = (self.rate.burst, per_sec);
            buckets.retain(|_, b| b.tokens + now.saturating_duration_since(b.at).as_secs_f64() * per_sec < burst);
        }
        let bucket = buckets.entry(client_key(addr)).or_insert(Bucket {
            tokens: self.rate.burst,
            at: now,
            logged: None,
        });
        bucket.tokens =
            (bucket.tokens + now.saturating_duration_since(bucket.at).as_secs_f64() * per_sec).min(self.rate.burst);
        bucket.at = bucket.at.max(now);
        match decide(bucket.tokens) {
            Ok(cost) => {
                bucket.tokens -= cost;
                Ok(())
            }
            Err(short) => {
                let first = bucket
                    .logged
                    .is_none_or(|at| now.saturating_duration_since(at) >= LOG_WINDOW);
                if first {
                    bucket.logged = Some(now);
                }
                Err(Refusal {
                    wait: (short.max(0.0) / per_sec).ceil().max(1.0) as u64,
                    first,
                })
            }
        }
    }
}

/// The judging time each client may take: `Rate` in seconds of replay.
pub type Budget = Limiter;

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
        assert_eq!(limiter.take(a, t0), Err(Refusal { wait: 10, first: true }));
        assert_eq!(
            limiter.take(a, t0),
            Err(Refusal { wait: 10, first: false }),
            "one refusal to log, not one each"
        );
        // Another address has its own bucket.
        assert_eq!(limiter.take(b, t0), Ok(()));
        // Ten seconds refill one.
        assert_eq!(limiter.take(a, t0 + Duration::from_secs(10)), Ok(()));
        let again = limiter.take(a, t0 + Duration::from_secs(11)).unwrap_err();
        assert!(!again.first, "one line a minute");
        let minute_on = t0 + Duration::from_secs(61);
        let later = (0..10).find_map(|_| limiter.take(a, minute_on).err()).unwrap();
        assert!(later.first, "a minute on: a new line");
        let off = Limiter::new(Rate {
            burst: 1.0,
            per_minute: 0.0,
        });
        for _ in 0..100 {
            assert_eq!(off.take(a, t0), Ok(()));
        }
    }

    #[test]
    fn an_ipv6_client_is_its_slash_64() {
        let limiter = Limiter::new(Rate {
            burst: 2.0,
            per_minute: 1.0,
        });
        let t0 = Instant::now();
        let one: IpAddr = "2001:db8:1:2::1".parse().unwrap();
        let same: IpAddr = "2001:db8:1:2:ffff:1:2:3".parse().unwrap();
        let other: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert!(limiter.take(one, t0).is_ok());
        assert!(limiter.take(same, t0).is_ok());
        assert!(limiter.take(same, t0).is_err(), "one /64, one bucket");
        assert!(limiter.take(other, t0).is_ok(), "another /64");
        let mapped: IpAddr = "::ffff:10.0.0.9".parse().unwrap();
        assert_eq!(client_key(mapped), "10.0.0.9".parse::<IpAddr>().unwrap());
    }

    #[test]
    fn a_budget_goes_into_debt_and_waits_it_out() {
        let budget = Budget::new(Rate {
            burst: 10.0,
            per_minute: 6.0,
        });
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let t0 = Instant::now();
        // A judging estimated small that took 25 s: 15 s of debt, 150 s to repay at 6 a minute.
        assert!(budget.spend(a, 0.5, t0).is_ok());
        budget.charge(a, 24.5);
        let refused = budget.spend(a, 0.5, t0).unwrap_err();
        assert_eq!(refused.wait, 150);
        assert!(budget.spend(a, 0.5, t0 + Duration::from_secs(151)).is_ok());
    }
}
