//! Delve: a turn-based roguelike on Bevy. This crate is the engine shell over `delve-core` (the
//! game without a screen): input, drawing, the HUD and overlays, the screens, the overview map,
//! the generator lab, the walker, where saves are kept, the command line and the browser. Its
//! systems read the run (`turn::Game`), call the core, and show what came of it.

pub mod action;
pub mod actor;
pub mod app;
pub mod assets;
pub mod cli;
pub mod command;
pub mod hud;
pub mod items;
pub mod lab;
pub mod look;
pub mod overlays;
pub mod overview;
pub mod player;
pub mod render;
pub mod replay;
pub mod save;
pub mod screens;
pub mod settings;
pub mod sidebar;
pub mod state;
pub mod travel;
pub mod turn;
pub mod ui;
pub mod web;
pub mod world_space;
