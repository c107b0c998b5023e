//! The sidebar (Brogue's): down the left of the window, the player's health, depth, keys, gear
//! and states at its top, then everything in view, nearest first: each monster with its letter,
//! picture, health bar and what it is about (asleep, wandering, hunting, fleeing), each item with
//! its name. Hovering a row marks that tile on the map. F3 hides it (kept in the settings); while
//! it is shown the HUD's own health and gear lines give way to it.

pub use crate::screens::playing::floor::seen::{Seen, in_view, state};
pub use crate::screens::playing::floor::words::gear_line;

use crate::screens::playing::floor::pointer::MapCover;
use bevy::prelude::*;
use delve_core::map::Tile;
use leafwing_input_manager::prelude::*;

use crate::action::Action;
use crate::actor::{LevelScoped, Player as PlayerEntity};
use crate::assets::GameAssets;
use crate::render::items::{item_tile, tint};
use crate::render::monsters::{health_share, monster_tile};
use crate::render::space::world_pos;
use crate::state::GameState;
use crate::turn::{Game, TurnSet};
use crate::ui::layers;
use crate::ui::palette;
use crate::ui::scale;
use crate::ui::widgets::label;

pub use crate::ui::layout::{SIDEBAR_WIDTH as WIDTH, SidebarShown};

/// The sidebar's panel.
#[derive(Component)]
struct Sidebar;

/// The lines about the player at its top: where and when.
#[derive(Component)]
struct PlayerLines;

/// The player's hit points, beside its bar.
#[derive(Component)]
struct HealthLine;

/// What the player fights with and the states it is in, under its health.
#[derive(Component)]
struct GearLines;

/// Where the run played live can be watched, or why it is not live.
#[derive(Component)]
struct LiveLines;

/// The splits of the ghost raced, if one is.
#[derive(Component)]
struct RaceLines;

/// The player's health bar's filled part.
#[derive(Component)]
struct PlayerHealth;

/// Where the rows of what is in view go.
#[derive(Component)]
struct Rows;

/// One row: the thing in view it is about.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SidebarRow(pub Seen);

/// The mark on the map of the hovered row's tile.
#[derive(Component)]
struct RowMark;

/// The line under the rows that says how many more things are in view than the sidebar has room
/// to list (hidden while every row fits).
#[derive(Component)]
struct MoreLine;

/// A row the sidebar has measured against its room (`fit_rows`).
#[derive(Component)]
struct Fitted;

pub fn plugin(app: &mut App) {
    app.init_resource::<SidebarShown>()
        .add_message::<bevy::window::WindowResized>()
        .init_resource::<MapCover>()
        .add_systems(
            OnEnter(GameState::Playing),
            (read_sidebar_setting, spawn_sidebar)
                .chain()
                .in_set(crate::turn::Entering::View),
        )
        .add_systems(
            Update,
            toggle_sidebar
                .run_if(in_state(crate::state::Focus::Map))
                .in_set(TurnSet::Input),
        )
        .add_systems(
            Update,
            (
                show_sidebar,
                fill_player_lines,
                fill_live_line,
                fill_rows,
                fit_rows,
                mark_hovered_row,
            )
                .chain()
                .in_set(TurnSet::Show),
        )
        .add_systems(
            Update,
            (
                fit_sidebar_to_window.run_if(in_state(GameState::Playing)),
                cover_the_map,
            )
                .chain()
                .before(TurnSet::Input),
        );
}

/// Tells the pointer how much of the map the sidebar covers (its width at the interface's
/// scale), so a pointer over the sidebar neither travels nor aims.
fn cover_the_map(shown: Res<SidebarShown>, scale: Option<Res<UiScale>>, mut cover: ResMut<MapCover>) {
    let left = if shown.0 {
        WIDTH * scale.map_or(1.0, |s| s.0)
    } else {
        0.0
    };
    cover.set_if_neq(MapCover { left });
}

/// The sidebar as the settings keep it, but hidden in a narrow window (a phone held upright),
/// where it would leave the map a strip: F3 (or the page's button) still shows it there.
fn read_sidebar_setting(
    settings: Res<crate::settings::Settings>,
    mut shown: ResMut<SidebarShown>,
    window: Option<Single<&Window, With<bevy::window::PrimaryWindow>>>,
    scale: Option<Res<UiScale>>,
) {
    let narrow = crate::ui::layout::window_is_narrow(window.as_deref().copied(), scale.as_deref());
    shown.0 = settings.sidebar && !narrow;
}

