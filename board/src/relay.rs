//! The live runs a board process serves (`live` has their routes): the board's own replay of
//! each, behind a lock of its own so that a run's pieces are checked in turn; its spectators
//! here; the news that a run has moved on (told by this process, and by the others through
//! PostgreSQL's notifications, which a task of its own hears); and the task that ends the runs
//! gone idle.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use delve_core::run::{Replay, Run};
use tokio::sync::broadcast;

use crate::store::Store;

/// How often a spectator's stream looks at its run when told nothing (a process that missed a
/// notification catches up), and sends a comment to keep the connection open.
pub const LOOK_EVERY: Duration = Duration::from_secs(15);

/// How the board bounds its live runs (`delve-board --live-…`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LiveLimits {
    /// Live runs one address (an IPv6 /64) may play at once.
    pub per_address: usize,
    /// Live runs the board takes at once.
    pub most: usize,
    /// Spectators a run may have at once (on each board process).
    pub spectators: usize,
    /// A live run sent nothing for this long is ended ("idle") and its streams closed.
    pub idle: Duration,
}

impl Default for LiveLimits {
    fn default() -> Self {
        LiveLimits {
            per_address: 2,
            most: 64,
            spectators: 32,
            idle: Duration::from_secs(300),
        }
    }
}

/// A live run as this process last checked it: the board's own replay of it.
pub struct Checked {
    pub run: Run,
    pub replay: Replay,
}

/// The live runs this process serves.
pub struct Live {
    pub limits: LiveLimits,
    /// Each run's replay, behind a lock of its own (pieces of one run are checked in turn).
    checks: Mutex<HashMap<i64, Arc<tokio::sync::Mutex<Option<Checked>>>>>,
    /// Spectators of each run here.
    watching: Mutex<HashMap<i64, usize>>,
    /// Which run has news: a piece stored or an end (from this process, or from the others
    /// through PostgreSQL's notifications).
    pub news: broadcast::Sender<i64>,
}

impl std::fmt::Debug for Live {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Live")
            .field("limits", &self.limits)
            .finish_non_exhaustive()
    }
}

impl Live {
    /// The live runs over `store`, with the tasks that end idle runs and (on PostgreSQL) hear
    /// the other processes' news, when a runtime is running (they stop with the board).
    pub fn new(limits: LiveLimits, store: Store) -> Arc<Live> {
        let (news, _) = broadcast::channel(256);
        let live = Arc::new(Live {
            limits,
            checks: Mutex::new(HashMap::new()),
            watching: Mutex::new(HashMap::new()),
            news,
        });
        if tokio::runtime::Handle::try_current().is_ok() {
            tokio::spawn(end_idle(Arc::downgrade(&live), store.clone()));
            if let Some(url) = store.listen_url() {
                tokio::spawn(listen(Arc::downgrade(&live), url.to_owned()));
            }
        }
        live
    }

    /// Tells this process's spectators of run `id` that it has news.
    pub fn tell(&self, id: i64) {
        let _ = self.news.send(id);
    }

    /// Run `id`'s replay lock.
    pub fn check_of(&self, id: i64) -> Arc<tokio::sync::Mutex<Option<Checked>>> {
        let mut checks = self.checks.lock().unwrap_or_else(|e| e.into_inner());
        checks.entry(id).or_default().clone()
    }

    /// Forgets run `id`'s replay (it ended).
    pub fn forget(&self, id: i64) {
        self.checks.lock().unwrap_or_else(|e| e.into_inner()).remove(&id);
    }

    /// A spectator's place on run `id`, if it has room for one more.
    pub fn watch(self: &Arc<Self>, id: i64) -> Option<Seat> {
        let mut watching = self.watching.lock().unwrap_or_else(|e| e.into_inner());
        let n = watching.entry(id).or_default();
        if *n >= self.limits.spectators {
            return None;
        }
        *n += 1;
        Some(Seat {
            live: Arc::downgrade(self),
            id,
        })
    }

    /// Spectators of run `id` here.
    pub fn spectators(&self, id: i64) -> usize {
        self.watching
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&id)
            .copied()
            .unwrap_or(0)
    }
}

/// A spectator's place, given back when its stream is dropped.
pub struct Seat {
    live: Weak<Live>,
    id: i64,
}

impl Drop for Seat {
    fn drop(&mut self) {
        if let Some(live) = self.live.upgrade() {
            let mut watching = live.watching.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(n) = watching.get_mut(&self.id) {
                *n -= 1;
                if *n == 0 {
                    watching.remove(&self.id);
                }
            }
        }
    }
}

/// Ends the live runs that sent nothing for `idle`, looking a few times in each `idle`, until
/// the board is gone.
async fn end_idle(live: Weak<Live>, store: Store) {
    loop {
        let Some(idle) = live.upgrade().map(|l| l.limits.idle) else {
            return;
        };
        tokio::time::sleep((idle / 4).clamp(Duration::from_secs(1), LOOK_EVERY)).await;
        let Some(live) = live.upgrade() else {
            return;
        };
        let before = crate::store::now_secs().saturating_sub(idle.as_secs());
        let Ok(idle_runs) = store.live_idle(before).await else {
            continue;
        };
        for (id, touched) in idle_runs {
            let why = format!(
                "the player sent nothing for {} s, and the board ends a live run idle for {} s",
                crate::store::now_secs().saturating_sub(touched),
                idle.as_secs()
            );
            if store.live_end(id, "idle", &why, Some(before)).await.unwrap_or(false) {
                tracing::info!(id, "live run ended: idle");
                live.forget(id);
                live.tell(id);
            }
        }
    }
}

/// Hears PostgreSQL's news of live runs (`pg_notify` from any process) and tells this
/// process's spectators, until the board is gone.
async fn listen(live: Weak<Live>, url: String) {
    let mut listener = None;
    loop {
        let Some(alive) = live.upgrade() else {
            return;
        };
        drop(alive);
        if listener.is_none() {
            match sqlx::postgres::PgListener::connect(&url).await {
                Ok(mut l) => match l.listen(crate::store::LIVE_CHANNEL).await {
                    Ok(()) => listener = Some(l),
                    Err(e) => tracing::warn!(%e, "cannot listen for live runs' news"),
                },
                Err(e) => tracing::warn!(%e, "cannot listen for live runs' news"),
            }
            if listener.is_none() {
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
        }
        let Some(l) = listener.as_mut() else { continue };
        match tokio::time::timeout(Duration::from_secs(2), l.recv()).await {
            Err(_) => {}
            Ok(Ok(note)) => {
                if let (Ok(id), Some(live)) = (note.payload().parse::<i64>(), live.upgrade()) {
                    live.tell(id);
                }
            }
            Ok(Err(e)) => {
                tracing::warn!(%e, "lost the database's live news: listening again");
                listener = None;
            }
        }
    }
}
