//! Putting monsters (and, on the deepest level, the relic) on a level as it is made, from that
//! level's seed alone: on room floor, none on stairs, doors or keys, none sharing a tile, none in
//! sight of where you arrive. Deeper levels hold more monsters, and tougher kinds. Packs come
//! together (jackals; goblins from level 4 in war bands with an archer), sharing a mind; most
//! monsters on the first levels are asleep (`asleep_percent`). From level 2, one level in two
//! holds a captive in chains (a kind of its depth), most often with its captors beside it: free
//! it and it fights for you (Brogue's shackled captives).

use crate::fov::compute_fov;
use crate::geom::Dir8;
use crate::geom::Pos;
use crate::map::Tile;
use crate::paths::UNREACHED;
use crate::rng::GenRng;
use crate::world::Level;

use crate::world::{CHAINS, Habit, Kind, Mind, Monster, NORMAL_SPEED};

/// Salt that keeps the monsters' random draws apart from the terrain's.
const SALT: u64 = 0x6d6f_6e73_7465_7273; // "monsters"

/// Monsters on a level of `area` tiles at `depth`: about 3 on a first 80x50 level, 14 on the
/// tenth, in proportion to the area.
pub(crate) fn monster_count(depth: u32, area: u32, rng: &mut GenRng) -> usize {
    population(depth, area) + rng.below(2) as usize
}

/// The monsters a level of `area` tiles at `depth` is made with, on average: what time refills
/// a level to (`rules::round`'s newcomers).
pub fn population(depth: u32, area: u32) -> usize {
    ((1.8 + 1.2 * depth as f64) * f64::from(area) / 4000.0).round() as usize
}

/// The chance, in percent, that a monster on level `depth` is placed asleep: 80 on the first,
/// three fewer each level down.
pub const fn asleep_percent(depth: u32) -> u32 {
    83u32.saturating_sub(3 * depth)
}

/// The first level that may hold a captive.
pub const CAPTIVES_FROM: u32 = 2;
/// The chance, in percent, that a level from `CAPTIVES_FROM` on holds a captive.
pub const CAPTIVE_PERCENT: u32 = 50;
/// The chance, in percent, that a captive's captors stand beside it (one or two of its depth).
pub const CAPTORS_PERCENT: u32 = 70;

/// The level a goblin starts coming in war bands (a goblin archer and another goblin with it).
const WAR_BANDS_FROM: u32 = 4;

/// Who comes with a monster of `kind` on level `depth`.
fn company(kind: Kind, depth: u32, rng: &mut GenRng) -> Vec<Kind> {
    match kind.stats().habit {
        Habit::Pack(lo, hi) => vec![kind; rng.range(lo as i32, hi as i32) as usize],
        _ if kind == Kind::Goblin && depth >= WAR_BANDS_FROM && rng.coin() => vec![Kind::GoblinArcher, Kind::Goblin],
        _ => Vec::new(),
    }
}

