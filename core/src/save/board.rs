//! What a board and its players' Delves say to each other, one serde type each way: the
//! submission (`POST /api/runs`), the reply to a run ranked (201), and a refusal (`{"error"}`).
//! The desktop writes `Submission` and reads `Ranking` (src/board.rs), the server reads the one
//! and writes the other (board/src/api.rs): one type, so the two cannot drift. The page writes
//! and reads the same JSON (web/board.js; docs/board.md gives it). Contracts: fields are only
//! ever added at the end.

use serde::{Deserialize, Serialize};

/// The body of `POST /api/runs`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Submission {
    /// The name to rank the run under.
    pub name: String,
    /// The name's secret for this board (the desktop's `board::secret_for`).
    pub secret: String,
    /// The recording's bytes, base64 (standard alphabet; the board takes it with or without
    /// padding).
    pub recording: String,
    /// The list it is sent to: the name of the mode it was played in ("hard, darkness+swarm";
    /// `Mode::name`). A run whose mode is another is refused, with the reason. Left out (as
    /// before modes), the run goes to the list of its own mode.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<String>,
}

/// The reply to a run ranked (`201 Created`): what the board's own replay made of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ranking {
    /// The run's id on the board.
    pub id: i64,
    /// Its score, as the board's replay worked it out.
    pub score: u64,
    /// Its place on its board (1: the best).
    pub rank: u64,
    /// Which board: `day:YYYY-MM-DD` or `seed:N`, then for a run in a mode `/` and the mode's
    /// name (`seed:42/hard, darkness+swarm`); for a run that raced a ghost, all of it after
    /// `raced:` (`raced:day:2026-11-30`), the list of such runs, ranked apart.
    pub board: String,
}

/// Any refusal's body (a 4xx or 5xx): why, in a sentence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refusal {
    /// The board's sentence for the player.
    pub error: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_json_keeps_its_documented_shape() {
        let sent = Submission {
            name: "Ada".into(),
            secret: "s".into(),
            recording: "AAE=".into(),
            mode: None,
        };
        let text = serde_json::to_string(&sent).unwrap();
        assert_eq!(text, r#"{"name":"Ada","secret":"s","recording":"AAE="}"#);
        assert_eq!(serde_json::from_str::<Submission>(&text).unwrap(), sent);
        // The list it is sent to, when named, comes last.
        let moded = Submission {
            mode: Some("hard, darkness".into()),
            ..sent.clone()
        };
        let text = serde_json::to_string(&moded).unwrap();
        assert!(
            text.ends_with(r#""recording":"AAE=","mode":"hard, darkness"}"#),
            "{text}"
        );
        assert_eq!(serde_json::from_str::<Submission>(&text).unwrap(), moded);
        let ranked = Ranking {
            id: 7,
            score: 1200,
            rank: 2,
            board: "day:2026-11-28".into(),
        };
        let text = serde_json::to_string(&ranked).unwrap();
        assert_eq!(text, r#"{"id":7,"score":1200,"rank":2,"board":"day:2026-11-28"}"#);
        // A reply with a field added at its end still reads.
        let later = r#"{"id":7,"score":1200,"rank":2,"board":"day:2026-11-28","new":1}"#;
        assert_eq!(serde_json::from_str::<Ranking>(later).unwrap(), ranked);
        assert!(
            serde_json::from_str::<Ranking>(r#"{"id":7}"#).is_err(),
            "a reply missing its score is no ranking"
        );
        let refused: Refusal = serde_json::from_str(r#"{"error":"no"}"#).unwrap();
        assert_eq!(refused.error, "no");
    }
}
