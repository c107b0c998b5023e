//! Terrain that acts and what hides in it: traps sprung, falls, searching for secrets and hidden
//! traps (on purpose or by chance), and each turn fire spreading through grass and doors and gas
//! spreading and thinning out, said as effects on whoever stands in them.

use std::collections::BTreeMap;

use super::flight::teleport_spot;
use super::{Effect, Harm, Scene, Who};
use crate::fov::Viewshed;
use crate::geom::Pos;
use crate::map::Tile;
use crate::rng::GenRng;
use crate::world::{FLASH_TURNS, FUEL_TURNS, GAS_BURST, Level, Trap, TrapKind};

/// How far a search reaches: everything hidden next to the searcher is found, and what is in
/// sight up to this far, one time in two.
pub const SEARCH_REACH: i32 = 3;
/// Walking about, each hidden thing next to the player is noticed one turn in this many.
pub const NOTICE_ONE_IN: u32 = 5;
/// Turns a net holds the player.
pub const NET_TURNS: u8 = 4;
/// The least gas that hurts (thinner gas is only seen).
pub const GAS_HURTS: u8 = 8;

/// Whether something hidden lies at `p`: a secret, or a trap not yet found.
fn hidden_at(level: &Level, p: Pos) -> bool {
    level.map.get(p).is_some_and(Tile::is_secret) || level.trap_at(p).is_some_and(|t| t.hidden)
}

/// A search from `at`: everything hidden within `reach` steps (1; 2 with keen eyes) is found;
/// farther, up to `SEARCH_REACH`, what is in `sight` one time in two (without sight, only what
/// is within reach).
pub(crate) fn search(level: &Level, at: Pos, reach: i32, sight: Option<&Viewshed>, rng: &mut GenRng) -> Vec<Effect> {
    let mut found = Vec::new();
    for y in at.y - SEARCH_REACH..=at.y + SEARCH_REACH {
        for x in at.x - SEARCH_REACH..=at.x + SEARCH_REACH {
            let p = Pos::new(x, y);
            if !hidden_at(level, p) {
                continue;
            }
            let near = (x - at.x).abs() <= reach && (y - at.y).abs() <= reach;
            let seen = sight.is_some_and(|s| s.is_visible(p) || s.is_visible(beside_towards(p, at)));
            if near || (seen && rng.coin()) {
                found.push(Effect::Found(p));
            }
        }
    }
    if found.is_empty() {
        found.push(Effect::Searched);
    }
    found
}

/// The tile next to `p` on the way to `at` (a secret door is a wall: it is seen from its face).
fn beside_towards(p: Pos, at: Pos) -> Pos {
    Pos::new(p.x + (at.x - p.x).signum(), p.y + (at.y - p.y).signum())
}

/// What the player notices by chance, standing at `at`: each hidden thing next to it, one turn
/// in `NOTICE_ONE_IN` (twice as often with `keen` eyes; the stream is drawn on only when there
/// is something to notice).
pub(crate) fn notice(level: &Level, at: Pos, (keen, aware): (bool, i32), rng: &mut GenRng) -> Vec<Effect> {
    let one_in = if keen { NOTICE_ONE_IN / 2 } else { NOTICE_ONE_IN };
    // A ring of awareness: 1 + plus times as often (as seldom, cursed).
    let one_in = if aware >= 0 {
        (one_in / (1 + aware as u32)).max(1)
    } else {
        one_in * (1 + aware.unsigned_abs())
    };
    let mut found = Vec::new();
    for p in crate::paths::neighbours8(at) {
        if hidden_at(level, p) && rng.below(one_in) == 0 {
            found.push(Effect::Found(p));
        }
    }
    found
}

/// A fall to the level below: its damage, then the fall.
pub(crate) fn fall(rng: &mut GenRng) -> Vec<Effect> {
    vec![
        Effect::Harmed {
            cause: Harm::Fall,
            damage: rng.range(2, 5),
        },
        Effect::Fell,
    ]
}

/// What the trap `trap` does to `who`, who just stepped on it.
pub(crate) fn spring(scene: &Scene, who: Who, trap: Trap, rng: &mut GenRng) -> Vec<Effect> {
    let at = trap.at;
    let mut effects = vec![Effect::TrapSprung { at, kind: trap.kind }];
    match trap.kind {
        TrapKind::Dart => effects.push(Effect::Harmed {
            cause: Harm::Dart,
            damage: rng.range(2, 5),
        }),
        TrapKind::Alarm => effects.push(Effect::Alarm(at)),
        TrapKind::Gas => effects.push(Effect::GasReleased { at, amount: GAS_BURST }),
        TrapKind::Net if who == Who::Player => effects.push(Effect::Netted(NET_TURNS)),
        TrapKind::Net => {} // a monster tears through it
        TrapKind::Trapdoor if scene.depth < scene.deepest => effects.extend(fall(rng)),
        TrapKind::Trapdoor => {}
        TrapKind::Teleport => {
            effects.extend(teleport_spot(scene.level, at, scene.player_at, None, rng).map(Effect::Teleported))
        }
        TrapKind::Fire => effects.push(Effect::Ignited(at)),
    }
    effects
}

