//! Field of view: after every turn, what the player sees (symmetric shadowcasting from
//! `shadowcast`) and which tiles have ever been seen (the `TileMap`'s explored flags).

pub mod shadowcast;

use bevy::prelude::*;

use crate::generation::GridPos;
use crate::map::{Pos, TileMap};
use crate::player::Player;
use crate::turn::{TurnCount, TurnSet};

pub use shadowcast::compute_fov;

/// Default sight radius in tiles.
pub const DEFAULT_RADIUS: u32 = 8;

/// How far the player sees (`--radius`).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq, Deref)]
pub struct FovRadius(pub u32);

impl Default for FovRadius {
    fn default() -> Self {
        FovRadius(DEFAULT_RADIUS)
    }
}

/// What the player sees now, and saw the turn before (so that only tiles whose look changed need
/// redrawing). Its memory is sized to the map once; a turn touches only the tiles in view.
#[derive(Resource, Clone, Debug, Default)]
pub struct Viewshed {
    visible: Vec<Pos>,
    previous: Vec<Pos>,
    mask: Vec<bool>,
    width: u32,
}

impl Viewshed {
    /// The tiles in view, each once.
    pub fn visible(&self) -> &[Pos] {
        &self.visible
    }

    /// The tiles that were in view before the last recompute.
    pub fn previous(&self) -> &[Pos] {
        &self.previous
    }

    pub fn is_visible(&self, p: Pos) -> bool {
        p.x >= 0 && p.y >= 0 && (p.x as u32) < self.width && {
            let i = p.y as usize * self.width as usize + p.x as usize;
            self.mask.get(i).copied().unwrap_or(false)
        }
    }

    /// Recomputes the view from `origin` and marks what is seen as explored.
    pub fn recompute(&mut self, map: &mut TileMap, origin: Pos, radius: u32) {
        let n = map.tiles().len();
        if self.mask.len() != n || self.width != map.width() {
            *self = Viewshed {
                mask: vec![false; n],
                width: map.width(),
                ..default()
            };
        }
        let width = self.width as usize;
        for &p in &self.visible {
            self.mask[p.y as usize * width + p.x as usize] = false;
        }
        // Last turn's view becomes `previous`; the new one is collected into the old buffer.
        std::mem::swap(&mut self.visible, &mut self.previous);
        self.visible.clear();
        let (visible, mask) = (&mut self.visible, &mut self.mask);
        compute_fov(
            origin,
            radius,
            |p| map.blocks_sight(p),
            |p| {
                if map.in_bounds(p) {
                    let i = p.y as usize * width + p.x as usize;
                    if !mask[i] {
                        mask[i] = true;
                        visible.push(p);
                    }
                }
            },
        );
        for &p in &self.visible {
            map.mark_explored(p);
        }
    }
}

/// The tiles visible from `origin` on `map` (each once, in no particular order).
pub fn visible_tiles(map: &TileMap, origin: Pos, radius: u32) -> Vec<Pos> {
    let mut seen = vec![false; map.tiles().len()];
    let mut out = Vec::new();
    compute_fov(
        origin,
        radius,
        |p| map.blocks_sight(p),
        |p| {
            if map.in_bounds(p) && !std::mem::replace(&mut seen[map.index(p)], true) {
                out.push(p);
            }
        },
    );
    out
}

pub fn plugin(app: &mut App) {
    app.init_resource::<FovRadius>()
        .init_resource::<Viewshed>()
        .add_systems(Update, update_viewshed.in_set(TurnSet::See));
}

/// After each turn (and when the player first appears), recompute the view and explored flags.
fn update_viewshed(
    player: Single<Ref<GridPos>, With<Player>>,
    turn: Res<TurnCount>,
    radius: Res<FovRadius>,
    mut map: ResMut<TileMap>,
    mut viewshed: ResMut<Viewshed>,
) {
    if !(player.is_changed() || turn.is_changed()) {
        return;
    }
    viewshed.recompute(&mut map, player.0, radius.0);
}
