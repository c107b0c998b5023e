//! Launch to the first frame, Delve's and an empty Bevy app's: `cargo run --example first_frame
//! -- delve [DIR]` opens Delve's title screen (its saves and settings in DIR, else nowhere) and
//! closes at its first drawn frame; `-- empty` opens an empty Bevy app with a 2D camera and one
//! text, built with the same Bevy and features, and closes at its first drawn frame. Each prints
//! when that was (milliseconds of the Unix clock): `bench/launch.sh` takes the time from before
//! it started the process, and compares the two (docs/performance.md).

use bevy::prelude::*;
use bevy::winit::WinitSettings;

use delve::app::{Launch, run_to_first_title_frame, unix_ms};
use delve::save::Store;

fn main() -> AppExit {
    let mut args = std::env::args().skip(1);
    match args.next().as_deref() {
        Some("delve") => {
            let store = args.next().map_or(Store::Nowhere, |dir| Store::Dir(dir.into()));
            run_to_first_title_frame(Launch::title().with_store(store))
        }
        Some("empty") => empty_app(),
        _ => {
            eprintln!("usage: first_frame delve [DIR] | first_frame empty");
            AppExit::from_code(2)
        }
    }
}

/// Bevy's defaults, a camera and a line of text: the floor a Bevy game starts from.
fn empty_app() -> AppExit {
    App::new()
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "Empty".into(),
                resolution: (1280, 800).into(),
                ..default()
            }),
            ..default()
        }))
        .insert_resource(WinitSettings::continuous())
        .add_systems(Startup, |mut commands: Commands| {
            commands.spawn(Camera2d);
            commands.spawn(Text::new("An empty Bevy app"));
        })
        .add_systems(Last, |mut frames: Local<u32>, mut exit: MessageWriter<AppExit>| {
            *frames += 1;
            // The first frame drew the text; the next one begins after it.
            if *frames == 2 {
                println!("{}", unix_ms());
                exit.write(AppExit::Success);
            }
        })
        .run()
}
