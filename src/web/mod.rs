//! The browser build: reads the level from the page's URL, shows the seed and any problem on the
//! page, and runs the game in the page's canvas. `?ascii` prints the level into the page instead,
//! which is how the end-to-end test checks that the browser builds the same levels as the desktop;
//! `?golden` checks the golden-level vectors in the browser and prints the verdict.

pub mod params;

#[cfg(target_arch = "wasm32")]
mod page {
    use bevy::prelude::*;

    use super::params::{self, PageRequest};
    use crate::assets::{GameState, LoadFailures};
    use crate::generation::{GenParams, LevelSource, generate};

    fn document() -> Option<web_sys::Document> {
        web_sys::window()?.document()
    }

    /// Sets the text of the page element `id`, if the page has it.
    fn set_text(id: &str, text: &str) {
        if let Some(el) = document().and_then(|d| d.get_element_by_id(id)) {
            el.set_text_content(Some(text));
        }
    }

    /// Marks the page's state on `<body data-delve="...">` for the loader and the tests.
    fn set_state(state: &str) {
        if let Some(body) = document().and_then(|d| d.body()) {
            let _ = body.set_attribute("data-delve", state);
        }
    }

    fn show_level(params: &GenParams) {
        set_text(
            "delve-seed",
            &format!(
                "seed {} · {}x{} · {}",
                params.seed, params.width, params.height, params.style
            ),
        );
        if let Some(link) = document().and_then(|d| d.get_element_by_id("delve-link")) {
            let _ = link.set_attribute("href", &params::query(params));
        }
    }

    pub fn run() {
        let search = web_sys::window()
            .and_then(|w| w.location().search().ok())
            .unwrap_or_default();
        let PageRequest {
            params,
            radius,
            ascii,
            golden,
            problems,
        } = params::parse(&search, rand::random);
        if golden {
            let verdict = match crate::generation::golden::check(crate::generation::golden::VECTORS) {
                Ok(n) => format!("golden: all {n} levels match"),
                Err(bad) => {
                    let lines: Vec<String> = bad.iter().map(|m| m.to_string()).collect();
                    format!("golden: {} mismatches\n{}", bad.len(), lines.join("\n"))
                }
            };
            set_text("delve-ascii", &verdict);
            set_state("golden");
            return;
        }
        if !problems.is_empty() {
            set_text("delve-message", &problems.join(" "));
        }
        show_level(&params);
        if ascii {
            match generate(&params) {
                Ok(g) => {
                    set_text("delve-ascii", &g.map.to_ascii());
                    set_state("ascii");
                }
                Err(e) => {
                    set_text("delve-message", &e.to_string());
                    set_state("failed");
                }
            }
            return;
        }
        let window = Window {
            title: "Delve".into(),
            canvas: Some("#delve-canvas".into()),
            fit_canvas_to_parent: true,
            prevent_default_event_handling: true,
            ..default()
        };
        let mut app = crate::app::game_app(LevelSource::Generate(params), radius, window);
        app.add_systems(OnEnter(GameState::Playing), || set_state("playing"))
            .add_systems(OnEnter(GameState::LoadFailed), |failures: Res<LoadFailures>| {
                // The canvas says it too; the page's message is what a reader or a test finds.
                set_text(
                    "delve-message",
                    &format!("Delve cannot start: {}.", failures.describe("; ")),
                );
                set_state("failed");
            });
        app.run();
    }
}

#[cfg(target_arch = "wasm32")]
pub use page::run;
