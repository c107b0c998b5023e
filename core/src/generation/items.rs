//! Putting items on a level as it is made (seed 002's `CreateLoot`). What each level holds is
//! planned for the whole run from the run seed alone (`plan`): a budget by depth learned from
//! Rapid Brogue (about 4–6 a level, more on the first two), classes and kinds drawn by weight,
//! healing metered as Brogue meters what must not be missed (its chance rises every level
//! without one and drops when one comes; the first level always has one), and weapons and armour
//! metered so they do not flood. Where they lie comes from the level's own seed, salted apart from
//! the terrain's and the monsters' draws (so a level's terrain, keys and monsters are as they
//! were): room or corridor floor, off the main way more often than on it (Brogue's item heat),
//! never on stairs, doors, keys, the relic or a monster, never two on a tile. Every locked side
//! vault holds a choice on altars (Brogue's item library): take one and the others are sealed.

use crate::map::{DoorState, Tile, TileMap};
use crate::paths::{UNREACHED, distance_map, distances_inside_by};

use super::locks::{Cuts, walk_with_locks_shut};
use crate::rng::GenRng;
use crate::world::{Class, FloorItem, Item, ItemKind, Level, RATION};

use super::Defect;

/// Salt of the run's plan of items.
const PLAN_SALT: u64 = 0x6c6f_6f74_5f70_6c6e; // "loot_pln"
/// Salt of a level's placement of items.
const PLACE_SALT: u64 = 0x6c6f_6f74_5f70_6c63; // "loot_plc"
/// Salt of a level's gold.
const GOLD_SALT: u64 = 0x6c6f_6f74_5f67_6c64; // "loot_gld"

/// How common each class is, before metering, in `Class::ALL` order (food is metered apart:
/// `FOOD_PER_LEVEL`).
const CLASS_WEIGHTS: [u32; 10] = [36, 24, 9, 8, 14, 9, 0, 6, 6, 4];
/// Healing's weight among potions at first, what a level without one adds, what one takes off.
const HEALING_START: u32 = 30;
const HEALING_RISE: u32 = 12;
const HEALING_DROP: u32 = 30;
/// Food metered as Brogue meters it: every level adds this many turns of food owed to the run,
/// and a ration (`RATION` turns) is laid whenever what is owed comes to one. With the stomach a
/// run starts with, a run of ten 80x50 levels finds food for about 21,600 turns (figures in
/// docs/playing.md); bigger levels more, in proportion to their area.
const FOOD_PER_LEVEL: u32 = 2_000;

/// What a weapon or armour found takes off its class's weight (at least `EQUIPMENT_FLOOR` left).
const EQUIPMENT_DROP: u32 = 3;
const EQUIPMENT_FLOOR: u32 = 2;

/// Items on a level at `depth` in a run of levels of `area` tiles, before any vault's: 6–7 on
/// the first two levels and 4–6 deeper, on an 80x50 level, in proportion to the area.
fn budget(depth: u32, area: u32, rng: &mut GenRng) -> usize {
    let base = if depth <= 2 { 6 + rng.below(2) } else { 4 + rng.below(3) };
    ((f64::from(base) * f64::from(area) / 4000.0).round() as usize).max(1)
}

