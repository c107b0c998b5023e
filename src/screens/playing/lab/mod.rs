//! The generator lab (F2, `--reveal`, `?reveal`): the whole level shown as it was made, each
//! corridor tinted by the style that dug it, the BSP leaves outlined, and a legend counting the
//! corridor tiles of each style; `n` shows the next level of the same size and style.
//!
//! The lab is a session of its own (`Session::Lab`), a way of looking, not a change to the game:
//! entering it sets the player's run aside (`SetAside`, saved to the disk as it stands) and
//! shows a copy of it; leaving it brings the run back as it was, whatever was played in the lab
//! meanwhile. A level the lab makes (`n`) is a specimen, shown in place of the copy. `Revealed`
//! is what the drawing reads; it follows the level on show. Keys and drawing are `view`'s; this
//! part runs headless.

pub mod view;

use bevy::prelude::*;
use delve_core::dungeon::Origin;
use delve_core::generation::GenParams;
use delve_core::generation::anatomy::{Anatomy, Digger};
use delve_core::run::{Run, RunSpec};

use crate::render::shown::Revealed;
use crate::state::{GameState, InPlay, Session};
use crate::turn::{Game, SetAside, TurnSet, begin_run, forget_aside, set_aside, set_run_aside};
use crate::ui::palette;

/// What the player asks of the lab (keys, the browser's panel, tests).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LabCommand {
    /// The lab on, or off (back to the run set aside).
    Toggle,
    /// The next seed's first level, of the same size and style (in the lab only).
    Next,
}

/// The tint of corridors each digger dug (the palette's).
pub fn digger_colour(d: Digger) -> Color {
    palette::digger(d)
}

/// The lab without its keys and drawing: the run set aside on entering, `Revealed` following
/// the level on show, and `LabCommand`s carried out.
pub fn plugin(app: &mut App) {
    app.add_message::<LabCommand>()
        .add_systems(OnEnter(InPlay(Session::Lab)), set_run_aside)
        .add_systems(Update, obey_lab.in_set(TurnSet::Input))
        .add_systems(
            Update,
            follow_lab.in_set(TurnSet::See).run_if(in_state(InPlay(Session::Lab))),
        )
        // A new run (the lab's next level, or after the end of one) is looked at afresh.
        .add_systems(OnExit(GameState::Playing), forget_revealed)
        .add_systems(OnExit(InPlay(Session::Lab)), forget_revealed)
        // From the title screen on, the run played is the one saved: nothing is set aside.
        .add_systems(OnEnter(GameState::Title), |mut commands: Commands| {
            forget_aside(&mut commands);
        });
}

fn forget_revealed(mut commands: Commands) {
    commands.remove_resource::<Revealed>();
}

/// How the level on show was made, worked out again when the lab comes on or the level
/// changes.
fn follow_lab(mut commands: Commands, game: Res<Game>, revealed: Option<Res<Revealed>>) {
    let dungeon = &game.dungeon();
    let depth = dungeon.depth();
    if revealed.is_some_and(|r| r.depth == depth) {
        return;
    }
    let anatomy = match dungeon.origin() {
        Origin::Run(run) => Anatomy::of(&run.at_depth(depth)).ok(),
        Origin::Map => None,
    };
    let doors = dungeon.level().map.doors().map(|(p, _)| p).collect();
    commands.insert_resource(Revealed { depth, anatomy, doors });
}

/// The run after `run` in the lab: the next seed, same size and style, from level 1.
pub fn next_run(run: &GenParams) -> GenParams {
    GenParams {
        seed: run.seed.wrapping_add(1),
        depth: 1,
        ..*run
    }
}

/// Shows `specimen` in the lab. From play, the player's run is set aside first; in the lab, the
/// specimen replaces the one on show, never the run set aside.
pub(crate) fn show_specimen(commands: &mut Commands, session: Session, game: &Game, specimen: Run) {
    if session != Session::Lab {
        set_aside(commands, game.0.clone());
    }
    begin_run(commands, specimen, Session::Lab);
}

/// Carries out what was asked of the lab: on and off (leaving it returns to the run set aside,
/// as it was), and the next level (a map file has none).
fn obey_lab(
    mut asked: MessageReader<LabCommand>,
    session: Res<State<Session>>,
    mut game: ResMut<Game>,
    aside: Option<Res<SetAside>>,
    mut commands: Commands,
) {
    let session = *session.get();
    for &command in asked.read() {
        match (command, session) {
            // No lab over a replay or a lesson of the tutorial.
            (_, Session::Replay | Session::Tutorial) => {}
            (LabCommand::Toggle, Session::Play) => {
                // Set aside as it is, before the lab says anything in it.
                set_aside(&mut commands, game.0.clone());
                game.say("The generator lab: the whole level as it was made. F2 leaves, n shows the next level.");
                commands.set_state(Session::Lab);
            }
            (LabCommand::Toggle, Session::Lab) => {
                let mut run = aside.as_deref().map_or_else(|| game.0.clone(), |s| s.run().clone());
                run.say("You leave the lab: the map shows your run as you left it.");
                forget_aside(&mut commands);
                begin_run(&mut commands, run, Session::Play);
            }
            (LabCommand::Next, Session::Play) => {}
            (LabCommand::Next, Session::Lab) => {
                let Origin::Run(run) = *game.dungeon().origin() else {
                    game.say("A level read from a map file has no next level.");
                    continue;
                };
                match RunSpec::seeded(next_run(&run)).begin() {
                    Ok(specimen) => show_specimen(&mut commands, session, &game, specimen),
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
