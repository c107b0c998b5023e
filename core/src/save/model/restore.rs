//! A saved run made a `Run` again, checking everything the game assumes of one: one size for every
//! level, actors on floor and never two on a tile, counters in range, a run still going.

use std::collections::HashSet;

use super::{MAX_TURN, SavedGear, SavedLevel, SavedMemory, SavedRun};
use crate::dungeon::{Dungeon, Origin};
use crate::fov::{LevelMemory, Memory};
use crate::geom::{Pos, Rect};
use crate::map::{Tile, TileMap};
use crate::rng::GenRng;
use crate::run::{Run, RunSpec};
use crate::world::{
    Boon, Class, Feat, Item, KeyRing, Kind, Level, MAX_HP, MAX_STATUS, MOST_PLUS, MOST_SLOWED, MessageLog, Mind, Mode,
    NORMAL_SPEED, Pack, Player, STOMACH,
};

/// Whether `item`'s enchantment is one it can have: none, or up to `MOST_PLUS` on a weapon or armour.
fn plus_fits(item: Item) -> bool {
    // (Armour may be eaten below nothing by acid, down to `CORRODED_MOST`; a ring is found from
    // -3; a staff or charm has a level of one or more, and a staff no more charges than it.)
    match item.kind.class() {
        Class::Weapon => (0..=MOST_PLUS).contains(&item.plus),
        Class::Armour => (crate::world::CORRODED_MOST..=MOST_PLUS).contains(&item.plus),
        Class::Ring => (-crate::world::MOST_RING_CURSE..=MOST_PLUS).contains(&item.plus),
        Class::Staff => (1..=MOST_PLUS).contains(&item.plus) && item.count <= item.most_charges(),
        Class::Charm => (1..=MOST_PLUS).contains(&item.plus) && item.count <= 1,
        _ => item.plus == 0,
    }
}

/// Whether `item`'s wait is one the rules could have left: a staff's or charm's at most its
/// recharge, a ring's at most its wearing; nothing else waits.
fn wait_fits(item: Item) -> bool {
    match item.kind.class() {
        Class::Staff | Class::Charm => item.wait <= item.recharge_quarters(),
        Class::Ring => item.wait <= crate::world::RING_KNOWN_AFTER,
        // An armour's coat (a scroll of protect armour).
        Class::Armour => item.wait <= 1,
        _ => item.wait == 0,
    }
}

