//! The kinds of monster: one row each of what the kind is like (health, attack, speed, sight,
//! what doors mean to it, its habit, how deep it lives), how it is shown (its letter, tile and
//! colour) and what is said of it. A table of plain data, read by placement, the monsters' minds,
//! combat, drawing, the sidebar, looking, and the docs' table (core/tests/tables.rs).

use super::look::{Look, look};
use crate::rng::GenRng;

/// Energy an actor of normal speed gains each turn; it acts once for every `NORMAL_SPEED` held.
pub const NORMAL_SPEED: i32 = 100;

/// The most turns a monster may be slowed for at once (a staff of slowness zapped again adds to
/// the slowness up to this): its energy never falls below `-MOST_SLOWED * NORMAL_SPEED`.
pub const MOST_SLOWED: i32 = 40;

/// How a kind gets past a closed door.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Doors {
    /// It cannot: a closed door stops it.
    Stopped,
    /// It opens closed doors (locked ones stop it).
    Opens,
    /// It smashes doors open, locked ones too.
    Smashes,
}

/// What a kind does besides walking up and hitting: the behaviour a player learns to handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Habit {
    /// Walks up to you and hits.
    Brute,
    /// Comes with its pack: this many more of its kind, `lo..=hi`.
    Pack(u32, u32),
    /// Runs when hurt to a third of its health, heals while it keeps away, and comes back whole.
    Coward,
    /// Its hit steals something you carry (not what you wield or wear), and then it runs; kill
    /// it to get the thing back.
    Thief,
    /// Shoots you from up to this many tiles along a clear line of fire, and steps back when
    /// you close in.
    Archer(u32),
    /// Does not fight: it drifts up to you and bursts into caustic gas when it dies, poisoning
    /// whoever stands next to it. Better killed from afar, or left alone.
    Bloat,
    /// Flits about: half its moves go where its wings take it.
    Erratic,
    /// Heals a hit point every `REGENERATES_EVERY` turns.
    Regenerates,
    /// Flies: over chasms, lava and deep water as over floor (and over traps without springing
    /// them), erratic as a bat.
    Flies,
    /// Blinks: seeing you from afar, now and then it is next to you in a flash.
    Blinks,
    /// Casts confusion on you from up to this many tiles along a clear line, and keeps its
    /// distance as an archer does.
    Confuses(u32),
    /// Breathes fire at you from up to this many tiles along a clear line (setting grass and
    /// doors alight), and keeps its distance as an archer does.
    Breathes(u32),
    /// Lives in deep water and keeps under it: unseen there but from the next tile, it strikes
    /// from the water at whoever stands on its shore, and never leaves it.
    Submerges,
    /// Throws a web at you from up to this many tiles along a clear line (you struggle
    /// `WEB_TURNS` turns while the world goes on), and keeps its distance as an archer does.
    Webs(u32),
    /// Tunnels through rock on the hunt: a wall it walks into becomes a tunnel.
    Burrows,
    /// A thing of fire: it walks lava and flame unhurt, and its blow sets alight the ground
    /// under whoever it strikes.
    Burns,
    /// Seeing you, it summons spectral blades beside it (`SUMMONS_MOST` on the level at
    /// once), and keeps its distance as an archer does.
    Summons,
    /// Summoned: each turn, one in `FADES_ONE_IN`, it fades away.
    Fades,
    /// Shields a fellow in a fight within this many tiles along a clear line (`SHIELD` points
    /// that take blows first and fade a point a turn), and keeps its distance as an archer does.
    Shields(u32),
    /// Its hit eats at the armour you wear: a point of its enchantment, one hit in
    /// `CORRODE_ONE_IN`.
    Corrodes,
    /// Struck and not slain, it splits: half its hit points stand up beside it as another.
    Splits,
    /// Unseen but from the next tile.
    Unseen,
    /// The Heartstone's guardian: it sleeps beside the stone and fights in three phases by its
    /// wounds (`Phase`): whole, it fights hand to hand; hurt to two thirds, it summons spectral
    /// blades as it fights; to a third, it breathes fire from up to this many tiles (summoning
    /// from farther).
    Guards(u32),
}

/// The guardian's phase, read from its wounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Phase {
    /// Above two thirds of its hit points: it fights hand to hand.
    Whole,
    /// Two thirds or less: it summons spectral blades as it fights.
    Hurt,
    /// A third or less: it breathes fire as well.
    Desperate,
}

