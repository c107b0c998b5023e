//! Delve: a turn-based roguelike on Bevy. This crate is the engine shell over `delve-core` (the
//! game without a screen): the screens (`screens`: loading, the title, playing with its HUD,
//! sidebar, overlays, lab and replay, the summary), drawing the map (`render`), the run in play
//! and its turns (`turn`, `player`), the walker (`travel`), where saves are kept (`save`), the
//! settings, the command line and the browser. Its systems read the run (`turn::Game`), call the
//! core, and show what came of it.

pub mod action;
pub mod actor;
pub mod app;
pub mod assets;
pub mod audio;
pub mod board;
pub mod cli;
pub mod live;
pub mod player;
pub mod render;
pub mod save;
pub mod screens;
pub mod settings;
pub mod state;
pub mod travel;
pub mod turn;
pub mod ui;
pub mod web;
