//! The mouse and touch: hovering a tile the player knows shows the way there and names the tile
//! on the HUD ("a locked door", "a key", "a goblin"); clicking it (or tapping it, in the
//! browser) travels there.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use delve_core::explore::{self as plan, Known};
use delve_core::geom::Pos;
use delve_core::paths::Search;

use crate::actor::LevelScoped;
use crate::player::command::{PlayerCommand, TravelRequest};
use crate::render::GameCamera;
use crate::render::space::world_pos;
use crate::state::{GameState, Session};
use crate::turn::{Game, TurnSet};
use crate::ui::layers;
use crate::ui::palette;
use crate::ui::scale;

/// The tile under the pointer, what the player knows of it, and the known way there.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Hovered {
    pub tile: Option<Pos>,
    /// What is there, in a few words (empty when nothing known is hovered).
    pub name: String,
    pub path: Vec<Pos>,
}

/// One dot of the hovered path.
#[derive(Component, Debug)]
struct PathDot;

/// The HUD line naming the hovered tile.
#[derive(Component, Debug)]
struct HoverText;

pub use crate::screens::playing::floor::pointer::MapCover;
use crate::screens::playing::floor::pointer::{pointer_on_the_map, pointer_position, tapped, tile_at};

/// Whether the pointer has moved (or a finger touched) since play began: a pointer left where
/// the last screen had it names no tile and draws no way there (a path showed at once after
/// the start).
#[derive(Resource, Debug, Default)]
struct PointerMoved {
    /// Where the pointer was when play began (`None` until the first frame of play looks).
    start: Option<Option<Vec2>>,
    moved: bool,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Hovered>()
        .init_resource::<MapCover>()
        .init_resource::<PointerMoved>()
        .add_systems(
            OnEnter(GameState::Playing),
            (spawn_hover_text.in_set(crate::turn::Entering::View), forget_moves),
        )
        .add_systems(
            Update,
            (
                (
                    track_pointer,
                    click_to_travel.run_if(in_state(crate::state::Focus::Map)),
                )
                    .chain()
                    .run_if(pointer_on_the_map)
                    .in_set(TurnSet::Input),
                forget_hover.run_if(not(pointer_on_the_map)).in_set(TurnSet::Input),
                (show_path, show_hover_text).in_set(TurnSet::Show),
            )
                .run_if(in_state(GameState::Playing)),
        );
}

fn forget_moves(mut moved: ResMut<PointerMoved>, mut hovered: ResMut<Hovered>) {
    *moved = PointerMoved::default();
    *hovered = Hovered::default();
}

fn spawn_hover_text(mut commands: Commands) {
    commands.spawn((
        Name::new("Hovered tile"),
        DespawnOnExit(GameState::Playing),
        Node {
            position_type: PositionType::Absolute,
            top: px(50),
            right: px(0),
            padding: UiRect::axes(px(8), px(4)),
            ..default()
        },
        BackgroundColor(palette::PANEL),
        Visibility::Hidden,
        children![(
            HoverText,
            Text::new(""),
            TextFont::from_font_size(scale::BODY),
            TextColor(palette::HOVER_TEXT),
        )],
    ));
}

/// "a locked door (12 steps)" on the HUD while a known tile is hovered.
fn show_hover_text(
    hovered: Res<Hovered>,
    mut text: Single<(&mut Text, &ChildOf), With<HoverText>>,
    mut panels: Query<&mut Visibility>,
) {
    if !hovered.is_changed() {
        return;
    }
    let line = match hovered.path.len() {
        _ if hovered.tile.is_none() => String::new(),
        0 => hovered.name.clone(),
        1 => format!("{} (1 step)", hovered.name),
        n => format!("{} ({n} steps)", hovered.name),
    };
    if let Ok(mut shown) = panels.get_mut(text.1.parent()) {
        shown.set_if_neq(if line.is_empty() {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        });
    }
    text.0.0 = line;
}