impl Phase {
    /// The phase of a guardian with `hp` of `max` hit points.
    pub const fn of(hp: i32, max: i32) -> Phase {
        if hp * 3 <= max {
            Phase::Desperate
        } else if hp * 3 <= max * 2 {
            Phase::Hurt
        } else {
            Phase::Whole
        }
    }
}

/// A caster casts (a breather breathes) one turn in this many that it may.
pub const CAST_ONE_IN: u32 = 3;
/// Turns of confusion a confuser's spell leaves.
pub const CONFUSE_TURNS: u16 = 4;
/// A blinker blinks one turn in this many that it may (seeing you, at least `BLINK_FROM` away).
pub const BLINK_ONE_IN: u32 = 3;
/// The least distance a blinker blinks from.
pub const BLINK_FROM: u32 = 3;

/// How a kind gets over the ground (read from its habit).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ground {
    /// On foot: floors, doors as its row says, shallow water and grass; never deep water, lava
    /// or a chasm.
    Walks,
    /// Over everything open: chasms, lava and deep water too (and traps, unsprung).
    Flies,
    /// In deep water only.
    Swims,
    /// On foot, and through lava and flame as over floor.
    Wades,
    /// On foot, and through rock while it hunts (the wall becomes a tunnel).
    Burrows,
}

/// Turns a web holds you (you struggle while the monsters act).
pub const WEB_TURNS: u8 = 3;
/// The most summoned things a summoner keeps on its level.
pub const SUMMONS_MOST: usize = 3;
/// Summoned things fade one turn in this many.
pub const FADES_ONE_IN: u32 = 15;
/// The points of a shield (hit points over the most, fading a point a turn).
pub const SHIELD: i32 = 10;
/// An acid hit eats at armour one hit in this many.
pub const CORRODE_ONE_IN: u32 = 2;
/// The least enchantment acid leaves on armour.
pub const CORRODED_MOST: i8 = -3;

/// A regenerating kind heals a point every this many turns.
pub const REGENERATES_EVERY: u64 = 3;

impl Habit {
    /// Whether it fights from afar and steps back when you close in: an archer or a caster.
    pub const fn keeps_its_distance(self) -> bool {
        matches!(
            self,
            Habit::Archer(_)
                | Habit::Confuses(_)
                | Habit::Breathes(_)
                | Habit::Webs(_)
                | Habit::Summons
                | Habit::Shields(_)
        )
    }

    /// What the habit means to a player, in a sentence (looking at a monster says it).
    pub fn sentence(self) -> String {
        match self {
            Habit::Brute => "It walks up to you and hits.".into(),
            Habit::Pack(..) => "It hunts in packs.".into(),
            Habit::Coward => "Hurt to a third, it runs, heals and comes back.".into(),
            Habit::Thief => {
                "Its hit steals something you carry (not what you wield or wear); kill it to get it back.".into()
            }
            Habit::Archer(range) => format!("It shoots from up to {range} tiles and steps back when you close in."),
            Habit::Bloat => "It does not fight; it bursts when killed, poisoning whoever stands next to it.".into(),
            Habit::Erratic => "It flits about: half its moves go anywhere.".into(),
            Habit::Regenerates => format!("It heals a hit point every {REGENERATES_EVERY} turns."),
            Habit::Flies => "It flies over chasms, lava and deep water, and flits about.".into(),
            Habit::Blinks => "Seeing you from afar, now and then it blinks to your side.".into(),
            Habit::Confuses(range) => {
                format!("It casts confusion on you from up to {range} tiles, and keeps its distance.")
            }
            Habit::Breathes(range) => {
                format!("It breathes fire at you from up to {range} tiles, setting grass and doors alight.")
            }
            Habit::Submerges => "It lurks unseen in deep water and strikes at whoever stands on its shore.".into(),
            Habit::Webs(range) => {
                format!("It throws webs from up to {range} tiles: you struggle {WEB_TURNS} turns while it comes.")
            }
            Habit::Burrows => "On the hunt it tunnels through rock: no wall keeps it off.".into(),
            Habit::Burns => "It walks lava and flame unhurt, and its blow sets the ground alight.".into(),
            Habit::Summons => {
                format!("Seeing you, it summons spectral blades ({SUMMONS_MOST} at once), and keeps its distance.")
            }
            Habit::Fades => "It fades away soon after it is summoned.".into(),
            Habit::Shields(range) => {
                format!(
                    "It shields a fighting fellow within {range} tiles ({SHIELD} points that fade), and keeps its distance."
                )
            }
            Habit::Corrodes => "Its acid eats at the armour you wear.".into(),
            Habit::Splits => "Struck and not slain, it splits in two.".into(),
            Habit::Unseen => "Unseen but from the next tile.".into(),
            Habit::Guards(range) => format!(
                "It sleeps beside the Heartstone, and wakes when it is taken. Hurt to two thirds it summons spectral blades as it fights; to a third it breathes fire from up to {range} tiles."
            ),
        }
    }
}

