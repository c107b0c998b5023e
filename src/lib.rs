//! Delve: a turn-based roguelike on Bevy. The game as a library, so that `main.rs` stays thin
//! and tests and benchmarks can build any part of it.
//!
//! Pure algorithms (`map`, `generation`, `paths`, `fov::shadowcast`, `monsters`, `rules`,
//! `travel::plan`) need no `App`. `dungeon` keeps a run's levels; each Bevy plugin (`turn`, `player`, `fov`, `assets`,
//! `render`, `hud`, `overview`, `lab`, `screens`) reads resources and components, calls the algorithms, and applies
//! what they return.

pub mod actor;
pub mod app;
pub mod assets;
pub mod cli;
pub mod dungeon;
pub mod fov;
pub mod generation;
pub mod hud;
pub mod lab;
pub mod map;
pub mod monsters;
pub mod overview;
pub mod paths;
pub mod player;
pub mod render;
pub mod rules;
pub mod save;
pub mod screens;
pub mod settings;
pub mod travel;
pub mod turn;
pub mod web;
