//! Runs played live in the database: begun with their recording file, then each piece the
//! board checked stored in order with the run's count of commands moved on in one transaction
//! (a piece is stored only after the one before it: two processes cannot both add the same
//! one), ended with how and why. On PostgreSQL each write also says `pg_notify('delve_live',
//! id)`, delivered to every board process when it commits.

use sqlx::Row;

use super::{Dialect, Store, StoreError, Tx};

/// The channel a PostgreSQL board hears its live runs' news on.
pub const CHANNEL: &str = "delve_live";

/// A live run as it begins.
#[derive(Clone, Debug)]
pub struct LiveBegin {
    /// SHA-256 of its token, hex.
    pub token_hash: String,
    /// The client's address (`limits::client_key`), as text.
    pub address: String,
    /// Its seed in decimal ("" for a map file's run).
    pub seed: String,
    /// How it is played, when not the standard game.
    pub mode: Option<String>,
    /// The daily's date, for a daily.
    pub daily: Option<String>,
    /// Unix seconds.
    pub at: u64,
    /// Commands in the file it began with.
    pub commands: u64,
    /// The turn it began on.
    pub turn: u64,
    /// The level it began on.
    pub depth: u32,
    /// The recording file it began with.
    pub file: Vec<u8>,
}

/// A live run as stored.
#[derive(Clone, Debug)]
pub struct LiveRow {
    pub id: i64,
    pub token_hash: String,
    pub seed: String,
    pub mode: Option<String>,
    pub daily: Option<String>,
    pub began: u64,
    pub touched: u64,
    /// Commands checked and stored.
    pub commands: u64,
    /// Pieces stored.
    pub pieces: u64,
    pub turn: u64,
    pub depth: u32,
    /// How and why it ended, once it has.
    pub ended: Option<(String, String)>,
}

/// A piece of a live run, as stored.
#[derive(Clone, Debug)]
pub struct LivePiece {
    /// Its place, from 0.
    pub seq: u64,
    /// Commands before it.
    pub first: u64,
    /// Its commands' bytes.
    pub bytes: Vec<u8>,
    /// Its checkpoints, JSON (`[[commands, turn, "hash"], ...]`).
    pub checkpoints: String,
    /// Where the run stopped, JSON, if it did with this piece.
    pub end: Option<String>,
}

/// What adding a piece came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LiveStored {
    /// Stored, and the run moved on.
    Stored,
    /// Not stored: the run did not hold `from` commands (another piece came first) or has ended.
    Moved,
}

const COLUMNS: &str =
    "id, token_hash, seed, mode, daily, began_at, touched_at, commands, pieces, turn, depth, ended_how, ended_why";

fn row_of(r: &sqlx::any::AnyRow) -> LiveRow {
    let how: Option<String> = r.get(11);
    let why: Option<String> = r.get(12);
    LiveRow {
        id: r.get(0),
        token_hash: r.get(1),
        seed: r.get(2),
        mode: r.get(3),
        daily: r.get(4),
        began: r.get::<i64, _>(5) as u64,
        touched: r.get::<i64, _>(6) as u64,
        commands: r.get::<i64, _>(7) as u64,
        pieces: r.get::<i64, _>(8) as u64,
        turn: r.get::<i64, _>(9) as u64,
        depth: r.get::<i64, _>(10) as u32,
        ended: how.map(|how| (how, why.unwrap_or_default())),
    }
}

impl Store {
    /// The URL a PostgreSQL board listens on for live runs' news (`None` on SQLite: one
    /// process serves them).
    pub fn listen_url(&self) -> Option<&str> {
        (self.dialect == Dialect::Postgres).then_some(self.url.as_str())
    }

    /// Says that live run `id` has news, to every process (PostgreSQL), inside `tx`.
    async fn tell(&self, tx: &mut Tx, id: i64) -> Result<(), StoreError> {
        if self.dialect == Dialect::Postgres {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(id.to_string())
                .fetch_optional(&mut *tx.conn)
                .await?;
        }
        Ok(())
    }

    /// Stores a live run as it begins, unless its address has `per_address` live already or
    /// the board `most` (`Err(Ok(n))`: the bound met, `n` the runs counted).
    pub async fn live_begin(
        &self,
        begin: &LiveBegin,
        per_address: usize,
        most: usize,
    ) -> Result<Result<i64, (bool, u64)>, StoreError> {
        let mut tx = Tx::begin(self).await?;
        if self.dialect == Dialect::Postgres {
            // Processes beginning live runs together count them in turn.
            sqlx::query("SELECT pg_advisory_xact_lock(7218834513)")
                .fetch_optional(&mut *tx.conn)
                .await?;
        }
        let count = |sql: &'static str| sqlx::query(sql);
        let all: i64 = count("SELECT COUNT(*) FROM live_runs WHERE ended_how IS NULL")
            .fetch_one(&mut *tx.conn)
            .await?
            .get(0);
        let mine: i64 = count("SELECT COUNT(*) FROM live_runs WHERE ended_how IS NULL AND address = $1")
            .bind(&begin.address)
            .fetch_one(&mut *tx.conn)
            .await?
            .get(0);
        if mine as usize >= per_address {
            tx.rollback().await;
            return Ok(Err((true, mine as u64)));
        }
        if all as usize >= most {
            tx.rollback().await;
            return Ok(Err((false, all as u64)));
        }
        let id: i64 = sqlx::query(
            "INSERT INTO live_runs (token_hash, address, seed, mode, daily, began_at, touched_at, commands, pieces, turn, depth, begin_file) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, $9, $10, $11) RETURNING id",
        )
        .bind(&begin.token_hash)
        .bind(&begin.address)
        .bind(&begin.seed)
        .bind(begin.mode.clone())
        .bind(begin.daily.clone())
        .bind(begin.at as i64)
        .bind(begin.at as i64)
        .bind(begin.commands as i64)
        .bind(begin.turn as i64)
        .bind(i64::from(begin.depth))
        .bind(begin.file.clone())
        .fetch_one(&mut *tx.conn)
        .await?
        .get(0);
        tx.commit().await?;
        Ok(Ok(id))
    }