/// One row of the table: the kind's rules (its look and words follow: `Stats::shown`).
#[allow(clippy::too_many_arguments)]
const fn row(
    name: &'static str,
    max_hp: i32,
    damage: (i32, i32),
    to_hit: u32,
    speed: i32,
    sight: u32,
    doors: Doors,
    habit: Habit,
    depths: (u32, u32),
    weight: u32,
) -> Stats {
    Stats {
        name,
        max_hp,
        damage,
        to_hit,
        speed,
        sight,
        doors,
        habit,
        depths,
        weight,
        look: look('?', 0, [255, 255, 255]),
        about: "",
    }
}

use Doors::{Opens, Smashes, Stopped};

super::stable::catalog! {
    /// A kind of monster.
    /// Saved by its pinned id (`Kind::id`), never by its place in this list.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub enum Kind: "monster kind";
    /// What the kind is like: name, hit points, damage, to hit %, speed, sight, doors, habit,
    /// levels, weight there; then its look (letter, tile, colour) and what is said of it.
    stats -> Stats {
        /// Weak and quick to die; the first level's pest.
        Rat = 0 => row("rat", 4, (1, 2), 60, 100, 6, Stopped, Habit::Brute, (1, 4), 4)
            .shown(look('r', 10, [150, 110, 80]), "The first level's pest."),
        /// Fast, and comes in packs.
        Jackal = 1 => row("jackal", 5, (1, 3), 65, 200, 8, Stopped, Habit::Pack(1, 2), (1, 6), 2)
            .shown(look('j', 11, [214, 170, 96]), "Fast, and never alone."),
        /// Opens doors; deeper down it comes in war bands with archers.
        Goblin = 2 => row("goblin", 10, (2, 5), 70, 100, 8, Opens, Habit::Brute, (2, 9), 4)
            .shown(
                look('g', 12, [96, 176, 72]),
                "From level 4, half come in war bands (with an archer and another goblin).",
            ),
        /// Sturdier, and opens doors.
        Orc = 3 => row("orc", 18, (3, 7), 75, 100, 7, Opens, Habit::Brute, (4, 10), 4)
            .shown(look('o', 13, [70, 120, 90]), "Sturdy."),
        /// Slow, hits hard, and smashes doors (locked ones too).
        Ogre = 4 => row("ogre", 32, (6, 12), 70, 50, 6, Smashes, Habit::Brute, (6, 10), 2)
            .shown(look('O', 14, [214, 150, 140]), "Slow, and hits hard."),
        /// The strongest; it regenerates.
        Troll = 5 => row("troll", 36, (5, 10), 75, 100, 8, Opens, Habit::Regenerates, (8, 10), 1)
            .shown(look('T', 15, [120, 150, 130]), "The strongest."),
        /// Runs when hurt, and comes back healed.
        Kobold = 6 => row("kobold", 7, (1, 4), 65, 100, 7, Opens, Habit::Coward, (1, 5), 3)
            .shown(look('k', 24, [206, 124, 60]), "Small, and quick to lose heart."),
        /// Steals, and runs.
        Monkey = 7 => row("monkey", 9, (1, 3), 70, 100, 8, Opens, Habit::Thief, (2, 7), 2)
            .shown(look('m', 25, [168, 116, 72]), "Quick-fingered: it runs for good with what it takes."),
        /// Shoots from afar and keeps its distance.
        GoblinArcher = 8 => row("goblin archer", 8, (2, 5), 55, 100, 8, Opens, Habit::Archer(5), (3, 10), 2)
            .shown(look('a', 26, [96, 176, 72]), "It walks with the goblins' war bands."),
        /// Drifts up and bursts into caustic gas.
        Bloat = 9 => row("bloat", 4, (0, 0), 0, 50, 8, Stopped, Habit::Bloat, (4, 10), 2)
            .shown(look('b', 27, [176, 196, 92]), "Kill it from afar, or walk away."),
        /// Fast and erratic.
        VampireBat = 10 => row("vampire bat", 12, (3, 6), 70, 200, 8, Stopped, Habit::Erratic, (5, 8), 2)
            .shown(look('v', 28, [124, 80, 150]), "Fast."),
        /// Fast, and shoots from afar.
        Centaur = 11 => row("centaur", 24, (3, 8), 65, 100, 8, Stopped, Habit::Archer(6), (7, 10), 1)
            .shown(look('C', 29, [156, 108, 66]), "A horseman with a bow."),
        /// A flier: crosses chasms, lava and water.
        Wisp = 12 => row("will-o'-wisp", 10, (2, 4), 70, 100, 8, Stopped, Habit::Flies, (3, 8), 2)
            .shown(look('w', 45, [150, 220, 255]), "A cold light that drifts where no one walks."),
        /// A caster that blinks to your side.
        Imp = 13 => row("imp", 9, (2, 5), 75, 100, 8, Opens, Habit::Blinks, (4, 9), 2)
            .shown(look('i', 46, [214, 70, 60]), "A small devil with a trick of space."),
        /// A caster that confuses from afar.
        GoblinShaman = 14 => row("goblin shaman", 9, (1, 3), 55, 100, 8, Opens, Habit::Confuses(5), (5, 10), 2)
            .shown(look('s', 47, [150, 110, 200]), "It walks with the goblins' war bands, muttering."),
        /// Breathes fire.
        Salamander = 15 => row("salamander", 20, (4, 7), 70, 100, 7, Stopped, Habit::Breathes(4), (6, 10), 2)
            .shown(look('S', 48, [240, 120, 40]), "A lizard of the deep fires."),
        /// A swimmer that strikes from under deep water.
        Eel = 16 => row("eel", 18, (3, 7), 70, 100, 7, Stopped, Habit::Submerges, (2, 7), 3)
            .shown(look('e', 49, [70, 150, 170]), "Found only where the water is deep."),
        /// Splits when struck.
        PinkJelly = 17 => row("pink jelly", 22, (1, 3), 60, 100, 6, Stopped, Habit::Splits, (3, 8), 2)
            .shown(look('J', 50, [240, 140, 190]), "Every blow that does not kill it makes two."),
        /// Webs you from afar.
        GiantSpider = 18 => row("giant spider", 20, (4, 8), 70, 100, 8, Stopped, Habit::Webs(6), (6, 10), 2)
            .shown(look('A', 51, [160, 150, 140]), "It nets its prey, then walks up to it."),
        /// Tunnels through rock.
        RockWorm = 19 => row("rock worm", 16, (2, 5), 70, 100, 6, Stopped, Habit::Burrows, (4, 9), 2)
            .shown(look('W', 52, [176, 150, 120]), "It comes through the walls."),
        /// A creature of fire and lava.
        FireElemental = 20 => row("fire elemental", 22, (4, 8), 75, 100, 8, Stopped, Habit::Burns, (7, 10), 2)
            .shown(look('F', 53, [255, 160, 60]), "It rises out of lava and sets alight what it strikes."),
        /// Summons spectral blades.
        GoblinConjurer = 21 => row("goblin conjurer", 10, (2, 4), 60, 100, 8, Opens, Habit::Summons, (3, 9), 2)
            .shown(look('c', 54, [120, 190, 230]), "Kill it first: its blades fade with time, it does not."),
        /// A conjurer's summoned blade.
        SpectralBlade = 22 => row("spectral blade", 1, (1, 2), 60, 100, 8, Stopped, Habit::Fades, (0, 0), 0)
            .shown(look('B', 55, [190, 220, 255]), "A conjurer's: frail and soon gone. Never found alone."),
        /// Shields its fellows.
        GoblinMystic = 23 => row("goblin mystic", 10, (1, 3), 55, 100, 8, Opens, Habit::Shields(6), (4, 10), 2)
            .shown(look('y', 56, [200, 230, 120]), "It keeps its fellows shielded: kill it first."),
        /// Its acid eats your armour.
        AcidMound = 24 => row("acid mound", 15, (1, 3), 70, 100, 6, Stopped, Habit::Corrodes, (3, 8), 2)
            .shown(look('M', 57, [150, 200, 60]), "Take your armour off to fight it, or kill it from afar."),
        /// Unseen until it is next to you.
        Phantom = 25 => row("phantom", 20, (4, 10), 70, 100, 8, Stopped, Habit::Unseen, (8, 10), 2)
            .shown(look('P', 58, [220, 220, 240]), "You see it only when it is upon you."),
        /// The Heartstone's guardian, on the deepest level.
        Warden = 26 => row("warden", 70, (4, 9), 80, 100, 8, Smashes, Habit::Guards(5), (0, 0), 0)
            .shown(
                look('&', 59, [230, 60, 90]),
                "The Heartstone's guardian: come to it with allies, wands and potions.",
            ),
    }
}

