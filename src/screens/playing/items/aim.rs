//! Aiming something thrown or zapped: a cursor on the map that starts on the nearest monster in
//! sight, moved by the move keys, cycled through the monsters in sight (Tab), or put on a tile by
//! the mouse; the line of fire drawn as the rules will fly it (`rules::flight`); fired with `f`,
//! Enter or a click, and called off with Esc. While aiming, the keyboard is the aim's.

use crate::ui::spoken::Spoken;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use delve_core::geom::Pos;
use delve_core::rules::{Act, flight};
use delve_core::run::Run;
use leafwing_input_manager::prelude::*;

use crate::action::Action;
use crate::actor::{LevelScoped, Player as PlayerEntity};
use crate::player::command::PlayerCommand;
use crate::render::GameCamera;
use crate::render::space::world_pos;
use crate::screens::playing::floor::cursor::{cursor_by_keys, targets};
use crate::screens::playing::floor::pointer::{MapCover, pointer_position, tapped, tile_at};
use crate::state::Focus;
use crate::turn::{Game, TurnSet};
use crate::ui::layers;
use crate::ui::palette;
use crate::ui::scale;
use crate::ui::widgets::label;

pub fn plugin(app: &mut App) {
    app.init_resource::<MapCover>()
        .add_systems(Update, steer_aim.run_if(in_state(Focus::Aim)).in_set(TurnSet::Input))
        .add_systems(Update, show_aim.in_set(TurnSet::Show));
}

/// What is being aimed: the aim's own data, on its root entity, which is there exactly while
/// aiming (spawned by the pack as it hands the keyboard to the aim, gone leaving `Focus::Aim`).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Aiming(pub Aim);

/// What is being aimed, if anything (for tests and tools).
pub fn aiming(world: &mut World) -> Option<Aim> {
    world.query::<&Aiming>().iter(world).next().map(|a| a.0)
}

/// The aim's root: aiming the thing in `slot` from now until the aim's focus is left.
pub(crate) fn begin_aim(commands: &mut Commands, run: &Run, slot: u8) {
    commands.spawn((
        Name::new("Aiming"),
        Aiming(start_aim(run, slot)),
        DespawnOnExit(Focus::Aim),
    ));
}

/// Aiming the thing in `slot` at `cursor`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Aim {
    pub slot: u8,
    pub cursor: Pos,
}

/// Aiming the thing in `slot`, at the nearest monster in sight (or where the player stands).
pub(crate) fn start_aim(run: &Run, slot: u8) -> Aim {
    Aim {
        slot,
        cursor: targets(run).first().copied().unwrap_or(run.player().at),
    }
}

/// The aim's keys and the mouse: moves steer, Tab cycles, Fire (or a click) throws, Esc stops.
#[allow(clippy::too_many_arguments)]
pub(crate) fn steer_aim(
    actions: Single<&ActionState<Action>, With<PlayerEntity>>,
    mut aiming: Single<&mut Aiming>,
    mut focus: ResMut<NextState<Focus>>,
    game: Res<Game>,
    mut commands: MessageWriter<PlayerCommand>,
    (buttons, touches): (Option<Res<ButtonInput<MouseButton>>>, Option<Res<Touches>>),
    window: Query<&Window, With<PrimaryWindow>>,
    camera: Query<(&Transform, &Projection), With<GameCamera>>,
    cover: Res<MapCover>,
    (mut last_pointer, mut began): (Local<Option<Vec2>>, Local<Vec<u64>>),
) {
    let mut aim = aiming.0;
    let map = &game.dungeon().level().map;
    if actions.just_pressed(&Action::Cancel) {
        focus.set(Focus::Map);
        *last_pointer = None;
        return;
    }
    // The mouse: moving it puts the cursor under it; a click fires there.
    let under = match (window.single(), camera.single()) {
        (Ok(window), Ok(camera)) => {
            pointer_position(window, None, &cover).map(|at| (at, tile_at(game.dungeon(), window, camera, at)))
        }
        _ => None,
    };
    // A tap fires where it lands.
    let tap = tapped(touches.as_deref(), &mut began);
    let under = match (tap, window.single(), camera.single()) {
        (Some(at), Ok(window), Ok(camera)) => Some((at, tile_at(game.dungeon(), window, camera, at))),
        _ => under,
    };
    if let Some((at, tile)) = under.filter(|(_, t)| map.in_bounds(*t)) {
        if *last_pointer != Some(at) && last_pointer.is_some() {
            aim.cursor = tile;
        }
        *last_pointer = Some(at);
        if tap.is_some() || buttons.is_some_and(|b| b.just_pressed(MouseButton::Left)) {
            aim.cursor = tile;
            commands.write(PlayerCommand::Item(Act::Aim {
                slot: aim.slot,
                at: aim.cursor,
            }));
            focus.set(Focus::Map);
            *last_pointer = None;
            return;
        }
    }
    aim.cursor = cursor_by_keys(aim.cursor, &actions, &game);
    if actions.just_pressed(&Action::Fire) {
        commands.write(PlayerCommand::Item(Act::Aim {
            slot: aim.slot,
            at: aim.cursor,
        }));
        focus.set(Focus::Map);
        *last_pointer = None;
        return;
    }
    if aiming.0 != aim {
        aiming.0 = aim;
    }
}