fn restore_level(saved: SavedLevel, depth: u32, size: (u32, u32)) -> Result<Level, String> {
    let SavedLevel {
        width,
        height,
        tiles,
        rooms,
        start,
        keys,
        monsters,
        relic,
        items,
        loot,
        traps,
        fire,
        gas,
        gold,
    } = saved;
    if (width, height) != size {
        return Err(format!(
            "depth {depth} is {width}x{height} in a run of {}x{} levels",
            size.0, size.1
        ));
    }
    if tiles.len() != width as usize * height as usize {
        return Err(format!("depth {depth} has {} tiles for {width}x{height}", tiles.len()));
    }
    let inside = |p: Pos| p.x >= 0 && p.y >= 0 && (p.x as u32) < width && (p.y as u32) < height;
    let tile = |p: Pos| tiles[p.y as usize * width as usize + p.x as usize];
    let off = |p: Pos| format!("depth {depth} names ({}, {}), off its {width}x{height} map", p.x, p.y);
    // Where each stands: on walkable ground, or (a flier) over a chasm, lava or deep water.
    // (A swimmer in deep water, a thing of fire in lava.)
    use crate::world::Ground;
    let mut walkable = vec![("the start", start, Ground::Walks)];
    walkable.extend(keys.iter().map(|k| ("a key", k.at, Ground::Walks)));
    walkable.extend(relic.map(|r| ("the Heartstone", r, Ground::Walks)));
    walkable.extend(monsters.iter().map(|m| (m.kind.name(), m.at, m.kind.stats().ground())));
    for (what, p, ground) in walkable {
        if !inside(p) {
            return Err(off(p));
        }
        let over = match ground {
            Ground::Flies => matches!(tile(p), Tile::Chasm | Tile::Lava | Tile::DeepWater),
            Ground::Swims => tile(p) == Tile::DeepWater,
            Ground::Wades => tile(p) == Tile::Lava,
            Ground::Walks | Ground::Burrows => false,
        };
        if !tile(p).is_walkable() && !over {
            return Err(format!("{what} lies in a wall on depth {depth}, at ({}, {})", p.x, p.y));
        }
    }
    if let Some(p) = keys.iter().map(|k| k.opens).find(|&p| !inside(p)) {
        return Err(off(p));
    }
    let outside =
        |r: &Rect| r.x < 0 || r.y < 0 || r.w <= 0 || r.h <= 0 || !inside(Pos::new(r.x + r.w - 1, r.y + r.h - 1));
    if rooms.iter().any(outside) {
        return Err(format!("a room of depth {depth} lies off its map"));
    }
    let (mut ids, mut places) = (HashSet::new(), HashSet::new());
    for m in &monsters {
        let name = m.kind.name();
        if !(1..=m.max_hp() + crate::world::SHIELD).contains(&m.hp) {
            return Err(format!("a {name} on depth {depth} has {} hit points", m.hp));
        }
        // A slowed monster owes turns (`Effect::Slowed`): its energy is below nothing.
        if !(-MOST_SLOWED * NORMAL_SPEED..NORMAL_SPEED).contains(&m.energy) {
            return Err(format!("a {name} on depth {depth} has {} energy saved up", m.energy));
        }
        if !ids.insert(m.id) {
            return Err(format!("two monsters on depth {depth} are both number {}", m.id));
        }
        if !places.insert(m.at) {
            return Err(format!(
                "two monsters stand at ({}, {}) on depth {depth}",
                m.at.x, m.at.y
            ));
        }
        if let Mind::Hunting { target, .. } = m.mind
            && !inside(target)
        {
            return Err(off(target));
        }
    }
    let mut lying = HashSet::new();
    for f in &items {
        let p = f.at;
        if !inside(p) {
            return Err(off(p));
        }
        if !tile(p).holds_items() {
            return Err(format!(
                "an item lies off the floor on depth {depth}, at ({}, {})",
                p.x, p.y
            ));
        }
        if !lying.insert(p) {
            return Err(format!("two items lie at ({}, {}) on depth {depth}", p.x, p.y));
        }
        if f.item.count == 0 && !f.item.kind.has_charges() {
            return Err(format!("a stack of no {} on depth {depth}", f.item.kind.name()));
        }
        if !plus_fits(f.item) || !wait_fits(f.item) {
            return Err(format!(
                "a {} enchanted to {} on depth {depth}",
                f.item.kind.name(),
                f.item.plus
            ));
        }
    }
    // Loot whose holder is gone, or a monster holding two things, is a state rules 6 reached (a
    // monkey that stole twice, then was killed, left its first theft behind): kept as it is, so
    // that such a save continues as it was saved. Rules 7's thieves carry one thing.
    for l in &loot {
        if !plus_fits(l.item) || !wait_fits(l.item) {
            return Err(format!(
                "a monster on depth {depth} carries a {} enchanted to {}",
                l.item.kind.name(),
                l.item.plus
            ));
        }
        if l.item.count == 0 && !l.item.kind.has_charges() {
            return Err(format!(
                "a monster on depth {depth} carries a stack of no {}",
                l.item.kind.name()
            ));
        }
    }
    let mut trapped = HashSet::new();
    for t in &traps {
        if !inside(t.at) {
            return Err(off(t.at));
        }
        if !tile(t.at).is_walkable() {
            return Err(format!(
                "a trap lies in a wall on depth {depth}, at ({}, {})",
                t.at.x, t.at.y
            ));
        }
        if !trapped.insert(t.at) {
            return Err(format!("two traps lie at ({}, {}) on depth {depth}", t.at.x, t.at.y));
        }
    }
    for (what, field) in [("fire", &fire), ("gas", &gas)] {
        let mut places = HashSet::new();
        for &(p, n) in field {
            if !inside(p) {
                return Err(off(p));
            }
            if n == 0 || !places.insert(p) {
                return Err(format!(
                    "{what} at ({}, {}) on depth {depth} is listed twice, or as nothing",
                    p.x, p.y
                ));
            }
        }
    }
    let mut piles = HashSet::new();
    for &(p, n) in &gold {
        if !inside(p) {
            return Err(off(p));
        }
        if n == 0 || !tile(p).holds_items() || !piles.insert(p) {
            return Err(format!(
                "gold at ({}, {}) on depth {depth} lies off the floor, twice, or is no gold",
                p.x, p.y
            ));
        }
    }
    Ok(Level {
        map: TileMap::from_parts(width, height, tiles, rooms, start),
        keys,
        monsters,
        relic,
        items,
        loot,
        traps,
        fire: fire.into_iter().collect(),
        gas: gas.into_iter().collect(),
        gold: gold.into_iter().collect(),
    })
}

