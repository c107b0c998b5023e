//! The board's one data layer: every query it makes, with parameters only, over sqlx's `Any`
//! pool, so that one text serves SQLite (embedded, the default) and PostgreSQL (to scale out).
//! The schema is versioned in `board/migrations/<dialect>/` and brought up to date at start.

use std::time::Duration;

use sqlx::AnyPool;
use sqlx::any::AnyPoolOptions;
use sqlx::error::ErrorKind;
use sqlx::{AnyConnection, Connection, Row};

use delve_core::run::RULES;

use crate::judge::Judged;

/// Which database the URL names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// `sqlite://FILE`: one file, no set-up.
    Sqlite,
    /// `postgres://…`: one database for several board processes.
    Postgres,
}

impl Dialect {
    /// The dialect of `url`, if the board knows it.
    pub fn of(url: &str) -> Option<Self> {
        if url.starts_with("sqlite:") {
            Some(Dialect::Sqlite)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Some(Dialect::Postgres)
        } else {
            None
        }
    }
}

/// The schema's versions, oldest first: (version, name, SQLite's text, PostgreSQL's text).
const MIGRATIONS: &[(i64, &str, &str, &str)] = &[(
    1,
    "runs",
    include_str!("../migrations/sqlite/0001_runs.sql"),
    include_str!("../migrations/postgres/0001_runs.sql"),
)];

/// Why the store did not do what it was asked.
#[derive(Debug)]
pub enum StoreError {
    /// The name is held by another secret.
    NameHeld,
    /// This very recording is stored already, as run `id`.
    Duplicate(i64),
    /// The database cannot be reached or cannot take the write now (down, full, busy): the
    /// request may be tried again, and nothing stored is lost.
    Unavailable(String),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::NameHeld => write!(f, "the name is held by another secret"),
            StoreError::Duplicate(id) => write!(f, "the run is stored already as {id}"),
            StoreError::Unavailable(why) => write!(f, "the database is unavailable: {why}"),
        }
    }
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> Self {
        StoreError::Unavailable(e.to_string())
    }
}

/// A verified run to store.
#[derive(Clone, Debug)]
pub struct NewRun {
    /// SHA-256 of the recording, hex.
    pub digest: String,
    /// The name as written, and folded.
    pub name: String,
    /// `names::fold` of `name`.
    pub folded: String,
    /// SHA-256 of the name's secret, hex.
    pub secret_hash: String,
    /// What its replay found: seed, day, score, depth, outcome, turns, hash.
    pub judged: Judged,
    /// When it was submitted, Unix seconds.
    pub at: u64,
    /// The recording's bytes.
    pub recording: Vec<u8>,
}

impl NewRun {
    /// The boards it is ranked on: its seed's, and its day's if it is a daily.
    pub fn boards(&self) -> Vec<String> {
        let mut boards = vec![seed_board(self.judged.seed)];
        if let Some(day) = &self.judged.day {
            boards.push(day_board(day));
        }
        boards
    }

    /// The board its rank is given on: the day's for a daily, else its seed's.
    pub fn home_board(&self) -> String {
        self.judged
            .day
            .as_deref()
            .map_or_else(|| seed_board(self.judged.seed), day_board)
    }
}

/// The key of a seed's board.
pub fn seed_board(seed: u64) -> String {
    format!("seed:{seed}")
}

/// The key of a day's board.
pub fn day_board(day: &str) -> String {
    format!("day:{day}")
}

/// One line of a board: a name's best run there.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Entry {
    /// 1 for the best.
    pub rank: u64,
    /// The name as its owner first wrote it.
    pub name: String,
    /// The best run's score.
    pub score: u64,
    /// Its depth at the end.
    pub depth: u32,
    /// "died" or "won".
    pub outcome: String,
    /// Its turns.
    pub turns: u64,
    /// The name's verified submissions to this board.
    pub attempts: u64,
    /// The best run's id (its recording: `/api/runs/ID/recording`).
    pub id: i64,
    /// When the best run was submitted, Unix seconds.
    pub when: u64,
}