/// Sets fire at `at` and, round it, to whatever burns: what `Effect::Ignited` does.
pub(crate) fn ignite(level: &mut Level, at: Pos) {
    let fuel = |t: Tile| if t.is_flammable() { FUEL_TURNS } else { FLASH_TURNS };
    let mut catch = |p: Pos, around: bool| {
        let Some(t) = level.map.get(p) else { return };
        let burns = if around {
            t.is_flammable()
        } else {
            !t.is_water() && !t.blocks_movement()
        };
        if burns {
            let left = level.fire.entry(p).or_insert(0);
            *left = (*left).max(fuel(t));
        }
    };
    catch(at, false);
    for p in crate::paths::neighbours8(at) {
        catch(p, true);
    }
}

/// The terrain's own turn where fire burns or gas hangs, as effects for `apply`: fire burns down
/// a turn (`Smouldered`), then catches what burns next to it, one time in two (`Caught`, each
/// tile), then gas spreads and thins (`GasDrifted`). The stream is drawn on only for the tiles
/// that may catch, so only while something burns; what fire and gas do to whoever stands in them
/// is `harms`.
pub(crate) fn stirs(level: &Level, rng: &mut GenRng) -> Vec<Effect> {
    let mut effects = Vec::new();
    if !level.fire.is_empty() {
        effects.push(Effect::Smouldered);
        let mut caught: Vec<Pos> = Vec::new();
        for &p in level.fire.keys() {
            for q in p.neighbours4() {
                let catches = level.map.get(q).is_some_and(Tile::is_flammable)
                    && !level.fire.contains_key(&q)
                    && !caught.contains(&q);
                if catches && rng.coin() {
                    caught.push(q);
                }
            }
        }
        effects.extend(caught.into_iter().map(Effect::Caught));
    }
    if !level.gas.is_empty() {
        effects.push(Effect::GasDrifted);
    }
    effects
}

/// Fire burns down a turn: what `Effect::Smouldered` does. A fire out leaves ashes where it fed.
pub(crate) fn smoulder(level: &mut Level) {
    let burning = std::mem::take(&mut level.fire);
    for (p, left) in burning {
        if left > 1 {
            level.fire.insert(p, left - 1);
        } else if level.map.tile(p).is_flammable() {
            level.map.set(p, Tile::Ashes);
        }
    }
}

/// Fire takes `at`, fed for its full time: what `Effect::Caught` does.
pub(crate) fn catch(level: &mut Level, at: Pos) {
    level.fire.insert(at, FUEL_TURNS);
}

/// Gas spreads to the open tiles round it and thins out: what `Effect::GasDrifted` does.
pub(crate) fn drift(level: &mut Level) {
    let mut next: BTreeMap<Pos, u32> = BTreeMap::new();
    for (&p, &amount) in &level.gas {
        let open: Vec<Pos> = p
            .neighbours4()
            .into_iter()
            .filter(|&q| level.map.get(q).is_some_and(|t| !t.blocks_movement()))
            .collect();
        let share = u32::from(amount) / 5;
        *next.entry(p).or_insert(0) += u32::from(amount) - share * open.len() as u32;
        for q in open {
            *next.entry(q).or_insert(0) += share;
        }
    }
    // Thinning: a tenth and a little more gone each turn, so every cloud clears.
    level.gas = next
        .into_iter()
        .map(|(p, n)| (p, (n * 9 / 10).saturating_sub(1).min(u32::from(u8::MAX)) as u8))
        .filter(|&(_, n)| n > 0)
        .collect();
}