/// A window made narrow (a phone turned upright) hides the sidebar; made wide again, the
/// settings' choice comes back.
fn fit_sidebar_to_window(
    mut resized: MessageReader<bevy::window::WindowResized>,
    settings: Res<crate::settings::Settings>,
    mut shown: ResMut<SidebarShown>,
    scale: Option<Res<UiScale>>,
    mut was_narrow: Local<Option<bool>>,
) {
    let Some(last) = resized.read().last() else {
        return;
    };
    let narrow = crate::ui::layout::is_narrow(last.width, scale.map_or(1.0, |s| s.0));
    if *was_narrow != Some(narrow) {
        *was_narrow = Some(narrow);
        shown.set_if_neq(SidebarShown(settings.sidebar && !narrow));
    }
}

fn spawn_sidebar(mut commands: Commands, shown: Res<SidebarShown>) {
    commands.spawn((
        Name::new("Sidebar"),
        Sidebar,
        DespawnOnExit(GameState::Playing),
        Node {
            position_type: PositionType::Absolute,
            top: px(0),
            left: px(0),
            bottom: px(0),
            width: px(WIDTH),
            flex_direction: FlexDirection::Column,
            padding: UiRect::all(px(8)),
            row_gap: px(4),
            overflow: Overflow::clip(),
            ..default()
        },
        BackgroundColor(palette::SIDEBAR),
        if shown.0 {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        },
        children![
            (PlayerLines, label("", scale::DENSE, palette::TEXT)),
            (
                Node {
                    column_gap: px(8),
                    align_items: AlignItems::Center,
                    ..default()
                },
                children![
                    (HealthLine, label("", scale::DENSE, palette::TEXT)),
                    (
                        Node {
                            flex_grow: 1.0,
                            height: px(8),
                            ..default()
                        },
                        BackgroundColor(palette::HEALTH_EMPTY),
                        children![(
                            PlayerHealth,
                            Node {
                                width: percent(100),
                                height: percent(100),
                                ..default()
                            },
                            BackgroundColor(palette::HEALTH_GOOD),
                        )],
                    ),
                ],
            ),
            (GearLines, label("", scale::SMALL, palette::TEXT)),
            (RaceLines, label("", scale::SMALL, palette::GOLD)),
            (LiveLines, label("", scale::SMALL, palette::GOLD)),
            (
                Rows,
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: px(4),
                    margin: UiRect::top(px(8)),
                    ..default()
                },
            ),
            (
                MoreLine,
                label("", scale::SMALL, palette::TEXT_DIM),
                Node {
                    display: Display::None,
                    ..default()
                },
            ),
        ],
    ));
}

/// Rows the sidebar has no room for are left out, and the line under the last one says how many
/// ("and 6 more in view"): before, they ran under the window's bottom edge unseen (a
/// 1024x600 window at 130 % text lists four monsters). Measured once the new rows are laid out,
/// with last frame's layout.
#[allow(clippy::type_complexity)]
fn fit_rows(
    mut commands: Commands,
    sidebar: Single<(&ComputedNode, &UiGlobalTransform), With<Sidebar>>,
    mut rows: Query<(Entity, &ComputedNode, &UiGlobalTransform, &mut Node, Has<Fitted>), With<SidebarRow>>,
    mut more: Single<(&mut Text, &mut Node), (With<MoreLine>, Without<SidebarRow>)>,
) {
    if rows.is_empty() {
        more.1.display = Display::None;
        return;
    }
    let fresh = rows.iter().any(|(_, _, _, _, fitted)| !fitted);
    let laid_out = rows.iter().all(|(_, n, _, _, _)| n.size.y > 0.0);
    if !fresh || !laid_out {
        return;
    }
    let (panel, at) = *sidebar;
    let bottom = at.affine().translation.y + panel.size.y / 2.0 - panel.padding.max_inset.y;
    // Rows in order, top to bottom: the first that ends below the room left for the line of
    // "more" is the first left out (all of them fit: nothing is).
    let mut placed: Vec<(Entity, f32)> = rows
        .iter()
        .map(|(e, n, t, _, _)| (e, t.affine().translation.y + n.size.y / 2.0))
        .collect();
    placed.sort_by(|a, b| a.1.total_cmp(&b.1));
    let line = placed
        .first()
        .and_then(|(e, _)| rows.get(*e).ok())
        .map_or(0.0, |(_, n, _, _, _)| n.size.y);
    let all_fit = placed.last().is_none_or(|(_, end)| *end <= bottom);
    let kept = if all_fit {
        placed.len()
    } else {
        placed.iter().take_while(|(_, end)| *end + line <= bottom).count()
    };
    for (i, (e, _)) in placed.iter().enumerate() {
        if let Ok((_, _, _, mut node, _)) = rows.get_mut(*e) {
            node.display = if i < kept { Display::Flex } else { Display::None };
        }
        commands.entity(*e).insert(Fitted);
    }
    let left = placed.len() - kept;
    let (text, node) = &mut *more;
    if left == 0 {
        node.display = Display::None;
    } else {
        node.display = Display::Flex;
        text.0 = format!("and {left} more in view");
    }
}

