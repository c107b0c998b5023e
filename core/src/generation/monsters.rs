//! Putting monsters (and, on the deepest level, the relic) on a level as it is made, from that
//! level's seed alone: on room floor, none on stairs, doors or keys, none sharing a tile, none in
//! sight of where you arrive. Deeper levels hold more monsters, and tougher kinds. Packs come
//! together (jackals; goblins from level 4 in war bands with an archer), sharing a mind; most
//! monsters on the first levels are asleep (`asleep_percent`). From level 2, one level in two
//! holds a captive in chains (a kind of its depth), most often with its captors beside it: free
//! it and it fights for you (Brogue's shackled captives). Beside the Heartstone sleeps its
//! guardian, the warden. From level 4 a level in few holds a champion: one of its monsters
//! named and stronger, half the time a kind from deeper down.

use crate::fov::compute_fov;
use crate::geom::Dir8;
use crate::geom::Pos;
use crate::map::Tile;
use crate::paths::UNREACHED;
use crate::rng::GenRng;
use crate::world::Level;

use crate::world::{CHAINS, CHAMPION_NAMES, Champion, DEEPEST, Ground, Habit, Kind, Mind, Monster, NORMAL_SPEED};

/// Salt that keeps the monsters' random draws apart from the terrain's.
const SALT: u64 = 0x6d6f_6e73_7465_7273; // "monsters"

/// Monsters on a level of `area` tiles at `depth`: about 4 on a first 80x50 level, 19 on the
/// tenth, in proportion to the area.
pub(crate) fn monster_count(depth: u32, area: u32, rng: &mut GenRng) -> usize {
    population(depth, area) + rng.below(2) as usize
}

