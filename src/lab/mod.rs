//! The generator lab (F2, `--reveal`, `?reveal`): the whole level shown as it was made, each
//! corridor tinted by the style that dug it, the BSP leaves outlined, and a legend counting the
//! corridor tiles of each style; `n` shows the next level of the same size and style.
//!
//! The lab is a way of looking, not a change to the game: the player's memory, sight and turns
//! are untouched, and turning it off shows what the player knows again. A level the lab makes
//! (`n`) is a specimen: the run being played is set aside (`Stashed`), still the one the save
//! keeps, and leaving the lab comes back to it. `Revealed` is what the drawing reads; it follows
//! `Lab` and the level on show. Keys and drawing are `view`'s; this part runs headless.

pub mod view;

use bevy::prelude::*;
use delve_core::dungeon::Origin;
use delve_core::generation::GenParams;
use delve_core::generation::anatomy::{Anatomy, Digger};
use delve_core::geom::Pos;
use delve_core::run::{Run, RunSpec};

use crate::state::GameState;
use crate::turn::{Game, TurnSet, begin_run};
use crate::ui::palette;

/// Whether the lab is on.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Lab {
    pub on: bool,
}

/// The level on show in the lab: present only while the lab is on.
#[derive(Resource, Debug)]
pub struct Revealed {
    pub depth: u32,
    /// How the level was made; `None` for a level read from a map file (shown whole, untinted).
    pub anatomy: Option<Anatomy>,
    /// Where the level's doors are (doors open and close, but never come or go): the tiles
    /// whose look may change out of the player's view, redrawn each turn in the lab.
    pub doors: Vec<Pos>,
}

/// What drawing reads of the lab: whether it is on, and whether that changed since this system
/// last looked (it came on, went off, or shows another level).
#[derive(bevy::ecs::system::SystemParam)]
pub(crate) struct LabView<'w, 's> {
    revealed: Option<Res<'w, Revealed>>,
    was_on: Local<'s, bool>,
}

impl LabView<'_, '_> {
    /// The level on show, while the lab is on.
    pub fn revealed(&self) -> Option<&Revealed> {
        self.revealed.as_deref()
    }

    /// (on, changed since the last call).
    pub fn look(&mut self) -> (bool, bool) {
        let on = self.revealed.is_some();
        let changed = on != *self.was_on || self.revealed.as_ref().is_some_and(|r| r.is_changed());
        *self.was_on = on;
        (on, changed)
    }
}

/// The run being played, set aside while the lab shows levels of its own: what the save keeps,
/// and what leaving the lab comes back to.
#[derive(Resource, Clone, Debug)]
pub struct Stashed(pub Run);

/// What the player asks of the lab (keys, the browser's panel, tests).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LabCommand {
    /// The lab on, or off (back to the run set aside, if any).
    Toggle,
    /// The next seed's first level, of the same size and style (in the lab only).
    Next,
}

/// The tint of corridors each digger dug (the palette's).
pub fn digger_colour(d: Digger) -> Color {
    palette::digger(d)
}

/// The lab without its keys and drawing: `Revealed` following `Lab` and the level on show,
/// and `LabCommand`s carried out.
pub fn plugin(app: &mut App) {
    app.init_resource::<Lab>()
        .add_message::<LabCommand>()
        .add_systems(Update, obey_lab.in_set(TurnSet::Input))
        .add_systems(Update, follow_lab.in_set(TurnSet::See))
        // A new run (the lab's next level, or after the end of one) is looked at afresh.
        .add_systems(OnExit(GameState::Playing), |mut commands: Commands| {
            commands.remove_resource::<Revealed>();
        })
        // From the title screen on, the run played is the one saved: nothing is set aside.
        .add_systems(OnEnter(GameState::Title), |mut commands: Commands| {
            commands.remove_resource::<Stashed>();
        });
}

/// How the level on show was made, worked out again when the lab comes on or the level
/// changes; removed when the lab goes off.
fn follow_lab(mut commands: Commands, lab: Res<Lab>, game: Res<Game>, revealed: Option<Res<Revealed>>) {
    let dungeon = &game.dungeon;
    let depth = dungeon.depth();
    match (lab.on, revealed) {
        (false, Some(_)) => commands.remove_resource::<Revealed>(),
        (true, r) if r.as_ref().is_none_or(|r| r.depth != depth) => {
            let anatomy = match dungeon.origin() {
                Origin::Run(run) => Anatomy::of(&run.at_depth(depth)).ok(),
                Origin::Map => None,
            };
            let doors = dungeon.level().map.doors().map(|(p, _)| p).collect();
            commands.insert_resource(Revealed { depth, anatomy, doors });
        }
        _ => {}
    }
}

/// The run after `run` in the lab: the next seed, same size and style, from level 1.
pub fn next_run(run: &GenParams) -> GenParams {
    GenParams {
        seed: run.seed.wrapping_add(1),
        depth: 1,
        ..*run
    }
}

/// Shows `specimen` in the lab, setting the run being played aside first (once: a second
/// specimen replaces the first, never the run set aside).
pub(crate) fn show_specimen(
    commands: &mut Commands,
    state: &mut NextState<GameState>,
    game: &Game,
    stashed: bool,
    specimen: Run,
) {
    if !stashed {
        commands.insert_resource(Stashed(game.0.clone()));
    }
    begin_run(commands, state, specimen);
}

/// Carries out what was asked of the lab: on and off (leaving it returns to the run set aside),
/// and the next level (a map file has none).
fn obey_lab(
    mut asked: MessageReader<LabCommand>,
    mut lab: ResMut<Lab>,
    mut game: ResMut<Game>,
    stashed: Option<Res<Stashed>>,
    mut commands: Commands,
    mut state: ResMut<NextState<GameState>>,
) {
    for &command in asked.read() {
        match command {
            LabCommand::Toggle if !lab.on => {
                lab.on = true;
                game.say("The generator lab: the whole level as it was made. F2 leaves, n shows the next level.");
            }
            LabCommand::Toggle => {
                lab.on = false;
                match stashed.as_deref() {
                    Some(Stashed(run)) => {
                        let mut run = run.clone();
                        run.say("You leave the lab and go back to your run.");
                        commands.remove_resource::<Stashed>();
                        begin_run(&mut commands, &mut state, run);
                    }
                    None => game.say("You leave the lab: the map shows what you know again."),
                }
            }
            LabCommand::Next if !lab.on => {}
            LabCommand::Next => {
                let Origin::Run(run) = *game.dungeon.origin() else {
                    game.say("A level read from a map file has no next level.");
                    continue;
                };
                match RunSpec::seeded(next_run(&run)).begin() {
                    Ok(specimen) => {
                        show_specimen(&mut commands, &mut state, &game, stashed.is_some(), specimen);
                    }
                    Err(e) => game.say(format!("The next level cannot be made: {e}.")),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use delve_core::generation::CorridorStyle;

    use super::*;

    #[test]
    fn the_next_run_keeps_size_and_style() {
        let run = GenParams {
            seed: u64::MAX,
            width: 64,
            height: 40,
            style: CorridorStyle::Pipe,
            depth: 4,
        };
        let next = next_run(&run);
        assert_eq!(
            (next.seed, next.width, next.height, next.style, next.depth),
            (0, 64, 40, CorridorStyle::Pipe, 1)
        );
    }
}