/// F3 hides or shows it, and the settings keep the choice (written at once).
fn toggle_sidebar(
    actions: Single<&ActionState<Action>, With<PlayerEntity>>,
    mut shown: ResMut<SidebarShown>,
    mut settings: ResMut<crate::settings::Settings>,
    window: Option<Single<&Window, With<bevy::window::PrimaryWindow>>>,
    scale: Option<Res<UiScale>>,
    store: Option<Res<crate::save::SaveStore>>,
) {
    if actions.just_pressed(&Action::Sidebar) {
        shown.0 = !shown.0;
        // Shown for a moment in a narrow window, it stays the wide window's choice.
        let narrow = crate::ui::layout::window_is_narrow(window.as_deref().copied(), scale.as_deref());
        if !narrow {
            let before = settings.clone();
            settings.sidebar = shown.0;
            if let Some(store) = store {
                _ = crate::save::keep_settings(&store.0, &before, &settings);
            }
        }
    }
}

fn show_sidebar(shown: Res<SidebarShown>, mut panel: Single<&mut Visibility, With<Sidebar>>) {
    if shown.is_changed() {
        **panel = if shown.0 {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
    }
}

/// The player's lines: where and when, then (under the health bar) what it fights with, its
/// states, the relic and sneaking.
pub fn player_lines(game: &Game) -> (String, String) {
    let run = &game.0;
    let depth = run.dungeon().depth();
    let player = run.player();
    let food = match player.hunger().word() {
        Some(word) => format!("Food {} ({word})", player.stomach),
        None => format!("Food {}", player.stomach),
    };
    let top = format!(
        "Depth {} of {}\nTurn {}\nKeys {}\nGold {}\nXL {}\n{food}",
        depth,
        run.dungeon().deepest(),
        run.turn(),
        player.keys.doors_on(depth).len(),
        player.gold,
        player.growth.describe().trim_start_matches("level "),
    );
    let mut lines = vec![gear_line(run.player())];
    if run.player().carrying.relic {
        lines.push("Carrying the Heartstone".into());
    }
    if run.player().sneaking {
        lines.push("Sneaking (s to walk)".into());
    }
    // Where the player stands, when it does something: swimming, in fire, in gas, on a trap.
    let level = run.dungeon().level();
    let at = run.player().at;
    match level.map.tile(at) {
        Tile::DeepWater => lines.push("Swimming: your weapon may slip away".into()),
        Tile::ShallowWater => lines.push("Wading (loud)".into()),
        Tile::Grass => lines.push("In tall grass".into()),
        _ => {}
    }
    if level.fire.contains_key(&at) {
        lines.push("On fire!".into());
    } else if level.gas.contains_key(&at) {
        lines.push("In poison gas".into());
    }
    (top, lines.join("\n"))
}

/// The player's part of the sidebar, kept up to date.
#[allow(clippy::type_complexity)]
fn fill_player_lines(
    game: Res<Game>,
    mut texts: ParamSet<(
        Single<&mut Text, With<PlayerLines>>,
        Single<&mut Text, With<HealthLine>>,
        Single<&mut Text, With<GearLines>>,
        Single<&mut Text, With<RaceLines>>,
    )>,
    racing: Option<Res<crate::screens::playing::floor::race::Racing>>,
    mut fill: Single<(&mut Node, &mut BackgroundColor), With<PlayerHealth>>,
    settings: Res<crate::settings::Settings>,
    mut done: Local<bool>,
) {
    if !game.is_changed() && *done && !racing.as_ref().is_some_and(|r| r.is_changed()) {
        return;
    }
    *done = true;
    let (top, gear) = player_lines(&game);
    let health = game.player().health;
    texts.p0().set_if_neq(Text(top));
    texts.p1().set_if_neq(Text(format!("HP {}/{}", health.hp, health.max)));
    texts.p2().set_if_neq(Text(gear));
    let race = racing.map_or_else(String::new, |r| r.lines(game.turn()));
    texts.p3().set_if_neq(Text(race));
    let share = health.hp.max(0) as f32 / health.max.max(1) as f32;
    let (node, colour) = &mut *fill;
    node.width = percent(share * 100.0);
    colour.0 = palette::health(share, settings.colour_blind);
}

/// The live run's line, as the sending thread last put it (`floor::live::LiveStatus`).
fn fill_live_line(
    status: Option<Res<crate::screens::playing::floor::live::LiveStatus>>,
    mut line: Query<&mut Text, With<LiveLines>>,
) {
    let Some(status) = status else { return };
    for mut text in &mut line {
        if text.0 != status.0 {
            text.0.clone_from(&status.0);
        }
    }
}

/// What a row says: "rat (r)  hunting" or "a potion (crimson)". The map's letter follows the
/// name: before it, a goblin archer's `a` read as "a goblin archer".
pub fn row_text(game: &Game, seen: &Seen) -> String {
    match seen {
        Seen::Monster(m) => format!(
            "{}{} ({})  {}",
            match (m.is_ally(), m.champion) {
                (true, _) => "your ".to_owned(),
                (false, Some(c)) => format!("{}, champion ", c.name()),
                _ => String::new(),
            },
            m.kind.name(),
            m.kind.stats().look.glyph,
            state(m.mind)
        ),
        Seen::Item(f) => game.player().lore.describe(f.item),
    }
}

/// The rows, rebuilt when the game changes.
fn fill_rows(
    mut commands: Commands,
    game: Res<Game>,
    assets: Option<Res<GameAssets>>,
    rows: Single<(Entity, Option<&Children>), With<Rows>>,
    marks: Query<Entity, With<RowMark>>,
    settings: Option<Res<crate::settings::Settings>>,
    mut listed: Local<Option<Vec<Seen>>>,
) {
    let colour_blind = settings.is_some_and(|s| s.colour_blind);
    if !game.is_changed() && listed.is_some() {
        return;
    }
    let now = in_view(&game);
    if listed.as_ref() == Some(&now) {
        return;
    }
    let (parent, children) = *rows;
    for &child in children.into_iter().flatten() {
        commands.entity(child).despawn();
    }
    for mark in &marks {
        commands.entity(mark).despawn();
    }
    for seen in &now {
        let row = commands
            .spawn((
                Name::new("Sidebar row"),
                SidebarRow(*seen),
                Button,
                Node {
                    column_gap: px(6),
                    align_items: AlignItems::Center,
                    ..default()
                },
                BackgroundColor(Color::NONE),
                ChildOf(parent),
            ))
            .id();
        if let Some(assets) = assets.as_deref() {
            let (tile, colour) = match seen {
                Seen::Monster(m) => (monster_tile(m), Color::WHITE),
                Seen::Item(f) => (item_tile(f.item), tint(f.item, &game.player().lore)),
            };
            commands.spawn((
                ImageNode::from_atlas_image(
                    assets.tileset.clone(),
                    TextureAtlas {
                        layout: assets.layout.clone(),
                        index: tile as usize,
                    },
                )
                .with_color(colour),
                Node {
                    width: px(24),
                    height: px(24),
                    flex_shrink: 0.0,
                    ..default()
                },
                ChildOf(row),
            ));
        }
        let column = commands
            .spawn((
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: px(2),
                    flex_grow: 1.0,
                    ..default()
                },
                ChildOf(row),
            ))
            .id();
        commands.spawn((
            label(row_text(&game, seen), scale::SMALL, palette::TEXT),
            ChildOf(column),
        ));
        if let Seen::Monster(m) = seen {
            let share = health_share(m).unwrap_or(1.0);
            let (filled, empty) = palette::monster_health(share, colour_blind);
            commands.spawn((
                Node {
                    width: px(140),
                    height: px(5),
                    ..default()
                },
                BackgroundColor(empty),
                ChildOf(column),
                children![(
                    Node {
                        width: percent(share * 100.0),
                        height: percent(100),
                        ..default()
                    },
                    BackgroundColor(filled),
                )],
            ));
        }
    }
    *listed = Some(now);
}

/// The hovered row is lit, and its tile marked on the map.
fn mark_hovered_row(
    mut commands: Commands,
    game: Res<Game>,
    mut rows: Query<(&SidebarRow, &Interaction, &mut BackgroundColor), Changed<Interaction>>,
    marks: Query<Entity, With<RowMark>>,
) {
    for (row, interaction, mut background) in &mut rows {
        for mark in &marks {
            commands.entity(mark).despawn();
        }
        if *interaction == Interaction::None {
            background.0 = Color::NONE;
            continue;
        }
        background.0 = palette::CHOSEN_ROW;
        let map = &game.dungeon().level().map;
        commands.spawn((
            RowMark,
            LevelScoped,
            Sprite::from_color(palette::SIDEBAR_MARK, Vec2::splat(18.0)),
            Transform::from_translation(world_pos(map, row.0.at()).extend(layers::SIDEBAR_MARK)),
        ));
    }
}
