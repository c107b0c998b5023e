//! A cursor on the map, as aiming and looking both move it: by the move keys, and by Tab through
//! the monsters in sight, nearest first.

use delve_core::geom::{Dir8, Pos};
use delve_core::run::Run;
use leafwing_input_manager::prelude::ActionState;

use crate::action::Action;

/// The monsters the player sees, nearest first (then by place): what Tab cycles through.
pub fn targets(run: &Run) -> Vec<Pos> {
    let at = run.player().at;
    let mut seen: Vec<Pos> = run
        .dungeon()
        .level()
        .monsters
        .iter()
        .map(|m| m.at)
        .filter(|&p| run.sight().is_visible(p))
        .collect();
    seen.sort_by_key(|p| (delve_core::rules::mind::distance_sq(*p, at), p.y, p.x));
    seen
}

/// A map cursor (the aim's, the look's) moved by the keys pressed: a move key steps it (never off
/// the map), Tab takes it to the next monster in sight.
pub fn cursor_by_keys(cursor: Pos, actions: &ActionState<Action>, run: &Run) -> Pos {
    let mut cursor = cursor;
    if let Some(dir) = Action::ALL
        .into_iter()
        .filter(|a| actions.just_pressed(a))
        .find_map(Action::direction)
    {
        let next = Dir8::from_pos(cursor, dir);
        if run.dungeon().level().map.in_bounds(next) {
            cursor = next;
        }
    }
    if actions.just_pressed(&Action::NextTarget) {
        let all = targets(run);
        let next = all.iter().position(|&p| p == cursor).map_or(0, |i| (i + 1) % all.len());
        if let Some(&p) = all.get(next) {
            cursor = p;
        }
    }
    cursor
}
