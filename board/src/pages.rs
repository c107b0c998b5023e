//! The board's HTML pages: today's daily, any past day's, and a seed's best runs. Plain,
//! server-made HTML: a table with a caption and column headers, links to watch, race and download
//! each run, every name escaped; it works with the keyboard and a screen reader, without script.

use std::fmt::Write;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::HeaderMap;
use axum::response::Response;
use delve_core::run::{Date, daily_challenge_mode, daily_seed};
use delve_core::world::Mode;

use axum::response::{Html, IntoResponse};

use crate::api::{ApiError, Board, Page, parse_date, parse_seed};
use crate::names::escape;
use crate::store::{Entry, day_board, seed_board};

/// `GET /board`: today's daily.
pub async fn today(
    State(board): State<Arc<Board>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Query(page): Query<Page>,
) -> Response {
    let date = board.today();
    html(day_page(&board, peer, &headers, date, &page).await)
}

/// `GET /board/day/YYYY-MM-DD`.
pub async fn day(
    State(board): State<Arc<Board>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(text): Path<String>,
    Query(page): Query<Page>,
) -> Response {
    let page = match parse_date(&text) {
        Ok(date) => day_page(&board, peer, &headers, date, &page).await,
        Err(e) => Err(e),
    };
    html(page)
}

/// `GET /board/seed/SEED`.
pub async fn seed(
    State(board): State<Arc<Board>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(text): Path<String>,
    Query(page): Query<Page>,
) -> Response {
    html(seed_page(&board, peer, &headers, &text, &page).await)
}

async fn day_page(
    board: &Board,
    peer: SocketAddr,
    headers: &HeaderMap,
    date: Date,
    page: &Page,
) -> Result<String, ApiError> {
    board.read_allowed(peer, headers)?;
    let mode = page.mode()?;
    let entries = board
        .read(&page.list(day_board(&date.to_string(), mode))?, page)
        .await?;
    let today = board.today();
    let seed = daily_seed(date);
    let title = if date == today {
        format!("Today's daily dungeon, {date}")
    } else {
        format!("The daily dungeon of {date}")
    };
    let title = raced_title(titled(title, mode), page.raced()?);
    let mut body = String::new();
    let _ = write!(
        body,
        "<p>Seed <a href=\"/board/seed/{seed}\">{seed}</a>, 80x50, corridors of every style. {play}</p>",
        play = board
            .game
            .as_deref()
            .filter(|_| date == today)
            .map(|g| format!("<a href=\"{}?daily\">Play today's daily</a>.", escape(g)))
            .unwrap_or_default()
    );
    body.push_str(
        "<p>Every run here was replayed by the board, command by command, to the state its player's \
         game reached: only what was really played is ranked. The daily's seed is public, so anyone \
         may practise it before submitting; every verified submission counts as an attempt, shown \
         beside each player's best score.</p>",
    );
    body.push_str(&table(
        &format!("{title}: best run of each player"),
        &entries,
        board.game.as_deref(),
    ));
    body.push_str(&raced_link(&format!("/board/day/{date}"), mode, page.raced()?));
    if date == today {
        body.push_str(&live_section(board).await?);
    }
    // Its other lists: the standard game's, the challenge of the day's, and any mode's with runs.
    let base = format!("day:{date}");
    let mut modes = board.store.lists(&base).await.map_err(ApiError::from)?;
    modes.extend([Mode::STANDARD, daily_challenge_mode(date)]);
    body.push_str(&lists(
        &format!("/board/day/{date}"),
        mode,
        modes,
        Some(daily_challenge_mode(date)),
    ));
    // The days on either side, where there are such days (none before 0000-01-01, none after
    // today).
    let before = date
        .shifted(-1)
        .map(|p| format!("<li><a href=\"/board/day/{p}\">The day before ({p})</a></li>"));
    let after = date
        .shifted(1)
        .filter(|_| date < today)
        .map(|n| format!("<li><a href=\"/board/day/{n}\">The day after ({n})</a></li>"));
    if before.is_some() || after.is_some() {
        let _ = write!(
            body,
            "<nav aria-label=\"Other days\"><ul>{}{}</ul></nav>",
            before.unwrap_or_default(),
            after.unwrap_or_default()
        );
    }
    Ok(page_of(&title, &body))
}