/// What a kind of monster is like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stats {
    /// What players call it.
    pub name: &'static str,
    /// Hit points when unhurt.
    pub max_hp: i32,
    /// Damage of a hit, `lo..=hi`.
    pub damage: (i32, i32),
    /// Chance to hit, in percent.
    pub to_hit: u32,
    /// Energy gained per turn: 200 acts twice a turn, 50 every other turn.
    pub speed: i32,
    /// How far it notices you, awake (asleep: only from the next tile, `mind::sight_radius`).
    pub sight: u32,
    /// What a closed door means to it.
    pub doors: Doors,
    /// What it does besides walking up and hitting.
    pub habit: Habit,
    /// The levels it is found on, and how common it is there.
    pub depths: (u32, u32),
    /// How common it is where it lives, against the others there.
    pub weight: u32,
    /// How it is shown.
    pub look: Look,
    /// What it is like, in a sentence (the docs' table says it).
    pub about: &'static str,
}

impl Stats {
    /// The row with its look and words.
    const fn shown(self, look: Look, about: &'static str) -> Stats {
        Stats { look, about, ..self }
    }

    /// Its name for more than one ("goblin archers", "wolves" would be "wolfs": a kind whose
    /// plural is not made so needs a row of its own for it).
    pub fn plural(&self) -> String {
        let name = self.name;
        if name.ends_with('s') || name.ends_with('x') || name.ends_with("ch") || name.ends_with("sh") {
            format!("{name}es")
        } else if let Some(stem) = name.strip_suffix('y').filter(|s| !s.ends_with(['a', 'e', 'o', 'u'])) {
            format!("{stem}ies")
        } else {
            format!("{name}s")
        }
    }

