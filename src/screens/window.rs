//! The desktop window fits the screen it opens on: the size the player last left it at (or
//! 1280x800 the first time), made smaller to fit the monitor with room for a title bar and a
//! panel, and centred. A size the player chooses by resizing is kept in the settings when the
//! game quits, so the next start opens at it. (The browser's canvas follows its page instead.)

use bevy::prelude::*;
use bevy::window::{Monitor, MonitorSelection, PrimaryMonitor, PrimaryWindow, WindowPosition, WindowResized};

use crate::save::SaveStore;
use crate::settings::Settings;

/// The window's size the first time, in logical pixels.
pub const FIRST_SIZE: UVec2 = UVec2::new(1280, 800);
/// The smallest window the game opens (a screen smaller than this gets a window that fills it).
pub const SMALLEST: UVec2 = UVec2::new(640, 400);
/// What of the monitor's height a window may take: the rest is for a title bar and a panel.
const OF_THE_SCREEN: f32 = 0.92;

pub fn plugin(app: &mut App) {
    // Registered by the window plugin in the game; here too for apps without one (tests).
    app.add_message::<WindowResized>()
        .init_resource::<WindowFit>()
        .add_systems(Update, (fit_to_the_screen, follow_resizes).chain())
        .add_systems(Last, keep_size_on_exit);
}

/// Where the window's fitting stands: fitted once a monitor was seen; the size the player chose
/// by resizing since, if any (to be kept when the game quits).
#[derive(Resource, Debug, Default)]
pub(crate) struct WindowFit {
    fitted: Option<UVec2>,
    chosen: Option<UVec2>,
}

/// The logical size a window should open at: `wanted` (the size kept, or the first size), no
/// larger than the monitor of `physical` pixels at `scale` allows, and never smaller than
/// `SMALLEST` unless the screen is.
pub fn fitted(wanted: Option<UVec2>, physical: UVec2, scale: f64) -> UVec2 {
    let wanted = wanted.unwrap_or(FIRST_SIZE);
    let screen = (physical.as_dvec2() / scale.max(0.1)).as_vec2();
    let room = UVec2::new((screen.x * 0.98) as u32, (screen.y * OF_THE_SCREEN) as u32);
    let floor = SMALLEST.min(screen.as_uvec2());
    wanted.min(room).max(floor)
}

/// Once the primary monitor is known (the frame after the window opens), resizes and centres the
/// window to fit it.
fn fit_to_the_screen(
    mut fit: ResMut<WindowFit>,
    settings: Res<Settings>,
    monitors: Query<(&Monitor, Has<PrimaryMonitor>)>,
    mut window: Query<&mut Window, With<PrimaryWindow>>,
) {
    if fit.fitted.is_some() || cfg!(target_arch = "wasm32") {
        return;
    }
    let Ok(mut window) = window.single_mut() else { return };
    let Some((monitor, _)) = monitors.iter().max_by_key(|(_, primary)| *primary) else {
        return;
    };
    let kept = settings.window.map(|(w, h)| UVec2::new(w, h));
    let size = fitted(kept, monitor.physical_size(), monitor.scale_factor);
    let now = UVec2::new(window.resolution.width() as u32, window.resolution.height() as u32);
    if now != size {
        window.resolution.set(size.x as f32, size.y as f32);
        window.position = WindowPosition::Centered(MonitorSelection::Primary);
    }
    fit.fitted = Some(size);
}

/// A resize after the fitting is the player's choice of size.
fn follow_resizes(mut fit: ResMut<WindowFit>, mut resized: MessageReader<WindowResized>) {
    for r in resized.read() {
        let size = UVec2::new(r.width.round() as u32, r.height.round() as u32);
        if fit.fitted.is_some_and(|f| f != size) {
            fit.chosen = Some(size);
        }
    }
}

/// When the game quits, a size the player chose is kept in the settings (written over the
/// settings as kept now, as the title's settings page does).
fn keep_size_on_exit(
    mut exit: MessageReader<AppExit>,
    fit: Res<WindowFit>,
    mut settings: ResMut<Settings>,
    store: Option<Res<SaveStore>>,
) {
    if exit.read().count() == 0 {
        return;
    }
    let (Some(chosen), Some(store)) = (fit.chosen, store) else {
        return;
    };
    let chosen = (chosen.x, chosen.y);
    if settings.window == Some(chosen) {
        return;
    }
    let before = settings.clone();
    settings.window = Some(chosen);
    // Quitting goes on either way: a size not kept costs only the size.
    _ = crate::save::keep_settings(&store.0, &before, &settings);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_fits_the_screen_it_opens_on() {
        // A big screen: the first size, or the size kept.
        assert_eq!(fitted(None, UVec2::new(1920, 1080), 1.0), FIRST_SIZE);
        assert_eq!(
            fitted(Some(UVec2::new(1500, 900)), UVec2::new(1920, 1080), 1.0),
            UVec2::new(1500, 900)
        );
        // A 1024x600 netbook and a 1366x768 laptop: inside the screen, room left for a title bar.
        let small = fitted(None, UVec2::new(1024, 600), 1.0);
        assert!(small.x <= 1024 && small.y <= 560 && small.y >= 540, "{small}");
        let laptop = fitted(None, UVec2::new(1366, 768), 1.0);
        assert!(laptop.x == 1280 && laptop.y <= 710, "{laptop}");
        // A high-density screen is measured in logical pixels.
        assert_eq!(fitted(None, UVec2::new(2560, 1600), 2.0), UVec2::new(1254, 736));
        // A size kept from a bigger screen shrinks; a tiny one grows to the smallest.
        assert!(fitted(Some(UVec2::new(3000, 2000)), UVec2::new(1280, 800), 1.0).y <= 736);
        assert_eq!(fitted(Some(UVec2::new(100, 50)), UVec2::new(1920, 1080), 1.0), SMALLEST);
        // A screen smaller than the smallest window: the whole screen's width at most.
        assert!(fitted(None, UVec2::new(480, 320), 1.0).x <= 480);
    }
}