/// Level `depth` back from its save, everything on it checked: its size is the run's, every
/// place names a tile on it, actors and things lie on walkable tiles, no two actors share one.
/// How a run began, from what a save or a recording keeps of it: where its levels come from and
/// the level it started on (a map file's level itself), or what does not fit together.
pub(crate) fn spec_of(
    origin: &Origin,
    (peaceful, mode): (bool, Mode),
    start_depth: u32,
    start: Option<SavedLevel>,
) -> Result<RunSpec, String> {
    match (origin, start) {
        (Origin::Map, Some(_)) if !mode.is_standard() => Err(format!(
            "a map's level played as \"{}\" (only a seed's run has a mode)",
            mode.name()
        )),
        (Origin::Map, Some(level)) => {
            let size = (level.width, level.height);
            // Any map a map file may hold (`map::parse`), however small: what `--map` plays
            // can be continued.
            if !crate::map::side_ok(size.0) || !crate::map::side_ok(size.1) {
                return Err(format!("its map is {}x{}", size.0, size.1));
            }
            Ok(RunSpec::Level(Box::new(restore_level(level, 1, size)?)))
        }
        (Origin::Run(params), None) => {
            if !crate::generation::size_ok(params.width, params.height) {
                return Err(format!("its levels are {}x{}", params.width, params.height));
            }
            if !(1..=crate::world::DEEPEST).contains(&start_depth) {
                return Err(format!("the run started on depth {start_depth}"));
            }
            Ok(RunSpec::Seeded {
                params: params.at_depth(start_depth),
                peaceful,
                mode,
            })
        }
        _ => Err("the start of the run does not match where it comes from".into()),
    }
}

