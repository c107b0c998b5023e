//! The page's words for a screen reader: the game's messages mirrored into a live region
//! (`#delve-log`, `role="log"`), where the player is in words (`#delve-where`, which the page's
//! "Where am I?" key and button read out: `look::whereabouts`), and what the screens say
//! (`#delve-screen`: each screen's and overlay's `Spoken`: the title's menus, the pack, the boons,
//! the summary...), whose new lines are read out (`#delve-said`, `aria-live`) when a screen opens
//! or its cursor moves. The canvas itself is a picture a screen reader cannot read; these make the
//! same game readable.

use bevy::prelude::*;

use crate::state::{Focus, GameState};
use crate::turn::Game;
use crate::ui::spoken::Spoken;

/// How many of the log's lines the page keeps (older ones are dropped from the page, not the run).
const LOG_KEPT: u32 = 40;
/// How many new lines of a screen are read out at once.
const SAID_MOST: usize = 16;

fn element(id: &str) -> Option<web_sys::Element> {
    web_sys::window()?.document()?.get_element_by_id(id)
}

/// Appends a line to the page's log region, keeping its last `LOG_KEPT` lines.
fn append_log(text: &str) {
    let Some(log) = element("delve-log") else { return };
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Ok(line) = doc.create_element("p") else { return };
    line.set_text_content(Some(text));
    let _ = log.append_child(&line);
    while log.child_element_count() > LOG_KEPT {
        if let Some(first) = log.first_element_child() {
            first.remove();
        }
    }
}

/// Mirrors the lines the run tells the player into the page's log, each once (a line folded
/// with its repeat, "(x2)", is told again).
pub(super) fn mirror_log(game: Res<Game>, mut told: Local<Option<(u64, String)>>) {
    if !game.is_changed() {
        return;
    }
    let lines: Vec<&(u64, String)> = game.log().lines().collect();
    let mut new = Vec::new();
    for line in lines.iter().rev() {
        if told.as_ref() == Some(*line) {
            break;
        }
        // Lines of turns before the last told were told already (or came before this page).
        if told.as_ref().is_some_and(|(turn, _)| line.0 < *turn) || new.len() == LOG_KEPT as usize {
            break;
        }
        new.push(*line);
    }
    for (_, text) in new.iter().rev() {
        append_log(text);
    }
    if let Some(last) = lines.last() {
        *told = Some((*last).clone());
    }
}

/// Keeps the page's "where am I" text up to date with the run.
pub(super) fn mirror_whereabouts(game: Res<Game>) {
    if game.is_changed()
        && let Some(place) = element("delve-where")
    {
        let lines = crate::screens::playing::look::whereabouts(&game);
        place.set_text_content(Some(&lines.join("\n")));
    }
}

/// The screen and what has the keyboard, where there are any.
type Screens<'w> = (Option<Res<'w, State<GameState>>>, Option<Res<'w, State<Focus>>>);

/// Mirrors what the screens and overlays say (`Spoken`, on their roots, oldest first) into
/// `#delve-screen`, and reads out what is new, outside the map (on the map the log says what
/// happens): a screen opened, its cursor moved ("> Settings"): the cursor's line first.
pub(super) fn mirror_screen(
    changed: Query<(), Changed<Spoken>>,
    removed: RemovedComponents<Spoken>,
    spoken: Query<(Entity, &Spoken)>,
    (state, focus): Screens,
    mut shown: Local<Vec<String>>,
) {
    if changed.is_empty() && removed.is_empty() {
        return;
    }
    let mut all: Vec<(Entity, &Spoken)> = spoken.iter().collect();
    all.sort_by_key(|(e, _)| *e);
    let lines: Vec<String> = all.iter().flat_map(|(_, s)| s.marked()).collect();
    if lines == *shown {
        return;
    }
    if let Some(screen) = element("delve-screen") {
        screen.set_text_content(Some(&lines.join("\n")));
    }
    let on_the_map =
        state.is_some_and(|s| *s.get() == GameState::Playing) && focus.is_none_or(|f| *f.get() == Focus::Map);
    if !on_the_map {
        let cursors: Vec<String> = all.iter().filter_map(|(_, s)| s.at_cursor()).collect();
        let new = cursors
            .iter()
            .chain(lines.iter().filter(|l| !cursors.contains(l)))
            .filter(|l| !shown.contains(l));
        let said: Vec<&str> = new.take(SAID_MOST).map(String::as_str).collect();
        if !said.is_empty()
            && let Some(region) = element("delve-said")
        {
            region.set_text_content(Some(&said.join("\n")));
        }
    }
    *shown = lines;
}
