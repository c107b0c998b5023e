//! What is shown of the level: as the player knows it, or whole as it was made (the generator
//! lab puts `Revealed` in place). Drawing reads this one view (`Shown`), not the lab's session.

use bevy::prelude::*;
use delve_core::generation::anatomy::Anatomy;
use delve_core::geom::Pos;

/// The level on show in the lab: present only in the lab.
#[derive(Resource, Debug)]
pub struct Revealed {
    pub depth: u32,
    /// How the level was made; `None` for a level read from a map file (shown whole, untinted).
    pub anatomy: Option<Anatomy>,
    /// Where the level's doors are (doors open and close, but never come or go): the tiles
    /// whose look may change out of the player's view, redrawn each turn in the lab.
    pub doors: Vec<Pos>,
}

/// What drawing reads of what is shown: the level whole (the lab's `Revealed`) or as the player
/// knows it, and whether that changed since this system last looked (it came on, went off, or
/// shows another level).
#[derive(bevy::ecs::system::SystemParam)]
pub(crate) struct Shown<'w, 's> {
    revealed: Option<Res<'w, Revealed>>,
    was_on: Local<'s, bool>,
}

impl Shown<'_, '_> {
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
