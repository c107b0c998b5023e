//! The settings page: every action's key (press a new one to bind it), the sight radius, the
//! zoom, the text size, the palette, the animations, the travel pace, what explore picks up,
//! the first-time hints, the sound and its volumes, and the defaults back.

use super::{Context, Menu, MenuKey, Outcome, Row};
use crate::action::Action;
use crate::settings::{RADII, Settings, VOLUME_STEPS, ZOOM_STEPS};

pub(super) fn rows() -> Vec<Row> {
    let mut rows: Vec<Row> = Action::ALL.into_iter().map(Row::Bind).collect();
    rows.extend([
        Row::Radius,
        Row::Zoom,
        Row::TextSize,
        Row::ColourBlind,
        Row::Animations,
        Row::Travel,
        Row::ExploreGear,
        Row::Hints,
        Row::Sound,
        Row::Volume,
        Row::EffectsVolume,
        Row::AmbienceVolume,
        Row::Reset,
    ]);
    rows
}

pub(super) fn label(menu: &Menu, row: Row, ctx: &Context) -> String {
    let on = |b: bool| if b { "on" } else { "off" };
    match row {
        Row::Bind(action) if menu.capturing == Some(action) => {
            format!("{}\tpress a key (Esc cancels)", action.describe_short())
        }
        Row::Bind(action) => format!(
            "{}\t{}",
            action.describe_short(),
            ctx.settings.bindings.describe(action)
        ),
        Row::Radius => format!("{}\t< {} >", "sight radius", ctx.settings.radius),
        Row::Zoom => format!("{}\t< {} >", "zoom", ctx.settings.zoom + 1),
        Row::TextSize => format!("{}\t< {}% >", "text size", (ctx.settings.text_scale() * 100.0).round()),
        Row::ColourBlind => format!("{}\t< {} >", "colour-blind palette", on(ctx.settings.colour_blind)),
        Row::Animations => format!(
            "{}\t< {} >",
            "reduce motion",
            if ctx.settings.animations {
                "off: full motion"
            } else {
                "on: still"
            }
        ),
        Row::Travel => format!("{}\t< {} >", "travel and explore", ctx.settings.travel_pace().0),
        Row::ExploreGear => format!(
            "{}\t< {} >",
            "explore picks up",
            if ctx.settings.explore_takes_gear {
                "weapons and armour too"
            } else {
                "potions, scrolls, wands"
            }
        ),
        Row::Hints => format!("{}\t< {} >", "first-time hints", on(ctx.settings.hints)),
        Row::Sound => format!(
            "{}\t< {} >",
            "sound",
            if ctx.settings.muted { "off (muted)" } else { "on" }
        ),
        Row::Volume => format!("{}\t< {}% >", "volume", percent(ctx.settings.volume)),
        Row::EffectsVolume => format!("{}\t< {}% >", "effects", percent(ctx.settings.effects_volume)),
        Row::AmbienceVolume => format!("{}\t< {}% >", "ambience", percent(ctx.settings.ambience_volume)),
        Row::Reset => "Reset to defaults".into(),
        _ => String::new(),
    }
}

pub(super) fn enter(menu: &mut Menu, row: Row, ctx: &mut Context) -> Outcome {
    match row {
        Row::Bind(action) => {
            menu.capturing = Some(action);
            menu.note = Some(format!(
                "Press the new key for \"{}\" (Esc cancels).",
                action.describe_short()
            ));
            Outcome::Nothing
        }
        Row::Reset => {
            *ctx.settings = Settings::default();
            menu.note = Some(
                "Every key, the sight radius, the zoom, the text size, the palette, the animations, the travel pace, what explore picks up, the hints and the sound are back to their defaults."
                    .into(),
            );
            Outcome::SettingsChanged
        }
        _ => adjust(row, true, ctx),
    }
}

/// Left or right on a setting with choices.
pub(super) fn adjust(row: Row, up: bool, ctx: &mut Context) -> Outcome {
    let step = |i: usize, n: usize| if up { (i + 1) % n } else { (i + n - 1) % n };
    let settings = &mut *ctx.settings;
    match row {
        Row::Radius => {
            let r = &mut settings.radius;
            *r = if up {
                (*r + 1).min(*RADII.end())
            } else {
                (*r - 1).max(*RADII.start())
            };
        }
        Row::Zoom => settings.zoom = step(settings.zoom, ZOOM_STEPS),
        Row::TextSize => {
            let n = crate::settings::TEXT_SIZES.len();
            let i = settings.text_size.min(n - 1);
            // Up to the largest and down to the smallest: no wrapping round to a tiny size.
            settings.text_size = if up { (i + 1).min(n - 1) } else { i.saturating_sub(1) };
        }
        Row::ColourBlind => settings.colour_blind = !settings.colour_blind,
        Row::Animations => settings.animations = !settings.animations,
        Row::Travel => settings.travel = step(settings.travel, crate::settings::TRAVEL_PACES.len()),
        Row::ExploreGear => settings.explore_takes_gear = !settings.explore_takes_gear,
        Row::Hints => settings.hints = !settings.hints,
        Row::Sound => settings.muted = !settings.muted,
        Row::Volume => settings.volume = louder(settings.volume, up),
        Row::EffectsVolume => settings.effects_volume = louder(settings.effects_volume, up),
        Row::AmbienceVolume => settings.ambience_volume = louder(settings.ambience_volume, up),
        _ => return Outcome::Nothing,
    }
    Outcome::SettingsChanged
}

/// A volume as a percentage.
fn percent(volume: u8) -> u32 {
    u32::from(volume) * 100 / u32::from(VOLUME_STEPS)
}

/// A volume a step louder (`up`) or quieter: from silent to the loudest, no wrapping round.
fn louder(volume: u8, up: bool) -> u8 {
    if up {
        (volume + 1).min(VOLUME_STEPS)
    } else {
        volume.saturating_sub(1)
    }
}

/// The key pressed while `action` waits for one: bound, unless another action has it.
pub(super) fn capture(menu: &mut Menu, action: Action, key: MenuKey, ctx: &mut Context) -> Outcome {
    let MenuKey::Bind(binding) = key else {
        if key == MenuKey::Back {
            menu.capturing = None;
            menu.note = Some("Nothing changed.".into());
        }
        return Outcome::Nothing;
    };
    let shown = crate::settings::bindings::shown(binding);
    match ctx.settings.bindings.rebind(action, binding, ctx.layout) {
        Ok(()) => {
            menu.capturing = None;
            menu.note = Some(format!("\"{}\" is now on {shown}.", action.describe_short()));
            Outcome::SettingsChanged
        }
        Err(other) => {
            menu.note = Some(format!(
                "{shown} already does \"{}\": refused. Press another key (Esc cancels).",
                other.describe_short()
            ));
            Outcome::Nothing
        }
    }
}
