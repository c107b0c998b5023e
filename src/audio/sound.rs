//! What the player hears: each sound Delve makes, by a name pinned like the effects' (what the
//! log of sounds and the page count), which sound a happening makes, and how loud it reaches the
//! player by the rules' own noise walk (`noise::Earshot`): far ones faint, ones behind a shut
//! door muffled, ones the noise rule would not carry to the player not heard at all.

use delve_core::map::Tile;
use delve_core::rules::noise::{self, Earshot};
use delve_core::rules::{Effect, Happening, Harm, Refusal, Who};
use delve_core::run::Run;
use delve_core::world::{Class, ItemKind, TrapKind};

macro_rules! sounds {
    ($($(#[$doc:meta])* $name:ident = $key:literal,)*) => {
        /// A sound Delve makes (`synth::render` makes it).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Sound {
            $($(#[$doc])* $name,)*
        }

        impl Sound {
            /// Every sound.
            pub const ALL: &[Sound] = &[$(Sound::$name,)*];

            /// Its pinned name (the log of sounds, the page's count): never renamed or reused.
            pub const fn key(self) -> &'static str {
                match self {
                    $(Sound::$name => $key,)*
                }
            }
        }
    };
}

sounds! {
    /// A step on stone.
    Step = "step",
    /// A step into water (or something swept away in it).
    Splash = "splash",
    /// A step through grass.
    Rustle = "rustle",
    /// Walking into a wall.
    Bump = "bump",
    /// A door opened (or unlocked).
    DoorOpen = "door-open",
    /// A door closed.
    DoorClose = "door-close",
    /// A locked door refusing.
    DoorLocked = "door-locked",
    /// A door smashed in.
    DoorSmash = "door-smash",
    /// A blow that lands.
    Hit = "hit",
    /// A blow or a shot that misses.
    Miss = "miss",
    /// The player hurt.
    Hurt = "hurt",
    /// A monster killed.
    Kill = "kill",
    /// Something thrown.
    Throw = "throw",
    /// Something thrown coming down.
    Land = "land",
    /// An arrow or a bolt loosed.
    Shoot = "shoot",
    /// A wand or staff zapped.
    Zap = "zap",
    /// Something picked up.
    PickUp = "pick-up",
    /// Gold picked up.
    Gold = "gold",
    /// A key picked up.
    Key = "key",
    /// A potion drunk.
    Drink = "drink",
    /// A scroll read.
    Read = "read",
    /// Food eaten.
    Eat = "eat",
    /// Magic worked on the player (haste, a map, an enchantment...).
    Magic = "magic",
    /// Healing.
    Heal = "heal",
    /// A teleport, a blink, something summoned or vanishing.
    Teleport = "teleport",
    /// A dart trap.
    Dart = "dart",
    /// A net falling.
    Net = "net",
    /// Gas bursting out.
    Gas = "gas",
    /// Fire breaking out.
    Fire = "fire",
    /// An alarm ringing.
    Alarm = "alarm",
    /// A fall through the floor.
    Fall = "fall",
    /// The stairs taken.
    Stairs = "stairs",
    /// A boon chosen (or the relic taken).
    Boon = "boon",
    /// Hunger growing.
    Hunger = "hunger",
    /// The player's death.
    Death = "death",
    /// The run won.
    Win = "win",
    /// Danger come into view.
    Danger = "danger",
    /// A captive's chains worked.
    Chains = "chains",
    /// A wall dug through.
    Dig = "dig",
    /// Something wielded or worn.
    Equip = "equip",
    /// A menu's cursor moved.
    MenuMove = "menu-move",
    /// A menu's row chosen.
    MenuChoose = "menu-choose",
}

/// One sound to play: which, how loud (0 to 1, before the volume settings), and whether through
/// a shut door.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cue {
    pub sound: Sound,
    pub gain: f32,
    pub muffled: bool,
}

impl Cue {
    /// `sound` at full strength, in the open.
    pub const fn plain(sound: Sound) -> Cue {
        Cue {
            sound,
            gain: 1.0,
            muffled: false,
        }
    }
}

/// How far the player listens, in noise steps: the loudest noise the rules make, with room for
/// a door on the way.
pub const LISTEN: u32 = noise::FIGHT + noise::THROUGH_SHUT_DOOR;

/// The quietest anything heard is played (a sound that reaches the player at all is heard).
const FAINTEST: f32 = 0.12;
/// What a shut door leaves of a sound's strength (besides its high end).
const THROUGH_DOOR: f32 = 0.6;

/// The sound `h` makes in `run` (as it is after the turn), if it makes one the player would
/// hear: whether it is heard, and how well, is `cue`'s.
pub fn sound_of(h: &Happening, run: &Run) -> Option<Sound> {
    let mine = h.who == Who::Player;
    let level = run.dungeon().level();
    // A monster hit and no longer on the level was killed by it (a split leaves two, both there).
    let killed = |id: u32| level.monster_index(id).is_none();
    let blow = |target: Who, damage: Option<i32>| match (target, damage) {
        (_, None) => Sound::Miss,
        (Who::Player, Some(_)) if run.is_over() => Sound::Death,
        (Who::Player, Some(_)) => Sound::Hurt,
        (Who::Monster(id), Some(_)) if killed(id) => Sound::Kill,
        (Who::Monster(_), Some(_)) => Sound::Hit,
    };
    Some(match h.effect {
        Effect::Moved { onto, .. } => match onto {
            Tile::ShallowWater | Tile::DeepWater => Sound::Splash,
            // Monsters' footsteps are left out but for a splash: a level's worth of them would
            // drown everything else.
            _ if !mine => return None,
            Tile::Grass => Sound::Rustle,
            _ => Sound::Step,
        },
        Effect::DoorOpened(_) | Effect::DoorUnlocked(_) => Sound::DoorOpen,
        Effect::DoorClosed(_) => Sound::DoorClose,
        Effect::DoorSmashed(_) => Sound::DoorSmash,
        Effect::KeyTaken(_) => Sound::Key,
        Effect::RelicTaken | Effect::Chose(_) => Sound::Boon,
        Effect::LevelChanged { .. } if mine => Sound::Stairs,
        Effect::Attacked { target, damage } => blow(target, damage),
        Effect::Stabbed { target, damage } | Effect::Struck { target, damage } => {
            blow(Who::Monster(target), Some(damage))
        }
        Effect::Shoved { .. } | Effect::Split { .. } => Sound::Hit,
        Effect::Shot { .. } => Sound::Shoot,
        Effect::Stole(_) | Effect::ItemTaken { .. } => Sound::PickUp,
        Effect::GoldTaken { .. } => Sound::Gold,
        Effect::Escaped => Sound::Win,
        Effect::ItemDropped(_) | Effect::Landed(_) => Sound::Land,
        Effect::Flew { kind, .. } => match kind.class() {
            Class::Wand | Class::Staff => Sound::Zap,
            _ => Sound::Throw,
        },
        Effect::Hurled(_) => Sound::Throw,
        Effect::Ate(_) => Sound::Eat,
        Effect::Healed(_) | Effect::Invigorated(_) => Sound::Heal,
        Effect::Hasted(_)
        | Effect::Mapped
        | Effect::Recharged(_)
        | Effect::Enchanted(_)
        | Effect::Levitating(_)
        | Effect::Telepathic(_)
        | Effect::Fireproof(_)
        | Effect::Detected
        | Effect::Uncursed
        | Effect::Protected
        | Effect::Shattered(_)
        | Effect::Shielded(_)
        | Effect::Slowed { .. }
        | Effect::Found(_) => Sound::Magic,
        Effect::Teleported(_)
        | Effect::Blinked(_)
        | Effect::Summoned { .. }
        | Effect::Called { .. }
        | Effect::Vanished => Sound::Teleport,
        Effect::TrapSprung { kind, .. } => match kind {
            TrapKind::Dart => Sound::Dart,
            TrapKind::Alarm => Sound::Alarm,
            TrapKind::Gas => Sound::Gas,
            TrapKind::Net => Sound::Net,
            TrapKind::Trapdoor => Sound::Fall,
            TrapKind::Teleport => Sound::Teleport,
            TrapKind::Fire => Sound::Fire,
        },
        Effect::Alarm(_) | Effect::Aggravated => Sound::Alarm,
        Effect::GasReleased { .. } | Effect::Corroded => Sound::Gas,
        Effect::Ignited(_) => Sound::Fire,
        Effect::Netted(_) => Sound::Net,
        Effect::Fell => Sound::Fall,
        Effect::Swept(_) => Sound::Splash,
        Effect::Harmed { cause, .. } => match (h.who, cause) {
            (Who::Player, _) if run.is_over() => Sound::Death,
            (Who::Player, _) => Sound::Hurt,
            (Who::Monster(id), _) if killed(id) => Sound::Kill,
            (_, Harm::Fall) => return None, // the fall is its own sound
            _ => Sound::Hit,
        },
        Effect::PoisonHurt | Effect::Starved if run.is_over() => Sound::Death,
        Effect::PoisonHurt => Sound::Hurt,
        Effect::Starved => Sound::Hunger,
        Effect::Unchained(_) => Sound::Chains,
        Effect::Tunnelled(_) => Sound::Dig,
        Effect::Equipped(_) | Effect::Unequipped(_) => Sound::Equip,
        Effect::Poisoned(_) | Effect::Confused(_) | Effect::Paralysed(_) => Sound::Hurt,
        // Said by the turn's other sounds, or by none.
        Effect::LevelChanged { .. }
        | Effect::Waited
        | Effect::AltarsSealed(_)
        | Effect::UsedUp(_)
        | Effect::Identified(_)
        | Effect::StatesWore
        | Effect::Recovered
        | Effect::Digested
        | Effect::Regenerated
        | Effect::Smouldered
        | Effect::Caught(_)
        | Effect::GasDrifted
        | Effect::Reinforced { .. }
        | Effect::Swapped(_)
        | Effect::Ordered(_)
        | Effect::Waned
        | Effect::Revealed(_)
        | Effect::GearTicked
        | Effect::Reaped(_)
        | Effect::Slept(_)
        | Effect::Searched
        | Effect::Began(_) => return None,
    })
}

/// The sound of using what was `kind` (drinking a potion, reading a scroll); the rest sound by
/// what they do.
pub const fn sound_of_use(kind: ItemKind) -> Option<Sound> {
    match kind.class() {
        Class::Potion => Some(Sound::Drink),
        Class::Scroll => Some(Sound::Read),
        _ => None,
    }
}

/// The sound of a refused move: a wall's bump, a locked door's rattle.
pub const fn sound_of_refusal(refusal: Refusal) -> Option<Sound> {
    match refusal {
        Refusal::Locked | Refusal::Shut => Some(Sound::DoorLocked),
        Refusal::Wall => Some(Sound::Bump),
        _ => None,
    }
}

/// How `h`, making `sound`, reaches the player: at full strength if the player did it or it
/// happened to the player; else by the noise walk from the player (`earshot`, walked `LISTEN`
/// steps): what is seen is heard however far (fainter with the steps), what is not seen only as
/// far as the noise rule carries it (`noise::effect_loudness`, at least a step), and through a
/// shut door muffled. `None`: not heard.
pub fn cue(h: &Happening, sound: Sound, run: &Run, earshot: &Earshot, seen: bool) -> Option<Cue> {
    let to_player = matches!(
        h.effect,
        Effect::Attacked {
            target: Who::Player,
            ..
        } | Effect::Shot {
            target: Who::Player,
            ..
        }
    );
    if h.who == Who::Player || to_player {
        return Some(Cue::plain(sound));
    }
    let map = &run.dungeon().level().map;
    // The noise comes from where it happened (a door, a blow's target: `Happening::at`).
    let source = h.at;
    let heard = earshot.heard(map, source);
    let carries = noise::effect_loudness(&h.effect, false).max(noise::WALK);
    let (steps, doors) = match heard {
        Some(h) => (h.steps, h.doors),
        // Seen but the noise has no way round (across a chasm, past crystal): as far as it looks.
        None if seen => (
            delve_core::rules::mind::distance_sq(source, run.player().at).isqrt() as u32,
            0,
        ),
        None => return None,
    };
    if !seen && steps > carries {
        return None;
    }
    let reach = if seen { LISTEN.max(steps) + 1 } else { carries + 1 };
    let mut gain = 1.0 - steps as f32 / reach as f32;
    let muffled = doors > 0 && !seen;
    if muffled {
        gain *= THROUGH_DOOR;
    }
    Some(Cue {
        sound,
        gain: gain.max(FAINTEST),
        muffled,
    })
}
