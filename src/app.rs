//! Assembling the game: Bevy's plugins and Delve's, for the desktop and the browser.

use std::process::ExitCode;

use bevy::asset::AssetMetaCheck;
use bevy::prelude::*;
use bevy::winit::WinitSettings;

use crate::assets::GameAssets;
use crate::fov::FovRadius;
use crate::generation::{GenerationPlugin, LevelSource};

/// Delve's own plugins, everything but Bevy's: generation, turns, the player and input, sight,
/// loading, drawing and the HUD.
pub fn game_plugin(app: &mut App) {
    app.add_plugins((
        GenerationPlugin,
        crate::turn::plugin,
        crate::player::plugin,
        crate::fov::plugin,
        crate::assets::plugin,
        crate::render::plugin,
        crate::hud::plugin,
    ));
}

/// Delve's plugins that need no window, GPU or keyboard: what headless tests run.
pub fn headless_plugin(app: &mut App) {
    app.add_plugins((
        GenerationPlugin,
        crate::turn::plugin,
        crate::player::rules_plugin,
        crate::fov::plugin,
        crate::render::looks_plugin,
    ));
}

/// A window-free game on `source`'s level after its first update: what tests and benchmarks
/// drive. Tiles get a placeholder texture handle, so their looks are built without a GPU.
pub fn headless_app(source: LevelSource) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(source)
        .insert_resource(GameAssets {
            tileset: Handle::default(),
            layout: Handle::default(),
        })
        .add_plugins(headless_plugin);
    app.update();
    app
}

/// Why no window can be opened here, if that can be told before trying.
pub fn missing_display() -> Option<String> {
    if cfg!(not(target_os = "linux")) {
        return None;
    }
    let display = std::env::var("DISPLAY").unwrap_or_default();
    if display.is_empty() {
        return Some("no display found (DISPLAY is not set)".into());
    }
    // A local display ":N" or ":N.S" is a socket; say so if it is not there.
    if let Some(rest) = display.strip_prefix(':') {
        let number = rest.split('.').next().unwrap_or(rest);
        let socket = format!("/tmp/.X11-unix/X{number}");
        if !std::path::Path::new(&socket).exists() {
            return Some(format!(
                "no display found (DISPLAY={display}, but {socket} does not exist)"
            ));
        }
    }
    None
}

/// The whole game on `source`'s level, in `window` (a desktop window or a page's canvas).
pub fn game_app(source: LevelSource, radius: u32, window: Window) -> App {
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(window),
                ..default()
            })
            .set(ImagePlugin::default_nearest())
            // Delve ships no `.meta` files: don't ask for them (on the web, each is a 404).
            .set(AssetPlugin {
                meta_check: AssetMetaCheck::Never,
                ..default()
            }),
    )
    // Turn-based: draw when something happens, not 60 times a second for nothing.
    .insert_resource(WinitSettings::desktop_app())
    .insert_resource(ClearColor(Color::BLACK))
    .insert_resource(source)
    .insert_resource(FovRadius(radius))
    .add_plugins(game_plugin);
    app
}

/// Opens the game window on `source`'s level and runs until the window closes.
pub fn run(source: LevelSource, radius: u32) -> ExitCode {
    if let Some(why) = missing_display() {
        eprintln!("delve: {why}; cannot open a window. Use --ascii to print the level instead.");
        return ExitCode::from(crate::cli::USAGE);
    }
    let window = Window {
        title: "Delve".into(),
        resolution: (1280, 800).into(),
        ..default()
    };
    match game_app(source, radius, window).run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}