/// The kinds of item level `depth` of the run on `seed` holds (levels of `area` tiles), in the
/// order they are placed: the plan of every level before it is drawn first, so the meters stand
/// where the run's own levels left them whichever level is made first.
pub(crate) fn plan(seed: u64, area: u32, depth: u32) -> Vec<ItemKind> {
    let mut rng = GenRng::new(seed ^ PLAN_SALT);
    let mut classes = CLASS_WEIGHTS;
    let mut healing = HEALING_START;
    let mut kinds = Vec::new();
    let mut dry = 0;
    let mut food_owed = 0;
    for d in 1..=depth {
        kinds.clear();
        // Food for a level in proportion to its area (exploring it takes as long), a quarter
        // of an 80x50 level's at the least.
        food_owed += (u64::from(FOOD_PER_LEVEL) * u64::from(area) / 4000).max(u64::from(FOOD_PER_LEVEL / 4)) as u32;
        // The food owed first (drawing nothing from the stream): a vault's prizes take the
        // level's last kinds off its budget, never its food.
        while food_owed >= RATION {
            kinds.push(ItemKind::Ration);
            food_owed -= RATION;
        }
        let count = budget(d, area, &mut rng) + kinds.len();
        if d == 1 {
            // Something that heals on the first level, always.
            kinds.push(ItemKind::Healing);
            healing = healing.saturating_sub(HEALING_DROP).max(HEALING_RISE);
        }
        let mut healed = d == 1;
        while kinds.len() < count {
            let class = pick_class(&classes, &mut rng);
            let kind = if class == Class::Potion {
                pick_potion(healing, &mut rng)
            } else {
                ItemKind::choose(class, &mut rng)
            };
            match class {
                Class::Potion if kind == ItemKind::Healing => {
                    healing = healing.saturating_sub(HEALING_DROP).max(HEALING_RISE);
                    healed = true;
                }
                Class::Weapon | Class::Armour => {
                    let w = &mut classes[class as usize];
                    *w = w.saturating_sub(EQUIPMENT_DROP).max(EQUIPMENT_FLOOR);
                }
                _ => {}
            }
            kinds.push(kind);
        }
        if healed {
            dry = 0;
        } else {
            // A level without healing after others without: the likelier it is put in instead
            // of the last thing drawn, the longer the drought (never a fourth level).
            dry += 1;
            healing += HEALING_RISE;
            if dry >= 2 && rng.percent(50 * (dry - 1)) {
                if let Some(last) = kinds.last_mut() {
                    *last = ItemKind::Healing;
                }
                healing = healing.saturating_sub(HEALING_DROP).max(HEALING_RISE);
                dry = 0;
            }
        }
    }
    kinds
}

fn pick_class(weights: &[u32; 10], rng: &mut GenRng) -> Class {
    let classes = Class::ALL.into_iter().zip(weights.iter().copied());
    rng.pick_weighted(classes)
        .expect("the classes' weights are never all nothing")
}

/// A potion, healing weighed by its meter instead of the table.
fn pick_potion(healing: u32, rng: &mut GenRng) -> ItemKind {
    let weight = |k: ItemKind| {
        if k == ItemKind::Healing {
            healing
        } else {
            k.stats().weight
        }
    };
    let potions = ItemKind::of(Class::Potion).map(|k| (k, weight(k)));
    rng.pick_weighted(potions).expect("potions weigh something")
}

/// Walking distances from the arrival: with the locked doors shut (`open`), and through them
/// (`all`).
struct Walks {
    open: Vec<u32>,
    all: Vec<u32>,
}

impl Walks {
    /// The walks on `level`, whose border is solid (the level passed its checks), from `all`
    /// (the walk from its arrival with every door passable) and the chokepoints its locks were
    /// chosen from (when it has locks): with no locked door one walk serves both, and with
    /// locked chokepoints the other is read off them.
    fn of(level: &Level, all: Vec<u32>, cuts: Option<&Cuts>) -> Self {
        let map = &level.map;
        let open = if level.keys.is_empty() {
            all.clone()
        } else if let Some(open) = cuts.and_then(|c| walk_with_locks_shut(map, &level.keys, c, &all)) {
            open
        } else {
            distances_inside_by(map, map.start(), |t| {
                t.is_walkable() && t != Tile::Door(DoorState::Locked)
            })
        };
        Walks { open, all }
    }

    /// The walks on any map (its border need not be solid).
    fn anywhere(map: &TileMap) -> Self {
        let arrival = map.start();
        Walks {
            open: distance_map(map, arrival, |t| t.is_walkable() && t != Tile::Door(DoorState::Locked)),
            all: distance_map(map, arrival, Tile::is_walkable),
        }
    }
}

