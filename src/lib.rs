//! Delve: a turn-based roguelike on Bevy. The game as a library, so that `main.rs` stays thin
//! and tests and benchmarks can build any part of it.
//!
//! Pure algorithms (`map`, `generation`'s generator, `fov::shadowcast`, `player::rules`) need no
//! `App`; each Bevy plugin (`generation`, `turn`, `player`, `fov`, `assets`, `render`, `hud`)
//! reads resources and components, calls them, and writes the result.

pub mod app;
pub mod assets;
pub mod cli;
pub mod fov;
pub mod generation;
pub mod hud;
pub mod map;
pub mod player;
pub mod render;
pub mod turn;
pub mod web;
