//! The player's settings: key bindings, sight radius and zoom, kept as RON text beside the save
//! (local storage in the browser) and applied when a run starts. A settings file that cannot be
//! read is set aside and the defaults used. Letter commands follow the player's keyboard layout,
//! learned here from what each key types.

pub mod bindings;
pub mod keyboard;

use bevy::prelude::*;
use leafwing_input_manager::prelude::InputMap;
use serde::{Deserialize, Serialize};

use crate::action::Action;
use delve_core::fov::DEFAULT_RADIUS;

pub use bindings::{Binding, Bindings, Layout};

/// The zoom steps a setting can choose (indices into the camera's zoom table).
pub(crate) const ZOOM_STEPS: usize = 4;
/// The sizes text and the interface can be drawn at (Bevy's `UiScale`), smallest first.
pub const TEXT_SIZES: [f32; 5] = [0.85, 1.0, 1.15, 1.3, 1.5];

/// The paces travel and explore may step at (rest is a wait a frame whatever the pace): its
/// name, and the time between two steps. "normal" is a pace the eye can follow; "instant" steps
/// every frame (DCSS's `travel_delay = -1`), for players who want only where the walk stops.
pub const TRAVEL_PACES: [(&str, u64); 3] = [("normal", 70), ("fast", 25), ("instant", 0)];
/// The sight radii a setting can choose.
pub(crate) const RADII: std::ops::RangeInclusive<u32> = 2..=30;

/// Whether `url` can be a board's address (the settings' `board`, `--board`).
pub fn check_board_url(url: &str) -> Result<(), String> {
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
        .ok_or_else(|| format!("a board's address starts http:// or https:// (it was {url:?})"))?;
    if rest.trim_end_matches('/').is_empty() || rest.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(format!("{url:?} is not a board's address"));
    }
    Ok(())
}

/// What the player chose.
#[derive(Resource, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub bindings: Bindings,
    /// How far the player sees, in tiles.
    pub radius: u32,
    /// The camera's zoom step when a run starts (0 is the widest).
    pub zoom: usize,
    /// Whether the sidebar is shown.
    pub sidebar: bool,
    /// The size of text and the interface: an index into `TEXT_SIZES`.
    pub text_size: usize,
    /// The colour-blind palette: health bars in blue, orange and vermilion, and each monster's
    /// letter drawn over its picture.
    pub colour_blind: bool,
    /// Short animations of what a turn did (a flight, a hit's flash, a door's swing).
    pub animations: bool,
    /// The pace of travel and explore: an index into `TRAVEL_PACES`.
    pub travel: usize,
    /// Whether explore (`x`) picks up weapons and armour on its way, as it does potions and
    /// scrolls (off: it leaves them lying and says so, the player choosing).
    pub explore_takes_gear: bool,
    /// The desktop window's size as the player last left it (logical pixels), made smaller to
    /// fit the screen at start; `None` until the player resizes it.
    pub window: Option<(u32, u32)>,
    /// The board finished runs may be submitted to (`http://…` or `https://…`; `--board` says
    /// it for one game), and the name to submit under (the last one used when `None`).
    pub board: Option<String>,
    /// The name runs are submitted under.
    pub board_name: Option<String>,
    /// Sound: the whole, the effects and the ambience, each 0 (silent) to `VOLUME_STEPS`.
    pub volume: u8,
    pub effects_volume: u8,
    pub ambience_volume: u8,
    /// Sound off (the mute key), the volumes kept for when it is on again.
    pub muted: bool,
    /// First-time hints: a line the first time something a newcomer should understand happens
    /// (`screens::playing::hints`).
    pub hints: bool,
}

/// The steps a volume goes up in: 0 is silent, this is the loudest.
pub const VOLUME_STEPS: u8 = 10;

/// The window sizes a settings file may keep: anything else is the default (none kept).
pub(crate) const WINDOW_SIZES: std::ops::RangeInclusive<u32> = 200..=16_384;

impl Default for Settings {
    fn default() -> Self {
        Settings {
            bindings: Bindings::default(),
            radius: DEFAULT_RADIUS,
            zoom: 1,
            sidebar: true,
            text_size: 1,
            colour_blind: false,
            animations: true,
            travel: 0,
            explore_takes_gear: false,
            window: None,
            board: None,
            board_name: None,
            volume: 8,
            effects_volume: 8,
            ambience_volume: 5,
            muted: false,
            hints: true,
        }
    }
}

impl Settings {
    /// The interface's scale for the chosen text size.
    pub fn text_scale(&self) -> f32 {
        TEXT_SIZES[self.text_size.min(TEXT_SIZES.len() - 1)]
    }