/// What the locked doors of a level close off: for each side vault (a pocket behind a locked
/// door with no way on to the stairs down), its tiles, in order.
fn vaults(level: &Level, walks: &Walks) -> Vec<Vec<usize>> {
    let map = &level.map;
    let Walks { open, all } = walks;
    let tiles = map.tiles();
    let (w, h) = (map.width() as usize, map.height() as usize);
    let down = map.stairs_down().map(|p| map.index(p));
    // The eight steps, in x and y (the walk checks the map's edges, then steps by index).
    let steps = crate::paths::DIRS8.map(|(dx, dy)| (dx as isize, dy as isize));
    let mut found = Vec::new();
    let mut seen = vec![0u32; all.len()]; // the key (counted from 1) whose walk reached a tile
    let mut stack: Vec<(usize, isize, isize)> = Vec::new(); // index, x and y
    for (k, key) in level.keys.iter().enumerate() {
        let door = map.index(key.opens);
        if all[door] == UNREACHED {
            continue;
        }
        let k = k as u32 + 1;
        // Behind the door: walking on from it, away from the arrival, without another lock.
        // Given up as soon as it meets the stairs down (no vault, then).
        let mut region = Vec::new();
        let mut to_stairs = false;
        // The steps towards the stairs down tried first (pushed last): where the door guards the
        // way down, the walk dives to the stairs and stops, instead of covering all behind the
        // door first. What it finds does not depend on the order.
        let mut steps = steps;
        if let Some(d) = map.stairs_down() {
            let (tx, ty) = (
                (d.x - key.opens.x).signum() as isize,
                (d.y - key.opens.y).signum() as isize,
            );
            steps.sort_by_key(|&(dx, dy)| dx * tx + dy * ty);
        }
        seen[door] = k;
        stack.clear();
        stack.push((door, key.opens.x as isize, key.opens.y as isize));
        'walk: while let Some((i, x, y)) = stack.pop() {
            for (dx, dy) in steps {
                let (qx, qy) = (x + dx, y + dy);
                if qx < 0 || qy < 0 || qx as usize >= w || qy as usize >= h {
                    continue;
                }
                let j = i.wrapping_add_signed(dy * w as isize + dx);
                let t = tiles[j];
                if seen[j] == k || !t.is_walkable() || t == Tile::Door(DoorState::Locked) || open[j] != UNREACHED {
                    continue;
                }
                if all[j] <= all[door] {
                    continue;
                }
                if Some(j) == down {
                    to_stairs = true;
                    break 'walk;
                }
                seen[j] = k;
                region.push(j);
                stack.push((j, qx, qy));
            }
        }
        if !region.is_empty() && !to_stairs {
            region.sort_unstable();
            found.push(region);
        }
    }
    found
}

/// The tiles of `level` where nothing may be laid: the arrival, keys, the relic, monsters (an
/// item may lie only on room or corridor floor that is not taken, and never on another).
fn taken_tiles(level: &Level) -> Vec<bool> {
    let map = &level.map;
    let mut taken = vec![false; map.tiles().len()];
    let places = level
        .keys
        .iter()
        .map(|k| k.at)
        .chain(level.relic)
        .chain(level.monsters.iter().map(|m| m.at));
    for p in places.chain([map.start()]) {
        if map.in_bounds(p) {
            taken[map.index(p)] = true;
        }
    }
    taken
}

/// The kinds worth a key: a vault's altars offer these.
const PRIZES: [ItemKind; 21] = [
    ItemKind::Sword,
    ItemKind::Axe,
    ItemKind::Mace,
    ItemKind::ChainMail,
    ItemKind::Plate,
    ItemKind::Striking,
    ItemKind::Sleep,
    ItemKind::Blinking,
    ItemKind::Vigour,
    ItemKind::Regeneration,
    ItemKind::Wisdom,
    ItemKind::Awareness,
    ItemKind::Firebolt,
    ItemKind::Lightning,
    ItemKind::Conjuration,
    ItemKind::HealthCharm,
    ItemKind::HasteCharm,
    ItemKind::Spear,
    ItemKind::WarAxe,
    ItemKind::Rapier,
    ItemKind::Hammer,
];

