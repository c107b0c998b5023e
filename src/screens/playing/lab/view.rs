//! The lab on screen: F2 and `n` (as `LabCommand`s, not while an overlay is open), the BSP
//! leaves outlined over the map, and the legend.

use bevy::prelude::*;
use delve_core::dungeon::Origin;
use delve_core::generation::anatomy::{Anatomy, Digger, Made};
use delve_core::geom::{Pos, Rect};
use delve_core::map::TileMap;
use leafwing_input_manager::prelude::ActionState;

use super::{LabCommand, digger_colour};
use crate::action::Action;
use crate::actor::{LevelScoped, Player};
use crate::render::shown::Shown;
use crate::render::space::{TILE_PX, world_pos};
use crate::state::GameState;
use crate::turn::{Game, TurnSet};
use crate::ui::layers;
use crate::ui::palette;
use crate::ui::scale;
use crate::ui::widgets::{label, swatch};

/// One side of a leaf's outline.
#[derive(Component, Debug)]
struct LeafEdge;

/// The lab's legend panel.
#[derive(Component, Debug)]
struct Legend;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            read_lab_keys
                .run_if(in_state(crate::state::Focus::Map))
                .in_set(TurnSet::Input),
            (outline_leaves, show_legend).in_set(TurnSet::Show),
        ),
    );
}

/// F2 turns the lab on and off; `n`, in the lab, shows the next level.
fn read_lab_keys(actions: Single<&ActionState<Action>, With<Player>>, mut asked: MessageWriter<LabCommand>) {
    if actions.just_pressed(&Action::Lab) {
        asked.write(LabCommand::Toggle);
    } else if actions.just_pressed(&Action::LabNext) {
        asked.write(LabCommand::Next);
    }
}

/// The four thin rectangles outlining `leaf` on `map`, as (centre, size) in world pixels.
pub(crate) fn leaf_edges(map: &TileMap, leaf: Rect) -> [(Vec2, Vec2); 4] {
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
fn outline_leaves(mut commands: Commands, game: Res<Game>, mut lab: Shown, edges: Query<Entity, With<LeafEdge>>) {
    let dungeon = &game.dungeon();
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
                Sprite::from_color(palette::LEAF_OUTLINE, size),
                Transform::from_translation(centre.extend(layers::LAB_OUTLINE)),
            ));
        }
    }
}

/// The legend: each style's tint and how many corridor tiles it dug on this level.
/// It stands right of the sidebar while that is shown.
fn show_legend(
    mut commands: Commands,
    game: Res<Game>,
    mut lab: Shown,
    legend: Query<Entity, With<Legend>>,
    sidebar: Option<Res<crate::ui::layout::SidebarShown>>,
) {
    let dungeon = &game.dungeon();
    let beside = sidebar.as_ref().is_some_and(|s| s.0);
    if !lab.look().1 && !sidebar.is_some_and(|s| s.is_changed()) {
        return;
    }
    for old in &legend {
        commands.entity(old).try_despawn();
    }
    let Some(revealed) = lab.revealed() else { return };
    let level = dungeon.level();
    let title = match dungeon.origin() {
        Origin::Run(run) => format!("Generator lab: {}, depth {}", run, dungeon.depth()),
        Origin::Map => "Generator lab: a map file (no record of its making)".to_owned(),
    };
    let census = revealed.anatomy.as_ref().map(|a| a.census(&level.map));
    let made = revealed.anatomy.as_ref().map(Anatomy::made_census);
    commands
        .spawn((
            Name::new("Lab legend"),
            Legend,
            DespawnOnExit(GameState::Playing),
            Node {
                position_type: PositionType::Absolute,
                top: px(60),
                left: crate::ui::layout::left_of_content(beside),
                padding: UiRect::all(px(8)),
                flex_direction: FlexDirection::Column,
                row_gap: px(3),
                ..default()
            },
            BackgroundColor(palette::LAB_PANEL),
        ))
        .with_children(|panel| {
            panel.spawn(label(title, scale::SMALL, palette::LAB_TITLE));
            let diggers = Digger::ALL
                .into_iter()
                .enumerate()
                .filter_map(|(i, d)| Some((digger_colour(d), d.name(), census?[i])));
            let makings = Made::ALL
                .into_iter()
                .enumerate()
                .filter_map(|(i, m)| Some((palette::made(m), m.name(), made?[i])));
            for (colour, name, n) in diggers.chain(makings).filter(|&(_, _, n)| n > 0) {
                panel
                    .spawn(Node {
                        column_gap: px(6),
                        align_items: AlignItems::Center,
                        ..default()
                    })
                    .with_children(|row| {
                        row.spawn(swatch(colour, 12.0));
                        let plural = if n == 1 { "" } else { "s" };
                        let line = format!("{name:<10} {n} tile{plural}");
                        row.spawn(label(line, scale::SMALL, palette::LAB_TEXT));
                    });
            }
            if let Some(a) = &revealed.anatomy {
                panel.spawn(label(
                    format!("{} BSP leaves outlined", a.leaves.len()),
                    13.0,
                    palette::LEAF_OUTLINE,
                ));
            }
            panel.spawn(label(
                "F2 leaves the lab, n makes the next level",
                scale::SMALL,
                palette::LAB_NOTE,
            ));
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leaf_edges_frame_the_leaf() {
        let wall = "#".repeat(20) + "\n";
        let text = wall.clone() + "#@" + &"#".repeat(18) + "\n" + &wall.repeat(13);
        let map = delve_core::map::parse_ascii(text.as_bytes()).unwrap();
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
        let tints: std::collections::HashSet<[u8; 4]> = Made::ALL
            .iter()
            .map(|&m| palette::made(m).to_srgba().to_u8_array())
            .chain(colours)
            .collect();
        assert_eq!(tints.len(), Digger::ALL.len() + Made::ALL.len(), "and every making");
    }
}
