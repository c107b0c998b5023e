//! Traps: the kinds, one row of data each (name, look, what it does in a sentence, from which
//! depth it is laid), and a trap as it lies on a level, hidden or found.

use super::look::{Look, look};
use crate::geom::Pos;

super::stable::catalog! {
    /// A kind of trap. Each has its own answer: step round it, search for it, or lure a monster
    /// over it.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub enum TrapKind: "trap kind";
    /// Its row of the table.
    stats -> TrapStats {
        /// Shoots a dart: a few points of damage.
        Dart = 0 => TrapStats {
            name: "dart trap",
            look: look('^', TRAP_TILE, [200, 200, 210]),
            words: "A hidden spring shoots a dart at whoever steps here: 2 to 5 damage.",
            from_depth: 1,
            weight: 4,
            letter: 'd',
        },
        /// Rings out: every monster on the level comes.
        Alarm = 1 => TrapStats {
            name: "alarm trap",
            look: look('^', TRAP_TILE, [250, 220, 90]),
            words: "A bell rings out when stepped on: every monster on the level comes to it.",
            from_depth: 1,
            weight: 3,
            letter: 'l',
        },
        /// Lets out a cloud of poison gas that spreads and thins.
        Gas = 2 => TrapStats {
            name: "gas trap",
            look: look('^', TRAP_TILE, [140, 210, 90]),
            words: "Lets out a cloud of poison gas that spreads and thins: each turn in it poisons.",
            from_depth: 2,
            weight: 3,
            letter: 'p',
        },
        /// Drops a net: whoever is caught struggles for a few turns while the others act.
        Net = 3 => TrapStats {
            name: "net trap",
            look: look('^', TRAP_TILE, [170, 140, 100]),
            words: "Drops a net: you struggle free in 4 turns while the monsters act.",
            from_depth: 2,
            weight: 3,
            letter: 'n',
        },
        /// Opens under whoever steps on it: a fall to the level below.
        Trapdoor = 4 => TrapStats {
            name: "trapdoor",
            look: look('^', TRAP_TILE, [150, 110, 80]),
            words: "Opens under whoever steps on it: a fall to the level below, and some damage.",
            from_depth: 3,
            weight: 2,
            letter: 'h',
        },
        /// Sends whoever steps on it somewhere else on the level.
        Teleport = 5 => TrapStats {
            name: "teleport trap",
            look: look('^', TRAP_TILE, [190, 120, 240]),
            words: "Sends whoever steps on it somewhere on the level it could have walked to, never past a locked door.",
            from_depth: 2,
            weight: 2,
            letter: 't',
        },
        /// Bursts into flame, which spreads through grass and doors.
        Fire = 6 => TrapStats {
            name: "fire trap",
            look: look('^', TRAP_TILE, [250, 110, 50]),
            words: "Bursts into flame: fire burns whoever stands in it and spreads through grass and doors.",
            from_depth: 3,
            weight: 3,
            letter: 'f',
        },
    }
}

/// What a kind of trap is like: its row of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrapStats {
    /// What players call it ("dart trap").
    pub name: &'static str,
    /// How it is drawn once found (its tile is `TRAP`, tinted).
    pub look: Look,
    /// What it does, in one sentence (look, help, docs).
    pub words: &'static str,
    /// The shallowest depth it is laid at.
    pub from_depth: u32,
    /// How often it is chosen among the kinds laid at a depth.
    pub weight: u32,
    /// The letter drawn on its tile when colours are not enough (the colour-blind palette), and
    /// named in the help: the kinds differ by it as they do by colour.
    pub letter: char,
}

/// The tileset's tile for every trap (drawn pale, tinted by the kind's colour).
pub const TRAP_TILE: u32 = 40;

impl TrapKind {
    /// What players call it.
    pub const fn name(self) -> &'static str {
        self.stats().name
    }

    /// Its name in the tools' contracts (`--json`'s `"traps"`): "dart", "alarm", "gas", "net",
    /// "trapdoor", "teleport", "fire".
    pub const fn key(self) -> &'static str {
        match self {
            TrapKind::Dart => "dart",
            TrapKind::Alarm => "alarm",
            TrapKind::Gas => "gas",
            TrapKind::Net => "net",
            TrapKind::Trapdoor => "trapdoor",
            TrapKind::Teleport => "teleport",
            TrapKind::Fire => "fire",
        }
    }
}

/// A trap lying on a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Trap {
    /// Where it lies.
    pub at: Pos,
    /// What it does.
    pub kind: TrapKind,
    /// Whether the player has yet to find it (by searching, by chance, or by seeing it spring).
    pub hidden: bool,
}

/// How long fire burns on a tile that feeds it (grass, a door, a bridge), in turns.
pub const FUEL_TURNS: u8 = 4;
/// How long fire lasts on bare ground (a fire trap's burst), in turns.
pub const FLASH_TURNS: u8 = 2;
/// The gas a gas trap lets out on its tile (a tile's gas falls as it spreads and thins).
pub const GAS_BURST: u8 = 240;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_its_row_and_its_own_id() {
        for (i, k) in TrapKind::ALL.into_iter().enumerate() {
            assert_eq!(k as usize, i);
            assert_eq!(TrapKind::from_id(k.id()), Some(k));
            assert!(k.stats().words.ends_with('.'));
            assert!(k.name().contains(k.key()) || k == TrapKind::Teleport && k.name().contains("teleport"));
        }
        let bytes = postcard::to_allocvec(&TrapKind::Fire).unwrap();
        assert_eq!(postcard::from_bytes::<TrapKind>(&bytes), Ok(TrapKind::Fire));
        assert!(postcard::from_bytes::<TrapKind>(&[9]).is_err(), "no kind is numbered 9");
    }

    #[test]
    fn the_kinds_differ_by_letter_as_by_colour() {
        for a in TrapKind::ALL {
            for b in TrapKind::ALL.into_iter().filter(|&b| b != a) {
                assert_ne!(a.stats().letter, b.stats().letter, "{a:?} and {b:?}");
                assert_ne!(a.stats().look.rgb, b.stats().look.rgb, "{a:?} and {b:?}");
            }
            assert!(a.stats().letter.is_ascii_lowercase());
        }
    }
}

#[cfg(test)]
mod letters {
    use super::TrapKind;
    use crate::world::Kind;

    /// In the colour-blind palette a trap is told by its letter: never a monster's (the alarm
    /// trap and the goblin archer were both `a`, the gas trap and the goblin both `g`), nor
    /// another trap's.
    #[test]
    fn no_trap_letter_is_a_monsters_or_another_traps() {
        for (i, t) in TrapKind::ALL.iter().enumerate() {
            let letter = t.stats().letter;
            assert!(
                Kind::ALL.iter().all(|k| k.stats().look.glyph != letter),
                "{t:?}'s {letter}"
            );
            assert!(
                TrapKind::ALL[i + 1..].iter().all(|u| u.stats().letter != letter),
                "{t:?}"
            );
        }
    }
}
