//! Racing a ghost: another run's recording of the same dungeon (from the history, a board's run,
//! a file or a link) drawn as a pale player where it stood on each turn when it is on this run's
//! level, never touching the rules; the sidebar shows the splits (`floor::race::Racing`). The
//! run's recording says it raced that recording (`Run::race`), and a board ranks it apart.

use bevy::prelude::*;
use delve_core::run::ghost::Ghost;
use delve_core::run::{Digest, Run};

use crate::assets::{GameAssets, tiles};
use crate::render::space::world_pos;
use crate::state::{GameState, InPlay, Session};
use crate::turn::{Game, TurnSet};
use crate::ui::layers;

pub use super::floor::race::Racing;

/// The ghost's colour: the player's sprite, pale and half seen through.
const GHOST: Color = Color::srgba(0.7, 0.85, 1.0, 0.45);

/// Marks the ghost's sprite.
#[derive(Component, Debug)]
pub struct GhostSprite;

pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(GameState::Title), stop_racing).add_systems(
        Update,
        (note_arrivals, place_ghost)
            .chain()
            .in_set(TurnSet::Show)
            .run_if(in_state(InPlay(Session::Play)).and_then(resource_exists::<Racing>)),
    );
}

/// A fresh run of the dungeon the recording `bytes` played, racing its ghost (a daily stays the
/// daily of its date; the run's recording names the ghost's), and the ghost; or why not.
pub fn race_fresh(bytes: &[u8], name: &str) -> Result<(Run, Racing), String> {
    let (spec, recording, _) = delve_core::save::replayable(bytes)?;
    let ghost = Ghost::of(&spec, &recording)?;
    let mut run = spec
        .begin()
        .map_err(|e| format!("its first level cannot be made ({e})"))?;
    if let Some(date) = recording.daily() {
        run.mark_daily(date);
    }
    let digest: Digest = delve_core::save::digest(bytes);
    run.race(digest);
    let mut racing = Racing::new(ghost, digest, name);
    racing.reached(run.dungeon().depth(), run.turn());
    run.say(format!(
        "You race {name}: its ghost walks where it walked, turn by turn (the sidebar shows the splits)."
    ));
    Ok((run, racing))
}

fn stop_racing(mut commands: Commands) {
    commands.remove_resource::<Racing>();
}

fn note_arrivals(game: Res<Game>, mut racing: ResMut<Racing>) {
    if game.is_changed() {
        racing.reached(game.dungeon().depth(), game.turn());
    }
}

/// The ghost stands where its recording stood on this turn, shown when it is on this level.
fn place_ghost(
    mut commands: Commands,
    game: Res<Game>,
    racing: Res<Racing>,
    assets: Option<Res<GameAssets>>,
    mut ghost: Query<(&mut Transform, &mut Visibility), With<GhostSprite>>,
) {
    let (depth, at) = racing.ghost.at(game.turn());
    let map = &game.dungeon().level().map;
    let to = world_pos(map, at).extend(layers::PLAYER - 0.05);
    let shown = if depth == game.dungeon().depth() {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    let Ok((mut transform, mut visibility)) = ghost.single_mut() else {
        let mut sprite = assets.map_or_else(Sprite::default, |a| a.sprite(tiles::PLAYER));
        sprite.color = GHOST;
        commands.spawn((
            Name::new("Ghost"),
            GhostSprite,
            sprite,
            Transform::from_translation(to),
            shown,
            DespawnOnExit(GameState::Playing),
        ));
        return;
    };
    if game.is_changed() || racing.is_changed() {
        transform.translation = to;
        visibility.set_if_neq(shown);
    }
}
