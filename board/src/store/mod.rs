//! The board's one data layer: every query it makes, with parameters only, over sqlx's `Any`
//! pool, so that one text serves SQLite (embedded, the default) and PostgreSQL (to scale out).
//! The schema is versioned in `board/migrations/<dialect>/` and brought up to date at start.

use std::time::Duration;

use sqlx::any::AnyPoolOptions;
use sqlx::error::ErrorKind;
use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyConnection, AnyPool, Connection, Row};

use delve_core::run::RULES;
use delve_core::world::Mode;

use crate::judge::Judged;

mod live;
pub use live::{CHANNEL as LIVE_CHANNEL, LiveBegin, LivePiece, LiveRow, LiveStored};

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
const MIGRATIONS: &[(i64, &str, &str, &str)] = &[
    (
        1,
        "runs",
        include_str!("../../migrations/sqlite/0001_runs.sql"),
        include_str!("../../migrations/postgres/0001_runs.sql"),
    ),
    (
        2,
        "games and look-alike names",
        include_str!("../../migrations/sqlite/0002_games_and_skeletons.sql"),
        include_str!("../../migrations/postgres/0002_games_and_skeletons.sql"),
    ),
    (
        3,
        "modes",
        include_str!("../../migrations/sqlite/0003_modes.sql"),
        include_str!("../../migrations/postgres/0003_modes.sql"),
    ),
    (
        4,
        "live runs",
        include_str!("../../migrations/sqlite/0004_live.sql"),
        include_str!("../../migrations/postgres/0004_live.sql"),
    ),
];

/// Why the store did not do what it was asked.
#[derive(Debug)]
pub enum StoreError {
    /// The name is held by another secret.
    NameHeld,
    /// The name is new but looks like `0`, a name held already (the same skeleton).
    LooksLike(String),
    /// This very recording is stored already, as run `id`.
    Duplicate(i64),
    /// The same game (another file of it) is stored already: run `id`, by `name`.
    SameGame {
        /// The stored run.
        id: i64,
        /// The name it was ranked under.
        name: String,
    },
    /// The database cannot be reached or cannot take the write now (down, full, busy): the
    /// request may be tried again, and nothing stored is lost.
    Unavailable(String),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::NameHeld => write!(f, "the name is held by another secret"),
            StoreError::LooksLike(name) => write!(f, "the name looks like {name:?}, held already"),
            StoreError::Duplicate(id) => write!(f, "the run is stored already as {id}"),
            StoreError::SameGame { id, name } => write!(f, "the game is stored already as {id}, by {name}"),
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
    /// `names::skeleton` of `name`: what a new name may not share with a held one.
    pub skeleton: String,
    /// The game's identity (`judge::Judged::game`): one game is stored once, whatever its file.
    pub game: String,
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
    /// The boards it is ranked on: its seed's, and its day's if it is a daily, each the list of
    /// the mode it was played in.
    pub fn boards(&self) -> Vec<String> {
        let mode = self.judged.mode;
        let mut boards = vec![seed_board(self.judged.seed, mode)];
        if let Some(day) = &self.judged.day {
            boards.push(day_board(day, mode));
        }
        if self.judged.raced {
            boards = boards.iter().map(|b| raced(b)).collect();
        }
        boards
    }

    /// The board its rank is given on: the day's for a daily, else its seed's.
    pub fn home_board(&self) -> String {
        let mode = self.judged.mode;
        let home = self
            .judged
            .day
            .as_deref()
            .map_or_else(|| seed_board(self.judged.seed, mode), |day| day_board(day, mode));
        if self.judged.raced { raced(&home) } else { home }
    }
}

/// A list's key: the board's, then for a mode other than the standard game its name
/// ("seed:42/hard, darkness+swarm"): each mode is ranked on its own.
fn in_mode(board: String, mode: Mode) -> String {
    if mode.is_standard() {
        board
    } else {
        format!("{board}/{}", mode.name())
    }
}

/// The key of a seed's list of runs played in `mode`.
pub fn seed_board(seed: u64, mode: Mode) -> String {
    in_mode(format!("seed:{seed}"), mode)
}

/// The key of a day's list of runs played in `mode`.
pub fn day_board(day: &str, mode: Mode) -> String {
    in_mode(format!("day:{day}"), mode)
}

/// The key of `board`'s list of runs that raced a ghost ("raced:day:2026-11-30"): a run that
/// raced another's ghost walked beside it, and is ranked apart from the list of runs of their
/// own, on the seed's and the day's lists alike.
pub fn raced(board: &str) -> String {
    format!("raced:{board}")
}