    /// How it gets over the ground.
    pub const fn ground(&self) -> Ground {
        match self.habit {
            Habit::Flies => Ground::Flies,
            Habit::Submerges => Ground::Swims,
            Habit::Burns => Ground::Wades,
            Habit::Burrows => Ground::Burrows,
            _ => Ground::Walks,
        }
    }

    /// Whether it flies.
    pub const fn flies(&self) -> bool {
        matches!(self.habit, Habit::Flies)
    }

    /// Whether it gets through closed doors (by opening or smashing them).
    pub const fn passes_doors(&self) -> bool {
        !matches!(self.doors, Doors::Stopped)
    }
}

impl Kind {
    /// Who gets past a closed door, and how, in a sentence made from the rows (the help says
    /// it): "Goblins, orcs and trolls open doors; ogres smash them, locked ones too; rats and
    /// jackals cannot."
    pub fn doors_sentence() -> String {
        let who = |doors: Doors| {
            let names: Vec<String> = Kind::ALL
                .into_iter()
                .filter(|k| k.stats().doors == doors)
                .map(|k| k.stats().plural())
                .collect();
            match names.as_slice() {
                [] => None,
                [one] => Some(one.clone()),
                [rest @ .., last] => Some(format!("{} and {last}", rest.join(", "))),
            }
        };
        let parts: Vec<String> = [
            who(Doors::Opens).map(|w| format!("{w} open doors")),
            who(Doors::Smashes).map(|w| format!("{w} smash them, locked ones too")),
            who(Doors::Stopped).map(|w| format!("{w} cannot")),
        ]
        .into_iter()
        .flatten()
        .collect();
        format!("{}.", super::item::capitalised(&parts.join("; ")))
    }

    /// The band it walks with: the goblins' kinds are one band (led by the goblins), every
    /// other kind its own.
    pub const fn band(self) -> Kind {
        match self {
            Kind::GoblinArcher | Kind::GoblinShaman | Kind::GoblinConjurer | Kind::GoblinMystic => Kind::Goblin,
            k => k,
        }
    }