/// Lays the items of the level made from `level_seed` at `depth` of the run on `run_seed`, and
/// checks them (`check_items`). `all` is the walk from the arrival with every door passable,
/// `cuts` the chokepoints the level's locks were chosen from (if it has locks).
pub(crate) fn furnish(
    level: &mut Level,
    run_seed: u64,
    level_seed: u64,
    depth: u32,
    all: Vec<u32>,
    cuts: Option<&Cuts>,
) -> Result<(), Defect> {
    let map = &level.map;
    let mut rng = GenRng::new(level_seed ^ PLACE_SALT);
    let mut kinds = plan(run_seed, map.width() * map.height(), depth);
    let mut items: Vec<FloorItem> = Vec::new();
    // The vaults first: two or three different prizes on altars.
    let walks = Walks::of(level, all, cuts);
    let vaults = vaults(level, &walks);
    let blocked = taken_tiles(level);
    let mut in_vault = vec![false; map.tiles().len()];
    for (v, region) in vaults.iter().enumerate() {
        for &i in region {
            in_vault[i] = true;
        }
        let mut spots: Vec<usize> = region
            .iter()
            .copied()
            .filter(|&i| map.tiles()[i] == Tile::Floor && !blocked[i] && items.iter().all(|f| map.index(f.at) != i))
            .collect();
        let mut prizes = PRIZES.to_vec();
        let n = (2 + rng.below(2) as usize).min(spots.len());
        for _ in 0..n {
            let prize = prizes.swap_remove(rng.below(prizes.len() as u32) as usize);
            let at = map.pos_of(spots.swap_remove(rng.below(spots.len() as u32) as usize));
            // A vault's prize is never cursed (Brogue's vaults hold no malevolent things).
            let mut item = Item::found(prize, &mut rng);
            item.plus = item.plus.abs();
            items.push(FloorItem {
                at,
                item,
                altar: Some(v as u8),
                sealed: false,
            });
        }
        // A vault's items count against the level's budget, but never its first two kinds (the
        // food, and the first level's healing).
        for _ in 0..n {
            if kinds.len() > 2 {
                kinds.pop();
            }
        }
    }
    // The rest: room floor twice as likely as corridor, off the main way three times as likely
    // as on it (a shortest way from the arrival to the stairs down, or to the relic, and the
    // tiles beside it).
    let reach = &walks.open;
    let goal = map.stairs_down().or(level.relic);
    // One shortest way back from the goal, downhill on the walk from the arrival, and the tiles
    // beside it.
    let w = map.width() as usize;
    let mut on_way = vec![false; reach.len()];
    if let Some(goal) = goal
        && walks.all[map.index(goal)] != UNREACHED
    {
        let mut i = map.index(goal);
        loop {
            for j in [
                i - w - 1,
                i - w,
                i - w + 1,
                i - 1,
                i,
                i + 1,
                i + w - 1,
                i + w,
                i + w + 1,
            ] {
                on_way[j] = true;
            }
            let d = walks.all[i];
            if d == 0 {
                break;
            }
            match [i - w, i - 1, i + 1, i + w]
                .into_iter()
                .find(|&j| walks.all[j] == d - 1)
            {
                Some(j) => i = j,
                None => break,
            }
        }
    }
    // Free room or corridor floor with its weight, in index order: 64 tiles at a time into a
    // mask (no branch per tile, where asking each tile cost a tenth of making a first level),
    // then its set bits.
    for f in &items {
        in_vault[map.index(f.at)] = true; // taken now, as if in a vault
    }
    let tiles = map.tiles();
    let mut spots: Vec<(usize, u32)> = Vec::with_capacity(tiles.len() / 2);
    for (c, run) in tiles.chunks(64).enumerate() {
        let base = c * 64;
        let mut free = 0u64;
        for (bit, ((&t, &vault), &taken)) in run.iter().zip(&in_vault[base..]).zip(&blocked[base..]).enumerate() {
            free |= u64::from(matches!(t, Tile::Floor | Tile::Corridor) & !vault & !taken) << bit;
        }
        while free != 0 {
            let i = base + free.trailing_zeros() as usize;
            free &= free - 1;
            let room = u32::from(tiles[i] == Tile::Floor);
            spots.push((i, (1 + room) * (3 - 2 * u32::from(on_way[i]))));
        }
    }
    // Each spot's weight for anything and for healing, which goes where it can be walked to
    // without a key; and the weights' sums by blocks of spots, so that a roll skips whole
    // blocks instead of walking every spot before its own.
    const BLOCK: usize = 32;
    let mut spots: Vec<(usize, [u32; 2])> = spots
        .into_iter()
        .map(|(i, w)| (i, [w, if reach[i] != UNREACHED { w } else { 0 }]))
        .collect();
    let mut sums: Vec<[u32; 2]> = spots
        .chunks(BLOCK)
        .map(|c| c.iter().fold([0, 0], |[a, o], s| [a + s.1[0], o + s.1[1]]))
        .collect();
    let mut totals = sums.iter().fold([0, 0], |[a, o], s| [a + s[0], o + s[1]]);
    for kind in kinds {
        let h = usize::from(kind == ItemKind::Healing);
        if totals[h] == 0 {
            continue;
        }
        // The first spot whose weights so far pass the roll.
        let mut roll = rng.below(totals[h]);
        let mut past = |w: u32| {
            if roll < w {
                return true;
            }
            roll -= w;
            false
        };
        let Some(b) = sums.iter().position(|s| past(s[h])) else {
            continue;
        };
        let Some(k) = spots[b * BLOCK..]
            .iter()
            .position(|s| past(s.1[h]))
            .map(|k| b * BLOCK + k)
        else {
            continue;
        };
        // Taken out as `swap_remove` does: the last spot moves into its place.
        let (i, w) = spots[k];
        let last = spots.len() - 1;
        let moved = spots[last].1;
        for c in 0..2 {
            // In this order no sum goes below nought on the way, the spot being the last too.
            totals[c] -= w[c];
            sums[k / BLOCK][c] += moved[c];
            sums[k / BLOCK][c] -= w[c];
            sums[last / BLOCK][c] -= moved[c];
        }
        spots.swap_remove(k);
        items.push(FloorItem::loose(map.pos_of(i), Item::found(kind, &mut rng)));
    }
    level.items = items;
    lay_gold(level, level_seed, depth, &walks.all, &vaults);
    check(level, &vaults)
}