/// The mode of a list's key (`None`: not a key of a mode this Delve knows).
pub fn mode_of_board(board: &str) -> Option<Mode> {
    match board.split_once('/') {
        None => Some(Mode::STANDARD),
        Some((_, name)) => Mode::from_name(name).ok(),
    }
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
    /// How it was played, when not the standard game ("hard, darkness+swarm").
    pub mode: Option<String>,
}

/// The database, through a pool of connections.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    dialect: Dialect,
    /// The database's URL (a PostgreSQL board listens on its own connection for live runs).
    url: String,
}

/// How long a request waits for a connection before the board says the database is unavailable.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(3);

/// A write transaction on a connection of its own, begun and committed by hand (`BEGIN
/// IMMEDIATE` on SQLite, so that the write lock is taken at once). A connection on which
/// anything failed inside the transaction, or whose transaction was never ended (the request
/// dropped half-way), is closed, never handed back to the pool: after SQLite rolls a
/// transaction back by itself (a full disk), sqlx's own bookkeeping believes it still open, and
/// a connection reused so once kept its next "transaction" as a savepoint inside one that was
/// never committed, visible to it alone and lost at a restart. `commit` returning `Ok` is the
/// only way a write is acknowledged.
struct Tx {
    conn: PoolConnection<Any>,
    ended: bool,
}

impl Tx {
    async fn begin(store: &Store) -> Result<Tx, StoreError> {
        let mut conn = store.pool.acquire().await?;
        let begin = match store.dialect {
            Dialect::Sqlite => "BEGIN IMMEDIATE",
            Dialect::Postgres => "BEGIN",
        };
        let begun = sqlx::query(begin).execute(&mut *conn).await;
        let tx = Tx { conn, ended: false };
        // (A failed BEGIN leaves `ended` false: the connection is closed with `tx`.)
        begun?;
        Ok(tx)
    }

    /// Commits: `Ok` only when the database said the transaction is committed.
    async fn commit(mut self) -> Result<(), StoreError> {
        sqlx::query("COMMIT").execute(&mut *self.conn).await?;
        self.ended = true;
        Ok(())
    }

    /// Rolls back a transaction refused for what it found (a name held, a run stored already):
    /// the connection goes back to the pool only if the rollback itself worked.
    async fn rollback(mut self) {
        if sqlx::query("ROLLBACK").execute(&mut *self.conn).await.is_ok() {
            self.ended = true;
        }
    }
}

impl Drop for Tx {
    fn drop(&mut self) {
        if !self.ended {
            self.conn.close_on_drop();
        }
    }
}