impl SavedRun {
    /// The run back, or what does not fit together in the save.
    // (Never inlined, as `decode` is not: one copy in the browser's module.)
    #[inline(never)]
    pub fn restore(self) -> Result<Run, String> {
        let SavedRun {
            origin,
            peaceful,
            mode,
            start_depth,
            start,
            depth,
            levels,
            player,
            turn,
            rng,
            record,
            log,
            recording,
            ..
        } = self;
        // Every level has the size of the run (of its map, for a map file's run).
        let size = match (&origin, &start) {
            (Origin::Run(params), None) => (params.width, params.height),
            (Origin::Map, Some(level)) => (level.width, level.height),
            _ => return Err("the start of the run does not match where it comes from".into()),
        };
        let fits = match origin {
            Origin::Run(_) => crate::generation::size_ok(size.0, size.1),
            Origin::Map => crate::map::side_ok(size.0) && crate::map::side_ok(size.1),
        };
        if !fits {
            return Err(format!("its levels are {}x{}", size.0, size.1));
        }
        if turn > MAX_TURN {
            return Err(format!("it has played {turn} turns"));
        }
        if record.ending.is_some() {
            return Err("the run is over".into());
        }
        if u64::from(record.slain) > turn {
            return Err(format!("{} monsters slain in {turn} turns", record.slain));
        }
        let counted: u64 = record.kills.iter().map(|&k| u64::from(k)).sum();
        if counted > u64::from(record.slain) {
            return Err(format!("{counted} kills counted by kind of {} slain", record.slain));
        }
        let recording = match recording {
            Some(r) => r.restore().map_err(|e| format!("its recording: {e}"))?,
            None => None,
        };
        if let Some((said, _)) = log.iter().find(|(said, _)| *said > turn) {
            return Err(format!("a message of turn {said} in a run of {turn} turns"));
        }
        let levels = levels
            .into_iter()
            .enumerate()
            .map(|(i, l)| l.map(|l| restore_level(l, i as u32 + 1, size)).transpose())
            .collect::<Result<Vec<_>, _>>()?;
        let deepest = levels.len() as u32;
        if !levels
            .get(record.deepest.wrapping_sub(1) as usize)
            .is_some_and(Option::is_some)
        {
            return Err(format!("the deepest depth reached, {}, was never made", record.deepest));
        }
        let dungeon = Dungeon::from_parts(origin.clone(), levels, depth, peaceful)?.restored_in(mode);
        if !(1..=record.deepest).contains(&start_depth) {
            return Err(format!("the run started on depth {start_depth}"));
        }
        let spec = spec_of(&origin, (peaceful, mode), start_depth, start)?;
        let level = dungeon.level();
        let at = player.at;
        if !level.map.in_bounds(at) {
            return Err(format!("the player stands at ({}, {}), off the map", at.x, at.y));
        }
        if level.map.tile(at).blocks_movement() {
            return Err(format!("the player stands in a wall, at ({}, {})", at.x, at.y));
        }
        if let Some(m) = level.monster_at(at) {
            return Err(format!(
                "the player and a {} both stand at ({}, {})",
                m.kind.name(),
                at.x,
                at.y
            ));
        }
        let health = player.health;
        if health.hp <= 0 || health.max <= 0 || health.hp > health.max || health.max > MAX_HP {
            return Err(format!("the player has {} of {} hit points", health.hp, health.max));
        }
        if player.stomach > STOMACH {
            return Err(format!("the player's stomach holds {} turns of food", player.stomach));
        }
        let growth = &player.growth;
        // A beginning's boon is given, not chosen at a level.
        let given = u32::from(growth.beginning.is_some());
        if growth.boons.len() as u32 > growth.grade() - 1 + given {
            return Err(format!(
                "{} boons chosen at experience level {}",
                growth.boons.len(),
                growth.grade()
            ));
        }
        if let Some(b) = Boon::ALL
            .into_iter()
            .find(|&b| growth.times(b) > u32::from(b.stats().most))
        {
            return Err(format!("the boon {} chosen {} times", b.name(), growth.times(b)));
        }
        if record.feats & !Feat::ALL.iter().fold(0, |bits, f| bits | f.bit()) != 0 {
            return Err(format!("feats of unknown ids ({:#x})", record.feats));
        }
        let fits =
            |&(d, p): &(u32, Pos)| (1..=deepest).contains(&d) && dungeon.kept(d).is_none_or(|l| l.map.in_bounds(p));
        if let Some(&(d, p)) = player.keys.iter().find(|k| !fits(k)) {
            return Err(format!("a key for ({}, {}) on depth {d}", p.x, p.y));
        }
        if player.memory.len() > deepest as usize {
            return Err(format!("memories of {} depths", player.memory.len()));
        }
        let mut memory = Vec::with_capacity(player.memory.len());
        for (i, saved) in player.memory.into_iter().enumerate() {
            let Some(SavedMemory {
                width,
                tiles,
                mapped,
                sightings,
            }) = saved
            else {
                memory.push(None);
                continue;
            };
            let depth = i as u32 + 1;
            let fits = dungeon
                .kept(depth)
                .is_some_and(|l| l.map.width() == width && l.map.tiles().len() == tiles.len());
            if !fits {
                return Err(format!("the memory of depth {depth} does not fit it"));
            }
            if let Some(s) = sightings.iter().find(|s| Kind::from_id(s.kind).is_none()) {
                return Err(format!("a monster seen on depth {depth} is of no kind (id {})", s.kind));
            }
            let remembered = LevelMemory::from_tiles(width, tiles, &mapped)
                .ok_or_else(|| format!("the memory of depth {depth} maps a spot it never remembers"))?
                .with_sightings(sightings)
                .ok_or_else(|| format!("the memory of depth {depth} has a monster off the level or seen twice"))?;
            memory.push(Some(remembered));
        }
        let mut message_log = MessageLog::default();
        for (turn, line) in log {
            message_log.push(turn, line);
        }
        let SavedGear {
            slots,
            weapon,
            armour,
            rings,
            status,
            lore,
        } = player.gear;
        if let Some(item) = slots.iter().flatten().find(|i| !plus_fits(**i)) {
            return Err(format!("a {} enchanted to {}", item.kind.name(), item.plus));
        }
        let pack = Pack::from_slots(slots, weapon, armour, rings)?;
        if let Some((_, item)) = pack.items().find(|(_, i)| !wait_fits(*i)) {
            return Err(format!("a {} waiting {} quarter turns", item.kind.name(), item.wait));
        }
        if status.all().iter().any(|&(_, t)| t > MAX_STATUS) {
            return Err(format!("the player's states last {status:?} turns"));
        }
        let player = Player {
            at,
            keys: KeyRing(player.keys),
            health,
            carrying: player.carrying,
            memory: Memory::from_levels(memory),
            pack,
            status,
            lore,
            sneaking: player.sneaking,
            gold: player.gold,
            growth: player.growth,
            stomach: player.stomach,
        };
        Ok(Run::from_parts(
            spec,
            dungeon,
            player,
            turn,
            GenRng::from_state(rng),
            record,
            message_log,
        )
        .with_recording(recording))
    }
}
