//! The summary's "Submit to the board" against a real board (delve-board over a SQLite file, on
//! loopback): offered only when a board is set, the run sent on its key, the rank shown, the
//! name's secret kept, and a board that cannot be reached said without losing anything.

mod support;

use bevy::prelude::*;
use delve::board::BoardTarget;
use delve::player::command::PlayerCommand;
use delve::save::{SaveStore, Store};
use delve::state::GameState;
use delve::turn::Game;
use delve_board::standard;
use delve_core::run::RunSpec;
use support::{act, board, keyboard_app, press, state};

/// The summary's line about the board, if it shows one.
fn board_line(app: &mut App) -> Option<String> {
    let mut texts = app.world_mut().query::<(&Name, &Children)>();
    let parent = texts
        .iter(app.world())
        .find(|(name, _)| name.as_str() == "Board line")
        .map(|(_, children)| children[0])?;
    app.world().get::<Text>(parent).map(|t| t.0.clone())
}

/// Presses the board's key and waits for the board's answer (at most 30 s): the line then.
fn submitted(app: &mut App) -> String {
    press(app, KeyCode::KeyB, "b");
    for _ in 0..600 {
        app.update();
        let said = board_line(app).unwrap_or_default();
        if !said.starts_with("Sending") {
            return said;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    board_line(app).unwrap_or_default()
}

/// A game of seed 251 (a player who waits there is killed within 50 turns) with `target`,
/// saving in `saves`, played to its end.
fn ended(target: BoardTarget, saves: &std::path::Path) -> App {
    let saves = saves.to_path_buf();
    let mut app = keyboard_app("#####\n#@..#\n#####\n", move |app| {
        let run = RunSpec::seeded(standard(251)).begin().unwrap().with_sight(8);
        app.insert_resource(Game(run))
            .insert_resource(target)
            .insert_resource(SaveStore(Store::Dir(saves)));
    });
    for _ in 0..500 {
        if state(&app) == GameState::Ended {
            break;
        }
        act(&mut app, PlayerCommand::Wait);
    }
    app.update();
    assert_eq!(state(&app), GameState::Ended);
    app
}

#[test]
fn the_summary_submits_to_the_board_and_shows_the_rank() {
    let dir = tempfile::tempdir().unwrap();
    let url = board(dir.path());
    let saves = dir.path().join("saves");
    let target = BoardTarget {
        url: Some(url.clone()),
        name: Some("Desk".into()),
    };
    let mut app = ended(target, &saves);
    let offer = board_line(&mut app).expect("a board set: the summary offers it");
    assert!(
        offer.starts_with("b  submit this run to the board at ") && offer.ends_with("as Desk"),
        "{offer}"
    );
    let said = submitted(&mut app);
    assert!(
        said.starts_with("Ranked 1 with ") && said.ends_with("/board/seed/251"),
        "{said}"
    );
    let kept = std::fs::read_to_string(saves.join("board.ron")).unwrap();
    assert!(kept.contains("\"Desk\""), "the name and its secret are kept: {kept}");
    let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
    let body = agent
        .get(&format!("{url}/api/seeds/251"))
        .call()
        .unwrap()
        .body_mut()
        .read_to_string()
        .unwrap();
    assert!(body.contains("\"name\":\"Desk\""), "{body}");
    // Ranked: the key does nothing more.
    press(&mut app, KeyCode::KeyB, "b");
    app.update();
    assert_eq!(board_line(&mut app).unwrap(), said);

    // The same run from another game: the board refuses it, and it is not offered again.
    let mut again = ended(
        BoardTarget {
            url: Some(url.clone()),
            name: Some("Desk".into()),
        },
        &saves,
    );
    let refused = submitted(&mut again);
    assert!(
        refused.starts_with("Not ranked: the board refused the run (409)") && refused.contains("already"),
        "{refused}"
    );
    press(&mut again, KeyCode::KeyB, "b");
    again.update();
    assert_eq!(board_line(&mut again).unwrap(), refused, "not sent again");
}

#[test]
fn no_board_no_offer_and_an_unreachable_board_is_said() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = ended(BoardTarget::default(), &dir.path().join("a"));
    assert_eq!(board_line(&mut app), None, "no board set: nothing offered");
    let target = BoardTarget {
        url: Some("http://127.0.0.1:1".into()),
        name: Some("Desk".into()),
    };
    let mut app = ended(target, &dir.path().join("b"));
    let said = submitted(&mut app);
    assert!(
        said.starts_with("Not submitted: the board at http://127.0.0.1:1 cannot be reached"),
        "{said}"
    );
    assert!(said.contains("b tries again"), "{said}");
}