/// The runs being played live now, each with its link to watch (the game's page, else the
/// events' stream).
async fn live_section(board: &Board) -> Result<String, ApiError> {
    let runs = board.store.live_runs(20).await?;
    let mut section = String::from("<section aria-labelledby=\"live\"><h2 id=\"live\">Being played now</h2>");
    if runs.is_empty() {
        section.push_str("<p>No run is being played live. A run played live (<code>delve --live URL</code>, or the page's <em>Play live</em>) shows here for anyone to watch.</p></section>");
        return Ok(section);
    }
    section.push_str("<ul class=\"live\">");
    for r in &runs {
        let what = match (&r.daily, r.seed.as_str()) {
            (Some(day), _) => format!("the daily of {day}"),
            (None, "") => "a map file's level".to_owned(),
            (None, seed) => format!("seed {seed}"),
        };
        let mode = r
            .mode
            .as_deref()
            .map(|m| format!(" ({})", escape(m)))
            .unwrap_or_default();
        let watch = match board.game.as_deref() {
            Some(game) => crate::live::watch_link(game, r.id),
            None => format!("/api/live/{}/events", r.id),
        };
        let watching = board.live.spectators(r.id);
        let _ = write!(
            section,
            "<li data-live=\"{id}\">Live run {id}: {what}{mode}, depth {depth}, turn {turn}, {watching} watching. <a href=\"{href}\">Watch</a></li>",
            id = r.id,
            depth = r.depth,
            turn = r.turn,
            href = escape(&watch),
        );
    }
    section.push_str("</ul></section>");
    Ok(section)
}

/// A list's title, said to be the raced list's when it is.
fn raced_title(title: String, raced: bool) -> String {
    if raced {
        format!("{title}, raced against a ghost")
    } else {
        title
    }
}

/// The link from a list to its raced list, or back: the runs that raced another's ghost are
/// ranked apart.
fn raced_link(path: &str, mode: Mode, raced: bool) -> String {
    let mut query: Vec<String> = Vec::new();
    if mode.difficulty != delve_core::world::Difficulty::Normal {
        query.push(format!("mode={}", mode.difficulty.name()));
    }
    let challenges: Vec<&str> = mode.challenges().map(|c| c.name()).collect();
    if !challenges.is_empty() {
        query.push(format!("challenge={}", challenges.join(",")));
    }
    let (words, raced_query) = if raced {
        ("The runs of their own (the main list)", None)
    } else {
        ("The runs raced against a ghost (ranked apart)", Some("raced=1"))
    };
    query.extend(raced_query.map(str::to_owned));
    let query = if query.is_empty() {
        String::new()
    } else {
        format!("?{}", query.join("&"))
    };
    format!("<p><a href=\"{path}{query}\">{words}</a></p>")
}

async fn seed_page(
    board: &Board,
    peer: SocketAddr,
    headers: &HeaderMap,
    text: &str,
    page: &Page,
) -> Result<String, ApiError> {
    board.read_allowed(peer, headers)?;
    let seed = parse_seed(text)?;
    let mode = page.mode()?;
    let entries = board.read(&page.list(seed_board(seed, mode))?, page).await?;
    let title = raced_title(titled(format!("The best runs of seed {seed}"), mode), page.raced()?);
    let mut body = String::new();
    let _ = write!(
        body,
        "<p>The standard game: 80x50, corridors of every style, from level 1. {play}</p>",
        play = board
            .game
            .as_deref()
            .map(|g| format!("<a href=\"{}?seed={seed}\">Play this seed</a>.", escape(g)))
            .unwrap_or_default()
    );
    body.push_str(&table(
        &format!("{title}: best run of each player"),
        &entries,
        board.game.as_deref(),
    ));
    let mut modes = board
        .store
        .lists(&format!("seed:{seed}"))
        .await
        .map_err(ApiError::from)?;
    modes.push(Mode::STANDARD);
    body.push_str(&raced_link(&format!("/board/seed/{seed}"), mode, page.raced()?));
    body.push_str(&lists(&format!("/board/seed/{seed}"), mode, modes, None));
    Ok(page_of(&title, &body))
}

/// A board's title, naming the mode of its list ("... (hard, darkness+swarm)").
fn titled(title: String, mode: Mode) -> String {
    if mode.is_standard() {
        title
    } else {
        format!("{title} ({})", mode.name())
    }
}

/// The query that asks for `mode`'s list (empty for the standard game's).
fn mode_query(mode: Mode) -> String {
    if mode.is_standard() {
        return String::new();
    }
    let challenges: Vec<&str> = mode.challenges().map(|c| c.name()).collect();
    let mut query = format!("?mode={}", mode.difficulty.name());
    if !challenges.is_empty() {
        query.push_str(&format!("&amp;challenge={}", challenges.join(",")));
    }
    query
}