    /// Live run `id`, if there is one.
    pub async fn live_run(&self, id: i64) -> Result<Option<LiveRow>, StoreError> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM live_runs WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.as_ref().map(row_of))
    }

    /// The recording file live run `id` began with.
    pub async fn live_file(&self, id: i64) -> Result<Option<Vec<u8>>, StoreError> {
        let row = sqlx::query("SELECT begin_file FROM live_runs WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.get(0)))
    }

    /// The runs being played now, the latest first.
    pub async fn live_runs(&self, limit: u32) -> Result<Vec<LiveRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM live_runs WHERE ended_how IS NULL ORDER BY id DESC LIMIT $1"
        ))
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(row_of).collect())
    }

    /// Pieces `from..to` of live run `id`, in order.
    pub async fn live_pieces(&self, id: i64, from: u64, to: u64) -> Result<Vec<LivePiece>, StoreError> {
        let rows = sqlx::query(
            "SELECT seq, first, bytes, checkpoints, end_point FROM live_pieces WHERE live_id = $1 AND seq >= $2 AND seq < $3 ORDER BY seq",
        )
        .bind(id)
        .bind(from as i64)
        .bind(to as i64)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| LivePiece {
                seq: r.get::<i64, _>(0) as u64,
                first: r.get::<i64, _>(1) as u64,
                bytes: r.get(2),
                checkpoints: r.get(3),
                end: r.get(4),
            })
            .collect())
    }

    /// Adds a checked piece to live run `id` if it holds `piece.first` commands and goes on:
    /// it then holds `commands`, is on `turn` and `depth`, and has ended as `ended` says.
    pub async fn live_add(
        &self,
        id: i64,
        piece: &LivePiece,
        commands: u64,
        (turn, depth, at): (u64, u32, u64),
        ended: Option<(&str, &str)>,
    ) -> Result<LiveStored, StoreError> {
        let mut tx = Tx::begin(self).await?;
        let moved = sqlx::query(
            "UPDATE live_runs SET commands = $1, pieces = pieces + 1, turn = $2, depth = $3, touched_at = $4, ended_how = $5, ended_why = $6 \
             WHERE id = $7 AND commands = $8 AND ended_how IS NULL RETURNING pieces",
        )
        .bind(commands as i64)
        .bind(turn as i64)
        .bind(i64::from(depth))
        .bind(at as i64)
        .bind(ended.map(|(how, _)| how.to_owned()))
        .bind(ended.map(|(_, why)| why.to_owned()))
        .bind(id)
        .bind(piece.first as i64)
        .fetch_optional(&mut *tx.conn)
        .await?;
        let Some(row) = moved else {
            tx.rollback().await;
            return Ok(LiveStored::Moved);
        };
        let seq = row.get::<i64, _>(0) - 1;
        sqlx::query(
            "INSERT INTO live_pieces (live_id, seq, first, bytes, checkpoints, end_point) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(id)
        .bind(seq)
        .bind(piece.first as i64)
        .bind(piece.bytes.clone())
        .bind(&piece.checkpoints)
        .bind(piece.end.clone())
        .execute(&mut *tx.conn)
        .await?;
        self.tell(&mut tx, id).await?;
        tx.commit().await?;
        Ok(LiveStored::Stored)
    }

    /// Ends live run `id` as `how` (why: the sentence spectators read), if it is live (and,
    /// with `idle_before`, untouched since then). Whether it ended it.
    pub async fn live_end(&self, id: i64, how: &str, why: &str, idle_before: Option<u64>) -> Result<bool, StoreError> {
        let mut tx = Tx::begin(self).await?;
        let ended = sqlx::query(
            "UPDATE live_runs SET ended_how = $1, ended_why = $2 WHERE id = $3 AND ended_how IS NULL AND touched_at < $4",
        )
        .bind(how)
        .bind(why)
        .bind(id)
        .bind(idle_before.map_or(i64::MAX, |t| t as i64))
        .execute(&mut *tx.conn)
        .await?
        .rows_affected()
            > 0;
        if !ended {
            tx.rollback().await;
            return Ok(false);
        }
        self.tell(&mut tx, id).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Notes that live run `id`'s player is there at `at` (nothing played: not idle).
    pub async fn live_touch(&self, id: i64, at: u64) -> Result<(), StoreError> {
        sqlx::query("UPDATE live_runs SET touched_at = $1 WHERE id = $2 AND ended_how IS NULL")
            .bind(at as i64)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The live runs untouched since `before` (Unix seconds).
    pub async fn live_idle(&self, before: u64) -> Result<Vec<(i64, u64)>, StoreError> {
        let rows = sqlx::query("SELECT id, touched_at FROM live_runs WHERE ended_how IS NULL AND touched_at < $1")
            .bind(before as i64)
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(|r| (r.get(0), r.get::<i64, _>(1) as u64)).collect())
    }
}
