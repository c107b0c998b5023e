//! The rules of a turn, as plain functions over a level: what an action by any actor (you or a
//! monster) comes to, said as data. `resolve` returns the effects an action has, dice rolled (or
//! why it cannot be done, which takes no turn); `apply` is the one place effects change the game;
//! `round` plays a whole turn: your action, then the monsters'. No `App` is needed to call or
//! test any of it. What items do is `items`: using, wearing, throwing and zapping, said as
//! effects like everything else.

mod acts;
pub mod ally;
mod apply;
mod flight;
mod items;
mod magic;
mod marks;
pub mod mind;
pub mod noise;
mod resolve;
mod round;
mod senses;
mod terrain;

pub use acts::{Act, Effect, Harm, Refusal, Who};
pub(crate) use apply::{Stage, apply};
pub use flight::{Flight, flight};
pub use magic::{
    CHARM_HASTE, CHARM_HASTE_PER_LEVEL, CHARM_HEAL, CHARM_HEAL_PER_LEVEL, LIGHTNING_REACH, SLOW_BASE, SLOW_PER_LEVEL,
    TUNNEL_PER_LEVEL, staff_damage,
};
pub use resolve::{Actor, Scene, open_doors_around, resolve};
pub(crate) use resolve::{Guard, diagonal_doorway, free_beside, roll_attack};
pub(crate) use round::play_round;
pub use round::{Happening, REINFORCE_EVERY, REINFORCE_FAR, REINFORCE_PERCENT, Round};
pub(crate) use senses::Senses;
pub use terrain::{NET_TURNS, NOTICE_ONE_IN, SEARCH_REACH};