/// How many pieces a pile of gold at `depth` holds: 9–22 on the first level, 45–112 on the
/// tenth.
fn pile(depth: u32, rng: &mut GenRng) -> u32 {
    let depth = depth as i32;
    rng.range(5 + 4 * depth, 12 + 10 * depth) as u32
}

/// Lays the level's gold (seed 002's `CreateLoot` places it with the other loot): three or four
/// piles on an 80x50 level (in proportion to the area), on free room floor that can be reached
/// with every door passable, and a hoard of twice a pile in each vault. From its own salt of the
/// level seed, so the items lie where they did before gold.
fn lay_gold(level: &mut Level, level_seed: u64, depth: u32, all: &[u32], vaults: &[Vec<usize>]) {
    let mut rng = GenRng::new(level_seed ^ GOLD_SALT);
    let map = &level.map;
    // One mask of what is taken (a tile each, no hashing: this walks every tile of the level).
    let mut blocked = taken_tiles(level);
    for f in &level.items {
        blocked[map.index(f.at)] = true;
    }
    let mut gold = std::collections::BTreeMap::new();
    for region in vaults {
        let spots: Vec<usize> = region
            .iter()
            .copied()
            .filter(|&i| map.tiles()[i] == Tile::Floor && !blocked[i])
            .collect();
        if let Some(i) = rng.pick(&spots) {
            gold.insert(map.pos_of(i), 2 * pile(depth, &mut rng));
        }
    }
    for &i in vaults.iter().flatten() {
        blocked[i] = true;
    }
    let mut spots: Vec<usize> = (0..map.tiles().len())
        .filter(|&i| map.tiles()[i] == Tile::Floor && !blocked[i] && all[i] != UNREACHED)
        .collect();
    let area = map.width() * map.height();
    let piles = ((3 + rng.below(2)) as usize * area as usize).div_ceil(4000).max(1);
    for _ in 0..piles {
        if spots.is_empty() {
            break;
        }
        let i = spots.swap_remove(rng.below(spots.len() as u32) as usize);
        gold.insert(map.pos_of(i), pile(depth, &mut rng));
    }
    level.gold = gold;
}