/// A stored run's own facts (`GET /api/runs/ID`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Stored {
    /// Its id.
    pub id: i64,
    /// Its name.
    pub name: String,
    /// Its seed, in decimal (a u64 is more than a JavaScript number holds exactly).
    pub seed: String,
    /// The daily's date, for a daily run.
    pub day: Option<String>,
    /// The score.
    pub score: u64,
    /// The depth at the end.
    pub depth: u32,
    /// "died" or "won".
    pub outcome: String,
    /// Turns played.
    pub turns: u64,
    /// The state hash the replay came to.
    pub hash: String,
    /// The rules it was played under.
    pub rules: u32,
    /// When it was submitted, Unix seconds.
    pub when: u64,
}

/// The database, through a pool of connections.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    dialect: Dialect,
}

/// How long a request waits for a connection before the board says the database is unavailable.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(3);

impl Store {
    /// Opens the database at `url` (making a SQLite file and its folder if need be) and brings
    /// its schema up to date.
    pub async fn open(url: &str, connections: u32) -> Result<Store, String> {
        let dialect = Dialect::of(url)
            .ok_or_else(|| format!("the database URL must start sqlite:// or postgres:// (it was {url:?})"))?;
        sqlx::any::install_default_drivers();
        let url = match dialect {
            Dialect::Sqlite => sqlite_url(url)?,
            Dialect::Postgres => url.to_owned(),
        };
        if dialect == Dialect::Sqlite {
            // Readers never wait for the writer: the write-ahead log, once, for the file.
            let mut conn = AnyConnection::connect(&url)
                .await
                .map_err(|e| format!("cannot open {url}: {e}"))?;
            sqlx::query("PRAGMA journal_mode = WAL")
                .fetch_optional(&mut conn)
                .await
                .map_err(|e| format!("cannot set up {url}: {e}"))?;
            let _ = conn.close().await;
        }
        let pool = AnyPoolOptions::new()
            .max_connections(connections)
            .acquire_timeout(ACQUIRE_TIMEOUT)
            .connect(&url)
            .await
            .map_err(|e| format!("cannot connect to the database: {e}"))?;
        let store = Store { pool, dialect };
        store.migrate().await?;
        Ok(store)
    }

    /// Which database it is.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// Applies every migration the database has not had, each in its own transaction (on
    /// PostgreSQL under an advisory lock, so that board processes starting together take turns).
    async fn migrate(&self) -> Result<(), String> {
        let fail = |e: sqlx::Error| format!("cannot bring the schema up to date: {e}");
        sqlx::query(
            "CREATE TABLE IF NOT EXISTS board_schema (version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)",
        )
        .execute(&self.pool)
        .await
        .map_err(fail)?;
        for &(version, name, sqlite, postgres) in MIGRATIONS {
            let mut tx = self.pool.begin().await.map_err(fail)?;
            if self.dialect == Dialect::Postgres {
                sqlx::query("SELECT pg_advisory_xact_lock(7218834512)")
                    .fetch_optional(&mut *tx)
                    .await
                    .map_err(fail)?;
            }
            let done = sqlx::query("SELECT version FROM board_schema WHERE version = $1")
                .bind(version)
                .fetch_optional(&mut *tx)
                .await
                .map_err(fail)?;
            if done.is_some() {
                continue;
            }
            let text = match self.dialect {
                Dialect::Sqlite => sqlite,
                Dialect::Postgres => postgres,
            };
            sqlx::raw_sql(text).execute(&mut *tx).await.map_err(fail)?;
            sqlx::query("INSERT INTO board_schema (version, name, applied_at) VALUES ($1, $2, $3)")
                .bind(version)
                .bind(name)
                .bind(now_secs() as i64)
                .execute(&mut *tx)
                .await
                .map_err(fail)?;
            tx.commit().await.map_err(fail)?;
            tracing::info!(version, name, "schema migrated");
        }
        Ok(())
    }

