//! Look (`v`): a cursor on the map, starting on the nearest monster in sight, moved by the move
//! keys, Tab to the next monster, or the mouse; what is under it described with its numbers
//! (`describe`). Enter travels there. Esc (or `v` again) stops. While looking, the keyboard is
//! the look's.

mod describe;
mod whereabouts;

pub use describe::{look_at, monster};
pub use whereabouts::whereabouts;

use crate::ui::spoken::Spoken;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use delve_core::geom::Pos;
use leafwing_input_manager::prelude::*;

use crate::action::Action;
use crate::actor::{LevelScoped, Player as PlayerEntity};
use crate::player::command::{PlayerCommand, TravelRequest};
use crate::render::GameCamera;
use crate::render::space::world_pos;
use crate::screens::playing::floor::cursor::{cursor_by_keys, targets};
use crate::screens::playing::floor::pointer::{MapCover, pointer_position, tile_at};
use crate::state::Focus;
use crate::turn::{Game, TurnSet};
use crate::ui::layers;
use crate::ui::palette;
use crate::ui::scale;
use crate::ui::widgets::label;

/// Where the look's cursor is: the look's own data, on its root entity, which is there exactly
/// while looking (spawned on entering `Focus::Look`, gone on leaving it).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Looking(pub Pos);

/// Where the look's cursor is, if looking (for tests and tools).
pub fn looking(world: &mut World) -> Option<Pos> {
    world.query::<&Looking>().iter(world).next().map(|l| l.0)
}

/// The drawn look: the cursor and the description.
#[derive(Component)]
struct LookMark;

pub fn plugin(app: &mut App) {
    app.init_resource::<MapCover>()
        .add_systems(OnEnter(Focus::Look), begin_look)
        .add_systems(
            Update,
            (
                start_looking.run_if(in_state(Focus::Map)),
                steer_look.run_if(in_state(Focus::Look)),
            )
                .in_set(TurnSet::Input),
        )
        .add_systems(Update, show_look.in_set(TurnSet::Show));
}

/// `v` starts looking.
fn start_looking(actions: Single<&ActionState<Action>, With<PlayerEntity>>, mut focus: ResMut<NextState<Focus>>) {
    if actions.just_pressed(&Action::Look) {
        focus.set(Focus::Look);
    }
}

/// The look begins at the nearest monster in sight (or the player): its root, with its cursor.
fn begin_look(mut commands: Commands, game: Res<Game>) {
    commands.spawn((
        Name::new("Looking"),
        Looking(targets(&game).first().copied().unwrap_or(game.player().at)),
        DespawnOnExit(Focus::Look),
    ));
}

/// The look's keys, the mouse and a finger: moves steer, Tab cycles the monsters, the pointer
/// (a finger held down) puts the cursor under it, Enter (the fire key) travels to the cursor
/// (a step, when it is next to the player: at a monster, an attack), Esc or `v` stops.
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
fn steer_look(
    actions: Single<&ActionState<Action>, With<PlayerEntity>>,
    mut looking: Single<&mut Looking>,
    mut focus: ResMut<NextState<Focus>>,
    game: Res<Game>,
    (window, camera, touches): (
        Query<&Window, With<PrimaryWindow>>,
        Query<(&Transform, &Projection), With<GameCamera>>,
        Option<Res<Touches>>,
    ),
    cover: Res<MapCover>,
    mut last_pointer: Local<Option<Vec2>>,
    (mut walks, mut steps): (MessageWriter<TravelRequest>, MessageWriter<PlayerCommand>),
) {
    let mut cursor = looking.0;
    // (It runs from the frame after the press that started the look: that press is not seen.)
    if actions.just_pressed(&Action::Cancel) || actions.just_pressed(&Action::Look) {
        focus.set(Focus::Map);
        *last_pointer = None;
        return;
    }
    if actions.just_pressed(&Action::Fire) && cursor != game.player().at {
        // A keyboard's way to walk to what it looked at (a screen reader's player has no mouse).
        match delve_core::geom::Dir8::between(game.player().at, cursor) {
            Some(dir) => _ = steps.write(PlayerCommand::Step(dir)),
            None => _ = walks.write(TravelRequest::To(cursor)),
        }
        focus.set(Focus::Map);
        *last_pointer = None;
        return;
    }
    let map = &game.dungeon().level().map;
    if let (Ok(window), Ok(camera)) = (window.single(), camera.single())
        && let Some(at) = pointer_position(window, touches.as_deref(), &cover)
    {
        let tile = tile_at(game.dungeon(), window, camera, at);
        if last_pointer.is_some_and(|p| p != at) && map.in_bounds(tile) {
            cursor = tile;
        }
        *last_pointer = Some(at);
    }
    let cursor = cursor_by_keys(cursor, &actions, &game);
    looking.set_if_neq(Looking(cursor));
}

fn show_look(
    mut commands: Commands,
    looking: Option<Single<Ref<Looking>>>,
    (game, sidebar): (Res<Game>, Option<Res<crate::ui::layout::SidebarShown>>),
    marks: Query<Entity, With<LookMark>>,
) {
    let Some(looking) = looking else { return };
    if !(looking.is_changed() || game.is_changed()) {
        return;
    }
    for entity in &marks {
        commands.entity(entity).despawn();
    }
    let cursor = looking.0;
    let map = &game.dungeon().level().map;
    commands.spawn((
        LookMark,
        LevelScoped,
        DespawnOnExit(Focus::Look),
        Sprite::from_color(palette::LOOK_CURSOR, Vec2::splat(16.0)),
        Transform::from_translation(world_pos(map, cursor).extend(layers::CURSOR)),
    ));
    const HINT: &str = "Looking: move the cursor (or Tab, or the mouse); Enter travels there; Esc or v stops.";
    commands.spawn((
        Name::new("Look"),
        LookMark,
        DespawnOnExit(Focus::Look),
        Spoken::new([look_at(&game, cursor), HINT.to_owned()]),
        crate::ui::layout::prompt_row(sidebar.is_some_and(|s| s.0)),
        children![(
            Node {
                padding: UiRect::axes(px(10), px(6)),
                max_width: px(640),
                flex_direction: FlexDirection::Column,
                row_gap: px(4),
                ..default()
            },
            BackgroundColor(palette::OVERLAY),
            children![
                label(look_at(&game, cursor), scale::BODY, palette::TEXT),
                label(HINT, scale::SMALL, palette::TEXT_DIM),
            ],
        )],
    ));
}
