//! Playing what the `Soundtrack` asks for, in the game's window: through Web Audio in the
//! browser (from the first key or tap, as browsers allow), through ALSA on Linux (loaded at run
//! time, so nothing is needed to build; without it, or without a device, one line on stderr and
//! silence), at the volumes the settings give.

#[cfg(all(target_os = "linux", not(target_arch = "wasm32")))]
mod alsa;
#[cfg(not(target_arch = "wasm32"))]
mod mix;
#[cfg(target_arch = "wasm32")]
mod web;

use bevy::prelude::*;

use super::Soundtrack;
use crate::settings::{Settings, VOLUME_STEPS};

#[cfg(all(target_os = "linux", not(target_arch = "wasm32")))]
use alsa::Speaker;
#[cfg(target_arch = "wasm32")]
use web::Speaker;

/// Where no output is built (desktops other than Linux): silence, said once.
#[cfg(not(any(target_os = "linux", target_arch = "wasm32")))]
struct Speaker;

#[cfg(not(any(target_os = "linux", target_arch = "wasm32")))]
impl Speaker {
    fn open() -> Speaker {
        eprintln!("sound: no sound output is built for this system yet; playing silent");
        Speaker
    }
    fn play(&mut self, _: super::Cue, _: f32) {}
    fn ambience(&mut self, _: Option<u32>, _: f32) {}
}

/// The gains the settings give: effects' and ambience's, each 0 to 1, nothing while muted.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gains {
    pub effects: f32,
    pub ambience: f32,
}

impl Gains {
    /// From `settings`: each volume step a square law (as the ear hears), times the whole's.
    pub fn of(settings: &Settings) -> Gains {
        let level = |v: u8| (f32::from(v.min(VOLUME_STEPS)) / f32::from(VOLUME_STEPS)).powi(2);
        if settings.muted {
            return Gains {
                effects: 0.0,
                ambience: 0.0,
            };
        }
        let whole = level(settings.volume);
        Gains {
            effects: whole * level(settings.effects_volume),
            ambience: whole * level(settings.ambience_volume),
        }
    }
}

pub fn plugin(app: &mut App) {
    app.insert_non_send(Speaker::open()).add_systems(Last, speak);
}

/// Plays the sounds asked for since the last frame, and the ambience asked for, at the
/// settings' gains.
fn speak(mut soundtrack: ResMut<Soundtrack>, settings: Res<Settings>, mut speaker: NonSendMut<Speaker>) {
    let gains = Gains::of(&settings);
    for cue in soundtrack.take() {
        if gains.effects > 0.0 {
            speaker.play(cue, cue.gain * gains.effects);
        }
    }
    speaker.ambience(soundtrack.ambience(), gains.ambience);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn volumes_multiply_and_muting_silences() {
        let settings = Settings::default();
        let gains = Gains::of(&settings);
        assert!((gains.effects - 0.8f32.powi(4)).abs() < 1e-6);
        assert!(gains.ambience < gains.effects);
        let silent = Settings {
            muted: true,
            ..Settings::default()
        };
        assert_eq!(
            Gains::of(&silent),
            Gains {
                effects: 0.0,
                ambience: 0.0
            }
        );
        let none = Settings {
            volume: 0,
            ..Settings::default()
        };
        assert_eq!(Gains::of(&none).effects, 0.0);
    }
}
