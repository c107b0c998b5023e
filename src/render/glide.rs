//! Things that move glide: a step of the player or a monster is drawn as a slide from its tile to
//! the next over `GLIDE` seconds, easing out, instead of a jump. Only the drawing glides: the rules
//! have already moved it, and a key pressed mid-glide plays at once (its step glides on from
//! where the sprite is drawn then). Longer moves (a teleport, a fall, a new level) jump, and with
//! reduced motion (Settings' animations off) every move does. A blow that lands nudges what it
//! hits: pushed a fifth of a tile away from the blow and back (`Nudge`).

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use crate::render::space::TILE_PX;

/// How long a step's glide takes, in seconds: well under the time between two turns of a held
/// key (`animate::LONGEST` bounds every animation).
pub const GLIDE: f32 = 0.08;
const _: () = assert!(GLIDE <= super::animate::LONGEST);

/// A sprite on its way from one tile to the next: drawn between `from` and `to` until `GLIDE`
/// has passed since `born` (`Time::elapsed_secs`).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Glide {
    from: Vec3,
    to: Vec3,
    born: f32,
}

impl Glide {
    /// Where it is going.
    pub fn to(&self) -> Vec3 {
        self.to
    }
}

/// How long a nudge takes, in seconds.
pub const NUDGE: f32 = 0.12;
const _: () = assert!(NUDGE <= super::animate::LONGEST);
/// How far a nudge pushes, in tiles.
const NUDGE_TILES: f32 = 0.2;

/// A sprite pushed off its tile (`home`) by a blow, along `push`, and coming back, from `born`.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Nudge {
    home: Vec3,
    push: Vec2,
    born: f32,
}

/// Advances every glide and nudge each frame, and keeps the window drawing while one is under way.
pub fn plugin(app: &mut App) {
    app.add_systems(PostUpdate, (advance, nudge_on).before(TransformSystems::Propagate));
}

/// Nudges the sprite `entity` (drawn at `transform`) away along `away`, as a blow that landed on
/// it does, at `now`; not while it glides (its step says enough).
pub(crate) fn nudge(
    commands: &mut Commands,
    (entity, transform, glide): (Entity, &Transform, Option<&Glide>),
    away: Vec2,
    now: f32,
) {
    if glide.is_some() || away == Vec2::ZERO {
        return;
    }
    commands.entity(entity).insert(Nudge {
        home: transform.translation,
        push: away.normalize() * TILE_PX * NUDGE_TILES,
        born: now,
    });
}

/// Each nudge's sprite out and back (out fast, back easing); done, at home. A glide begun
/// meanwhile takes the sprite over.
fn nudge_on(
    mut commands: Commands,
    time: Res<Time>,
    mut nudged: Query<(Entity, &mut Transform, &Nudge, Has<Glide>)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let now = time.elapsed_secs();
    for (entity, mut transform, nudge, gliding) in &mut nudged {
        let k = ((now - nudge.born) / NUDGE).clamp(0.0, 1.0);
        if gliding {
            commands.entity(entity).remove::<Nudge>();
        } else if k >= 1.0 {
            transform.translation = nudge.home;
            commands.entity(entity).remove::<Nudge>();
        } else {
            transform.translation = nudge.home + (nudge.push * bump(k)).extend(0.0);
            redraw.write(RequestRedraw);
        }
    }
}

/// How far out a nudge is, `k` of the way through: out in the first quarter, back by the end.
fn bump(k: f32) -> f32 {
    if k < 0.25 {
        k / 0.25
    } else {
        (1.0 - (k - 0.25) / 0.75).powi(2)
    }
}

/// Moves the sprite `entity` (drawn at `transform`, gliding as `glide` says if it is) to `to`:
/// by a glide from where it is drawn when `to` is one step (a tile, straight or diagonal) from
/// where it was going and `smooth`, else at once.
pub(crate) fn move_to(
    commands: &mut Commands,
    (entity, transform, glide): (Entity, &mut Transform, Option<&Glide>),
    to: Vec3,
    (now, smooth): (f32, bool),
) {
    if glide.is_some_and(|g| g.to == to) || (glide.is_none() && transform.translation == to) {
        return;
    }
    // A nudged sprite moving on: from its tile, not from where the blow pushed it.
    commands.entity(entity).remove::<Nudge>();
    // A step is one tile from where it was going (mid-glide, from the glide's end): keys pressed
    // faster than glides end still glide, from where the sprite is drawn.
    let was = glide.map_or(transform.translation, |g| g.to);
    let step = (to.truncate() - was.truncate()).length();
    if smooth && step <= TILE_PX * 1.5 {
        commands.entity(entity).insert(Glide {
            from: transform.translation,
            to,
            born: now,
        });
    } else {
        transform.translation = to;
        commands.entity(entity).remove::<Glide>();
    }
}

/// Each glide's sprite drawn where it is now; a finished one at its tile, its glide gone.
fn advance(
    mut commands: Commands,
    time: Res<Time>,
    mut gliding: Query<(Entity, &mut Transform, &Glide)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let now = time.elapsed_secs();
    for (entity, mut transform, glide) in &mut gliding {
        let k = ((now - glide.born) / GLIDE).clamp(0.0, 1.0);
        if k >= 1.0 {
            transform.translation = glide.to;
            commands.entity(entity).remove::<Glide>();
        } else {
            transform.translation = glide.from.lerp(glide.to, k * (2.0 - k));
            redraw.write(RequestRedraw);
        }
    }
}