/// The promises about a level's items as made: each on room or corridor floor, none on the
/// arrival, a key, the relic or a monster, never two on a tile (and gold only on free room floor
/// with no item), every side vault holding a
/// choice on its altars and every altar in its vault.
pub fn check_items(level: &Level) -> Result<(), Defect> {
    check(level, &vaults(level, &Walks::anywhere(&level.map)))
}

/// `check_items` with the level's vaults found.
fn check(level: &Level, vaults: &[Vec<usize>]) -> Result<(), Defect> {
    let map: &TileMap = &level.map;
    let blocked = taken_tiles(level);
    for (n, f) in level.items.iter().enumerate() {
        let free = |i: usize| {
            matches!(map.tiles()[i], Tile::Floor | Tile::Corridor)
                && !blocked[i]
                && level.items[..n].iter().all(|o| o.at != f.at)
        };
        if !map.in_bounds(f.at) || !free(map.index(f.at)) || f.sealed {
            return Err(Defect::BadItem(f.at));
        }
    }
    for &p in level.gold.keys() {
        let free = map.in_bounds(p) && {
            let i = map.index(p);
            map.tiles()[i] == Tile::Floor && !blocked[i] && level.item_at(p).is_none()
        };
        if !free {
            return Err(Defect::BadItem(p));
        }
    }
    for f in &level.items {
        if let Some(v) = f.altar
            && vaults
                .get(v as usize)
                .is_none_or(|r| r.binary_search(&map.index(f.at)).is_err())
        {
            return Err(Defect::BadItem(f.at));
        }
    }
    for (v, region) in vaults.iter().enumerate() {
        let altars = level.items.iter().filter(|f| f.altar == Some(v as u8)).count();
        let room = region
            .iter()
            .filter(|&&i| map.tiles()[i] == Tile::Floor && !blocked[i])
            .count();
        if altars < 2.min(room) {
            return Err(Defect::EmptyVault(map.pos_of(region[0])));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plan_of_a_level_is_the_same_however_it_is_reached() {
        for seed in 0..50 {
            let first = plan(seed, 4000, 1);
            assert_eq!(
                first[..2],
                [ItemKind::Ration, ItemKind::Healing],
                "the first level's food, and healing"
            );
            assert!((7..=8).contains(&first.len()));
            for depth in 3..=10 {
                let kinds = plan(seed, 4000, depth);
                let rations = kinds.iter().filter(|&&k| k == ItemKind::Ration).count();
                assert!((4..=6).contains(&(kinds.len() - rations)), "{kinds:?}");
                assert_eq!(kinds, plan(seed, 4000, depth));
            }
        }
    }

    #[test]
    fn healing_is_metered() {
        // Over many runs, no long droughts of healing: a level without one makes the next more
        // likely to have one.
        let mut longest = 0;
        for seed in 0..300 {
            let mut dry = 0;
            for depth in 1..=10 {
                if plan(seed, 4000, depth).contains(&ItemKind::Healing) {
                    dry = 0;
                } else {
                    dry += 1;
                    longest = longest.max(dry);
                }
            }
        }
        assert!(longest <= 2, "{longest} levels in a row without healing");
    }
}