/// What fire and gas do this turn to whoever stands in them: the player at `player_at`, then
/// each monster in order. Fire's damage is rolled.
pub(crate) fn harms(level: &Level, player_at: Pos, rng: &mut GenRng) -> Vec<(Who, Effect)> {
    let mut out = Vec::new();
    let mut hurt = |who: Who, p: Pos, rng: &mut GenRng| {
        if level.fire.contains_key(&p) {
            out.push((
                who,
                Effect::Harmed {
                    cause: Harm::Fire,
                    damage: rng.range(3, 6),
                },
            ));
        } else if level.gas.get(&p).is_some_and(|&n| n >= GAS_HURTS) {
            out.push((
                who,
                Effect::Harmed {
                    cause: Harm::Gas,
                    damage: 1,
                },
            ));
        }
    };
    hurt(Who::Player, player_at, rng);
    for m in &level.monsters {
        // A thing of fire stands in flame unhurt.
        if !(m.kind.stats().habit == crate::world::Habit::Burns && level.fire.contains_key(&m.at)) {
            hurt(Who::Monster(m.id), m.at, rng);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::parse_ascii;

    fn level(s: &str) -> Level {
        Level::bare(parse_ascii(s.as_bytes()).unwrap())
    }

    /// The terrain's turn on `l`, its effects done as `apply` does them.
    fn spread(l: &mut Level, rng: &mut GenRng) {
        for effect in stirs(l, rng) {
            match effect {
                Effect::Smouldered => smoulder(l),
                Effect::Caught(at) => catch(l, at),
                Effect::GasDrifted => drift(l),
                other => panic!("the terrain's turn said {other:?}"),
            }
        }
    }

    #[test]
    fn fire_spreads_through_grass_burns_it_to_ashes_and_stops_at_water_and_stone() {
        let mut l = level("##########\n#@\"\"\"\"-\"\"#\n##########\n");
        ignite(&mut l, Pos::new(2, 1));
        let mut rng = GenRng::new(3);
        for _ in 0..60 {
            spread(&mut l, &mut rng);
        }
        assert!(l.fire.is_empty(), "fire burns out");
        let row: String = l.map.rows()[1].clone();
        assert!(row[2..6].starts_with("``"), "the grass next to the fire burnt: {row}");
        assert!(!row[2..6].contains("`\"`"), "fire spreads only from what burns: {row}");
        assert_eq!(&row[6..9], "-\"\"", "the water stopped it: {row}");
        assert_eq!(l.map.tile(Pos::new(1, 1)), Tile::Floor, "bare floor does not burn");
    }

    #[test]
    fn fire_burns_doors_and_nothing_draws_on_the_stream_when_nothing_burns() {
        let mut l = level("#####\n#@+.#\n#####\n");
        let mut quiet = GenRng::new(9);
        let before = quiet.state();
        spread(&mut l, &mut quiet);
        assert_eq!(quiet.state(), before, "a quiet level leaves the stream alone");
        ignite(&mut l, Pos::new(1, 1));
        assert_eq!(l.fire.get(&Pos::new(2, 1)), Some(&FUEL_TURNS), "the door catches");
        for _ in 0..10 {
            spread(&mut l, &mut quiet);
        }
        assert_eq!(l.map.tile(Pos::new(2, 1)), Tile::Ashes, "the door burnt away");
    }

    #[test]
    fn gas_spreads_along_open_tiles_not_through_walls_and_thins_out() {
        let mut l = level("#########\n#@......#\n####+####\n#.......#\n#########\n");
        l.gas.insert(Pos::new(2, 1), GAS_BURST);
        let mut rng = GenRng::new(1);
        spread(&mut l, &mut rng);
        assert!(l.gas.contains_key(&Pos::new(3, 1)) && l.gas.contains_key(&Pos::new(1, 1)));
        let total = |l: &Level| l.gas.values().map(|&n| u32::from(n)).sum::<u32>();
        let mut last = total(&l);
        let mut turns = 0;
        while !l.gas.is_empty() {
            spread(&mut l, &mut rng);
            let now = total(&l);
            assert!(now < last, "it thins every turn");
            last = now;
            turns += 1;
            assert!(l.gas.keys().all(|p| p.y == 1), "the shut door keeps it in");
        }
        assert!((10..80).contains(&turns), "a cloud clears in {turns} turns");
    }

    #[test]
    fn searching_finds_what_is_next_to_you_always_and_farther_only_in_sight() {
        let mut l = level("#######\n#@.S..#\n#.....#\n#######\n");
        l.traps.push(Trap {
            at: Pos::new(5, 2),
            kind: TrapKind::Dart,
            hidden: true,
        });
        let mut rng = GenRng::new(4);
        assert_eq!(search(&l, Pos::new(1, 1), 1, None, &mut rng), vec![Effect::Searched]);
        assert_eq!(
            search(&l, Pos::new(2, 1), 1, None, &mut rng),
            vec![Effect::Found(Pos::new(3, 1))]
        );
        let found = search(&l, Pos::new(4, 1), 1, None, &mut rng);
        assert!(found.contains(&Effect::Found(Pos::new(3, 1))) && found.contains(&Effect::Found(Pos::new(5, 2))));
        // Passing by: noticed now and then, never what is not next to you.
        let mut noticed = 0;
        for _ in 0..200 {
            noticed += notice(&l, Pos::new(2, 2), (false, 0), &mut rng).len();
            assert!(notice(&l, Pos::new(1, 2), (false, 0), &mut rng).is_empty());
        }
        assert!(
            (15..70).contains(&noticed),
            "{noticed} of 200 at one in {NOTICE_ONE_IN}"
        );
    }

    #[test]
    fn fire_and_gas_hurt_who_stands_in_them() {
        let mut l = level("#####\n#@..#\n#####\n");
        l.fire.insert(Pos::new(1, 1), 2);
        l.gas.insert(Pos::new(2, 1), GAS_HURTS);
        l.gas.insert(Pos::new(3, 1), GAS_HURTS - 1);
        let mut rng = GenRng::new(2);
        let harms = |at, rng: &mut GenRng| harms(&l, at, rng);
        assert!(matches!(
            harms(Pos::new(1, 1), &mut rng)[..],
            [(
                Who::Player,
                Effect::Harmed {
                    cause: Harm::Fire,
                    damage: 3..=6
                }
            )]
        ));
        assert_eq!(
            harms(Pos::new(2, 1), &mut rng),
            vec![(
                Who::Player,
                Effect::Harmed {
                    cause: Harm::Gas,
                    damage: 1
                }
            )]
        );
        assert!(harms(Pos::new(3, 1), &mut rng).is_empty(), "thin gas is only seen");
    }
}