/// Links to a board's lists, one a mode (each once, the standard game's first), the one shown
/// marked as the current page; the challenge of the day said so.
fn lists(path: &str, shown: Mode, mut modes: Vec<Mode>, of_the_day: Option<Mode>) -> String {
    modes.sort_by_key(|m| (!m.is_standard(), m.name()));
    modes.dedup();
    let mut out = String::from("<nav aria-label=\"Lists\"><p>Each mode is ranked on a list of its own:</p><ul>");
    for m in modes {
        let name = if m.is_standard() {
            "the standard game (normal, no challenge)".to_owned()
        } else if Some(m) == of_the_day {
            format!("{} (the challenge of the day)", m.name())
        } else {
            m.name()
        };
        if m == shown {
            let _ = write!(out, "<li aria-current=\"page\">{}</li>", escape(&name));
        } else {
            let _ = write!(
                out,
                "<li><a href=\"{path}{}\">{}</a></li>",
                mode_query(m),
                escape(&name)
            );
        }
    }
    out.push_str("</ul></nav>");
    out
}

/// A board's table.
fn table(caption: &str, entries: &[Entry], game: Option<&str>) -> String {
    if entries.is_empty() {
        return format!("<h2>{}</h2><p>No runs yet.</p>", escape(caption));
    }
    let mut out = format!(
        "<div class=\"scroll\" role=\"region\" aria-label=\"{c}\" tabindex=\"0\"><table><caption>{c}</caption><thead><tr><th scope=\"col\">Rank</th><th scope=\"col\">Name</th>\
         <th scope=\"col\">Score</th><th scope=\"col\">Depth</th><th scope=\"col\">Outcome</th>\
         <th scope=\"col\">Turns</th><th scope=\"col\">Attempts</th><th scope=\"col\">When (UTC)</th>\
         <th scope=\"col\">Recording</th></tr></thead><tbody>",
        c = escape(caption)
    );
    for e in entries {
        let watch = game
            .map(|g| {
                format!(
                    "<a href=\"{g}?board-run={id}\" aria-label=\"Watch the run of {name}\">Watch</a> · \
                     <a href=\"{g}?race={id}\" aria-label=\"Race the ghost of {name}'s run\">Race</a> · ",
                    g = escape(g),
                    id = e.id,
                    name = escape(&e.name)
                )
            })
            .unwrap_or_default();
        let _ = write!(
            out,
            "<tr data-run=\"{id}\"><td>{rank}</td><th scope=\"row\">{name}</th><td>{score}</td><td>{depth}</td>\
             <td>{outcome}</td><td>{turns}</td><td>{attempts}</td><td>{when}</td><td>{watch}\
             <a href=\"/api/runs/{id}/recording\" aria-label=\"Download the recording of {name}'s run\">Download</a></td></tr>",
            id = e.id,
            rank = e.rank,
            name = escape(&e.name),
            score = e.score,
            depth = e.depth,
            outcome = escape(&e.outcome),
            turns = e.turns,
            attempts = e.attempts,
            when = clock(e.when),
        );
    }
    out.push_str(
        "</tbody></table></div><p>A downloaded recording plays on the desktop with <code>delve --replay FILE</code> \
         and verifies with <code>delve --verify FILE</code>.</p>",
    );
    out
}

/// An HTML page, or the error as a small page.
pub fn html(page: Result<String, ApiError>) -> Response {
    match page {
        Ok(page) => Html(page).into_response(),
        Err(e) => (e.status, Html(error_page(e.status.as_u16(), &e.message))).into_response(),
    }
}

/// `YYYY-MM-DD HH:MM` of Unix seconds.
fn clock(secs: u64) -> String {
    let of_day = secs % 86_400;
    format!(
        "{} {:02}:{:02}",
        Date::from_unix(secs),
        of_day / 3_600,
        of_day % 3_600 / 60
    )
}

/// A whole page around `body`.
fn page_of(title: &str, body: &str) -> String {
    format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{t} · Delve board</title>\
         <style>{STYLE}</style></head><body><header><a href=\"/board\">Delve board</a></header>\
         <main><h1>{t}</h1>{body}</main></body></html>",
        t = escape(title)
    )
}

/// The error as a page.
pub fn error_page(status: u16, message: &str) -> String {
    page_of(
        &format!("Error {status}"),
        &format!("<p role=\"alert\">{}</p>", escape(message)),
    )
}

const STYLE: &str = "body{background:#14131a;color:#e8e4d8;font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem}\
a{color:#f0c674}a:focus{outline:3px solid #f0c674;outline-offset:2px}table{border-collapse:collapse;width:100%}\
caption{text-align:left;font-weight:bold;padding:.5rem 0}th,td{border-bottom:1px solid #3a3848;padding:.3rem .5rem;text-align:left}\
thead th{color:#b8b4a8}tbody th{font-weight:normal}code{background:#24222c;padding:0 .2rem}\
.scroll{overflow-x:auto}.scroll:focus{outline:2px solid #f0c674}\
@media(max-width:40rem){body{padding:.5rem;font-size:15px}h1{font-size:1.4rem}th,td{padding:.25rem .3rem}\
tr>:nth-child(4),tr>:nth-child(6),tr>:nth-child(8){display:none}}";