/// Fills `level.monsters` (and `level.relic` when `depth == deepest`) for the level made from
/// `seed` at `depth`. `dist` is the walk from the arrival (every door passable).
pub(crate) fn populate(level: &mut Level, seed: u64, depth: u32, deepest: u32, dist: &[u32]) {
    let mut rng = GenRng::new(seed ^ SALT);
    let map = &level.map;
    let arrival = map.start();
    // Everything the arrival has a line of sight to, however far.
    let mut in_sight = vec![false; map.tiles().len()];
    compute_fov(
        arrival,
        map.width().max(map.height()),
        |p| map.blocks_sight(p),
        |p| {
            if map.in_bounds(p) {
                in_sight[map.index(p)] = true;
            }
        },
    );
    // Room floor out of that sight and not under a key, row by row (no division per tile).
    let (tiles, w) = (map.tiles(), map.width() as usize);
    let mut spots: Vec<Pos> = Vec::new();
    for (y, row) in tiles.chunks_exact(w).enumerate() {
        for (x, &t) in row.iter().enumerate() {
            let p = Pos::new(x as i32, y as i32);
            if t == Tile::Floor && !in_sight[y * w + x] && level.key_at(p).is_none() {
                spots.push(p);
            }
        }
    }
    if depth == deepest {
        // The relic lies on the room floor farthest to walk from the arrival.
        // Farthest first, then nearest the top, then nearest the left (no two tiles rank alike).
        let rank = |i: usize, p: Pos| (dist[i], std::cmp::Reverse((p.y, p.x)));
        let mut far: Option<(usize, Pos)> = None;
        for (i, &t) in tiles.iter().enumerate() {
            if t != Tile::Floor || dist[i] == UNREACHED {
                continue;
            }
            let p = Pos::new((i % w) as i32, (i / w) as i32);
            if p != arrival && level.key_at(p).is_none() && far.is_none_or(|(j, q)| rank(i, p) >= rank(j, q)) {
                far = Some((i, p));
            }
        }
        let far = far.map(|f| f.1);
        level.relic = far;
        spots.retain(|&p| Some(p) != far);
    }
    let count = monster_count(depth, map.width() * map.height(), &mut rng).min(spots.len() / 4);
    let mut free = vec![false; tiles.len()];
    for p in &spots {
        free[map.index(*p)] = true;
    }
    let mut monsters: Vec<Monster> = Vec::with_capacity(count);
    while monsters.len() < count {
        // A spot no one of a band has taken.
        let Some(at) = std::iter::from_fn(|| {
            (!spots.is_empty()).then(|| spots.swap_remove(rng.below(spots.len() as u32) as usize))
        })
        .find(|&p| free[map.index(p)]) else {
            break;
        };
        free[map.index(at)] = false;
        let kind = Kind::choose(depth, &mut rng);
        let mind = if rng.percent(asleep_percent(depth)) {
            Mind::Asleep
        } else {
            Mind::Wandering {
                heading: Dir8::ALL[rng.below(8) as usize],
            }
        };
        let mut band = vec![(kind, at)];
        for mate in company(kind, depth, &mut rng) {
            if monsters.len() + band.len() == count {
                break;
            }
            // Beside the leader (or the last placed), on free room floor.
            let Some(near) = band.iter().rev().find_map(|&(_, p)| {
                crate::paths::neighbours8(p)
                    .into_iter()
                    .find(|&q| map.in_bounds(q) && free[map.index(q)])
            }) else {
                break;
            };
            free[map.index(near)] = false;
            band.push((mate, near));
        }
        for (kind, at) in band {
            monsters.push(Monster {
                id: monsters.len() as u32,
                kind,
                at,
                hp: kind.stats().max_hp,
                energy: rng.below(NORMAL_SPEED as u32) as i32,
                mind,
            });
        }
    }
    // Drawn after the rest, so a level's other monsters are what they were before captives.
    if depth >= CAPTIVES_FROM && count > 0 && rng.percent(CAPTIVE_PERCENT) {
        captive(&mut monsters, &mut spots, &mut free, (map, depth), &mut rng);
    }
    level.monsters = monsters;
}

/// Puts a captive in chains on one of `spots` (a kind of `depth` that fights: no bloat), and
/// most often one or two captors of its depth beside it, awake and standing guard.
fn captive(
    monsters: &mut Vec<Monster>,
    spots: &mut Vec<Pos>,
    free: &mut [bool],
    (map, depth): (&crate::map::TileMap, u32),
    rng: &mut GenRng,
) {
    let Some(at) =
        std::iter::from_fn(|| (!spots.is_empty()).then(|| spots.swap_remove(rng.below(spots.len() as u32) as usize)))
            .find(|&p| free[map.index(p)])
    else {
        return;
    };
    free[map.index(at)] = false;
    let kind = std::iter::repeat_with(|| Kind::choose(depth, rng))
        .take(8)
        .find(|k| k.stats().habit != Habit::Bloat)
        .unwrap_or(Kind::Goblin);
    let mut place = |kind: Kind, at: Pos, mind: Mind, rng: &mut GenRng| {
        monsters.push(Monster {
            id: monsters.len() as u32,
            kind,
            at,
            hp: kind.stats().max_hp,
            energy: rng.below(NORMAL_SPEED as u32) as i32,
            mind,
        });
    };
    place(kind, at, Mind::Captive { chains: CHAINS }, rng);
    if !rng.percent(CAPTORS_PERCENT) {
        return;
    }
    let captors = 1 + rng.below(2);
    for _ in 0..captors {
        let Some(near) = crate::paths::neighbours8(at)
            .into_iter()
            .find(|&q| map.in_bounds(q) && free[map.index(q)])
        else {
            return;
        };
        free[map.index(near)] = false;
        let guard = std::iter::repeat_with(|| Kind::choose(depth, rng))
            .take(8)
            .find(|k| k.stats().habit != Habit::Bloat && !matches!(k.stats().habit, Habit::Pack(..)))
            .unwrap_or(Kind::Goblin);
        // Standing guard: awake, and they look about them from where the captive is.
        let mind = Mind::Hunting {
            target: at,
            patience: crate::world::PATIENCE,
        };
        place(guard, near, mind, rng);
    }
}
