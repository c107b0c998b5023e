//! `delve --watch URL`: a run being played live on a board, followed in the window. The board's
//! stream of the run (`GET /api/live/ID/events`) is read up to its `begin` before the window
//! opens (a run that cannot be followed is named, exit 2); a thread reads the rest into the
//! `Feed`, taking the stream up again from the last piece (`Last-Event-ID`) when it breaks.

use std::io::{BufRead, BufReader};
use std::time::Duration;

use delve_core::run::Run;

use super::{Feed, LiveEvent, begin_file};
use crate::screens::playing::replay::{ReplayControl, replay_of};

/// How many times a broken stream is taken up again before it is said to be lost.
const RECONNECTS: u32 = 5;

/// A live run ready to be followed: the run to show, the replay following it, and the feed
/// its reader thread fills.
pub struct Watched {
    pub run: Run,
    pub control: ReplayControl,
    pub feed: Feed,
}

/// The events' address of the live run `url` names, and what to call it: a board's
/// `…/api/live/ID` or `…/api/live/ID/events`, or a game page's `…?watch=ID` (whose board is
/// its origin, or its `board=` parameter).
pub fn events_url(url: &str) -> Result<(String, String), String> {
    let bad = || {
        format!(
            "{url:?} names no live run: give a board's http(s)://HOST/api/live/ID, or a page's http(s)://HOST/?watch=ID"
        )
    };
    if !(url.starts_with("http://") || url.starts_with("https://")) {
        return Err(bad());
    }
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    let param = |name: &str| {
        query
            .split('&')
            .find_map(|kv| kv.strip_prefix(name).and_then(|v| v.strip_prefix('=')))
            .map(crate::board::decode_component)
    };
    let id_ok = |id: &str| id.parse::<u64>().ok().filter(|&n| n > 0).map(|n| n.to_string());
    let (board, id) = if let Some((board, rest)) = path.split_once("/api/live/") {
        let id = rest.trim_end_matches('/').trim_end_matches("/events");
        (board.to_owned(), id_ok(id).ok_or_else(bad)?)
    } else if let Some(id) = param("watch") {
        // The page's own origin is its board, unless it names another.
        let board = param("board").unwrap_or_else(|| crate::board::origin(path));
        (board, id_ok(&id).ok_or_else(bad)?)
    } else {
        return Err(bad());
    };
    let board = board.trim_end_matches('/');
    Ok((
        format!("{board}/api/live/{id}/events"),
        format!("live run {id} on {board}"),
    ))
}

/// One server-sent event: its name, data and id.
struct Sent {
    name: String,
    data: String,
    id: Option<String>,
}

/// Reads server-sent events off a stream.
struct Events {
    lines: Box<dyn BufRead + Send>,
}

impl Events {
    /// The next event (`None`: the stream ended).
    fn next(&mut self) -> Option<Sent> {
        let (mut name, mut data, mut id) = (String::new(), String::new(), None);
        loop {
            let mut line = String::new();
            match self.lines.read_line(&mut line) {
                Ok(0) | Err(_) => return None,
                Ok(_) => {}
            }
            let line = line.trim_end_matches(['\n', '\r']);
            if line.is_empty() {
                if !data.is_empty() {
                    let name = if name.is_empty() { "message".to_owned() } else { name };
                    return Some(Sent { name, data, id });
                }
                continue;
            }
            let (field, value) = line.split_once(':').unwrap_or((line, ""));
            let value = value.strip_prefix(' ').unwrap_or(value);
            match field {
                "event" => name = value.to_owned(),
                "data" => {
                    if !data.is_empty() {
                        data.push('\n');
                    }
                    data.push_str(value);
                }
                "id" => id = Some(value.to_owned()),
                _ => {}
            }
        }
    }
}