    /// What players call it ("goblin").
    pub const fn name(self) -> &'static str {
        self.stats().name
    }

    /// The light it gives where it goes: a will-o'-wisp's cold glow, a fire elemental's flames;
    /// the rest give none (and are not seen in darkness).
    pub const fn glow(self) -> Option<crate::fov::light::Glow> {
        use crate::fov::light::{FIRE, Glow, Rgb};
        match self {
            Kind::Wisp => Some(Glow {
                colour: Rgb::new(120, 190, 256),
                radius: 3,
            }),
            Kind::FireElemental => Some(FIRE),
            _ => None,
        }
    }

    /// A kind for level `depth`, by the weights of the kinds found there.
    pub fn choose(depth: u32, rng: &mut GenRng) -> Kind {
        let here = |k: &Kind| {
            let (lo, hi) = k.stats().depths;
            (lo..=hi).contains(&depth)
        };
        let kinds = Kind::ALL.into_iter().filter(here).map(|k| (k, k.stats().weight));
        rng.pick_weighted(kinds).unwrap_or(Kind::Rat)
    }
}

/// The farthest any kind notices you: the radius one line-of-sight pass from the player must
/// cover for every monster's noticing to be read from it.
pub const MAX_SIGHT: u32 = {
    let mut most = 0;
    let mut i = 0;
    while i < Kind::ALL.len() {
        let s = Kind::ALL[i].stats().sight;
        if s > most {
            most = s;
        }
        i += 1;
    }
    most
};

// No monster notices you from farther than you see by default: if it sees you, you see it.
const _: () = assert!(MAX_SIGHT <= crate::fov::DEFAULT_RADIUS);

#[cfg(test)]
mod tests {
    use super::*;

    fn found_on(depth: u32) -> Vec<Kind> {
        Kind::ALL
            .into_iter()
            .filter(|k| (k.stats().depths.0..=k.stats().depths.1).contains(&depth))
            .collect()
    }

    #[test]
    fn the_doors_sentence_names_every_kind_by_its_row() {
        let sentence = Kind::doors_sentence();
        assert!(
            sentence
                .starts_with("Goblins, orcs, trolls, kobolds, monkeys, goblin archers, imps, goblin shamans, goblin conjurers and goblin mystics open doors; ogres and wardens smash them"),
            "{sentence}"
        );
        for kind in Kind::ALL {
            assert!(
                sentence.to_lowercase().contains(&kind.stats().plural()),
                "{kind:?}: {sentence}"
            );
        }
        assert!(
            sentence.ends_with("fire elementals, spectral blades, acid mounds and phantoms cannot."),
            "{sentence}"
        );
    }

    #[test]
    fn every_level_meets_a_new_mix_and_deeper_is_harder() {
        let threat = |depth: u32| {
            let kinds = found_on(depth);
            let total: u32 = kinds.iter().map(|k| k.stats().weight).sum();
            let sum: f64 = kinds
                .iter()
                .map(|k| {
                    let s = k.stats();
                    f64::from(s.weight) * f64::from(s.max_hp) * f64::from(s.damage.0 + s.damage.1)
                })
                .sum();
            sum / f64::from(total)
        };
        for depth in 2..=crate::world::DEEPEST {
            assert_ne!(
                found_on(depth),
                found_on(depth - 1),
                "level {depth} meets what {} did",
                depth - 1
            );
            assert!(
                threat(depth) > threat(depth - 1),
                "level {depth} is no harder than the one above"
            );
        }
        for kind in Kind::ALL {
            assert_eq!(Kind::ALL[kind as usize], kind);
            assert!(kind.stats().sight <= crate::fov::DEFAULT_RADIUS);
        }
    }

    #[test]
    fn every_level_has_kinds_and_the_first_is_gentle() {
        let mut rng = GenRng::new(7);
        for depth in 1..=crate::world::DEEPEST {
            for _ in 0..200 {
                let k = Kind::choose(depth, &mut rng);
                let (lo, hi) = k.stats().depths;
                assert!((lo..=hi).contains(&depth), "{k:?} on level {depth}");
                if depth == 1 {
                    assert!(matches!(k, Kind::Rat | Kind::Jackal | Kind::Kobold), "{k:?} on level 1");
                }
            }
        }
    }
}
