//! What the sidebar says of the run played live (`live::send` keeps it up to date): where it
//! can be watched, or why it is not live; empty when it is not played live.

use bevy::prelude::Resource;

/// The live run's line ("" when there is none).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct LiveStatus(pub String);