    /// The chosen travel pace: its name and the time between two steps of a walk.
    pub fn travel_pace(&self) -> (&'static str, std::time::Duration) {
        let (name, ms) = TRAVEL_PACES[self.travel.min(TRAVEL_PACES.len() - 1)];
        (name, std::time::Duration::from_millis(ms))
    }

    pub fn to_text(&self) -> String {
        let config = ron::ser::PrettyConfig::default().depth_limit(2);
        ron::ser::to_string_pretty(self, config).expect("settings always serialise")
    }

    /// Settings from a file's bytes. Each setting stands alone: an action left out, with no
    /// key, or with keys this Delve does not know keeps its default keys (the keys it knows are
    /// kept); a radius or zoom out of range is the default. Only a file that is not settings at
    /// all is an error (it is then set aside).
    pub fn from_text(bytes: &[u8]) -> Result<Settings, String> {
        let text = std::str::from_utf8(bytes).map_err(|e| format!("not text: {e}"))?;
        let read: Settings = ron::from_str(text).map_err(|e| e.to_string())?;
        let default = Settings::default();
        Ok(Settings {
            bindings: read.bindings.completed(),
            radius: if RADII.contains(&read.radius) {
                read.radius
            } else {
                default.radius
            },
            zoom: if read.zoom < ZOOM_STEPS {
                read.zoom
            } else {
                default.zoom
            },
            sidebar: read.sidebar,
            text_size: if read.text_size < TEXT_SIZES.len() {
                read.text_size
            } else {
                default.text_size
            },
            colour_blind: read.colour_blind,
            animations: read.animations,
            travel: if read.travel < TRAVEL_PACES.len() {
                read.travel
            } else {
                default.travel
            },
            explore_takes_gear: read.explore_takes_gear,
            window: read
                .window
                .filter(|&(w, h)| WINDOW_SIZES.contains(&w) && WINDOW_SIZES.contains(&h)),
            board: read.board.filter(|url| check_board_url(url).is_ok()),
            board_name: read
                .board_name
                .filter(|name| !name.trim().is_empty() && name.chars().count() <= 24),
            volume: read.volume.min(VOLUME_STEPS),
            effects_volume: read.effects_volume.min(VOLUME_STEPS),
            ambience_volume: read.ambience_volume.min(VOLUME_STEPS),
            muted: read.muted,
            hints: read.hints,
        })
    }

    /// `self` (the settings as kept now) with what changed from `before` to `after` written
    /// over it: how two Delves changing settings at once both keep their changes.
    pub fn merged(mut self, before: &Settings, after: &Settings) -> Settings {
        for (action, keys) in &after.bindings.0 {
            if before.bindings.0.get(action) != Some(keys) {
                self.bindings.0.insert(action.clone(), keys.clone());
            }
        }
        if before.radius != after.radius {
            self.radius = after.radius;
        }
        if before.zoom != after.zoom {
            self.zoom = after.zoom;
        }
        if before.sidebar != after.sidebar {
            self.sidebar = after.sidebar;
        }
        if before.text_size != after.text_size {
            self.text_size = after.text_size;
        }
        if before.colour_blind != after.colour_blind {
            self.colour_blind = after.colour_blind;
        }
        if before.animations != after.animations {
            self.animations = after.animations;
        }
        if before.travel != after.travel {
            self.travel = after.travel;
        }
        if before.explore_takes_gear != after.explore_takes_gear {
            self.explore_takes_gear = after.explore_takes_gear;
        }
        if before.window != after.window {
            self.window = after.window;
        }
        if before.board != after.board {
            self.board.clone_from(&after.board);
        }
        if before.board_name != after.board_name {
            self.board_name.clone_from(&after.board_name);
        }
        if before.volume != after.volume {
            self.volume = after.volume;
        }
        if before.effects_volume != after.effects_volume {
            self.effects_volume = after.effects_volume;
        }
        if before.ambience_volume != after.ambience_volume {
            self.ambience_volume = after.ambience_volume;
        }
        if before.muted != after.muted {
            self.muted = after.muted;
        }
        if before.hints != after.hints {
            self.hints = after.hints;
        }
        self
    }
}

/// Which key prints which letter here, as learned from the keys typed so far.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Deref, DerefMut)]
pub(crate) struct KeyboardLayout(pub Layout);

/// The settings and the keyboard layout learned so far, as resources (learning it is
/// `keyboard`'s).
pub fn plugin(app: &mut App) {
    app.init_resource::<Settings>()
        .init_resource::<KeyboardLayout>()
        // Read by `scale_interface` (a headless app has no window to send it, but may read it).
        .add_message::<bevy::window::WindowResized>()
        .add_systems(Update, scale_interface);
}