impl Store {
    /// Opens the database at `url` (making a SQLite file and its folder if need be), brings
    /// its schema up to date and checks that it can be written: a database the board could
    /// only read would refuse every run, so it is refused at start, with the reason.
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
        let store = Store { pool, dialect, url };
        store.migrate().await?;
        store.check_writable().await?;
        store.fill_in().await?;
        Ok(store)
    }

    /// Which database it is.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// Applies every migration the database has not had, each in its own transaction (on
    /// PostgreSQL under an advisory lock, so that board processes starting together take turns).
    async fn migrate(&self) -> Result<(), String> {
        let fail = |e: StoreError| format!("cannot bring the schema up to date: {e}");
        sqlx::query(
            "CREATE TABLE IF NOT EXISTS board_schema (version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)",
        )
        .execute(&self.pool)
        .await
        .map_err(|e| fail(e.into()))?;
        for &(version, name, sqlite, postgres) in MIGRATIONS {
            let mut tx = Tx::begin(self).await.map_err(fail)?;
            if self.dialect == Dialect::Postgres {
                sqlx::query("SELECT pg_advisory_xact_lock(7218834512)")
                    .fetch_optional(&mut *tx.conn)
                    .await
                    .map_err(|e| fail(e.into()))?;
            }
            let done = sqlx::query("SELECT version FROM board_schema WHERE version = $1")
                .bind(version)
                .fetch_optional(&mut *tx.conn)
                .await
                .map_err(|e| fail(e.into()))?;
            if done.is_some() {
                tx.rollback().await;
                continue;
            }
            let text = match self.dialect {
                Dialect::Sqlite => sqlite,
                Dialect::Postgres => postgres,
            };
            sqlx::raw_sql(text)
                .execute(&mut *tx.conn)
                .await
                .map_err(|e| fail(e.into()))?;
            sqlx::query("INSERT INTO board_schema (version, name, applied_at) VALUES ($1, $2, $3)")
                .bind(version)
                .bind(name)
                .bind(now_secs() as i64)
                .execute(&mut *tx.conn)
                .await
                .map_err(|e| fail(e.into()))?;
            tx.commit().await.map_err(fail)?;
            tracing::info!(version, name, "schema migrated");
        }
        Ok(())
    }

    /// Writes a row and takes it back: refused (the reason said) when the database can only be
    /// read (a read-only file or folder, a read-only PostgreSQL user).
    async fn check_writable(&self) -> Result<(), String> {
        let fail = |e: StoreError| {
            format!("the database cannot be written ({e}): the board would refuse every run, so it does not start")
        };
        let mut tx = Tx::begin(self).await.map_err(fail)?;
        sqlx::query("INSERT INTO board_schema (version, name, applied_at) VALUES ($1, $2, $3)")
            .bind(-1i64)
            .bind("a write the board checks it can make")
            .bind(0i64)
            .execute(&mut *tx.conn)
            .await
            .map_err(|e| fail(e.into()))?;
        tx.rollback().await;
        Ok(())
    }

    /// Gives the rows stored before a column or table existed what it holds: each name's
    /// skeleton (`names::skeleton`; of two old names that look alike, both stay theirs) and
    /// each run of these rules its game (`judge::game_of`). Runs of older rules keep none: no
    /// file of them can be judged again here.
    async fn fill_in(&self) -> Result<(), String> {
        let fail = |e: sqlx::Error| format!("cannot fill in the names' skeletons and the runs' games: {e}");
        let names = sqlx::query(
            "SELECT n.folded, n.name FROM names n WHERE NOT EXISTS (SELECT 1 FROM name_skeletons s WHERE s.folded = n.folded)",
        )
        .fetch_all(&self.pool)
        .await
        .map_err(fail)?;
        for row in names {
            let (folded, name): (String, String) = (row.get(0), row.get(1));
            sqlx::query(
                "INSERT INTO name_skeletons (skeleton, folded) VALUES ($1, $2) ON CONFLICT (skeleton) DO NOTHING",
            )
            .bind(crate::names::skeleton(&name))
            .bind(folded)
            .execute(&self.pool)
            .await
            .map_err(fail)?;
        }
        let runs = sqlx::query(
            "SELECT r.id, c.bytes, r.hash FROM runs r JOIN recordings c ON c.run_id = r.id WHERE r.game IS NULL AND r.rules = $1",
        )
        .bind(i64::from(RULES))
        .fetch_all(&self.pool)
        .await
        .map_err(fail)?;
        for row in runs {
            let (id, bytes, hash): (i64, Vec<u8>, String) = (row.get(0), row.get(1), row.get(2));
            let Some(game) = crate::judge::game_of(&bytes, &hash) else {
                continue;
            };
            // (A second run of one game stored before games were compared keeps none.)
            let _ = sqlx::query("UPDATE runs SET game = $1 WHERE id = $2")
                .bind(game)
                .bind(id)
                .execute(&self.pool)
                .await;
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

    /// The name a new name may not take because it looks the same (its skeleton's holder),
    /// if there is one other than `folded` itself.
    pub async fn look_alike(&self, skeleton: &str, folded: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query(
            "SELECT n.name FROM name_skeletons s JOIN names n ON n.folded = s.folded WHERE s.skeleton = $1 AND s.folded <> $2",
        )
        .bind(skeleton)
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

    /// The run stored with this game, and its name, if any.
    async fn run_with_game(&self, game: &str) -> Result<Option<(i64, String)>, StoreError> {
        let row = sqlx::query("SELECT r.id, n.name FROM runs r JOIN names n ON n.folded = r.folded WHERE r.game = $1")
            .bind(game)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| (r.get::<i64, _>(0), r.get::<String, _>(1))))
    }

    /// Stores a verified run in one transaction: the name claimed if it is free (refused if
    /// another secret holds it, or if it is new and looks like a held one), the run and its
    /// recording (refused if this file, or another file of the same game, is stored already),
    /// and its boards' bests and attempts. Gives its id and the name's rank on its home board
    /// (the place of the name's best there, which may be an earlier run). `Ok` only once the
    /// transaction is committed.
    pub async fn add(&self, run: &NewRun) -> Result<(i64, u64), StoreError> {
        let mut tx = Tx::begin(self).await?;
        let claimed = sqlx::query(
            "INSERT INTO names (folded, name, secret_hash, claimed_at) VALUES ($1, $2, $3, $4) ON CONFLICT (folded) DO NOTHING",
        )
        .bind(&run.folded)
        .bind(&run.name)
        .bind(&run.secret_hash)
        .bind(run.at as i64)
        .execute(&mut *tx.conn)
        .await?
        .rows_affected()
            > 0;
        let held: String = sqlx::query("SELECT secret_hash FROM names WHERE folded = $1")
            .bind(&run.folded)
            .fetch_one(&mut *tx.conn)
            .await?
            .get(0);
        if held != run.secret_hash {
            tx.rollback().await;
            return Err(StoreError::NameHeld);
        }
        if claimed {
            // A new name takes its skeleton, unless a held name has it.
            sqlx::query(
                "INSERT INTO name_skeletons (skeleton, folded) VALUES ($1, $2) ON CONFLICT (skeleton) DO NOTHING",
            )
            .bind(&run.skeleton)
            .bind(&run.folded)
            .execute(&mut *tx.conn)
            .await?;
            let holder = sqlx::query(
                "SELECT n.name FROM name_skeletons s JOIN names n ON n.folded = s.folded WHERE s.skeleton = $1 AND s.folded <> $2",
            )
            .bind(&run.skeleton)
            .bind(&run.folded)
            .fetch_optional(&mut *tx.conn)
            .await?;
            if let Some(holder) = holder {
                tx.rollback().await;
                return Err(StoreError::LooksLike(holder.get(0)));
            }
        }
        let inserted = sqlx::query(
            "INSERT INTO runs (digest, folded, seed, day, score, depth, outcome, turns, hash, rules, submitted_at, game, mode) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id",
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
        .bind(&run.game)
        .bind((!run.judged.mode.is_standard()).then(|| run.judged.mode.name()))
        .fetch_one(&mut *tx.conn)
        .await;
        let id: i64 = match inserted {
            Ok(row) => row.get(0),
            Err(e) if is_unique_violation(&e) => {
                tx.rollback().await;
                if let Some(id) = self.run_with_digest(&run.digest).await? {
                    return Err(StoreError::Duplicate(id));
                }
                let (id, name) = self.run_with_game(&run.game).await?.unwrap_or_default();
                return Err(StoreError::SameGame { id, name });
            }
            Err(e) => return Err(e.into()),
        };
        sqlx::query("INSERT INTO recordings (run_id, bytes) VALUES ($1, $2)")
            .bind(id)
            .bind(run.recording.clone())
            .execute(&mut *tx.conn)
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
            .execute(&mut *tx.conn)
            .await?;
        }
        tx.commit().await?;
        let rank = self.name_rank(&run.home_board(), &run.folded).await?;
        Ok((id, rank))
    }

    /// The place of `folded`'s best on `board` (1 when it has none there, which a run just
    /// stored never is).
    async fn name_rank(&self, board: &str, folded: &str) -> Result<u64, StoreError> {
        let best = sqlx::query("SELECT score, turns, run_id FROM bests WHERE board = $1 AND folded = $2")
            .bind(board)
            .bind(folded)
            .fetch_optional(&self.pool)
            .await?;
        let Some(best) = best else { return Ok(1) };
        self.rank(
            board,
            folded,
            best.get::<i64, _>(0) as u64,
            best.get::<i64, _>(1) as u64,
            best.get(2),
        )
        .await
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
            "SELECT r.id, n.name, r.seed, r.day, r.score, r.depth, r.outcome, r.turns, r.hash, r.rules, r.submitted_at, r.mode \
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
            mode: r.get(11),
        }))
    }

    /// The lists kept of the board `base` (`seed:N`, `day:D`): the standard game's and every
    /// mode's that has a run, as their modes, the standard game first, then by name.
    pub async fn lists(&self, base: &str) -> Result<Vec<Mode>, StoreError> {
        let rows = sqlx::query("SELECT DISTINCT board FROM bests WHERE board = $1 OR board LIKE $2 ORDER BY board")
            .bind(base)
            .bind(format!("{base}/%"))
            .fetch_all(&self.pool)
            .await?;
        let mut modes: Vec<Mode> = rows
            .iter()
            .filter_map(|r| mode_of_board(&r.get::<String, _>(0)))
            .collect();
        modes.sort_by_key(|m| (!m.is_standard(), m.name()));
        modes.dedup();
        Ok(modes)
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