    /// The digest of the secret that holds `folded`, if it is claimed.
    pub async fn holder(&self, folded: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT secret_hash FROM names WHERE folded = $1")
            .bind(folded)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.get::<String, _>(0)))
    }

    /// The run stored with this recording digest, if any.
    pub async fn run_with_digest(&self, digest: &str) -> Result<Option<i64>, StoreError> {
        let row = sqlx::query("SELECT id FROM runs WHERE digest = $1")
            .bind(digest)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.get::<i64, _>(0)))
    }

    /// Stores a verified run in one transaction: the name claimed if it is free (refused if
    /// another secret holds it), the run and its recording (refused if stored already), and
    /// its boards' bests and attempts. Gives its id and its rank on its home board.
    pub async fn add(&self, run: &NewRun) -> Result<(i64, u64), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO names (folded, name, secret_hash, claimed_at) VALUES ($1, $2, $3, $4) ON CONFLICT (folded) DO NOTHING",
        )
        .bind(&run.folded)
        .bind(&run.name)
        .bind(&run.secret_hash)
        .bind(run.at as i64)
        .execute(&mut *tx)
        .await?;
        let held: String = sqlx::query("SELECT secret_hash FROM names WHERE folded = $1")
            .bind(&run.folded)
            .fetch_one(&mut *tx)
            .await?
            .get(0);
        if held != run.secret_hash {
            return Err(StoreError::NameHeld);
        }
        let inserted = sqlx::query(
            "INSERT INTO runs (digest, folded, seed, day, score, depth, outcome, turns, hash, rules, submitted_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id",
        )
        .bind(&run.digest)
        .bind(&run.folded)
        .bind(run.judged.seed.to_string())
        .bind(run.judged.day.clone())
        .bind(run.judged.score as i64)
        .bind(i64::from(run.judged.depth))
        .bind(run.judged.outcome)
        .bind(run.judged.turns as i64)
        .bind(&run.judged.hash)
        // The rules it was judged under: this board's.
        .bind(i64::from(RULES))
        .bind(run.at as i64)
        .fetch_one(&mut *tx)
        .await;
        let id: i64 = match inserted {
            Ok(row) => row.get(0),
            Err(e) if is_unique_violation(&e) => {
                drop(tx);
                let id = self.run_with_digest(&run.digest).await?.unwrap_or_default();
                return Err(StoreError::Duplicate(id));
            }
            Err(e) => return Err(e.into()),
        };
        sqlx::query("INSERT INTO recordings (run_id, bytes) VALUES ($1, $2)")
            .bind(id)
            .bind(run.recording.clone())
            .execute(&mut *tx)
            .await?;
        for board in run.boards() {
            sqlx::query(
                "INSERT INTO bests (board, folded, run_id, score, turns, attempts) VALUES ($1, $2, $3, $4, $5, 1) \
                 ON CONFLICT (board, folded) DO UPDATE SET \
                   attempts = bests.attempts + 1, \
                   run_id = CASE WHEN excluded.score > bests.score OR (excluded.score = bests.score AND excluded.turns < bests.turns) THEN excluded.run_id ELSE bests.run_id END, \
                   turns = CASE WHEN excluded.score > bests.score OR (excluded.score = bests.score AND excluded.turns < bests.turns) THEN excluded.turns ELSE bests.turns END, \
                   score = CASE WHEN excluded.score > bests.score THEN excluded.score ELSE bests.score END",
            )
            .bind(board)
            .bind(&run.folded)
            .bind(id)
            .bind(run.judged.score as i64)
            .bind(run.judged.turns as i64)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        let rank = self
            .rank(&run.home_board(), &run.folded, run.judged.score, run.judged.turns, id)
            .await?;
        Ok((id, rank))
    }

    /// Where a run of `score` in `turns` (id `id`, by `folded`) stands on `board`: one more than
    /// the other names whose best beats it (a higher score; as high in fewer turns, or earlier).
    async fn rank(&self, board: &str, folded: &str, score: u64, turns: u64, id: i64) -> Result<u64, StoreError> {
        let (score, turns) = (score as i64, turns as i64);
        let row = sqlx::query(
            "SELECT COUNT(*) FROM bests WHERE board = $1 AND folded <> $2 AND \
             (score > $3 OR (score = $3 AND (turns < $4 OR (turns = $4 AND run_id < $5))))",
        )
        .bind(board)
        .bind(folded)
        .bind(score)
        .bind(turns)
        .bind(id)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.get::<i64, _>(0) as u64 + 1)
    }

    /// A board's entries from `offset`, best first, at most `limit`.
    pub async fn board(&self, board: &str, limit: u32, offset: u64) -> Result<Vec<Entry>, StoreError> {
        let rows = sqlx::query(
            "SELECT n.name, b.score, r.depth, r.outcome, b.turns, b.attempts, b.run_id, r.submitted_at \
             FROM bests b JOIN runs r ON r.id = b.run_id JOIN names n ON n.folded = b.folded \
             WHERE b.board = $1 ORDER BY b.score DESC, b.turns, b.run_id LIMIT $2 OFFSET $3",
        )
        .bind(board)
        .bind(i64::from(limit))
        .bind(offset as i64)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .enumerate()
            .map(|(i, r)| Entry {
                rank: offset + i as u64 + 1,
                name: r.get(0),
                score: r.get::<i64, _>(1) as u64,
                depth: r.get::<i64, _>(2) as u32,
                outcome: r.get(3),
                turns: r.get::<i64, _>(4) as u64,
                attempts: r.get::<i64, _>(5) as u64,
                id: r.get(6),
                when: r.get::<i64, _>(7) as u64,
            })
            .collect())
    }

    /// A stored run's facts.
    pub async fn run(&self, id: i64) -> Result<Option<Stored>, StoreError> {
        let row = sqlx::query(
            "SELECT r.id, n.name, r.seed, r.day, r.score, r.depth, r.outcome, r.turns, r.hash, r.rules, r.submitted_at \
             FROM runs r JOIN names n ON n.folded = r.folded WHERE r.id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| Stored {
            id: r.get(0),
            name: r.get(1),
            seed: r.get(2),
            day: r.get(3),
            score: r.get::<i64, _>(4) as u64,
            depth: r.get::<i64, _>(5) as u32,
            outcome: r.get(6),
            turns: r.get::<i64, _>(7) as u64,
            hash: r.get(8),
            rules: r.get::<i64, _>(9) as u32,
            when: r.get::<i64, _>(10) as u64,
        }))
    }

    /// A stored run's recording.
    pub async fn recording(&self, id: i64) -> Result<Option<Vec<u8>>, StoreError> {
        let row = sqlx::query("SELECT bytes FROM recordings WHERE run_id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.get(0)))
    }
}

/// Whether `e` is a unique constraint's refusal.
fn is_unique_violation(e: &sqlx::Error) -> bool {
    e.as_database_error()
        .is_some_and(|d| d.kind() == ErrorKind::UniqueViolation)
}

/// A SQLite URL that makes its file when missing (`mode=rwc`), its folder made first.
fn sqlite_url(url: &str) -> Result<String, String> {
    let rest = url.trim_start_matches("sqlite://").trim_start_matches("sqlite:");
    let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
    if path.is_empty() || path == ":memory:" {
        return Err("the board keeps its runs in a file: give sqlite://FILE".into());
    }
    if let Some(dir) = std::path::Path::new(path)
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
    {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    }
    let query = if query.contains("mode=") {
        query.to_owned()
    } else if query.is_empty() {
        "mode=rwc".to_owned()
    } else {
        format!("{query}&mode=rwc")
    };
    Ok(format!("sqlite://{path}?{query}"))
}

/// Seconds since the Unix epoch.
pub fn now_secs() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}