/// Text and the interface drawn at the size the settings say (where there is an interface),
/// smaller in a window narrower than `FIT_WIDTH` (a phone held upright): down to three quarters,
/// so that a status line and the log leave the map room.
fn scale_interface(
    settings: Res<Settings>,
    scale: Option<ResMut<UiScale>>,
    window: Option<Single<&Window, With<bevy::window::PrimaryWindow>>>,
    mut resized: MessageReader<bevy::window::WindowResized>,
) {
    let resized = resized.read().count() > 0;
    if let Some(mut scale) = scale
        && (settings.is_changed() || scale.is_added() || resized)
    {
        let fit = window.map_or(1.0, |w| narrow_fit(w.resolution.width()));
        let wanted = settings.text_scale() * fit;
        if scale.0 != wanted {
            scale.0 = wanted;
        }
    }
}

/// Below this width (logical pixels) the interface shrinks with the window.
const FIT_WIDTH: f32 = 480.0;

/// How much smaller the interface is drawn in a window `width` logical pixels wide.
fn narrow_fit(width: f32) -> f32 {
    (width / FIT_WIDTH).clamp(0.75, 1.0)
}

/// The input map for the player from the settings on this keyboard.
pub(crate) fn input_map(settings: &Settings, layout: &KeyboardLayout) -> InputMap<Action> {
    settings.bindings.input_map(layout)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_phone_draws_the_interface_smaller_and_a_window_does_not() {
        assert_eq!(super::narrow_fit(1024.0), 1.0);
        assert_eq!(super::narrow_fit(480.0), 1.0);
        assert_eq!(super::narrow_fit(360.0), 0.75);
        assert_eq!(super::narrow_fit(200.0), 0.75, "never below three quarters");
    }

    use super::*;

    #[test]
    fn settings_read_back_and_fill_gaps() {
        let mut settings = Settings {
            radius: 12,
            zoom: 2,
            ..default()
        };
        settings
            .bindings
            .rebind(Action::Explore, Binding::letter('z'), &Layout::default())
            .unwrap();
        assert_eq!(Settings::from_text(settings.to_text().as_bytes()), Ok(settings));
        let partial = Settings::from_text(b"(radius: 5, bindings: {\"Wait\": [\"w\"]})").unwrap();
        assert_eq!(partial.radius, 5);
        assert_eq!(partial.bindings.of(Action::Wait), [Binding::letter('w')]);
        assert_eq!(
            partial.bindings.of(Action::Explore),
            [Binding::letter('x')],
            "left out: default"
        );
        // Each setting stands alone: one out of range, or a key not known, costs only itself.
        let wide = Settings::from_text(b"(radius: 500, zoom: 1)").unwrap();
        assert_eq!((wide.radius, wide.zoom), (Settings::default().radius, 1));
        let looks = Settings::from_text(b"(text_size: 3, colour_blind: true, sidebar: false)").unwrap();
        assert_eq!((looks.text_size, looks.colour_blind, looks.sidebar), (3, true, false));
        assert_eq!(
            Settings::from_text(b"(text_size: 9)").unwrap().text_size,
            1,
            "out of range: default"
        );
        // The travel pace: normal unless chosen, and a pace this Delve does not know is normal.
        assert_eq!(
            Settings::default().travel_pace(),
            ("normal", std::time::Duration::from_millis(70))
        );
        let quick = Settings::from_text(b"(travel: 2)").unwrap();
        assert_eq!(quick.travel_pace(), ("instant", std::time::Duration::ZERO));
        assert_eq!(
            Settings::from_text(b"(travel: 7)").unwrap().travel,
            0,
            "out of range: default"
        );
        let sized = Settings::from_text(b"(window: Some((1100, 700)))").unwrap();
        assert_eq!(sized.window, Some((1100, 700)));
        assert_eq!(
            Settings::from_text(b"(window: Some((0, 99999)))").unwrap().window,
            None,
            "a size no window has: none kept"
        );
        let unknown = Settings::from_text(b"(radius: 5, bindings: {\"Wait\": [\"Nope\"]})").unwrap();
        assert_eq!(unknown.radius, 5);
        assert_eq!(unknown.bindings, Settings::default().bindings);
        // Not settings at all: an error (the file is set aside).
        assert!(Settings::from_text(b"(radius: \"far\")").is_err());
        assert!(Settings::from_text(b"\xff\xfe").is_err());
        // Sound: loud beyond the top is the top; muting is kept.
        let loud = Settings::from_text(b"(volume: 40, ambience_volume: 0, muted: true)").unwrap();
        assert_eq!(
            (loud.volume, loud.effects_volume, loud.ambience_volume, loud.muted),
            (10, 8, 0, true)
        );
    }
}