/// Opens the stream at `events` (after `last`, the last event's id, when taking it up again).
fn open(agent: &ureq::Agent, events: &str, last: Option<&str>) -> Result<Events, String> {
    let mut request = agent.get(events).header("accept", "text/event-stream");
    if let Some(last) = last {
        request = request.header("last-event-id", last);
    }
    let mut response = request
        .call()
        .map_err(|e| format!("{events} cannot be reached ({e})"))?;
    let status = response.status().as_u16();
    if status != 200 {
        let why = response
            .body_mut()
            .read_json::<serde_json::Value>()
            .ok()
            .and_then(|v| v["error"].as_str().map(str::to_owned))
            .unwrap_or_else(|| "no reason given".to_owned());
        return Err(format!("the board answered {status}: {why}"));
    }
    Ok(Events {
        lines: Box::new(BufReader::new(response.into_body().into_reader())),
    })
}

/// Follows the live run `url` names: read to its beginning, then the rest on a thread.
pub fn follow(url: &str) -> Result<Watched, String> {
    let (events, name) = events_url(url)?;
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_connect(Some(Duration::from_secs(10)))
        .timeout_recv_response(Some(Duration::from_secs(20)))
        .build()
        .into();
    let mut stream = open(&agent, &events, None)?;
    let begin = loop {
        let Some(sent) = stream.next() else {
            return Err(format!("the board's stream of {name} ended before it began"));
        };
        match sent.name.as_str() {
            "begin" => break sent,
            "lost" => return Err(format!("the board could not stream {name}: {}", sent.data)),
            _ => {}
        }
    };
    let file = begin_file(&begin.data)?;
    let (run, replay, digest) = replay_of(&file).map_err(|e| format!("{name} cannot be followed: {e}"))?;
    let (run, control) = ReplayControl::live(&run, replay, digest, name.clone());
    let feed = Feed::default();
    // Where the run stood when the stream began: the replay goes there once its pieces came.
    if let Ok(Some(joined)) = LiveEvent::parse("joined", &begin.data) {
        feed.push(joined);
    }
    let fed = feed.clone();
    std::thread::spawn(move || read_on(&agent, &events, stream, begin.id, &fed));
    Ok(Watched { run, control, feed })
}

/// Reads the stream's events into `feed` to its end, taking it up again after the last event
/// when it breaks (at most `RECONNECTS` times in a row).
fn read_on(agent: &ureq::Agent, events: &str, mut stream: Events, mut last: Option<String>, feed: &Feed) {
    let mut tries = 0;
    loop {
        while let Some(sent) = stream.next() {
            tries = 0;
            if sent.id.is_some() {
                last.clone_from(&sent.id);
            }
            match LiveEvent::parse(&sent.name, &sent.data) {
                Ok(Some(event)) => {
                    let over = matches!(event, LiveEvent::End { .. } | LiveEvent::Lost(_));
                    feed.push(event);
                    if over {
                        return;
                    }
                }
                Ok(None) => {}
                Err(why) => {
                    feed.push(LiveEvent::Lost(why));
                    return;
                }
            }
        }
        tries += 1;
        if tries > RECONNECTS {
            feed.push(LiveEvent::Lost(
                "the board's stream broke and could not be taken up again".into(),
            ));
            return;
        }
        std::thread::sleep(Duration::from_secs(u64::from(tries)));
        match open(agent, events, last.as_deref()) {
            Ok(s) => stream = s,
            Err(why) if tries == RECONNECTS => {
                feed.push(LiveEvent::Lost(why));
                return;
            }
            Err(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::events_url;

    #[test]
    fn a_live_run_is_named_by_the_board_or_the_page() {
        let events = |url| events_url(url).map(|(e, _)| e);
        let want = Ok("http://b.example:8787/api/live/7/events".to_owned());
        assert_eq!(events("http://b.example:8787/api/live/7"), want);
        assert_eq!(events("http://b.example:8787/api/live/7/events"), want);
        assert_eq!(events("http://b.example:8787/?watch=7"), want);
        assert_eq!(events("http://b.example:8787/index.html?seed=1&watch=7"), want);
        assert_eq!(events("http://page.example/?watch=7&board=http://b.example:8787"), want);
        for bad in [
            "b.example/api/live/7",
            "http://b.example/api/live/x",
            "http://b.example/?watch=0",
            "http://b.example/",
        ] {
            assert!(events(bad).is_err(), "{bad}");
        }
    }
}