/// Keeps `Hovered` up to date: the tile under the pointer, its name, the way there.
#[allow(clippy::too_many_arguments)]
fn track_pointer(
    window: Single<&Window, With<PrimaryWindow>>,
    touches: Option<Res<Touches>>,
    camera: Single<(&Transform, &Projection), With<GameCamera>>,
    game: Res<Game>,
    mut hovered: ResMut<Hovered>,
    cover: Res<MapCover>,
    mut search: Local<Search>,
    mut last: Local<Option<(Pos, Pos, u64)>>,
    (mut moved, session): (ResMut<PointerMoved>, Res<State<Session>>),
) {
    let now = window.cursor_position();
    let touched = touches.as_deref().is_some_and(|t| t.iter().next().is_some());
    let start = moved.start;
    let mut just_moved = false;
    match start {
        None => moved.start = Some(now),
        Some(start) if !moved.moved && (start != now || touched) => {
            moved.moved = true;
            just_moved = true;
        }
        Some(_) => {}
    }
    if !moved.moved {
        return;
    }
    let Some(at) = pointer_position(&window, touches.as_deref(), &cover) else {
        if hovered.tile.is_some() {
            *hovered = Hovered::default();
        }
        return;
    };
    let dungeon = &game.dungeon();
    let tile = tile_at(dungeon, &window, camera.into_inner(), at);
    let (pos, ring, memory) = (game.player().at, &game.player().keys, &game.player().memory);
    // Worked out again only when the tile, the player or the turn changes.
    let key = (tile, pos, game.turn());
    if *last == Some(key) && !game.is_changed() && !just_moved {
        return;
    }
    *last = Some(key);
    let depth = dungeon.depth();
    let Some(mem) = memory.level(depth) else { return };
    let known = Known {
        level: dungeon.level(),
        memory: mem,
    };
    let held = ring.doors_on(depth);
    let monster = dungeon
        .level()
        .monster_at(tile)
        .filter(|m| game.sees(m))
        .map(|m| format!("{} {}", delve_core::world::article(m.kind.name()), m.kind.name()));
    let item = dungeon
        .level()
        .item_at(tile)
        .filter(|_| mem.is_explored(tile))
        .map(|f| game.player().lore.describe(f.item) + if f.sealed { " (sealed)" } else { "" });
    let name = monster.or(item).or_else(|| plan::describe(&known, tile, &held));
    // A replay is watched, not walked: no way to a tile is drawn.
    let path = match name {
        Some(_) if tile != pos && *session.get() != Session::Replay => {
            plan::travel(&known, pos, tile, &held, &mut search).unwrap_or_default()
        }
        _ => Vec::new(),
    };
    *hovered = Hovered {
        tile: name.is_some().then_some(tile),
        name: name.unwrap_or_default(),
        path,
    };
}

/// Off the map (over the overview or the minimap), nothing of the map is hovered.
fn forget_hover(mut hovered: ResMut<Hovered>) {
    if hovered.tile.is_some() {
        *hovered = Hovered::default();
    }
}

/// A click or a tap on a known tile travels there; on a tile next to the player it steps
/// there (attacking what stands there, opening a door).
fn click_to_travel(
    buttons: Option<Res<ButtonInput<MouseButton>>>,
    touches: Option<Res<Touches>>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Transform, &Projection), With<GameCamera>>,
    game: Res<Game>,
    (mut walks, mut steps): (MessageWriter<TravelRequest>, MessageWriter<PlayerCommand>),
    mut began: Local<Vec<u64>>,
) {
    let dungeon = &game.dungeon();
    let clicked = buttons
        .filter(|b| b.just_pressed(MouseButton::Left))
        .and_then(|_| window.cursor_position());
    let Some(at) = clicked.or_else(|| tapped(touches.as_deref(), &mut began)) else {
        return;
    };
    let tile = tile_at(dungeon, &window, camera.into_inner(), at);
    if let Some(dir) = delve_core::geom::Dir8::between(game.player().at, tile) {
        steps.write(PlayerCommand::Step(dir));
        return;
    }
    let known = game
        .player()
        .memory
        .level(dungeon.depth())
        .is_some_and(|m| m.is_explored(tile));
    if known && dungeon.level().map.in_bounds(tile) {
        walks.write(TravelRequest::To(tile));
    }
}

/// Draws the hovered way as dots over the map.
fn show_path(mut commands: Commands, hovered: Res<Hovered>, game: Res<Game>, dots: Query<Entity, With<PathDot>>) {
    if !hovered.is_changed() {
        return;
    }
    for dot in &dots {
        commands.entity(dot).despawn();
    }
    let map = &game.dungeon().level().map;
    for &p in &hovered.path {
        commands.spawn((
            PathDot,
            LevelScoped,
            Sprite::from_color(palette::PATH_DOT, Vec2::splat(4.0)),
            Transform::from_translation(world_pos(map, p).extend(layers::PATH)),
        ));
    }
}
