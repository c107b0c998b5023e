//! The generator lab (F2, `--reveal`, `?reveal`): the whole level shown as it was made, each
//! corridor tinted by the style that dug it, the BSP leaves outlined, and a legend counting the
//! corridor tiles of each style; `n` makes the next level of the same size and style.
//!
//! The lab is a way of looking, not a change to the game: the player's memory, sight and turns
//! are untouched, and turning it off shows what the player knows again. `Revealed` is what the
//! drawing reads; it follows `Lab` and the level the player is on.

use bevy::prelude::*;
use leafwing_input_manager::prelude::ActionState;

use crate::actor::{LevelScoped, Player};
use crate::dungeon::{Dungeon, Origin};
use crate::generation::anatomy::{Anatomy, Digger};
use crate::generation::{CorridorStyle, GenParams};
use crate::hud::{label, swatch};
use crate::map::{Pos, Rect, TileMap};
use crate::player::input::Action;
use crate::render::{TILE_PX, world_pos};
use crate::screens::GameState;
use crate::screens::ended::start_new_run;
use crate::turn::{MessageLog, TurnCount, TurnSet};

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
pub struct LabView<'w, 's> {
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

/// The tint of corridors each digger dug.
pub fn digger_colour(d: Digger) -> Color {
    let [r, g, b] = match d {
        Digger::Style(CorridorStyle::LShaped) => [255, 150, 50],
        Digger::Style(CorridorStyle::Chunked) => [100, 220, 80],
        Digger::Style(CorridorStyle::NetHack) => [80, 140, 255],
        Digger::Style(CorridorStyle::AStar) => [250, 235, 80],
        Digger::Style(CorridorStyle::Axis) => [240, 100, 220],
        Digger::Style(CorridorStyle::Pipe) => [60, 225, 225],
        Digger::Style(CorridorStyle::DeadZone) => [225, 50, 60],
        Digger::Style(CorridorStyle::Hallways) => [150, 100, 255],
        Digger::Style(CorridorStyle::Mixed) | Digger::Loop => [235, 235, 235],
    };
    Color::srgb_u8(r, g, b)
}

/// The BSP outlines' colour.
const LEAF_OUTLINE: Color = Color::srgba(0.35, 0.9, 1.0, 0.55);

/// One side of a leaf's outline.
#[derive(Component, Debug)]
struct LeafEdge;

/// The lab's legend panel.
#[derive(Component, Debug)]
struct Legend;

/// What works without a window: `Revealed` following `Lab` and the level (headless tests).
pub fn rules_plugin(app: &mut App) {
    app.init_resource::<Lab>()
        .add_systems(Update, follow_lab.in_set(TurnSet::See))
        // A new run (the lab's next level, or after the end of one) is looked at afresh.
        .add_systems(OnExit(GameState::Playing), |mut commands: Commands| {
            commands.remove_resource::<Revealed>();
        });
}

/// The lab with its keys, outlines and legend.
pub fn plugin(app: &mut App) {
    app.add_plugins(rules_plugin).add_systems(
        Update,
        (
            (toggle_lab, next_level).chain().in_set(TurnSet::Input),
            (outline_leaves, show_legend).in_set(TurnSet::Show),
        ),
    );
}

/// How the level on show was made, worked out again when the lab comes on or the level
/// changes; removed when the lab goes off.
fn follow_lab(mut commands: Commands, lab: Res<Lab>, dungeon: Res<Dungeon>, revealed: Option<Res<Revealed>>) {
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

fn toggle_lab(
    actions: Single<&ActionState<Action>, With<Player>>,
    mut lab: ResMut<Lab>,
    mut log: ResMut<MessageLog>,
    turn: Res<TurnCount>,
) {
    if actions.just_pressed(&Action::Lab) {
        lab.on = !lab.on;
        let line = if lab.on {
            "The generator lab: the whole level as it was made. F2 leaves, n makes the next level."
        } else {
            "You leave the lab: the map shows what you know again."
        };
        log.push(turn.0, line);
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

/// `n` in the lab starts the next seed's level 1 (a map file has no next level).
fn next_level(
    actions: Single<&ActionState<Action>, With<Player>>,
    lab: Res<Lab>,
    dungeon: Res<Dungeon>,
    mut commands: Commands,
    mut state: ResMut<NextState<GameState>>,
    mut log: ResMut<MessageLog>,
    turn: Res<TurnCount>,
) {
    if !lab.on || !actions.just_pressed(&Action::LabNext) {
        return;
    }
    let Origin::Run(run) = dungeon.origin() else {
        log.push(turn.0, "A level read from a map file has no next level.".to_owned());
        return;
    };
    match Dungeon::new(next_run(run)) {
        Ok(next) => start_new_run(&mut commands, &mut state, next),
        Err(e) => log.push(turn.0, format!("The next level cannot be made: {e}.")),
    }
}

/// The four thin rectangles outlining `leaf` on `map`, as (centre, size) in world pixels.
pub fn leaf_edges(map: &TileMap, leaf: Rect) -> [(Vec2, Vec2); 4] {
    let half = TILE_PX / 2.0;
    // World corners of the leaf's tiles: left/right edges and top/bottom edges.
    let top_left = world_pos(map, Pos::new(leaf.x, leaf.y)) + Vec2::new(-half, half);
    let bottom_right = world_pos(map, Pos::new(leaf.right() - 1, leaf.bottom() - 1)) + Vec2::new(half, -half);
    let (w, h) = (bottom_right.x - top_left.x, top_left.y - bottom_right.y);
    let line = 1.0;
    [
        (
            Vec2::new(top_left.x + w / 2.0, top_left.y - line / 2.0),
            Vec2::new(w, line),
        ),
        (
            Vec2::new(top_left.x + w / 2.0, bottom_right.y + line / 2.0),
            Vec2::new(w, line),
        ),
        (
            Vec2::new(top_left.x + line / 2.0, bottom_right.y + h / 2.0),
            Vec2::new(line, h),
        ),
        (
            Vec2::new(bottom_right.x - line / 2.0, bottom_right.y + h / 2.0),
            Vec2::new(line, h),
        ),
    ]
}

/// Outlines the BSP leaves while the lab shows a generated level.
fn outline_leaves(
    mut commands: Commands,
    dungeon: Res<Dungeon>,
    mut lab: LabView,
    edges: Query<Entity, With<LeafEdge>>,
) {
    if !lab.look().1 {
        return;
    }
    for e in &edges {
        commands.entity(e).try_despawn();
    }
    let Some(anatomy) = lab.revealed().and_then(|r| r.anatomy.as_ref()) else {
        return;
    };
    let map = &dungeon.level().map;
    for &leaf in &anatomy.leaves {
        for (centre, size) in leaf_edges(map, leaf) {
            commands.spawn((
                LeafEdge,
                LevelScoped,
                Sprite::from_color(LEAF_OUTLINE, size),
                Transform::from_translation(centre.extend(7.0)),
            ));
        }
    }
}

/// The legend: each style's tint and how many corridor tiles it dug on this level.
fn show_legend(mut commands: Commands, dungeon: Res<Dungeon>, mut lab: LabView, legend: Query<Entity, With<Legend>>) {
    if !lab.look().1 {
        return;
    }
    for old in &legend {
        commands.entity(old).try_despawn();
    }
    let Some(revealed) = lab.revealed() else { return };
    let level = dungeon.level();
    let title = match dungeon.origin() {
        Origin::Run(run) => format!("Generator lab: {}, level {}", run, dungeon.depth()),
        Origin::Map => "Generator lab: a map file (no record of its making)".to_owned(),
    };
    let census = revealed.anatomy.as_ref().map(|a| a.census(&level.map));
    commands
        .spawn((
            Name::new("Lab legend"),
            Legend,
            DespawnOnExit(GameState::Playing),
            Node {
                position_type: PositionType::Absolute,
                top: px(60),
                left: px(0),
                padding: UiRect::all(px(8)),
                flex_direction: FlexDirection::Column,
                row_gap: px(3),
                ..default()
            },
            BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.7)),
        ))
        .with_children(|panel| {
            panel.spawn(label(title, 14.0, Color::srgb(0.9, 0.9, 0.8)));
            for (i, digger) in Digger::ALL.into_iter().enumerate() {
                let Some(n) = census.map(|c| c[i]) else { break };
                if n == 0 {
                    continue;
                }
                panel
                    .spawn(Node {
                        column_gap: px(6),
                        align_items: AlignItems::Center,
                        ..default()
                    })
                    .with_children(|row| {
                        row.spawn(swatch(digger_colour(digger), 12.0));
                        let plural = if n == 1 { "" } else { "s" };
                        let line = format!("{:<9} {n} tile{plural}", digger.name());
                        row.spawn(label(line, 13.0, Color::srgb(0.8, 0.8, 0.75)));
                    });
            }
            if let Some(a) = &revealed.anatomy {
                panel.spawn(label(
                    format!("{} BSP leaves outlined", a.leaves.len()),
                    13.0,
                    LEAF_OUTLINE,
                ));
            }
            panel.spawn(label(
                "F2 leaves the lab, n makes the next level",
                13.0,
                Color::srgb(0.6, 0.6, 0.55),
            ));
        });
}

#[cfg(test)]
mod tests {
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

    #[test]
    fn leaf_edges_frame_the_leaf() {
        let map = TileMap::from_parts(20, 15, vec![crate::map::Tile::Wall; 300], Vec::new(), Pos::new(1, 1));
        let leaf = Rect::new(2, 3, 5, 4);
        let edges = leaf_edges(&map, leaf);
        let half = TILE_PX / 2.0;
        let left = world_pos(&map, Pos::new(2, 3)).x - half;
        let top = world_pos(&map, Pos::new(2, 3)).y + half;
        assert_eq!(edges[0].1, Vec2::new(5.0 * TILE_PX, 1.0));
        assert_eq!(edges[2].1, Vec2::new(1.0, 4.0 * TILE_PX));
        assert_eq!(edges[0].0.y, top - 0.5);
        assert_eq!(edges[2].0.x, left + 0.5);
        assert_eq!(
            (edges[0].1, edges[2].1),
            (edges[1].1, edges[3].1),
            "top and bottom alike, sides alike"
        );
        let colours: std::collections::HashSet<[u8; 4]> = Digger::ALL
            .iter()
            .map(|&d| digger_colour(d).to_srgba().to_u8_array())
            .collect();
        assert_eq!(colours.len(), Digger::ALL.len(), "every digger has its own tint");
    }
}
