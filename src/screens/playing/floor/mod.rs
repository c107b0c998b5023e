//! The playing screen's floor: what its parts share, so that no part imports another (the HUD,
//! the sidebar, the pack, aiming, looking, the overview, the boons, the help and the log each
//! import only this and what lies below the playing screen; `.ci/layers.py` checks it). The
//! pointer over the map, the map cursor, opening an overlay by its key, the words said in more
//! than one place, what is in view, the ghost a run races, and what the sidebar says of a run
//! played live.

pub mod cursor;
pub mod focus;
pub mod live;
pub mod pointer;
pub mod race;
pub mod seen;
pub mod words;
