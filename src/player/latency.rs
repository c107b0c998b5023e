//! Key to screen: how many frames pass from the frame that reads a key press to the frame whose
//! drawing shows the turn it made. Everything a turn changes on screen (the tiles, the sprites,
//! the HUD) is updated in the frame that reads the key, before that frame is drawn, so this is 0
//! frames later: the press is on screen in the next frame drawn. Logged at debug level
//! (`RUST_LOG=delve=debug`) with the time from reading the key to the end of that frame's update,
//! and kept in `KeyToScreen` for tests.

use bevy::diagnostic::FrameCount;
use bevy::prelude::*;

use crate::turn::Game;

/// The last key press that made a turn: the frames between reading it and the frame that shows
/// the turn, and the time between them (reading the key to the end of that frame's update).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct KeyToScreen {
    /// Frames after the one that read the key (0: the same frame).
    pub frames: Option<u32>,
    /// Microseconds from reading the key to the end of the update that shows its turn.
    pub micros: Option<u128>,
}

/// A key press read and not yet shown: its frame and when it was read.
#[derive(Resource, Debug, Default)]
struct Pending(Option<(u32, bevy::platform::time::Instant)>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<KeyToScreen>()
        .init_resource::<Pending>()
        .add_systems(PreUpdate, note_key_press.after(super::presses::PaceKeys))
        .add_systems(PostUpdate, measure_key_to_screen);
}

/// A key pressed this frame (the first since the last turn shown) starts the clock.
fn note_key_press(keys: Res<ButtonInput<KeyCode>>, frame: Res<FrameCount>, mut pending: ResMut<Pending>) {
    if pending.0.is_none() && keys.get_just_pressed().next().is_some() {
        pending.0 = Some((frame.0, bevy::platform::time::Instant::now()));
    }
}

/// The first turn after a key press stops it (in `PostUpdate`: after the turn and everything that
/// shows it, before the frame is drawn).
fn measure_key_to_screen(
    game: Option<Res<Game>>,
    frame: Res<FrameCount>,
    mut pending: ResMut<Pending>,
    mut shown: ResMut<KeyToScreen>,
) {
    let Some((read, at)) = pending.0 else {
        return;
    };
    if !game.is_some_and(|g| g.is_changed()) {
        // A key that makes no turn (a menu, a refused move) is forgotten after a second.
        if at.elapsed().as_secs() >= 1 {
            pending.0 = None;
        }
        return;
    }
    pending.0 = None;
    let frames = frame.0.wrapping_sub(read);
    let micros = at.elapsed().as_micros();
    *shown = KeyToScreen {
        frames: Some(frames),
        micros: Some(micros),
    };
    debug!("key to screen: {frames} frames after the frame that read the key, {micros} us");
}