/// The drawn aim: dots along the line of fire, the cursor, and the prompt.
#[derive(Component)]
struct AimMark;

/// The line of the prompt: what is aimed, at what, and the keys.
pub fn prompt(run: &Run, aim: Aim) -> String {
    let lore = run.player().lore;
    let what = run
        .player()
        .pack
        .get(aim.slot as usize)
        .map_or_else(|| "nothing".to_owned(), |i| lore.name(i.kind));
    let level = run.dungeon().level();
    let target = if aim.cursor == run.player().at {
        "yourself: move the cursor".to_owned()
    } else if !run.sight().is_visible(aim.cursor) {
        "a tile out of sight".to_owned()
    } else {
        let way = flight(level, run.player().at, aim.cursor);
        match way.hits.and_then(|id| level.monster_index(id)) {
            Some(i) => format!("the {}", level.monsters[i].kind.name()),
            None => "the floor".to_owned(),
        }
    };
    format!(
        "Aiming the {what} at {target}. Move the cursor (or Tab, or the mouse); f, Enter or a click fires; Esc cancels."
    )
}

fn show_aim(
    mut commands: Commands,
    aiming: Option<Single<Ref<Aiming>>>,
    (game, sidebar): (Res<Game>, Option<Res<crate::ui::layout::SidebarShown>>),
    marks: Query<Entity, With<AimMark>>,
) {
    let Some(aiming) = aiming else { return };
    if !(aiming.is_changed() || game.is_changed()) {
        return;
    }
    for entity in &marks {
        commands.entity(entity).despawn();
    }
    let aim = aiming.0;
    let level = game.dungeon().level();
    let map = &level.map;
    let way = flight(level, game.player().at, aim.cursor);
    let seen = game.sight().is_visible(aim.cursor);
    for &p in &way.path {
        let colour = if Some(p)
            == way
                .hits
                .and_then(|id| level.monster_index(id))
                .map(|i| level.monsters[i].at)
        {
            palette::AIM_HIT
        } else {
            palette::AIM_LINE
        };
        commands.spawn((
            AimMark,
            LevelScoped,
            DespawnOnExit(Focus::Aim),
            Sprite::from_color(colour, Vec2::splat(5.0)),
            Transform::from_translation(world_pos(map, p).extend(layers::AIM_LINE)),
        ));
    }
    commands.spawn((
        AimMark,
        LevelScoped,
        DespawnOnExit(Focus::Aim),
        Sprite::from_color(
            if seen {
                palette::AIM_CURSOR
            } else {
                palette::AIM_BLOCKED
            },
            Vec2::splat(16.0),
        ),
        Transform::from_translation(world_pos(map, aim.cursor).extend(layers::CURSOR)),
    ));
    commands.spawn((
        Name::new("Aim prompt"),
        AimMark,
        DespawnOnExit(Focus::Aim),
        Spoken::new([prompt(&game, aim)]),
        crate::ui::layout::prompt_row(sidebar.is_some_and(|s| s.0)),
        children![(
            Node {
                padding: UiRect::axes(px(10), px(4)),
                max_width: px(640),
                ..default()
            },
            BackgroundColor(palette::OVERLAY),
            children![label(prompt(&game, aim), scale::BODY, palette::GOLD)],
        )],
    ));
}