/// The monsters a level of `area` tiles at `depth` is made with, on average: what time refills
/// a level to (`rules::round`'s newcomers).
pub fn population(depth: u32, area: u32) -> usize {
    ((2.2 + 1.7 * depth as f64) * f64::from(area) / 4000.0).round() as usize
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

/// The first level that may hold a champion.
pub const CHAMPIONS_FROM: u32 = 4;
/// The chance, in percent, that a level from `CHAMPIONS_FROM` on holds a champion.
pub const CHAMPION_PERCENT: u32 = 60;
/// How many levels deeper a champion out of its depth comes from.
const OUT_OF_DEPTH: u32 = 3;

/// Makes one of `monsters` a champion (not a captive, nor a kind that does not fight hand to
/// hand or lives in water): named, stronger, and half the time a kind from `OUT_OF_DEPTH`
/// levels deeper in its place.
fn crown(monsters: &mut [Monster], depth: u32, rng: &mut GenRng) {
    let fit = crownable;
    let candidates: Vec<usize> = (0..monsters.len())
        .filter(|&i| !monsters[i].is_captive() && fit(monsters[i].kind))
        .collect();
    let Some(i) = rng.pick(&candidates) else {
        return;
    };
    let m = &mut monsters[i];
    // (One of a pack or a war band stays its kind, among its mates.)
    let in_company = matches!(m.kind.stats().habit, Habit::Pack(..)) || m.kind == Kind::Goblin;
    if rng.coin()
        && !in_company
        && let Some(deeper) = std::iter::repeat_with(|| Kind::choose((depth + OUT_OF_DEPTH).min(DEEPEST), rng))
            .take(8)
            .find(|&k| fit(k))
    {
        m.kind = deeper;
    }
    m.champion = Some(Champion(rng.below(CHAMPION_NAMES.len() as u32) as u8));
    m.hp = m.max_hp();
}

/// How a monster placed on level `depth` begins: asleep (`asleep_percent`), or wandering some
/// way.
fn first_mind(depth: u32, rng: &mut GenRng) -> Mind {
    if rng.percent(asleep_percent(depth)) {
        Mind::Asleep
    } else {
        Mind::Wandering {
            heading: Dir8::ALL[rng.below(8) as usize],
        }
    }
}

/// Monster `id` of `kind` placed at `at`, unhurt, of `mind`, with a share of a turn's energy
/// drawn so that monsters made together do not all act in step.
fn placed(id: u32, kind: Kind, at: Pos, mind: Mind, rng: &mut GenRng) -> Monster {
    Monster {
        energy: rng.below(NORMAL_SPEED as u32) as i32,
        ..Monster::new(id, kind, at, mind)
    }
}

/// Whether a kind may be a champion: on land, fighting hand to hand, not the warden.
fn crownable(kind: Kind) -> bool {
    on_land(kind) && !matches!(kind.stats().habit, Habit::Bloat | Habit::Fades | Habit::Guards(_))
}

/// Salts of the draws a mode's levels make after the rest (`swarm`, `crown_all`): a level's
/// other monsters and items are what they are in the standard game.
const SWARM_SALT: u64 = 0x7377_6172_6d5f_6d6f; // "swarm_mo"
const CROWN_SALT: u64 = 0x6372_6f77_6e5f_616c; // "crown_al"

/// Half as many monsters again on the level made from `seed` at `depth` (at least one more),
/// each of the depth, placed as `populate` places them (room floor out of the arrival's sight),
/// on tiles nothing stands or lies on: the swarm challenge.
pub(crate) fn swarm(level: &mut Level, seed: u64, depth: u32) {
    let mut rng = GenRng::new(seed ^ SWARM_SALT);
    let (mut spots, _) = hiding_places(level);
    spots.retain(|&p| {
        level.monster_at(p).is_none()
            && level.item_at(p).is_none()
            && level.relic != Some(p)
            && !level.traps.iter().any(|t| t.at == p)
            && !level.gold.contains_key(&p)
    });
    let extra = (level.monsters.len() / 2).max(1).min(spots.len() / 4);
    let first = level.monsters.iter().map(|m| m.id + 1).max().unwrap_or(0);
    for id in first..first + extra as u32 {
        let at = spots.swap_remove(rng.below(spots.len() as u32) as usize);
        let kind = std::iter::repeat_with(|| Kind::choose(depth, &mut rng))
            .take(8)
            .find(|&k| on_land(k))
            .unwrap_or(Kind::Rat);
        let mind = first_mind(depth, &mut rng);
        level.monsters.push(placed(id, kind, at, mind, &mut rng));
    }
}

/// Every monster of the level made from `seed` that may be a champion made one (named,
/// stronger; its kind kept): the champions challenge.
pub(crate) fn crown_all(level: &mut Level, seed: u64) {
    let mut rng = GenRng::new(seed ^ CROWN_SALT);
    for m in &mut level.monsters {
        if m.champion.is_none() && !m.is_captive() && crownable(m.kind) {
            m.champion = Some(Champion(rng.below(CHAMPION_NAMES.len() as u32) as u8));
            m.hp = m.max_hp();
        }
    }
}

/// Where a level's monsters may be placed: its room floor out of the arrival's line of sight
/// and not under a key, and its deep water out of that sight (for swimmers), row by row.
fn hiding_places(level: &Level) -> (Vec<Pos>, Vec<Pos>) {
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
    // Row by row (no division per tile).
    let (tiles, w) = (map.tiles(), map.width() as usize);
    let mut spots: Vec<Pos> = Vec::new();
    let mut pools: Vec<Pos> = Vec::new();
    for (y, row) in tiles.chunks_exact(w).enumerate() {
        for (x, &t) in row.iter().enumerate() {
            let p = Pos::new(x as i32, y as i32);
            if t == Tile::Floor && !in_sight[y * w + x] && level.key_at(p).is_none() {
                spots.push(p);
            } else if t == Tile::DeepWater && !in_sight[y * w + x] {
                pools.push(p);
            }
        }
    }
    (spots, pools)
}

/// The level a goblin starts coming in war bands (a goblin archer and another goblin with it).
const WAR_BANDS_FROM: u32 = 4;

/// Whether a kind lives on land (a swimmer keeps to deep water).
fn on_land(kind: Kind) -> bool {
    kind.stats().ground() != Ground::Swims
}

/// Who comes with a monster of `kind` on level `depth`.
fn company(kind: Kind, depth: u32, rng: &mut GenRng) -> Vec<Kind> {
    match kind.stats().habit {
        Habit::Pack(lo, hi) => vec![kind; rng.range(lo as i32, hi as i32) as usize],
        _ if kind == Kind::Goblin && depth >= WAR_BANDS_FROM && rng.coin() => vec![Kind::GoblinArcher, Kind::Goblin],
        // A mystic's shields are for its fellows: it never walks alone.
        Habit::Shields(_) => vec![Kind::Goblin; rng.range(1, 2) as usize],
        _ => Vec::new(),
    }
}

/// Fills `level.monsters` (and `level.relic` when `depth == deepest`) for the level made from
/// `seed` at `depth`. `dist` is the walk from the arrival (every door passable).
pub(crate) fn populate(level: &mut Level, seed: u64, depth: u32, deepest: u32, dist: &[u32]) {
    let mut rng = GenRng::new(seed ^ SALT);
    // Room floor out of the arrival's sight, and deep water for swimmers.
    let (mut spots, mut pools) = hiding_places(level);
    let map = &level.map;
    let arrival = map.start();
    let (tiles, w) = (map.tiles(), map.width() as usize);
    let mut lair = None;
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
        // Its guardian sleeps beside it, on room floor (the first such tile round it).
        lair = far.and_then(|r| {
            crate::paths::neighbours8(r)
                .into_iter()
                .find(|&q| map.get(q) == Some(Tile::Floor) && level.key_at(q).is_none())
        });
        spots.retain(|&p| Some(p) != lair);
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
        // A swimmer is drawn only where there is deep water, and put in it.
        let kind = std::iter::repeat_with(|| Kind::choose(depth, &mut rng))
            .take(8)
            .find(|&k| on_land(k) || !pools.is_empty())
            .unwrap_or(Kind::Rat);
        let at = if on_land(kind) {
            at
        } else {
            pools.swap_remove(rng.below(pools.len() as u32) as usize)
        };
        let mind = first_mind(depth, &mut rng);
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
            monsters.push(placed(monsters.len() as u32, kind, at, mind, &mut rng));
        }
    }
    // Drawn after the rest, so a level's other monsters are what they were before captives.
    if depth >= CAPTIVES_FROM && count > 0 && rng.percent(CAPTIVE_PERCENT) {
        captive(&mut monsters, &mut spots, &mut free, (map, depth), &mut rng);
    }
    if depth >= CHAMPIONS_FROM && rng.percent(CHAMPION_PERCENT) {
        crown(&mut monsters, depth, &mut rng);
    }
    if let Some(at) = lair {
        monsters.push(Monster::new(monsters.len() as u32, Kind::Warden, at, Mind::Asleep));
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
        .find(|k| on_land(*k) && !matches!(k.stats().habit, Habit::Bloat | Habit::Unseen))
        .unwrap_or(Kind::Goblin);
    let mut place = |kind: Kind, at: Pos, mind: Mind, rng: &mut GenRng| {
        monsters.push(placed(monsters.len() as u32, kind, at, mind, rng));
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
            .find(|k| on_land(*k) && !matches!(k.stats().habit, Habit::Bloat | Habit::Pack(..)))
            .unwrap_or(Kind::Goblin);
        // Standing guard: awake, and they look about them from where the captive is.
        let mind = Mind::Hunting {
            target: at,
            patience: crate::world::PATIENCE,
        };
        place(guard, near, mind, rng);
    }
}
