//! The world ↔ the newest save format (`formats::v9`): the one place the live types meet the
//! frozen ones. Each mapping takes its value apart by an exhaustive destructuring, as the state
//! hash does, so a field added to a saved world type (a monster, an item, the record, the player,
//! a level) and not written here does not compile: it is saved (and a new format made for it) or
//! named here as worked out again on loading. Reading checks what a format cannot: every kind's
//! pinned id, every tile's byte, every enchantment's item.
//! The leaves (a position, a monster, the record's deeds, an item) are in `leaves`, the tiles'
//! bytes in `tiles`; this file maps the run and its levels.

mod leaves;
mod tiles;

use crate::fov::Sighting;
use crate::geom::Pos;
use crate::save::formats::{Block, Newest, Save, v1, v2, v3, v4, v7, v9, v12, v14, v15, v16};
use crate::save::model::{SavedGear, SavedLevel, SavedMemory, SavedPlayer, SavedRecording, SavedRun};
use crate::world::{Boon, FloorItem, Growth, Item, Kind, Loot, Monster, RunRecord, Trap, TrapKind};
use leaves::{enchant, item_of, item_part, pluses_of, status_of, status_part, wait, waits_of};
pub(crate) use tiles::code;
use tiles::{memory_of, tiles_of};

// The frozen formats' bounds hold everything the world makes; a pack of another size is a new format.
const _: () = {
    assert!(crate::save::formats::TILES >= (crate::map::MAX_SIDE * crate::map::MAX_SIDE) as usize);
    assert!(super::formats::LEVELS >= crate::world::DEEPEST as usize);
    assert!(super::formats::LOG >= crate::world::MessageLog::KEEP);
    assert!(super::formats::SLOTS == crate::world::SLOTS);
};

fn places<T: Copy>(list: Vec<(Pos, T)>) -> Vec<(v1::Pos, T)> {
    list.into_iter().map(|(p, n)| (p.into(), n)).collect()
}

fn places_back<T: Copy>(list: Vec<(v1::Pos, T)>) -> Vec<(Pos, T)> {
    list.into_iter().map(|(p, n)| (p.into(), n)).collect()
}

/// A level's terrain as saved (a map file's first level keeps only it), and the rest of it.
fn terrain_part(level: SavedLevel) -> (v2::Terrain, SavedLevel) {
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
    } = level;
    let terrain = v2::Terrain {
        width,
        height,
        tiles: Block(tiles.into_iter().map(code).collect()),
        rooms: rooms.into_iter().map(Into::into).collect(),
        start: start.into(),
        keys: keys.into_iter().map(Into::into).collect(),
        monsters: monsters.into_iter().map(Into::into).collect(),
        relic: relic.map(Into::into),
    };
    let rest = SavedLevel {
        width,
        height,
        tiles: Vec::new(),
        rooms: Vec::new(),
        start,
        keys: Vec::new(),
        monsters: Vec::new(),
        relic: None,
        items,
        loot,
        traps,
        fire,
        gas,
        gold,
    };
    (terrain, rest)
}

/// A level's terrain back, with nothing lying on it, or what is wrong with it.
pub(crate) fn terrain_of(terrain: v2::Terrain) -> Result<SavedLevel, String> {
    let v2::Terrain {
        width,
        height,
        tiles,
        rooms,
        start,
        keys,
        monsters,
        relic,
    } = terrain;
    Ok(SavedLevel {
        width,
        height,
        tiles: tiles_of(tiles)?,
        rooms: rooms.into_iter().map(Into::into).collect(),
        start: start.into(),
        keys: keys.into_iter().map(Into::into).collect(),
        monsters: monsters.into_iter().map(Monster::try_from).collect::<Result<_, _>>()?,
        relic: relic.map(Into::into),
        items: Vec::new(),
        loot: Vec::new(),
        traps: Vec::new(),
        fire: Vec::new(),
        gas: Vec::new(),
        gold: Vec::new(),
    })
}

/// A level's terrain as the recording file keeps a map file's level.
pub(crate) fn terrain(level: SavedLevel) -> v2::Terrain {
    terrain_part(level).0
}

/// A level's part: the level and what the player remembers of it.
pub(crate) fn level_part(level: SavedLevel, memory: Option<SavedMemory>) -> v14::Level {
    let bonds = level.monsters.iter().filter_map(leaves::bond).collect();
    let champions = level
        .monsters
        .iter()
        .filter_map(|m| m.champion.map(|c| (m.id, c.0)))
        .collect();
    let (level, rest) = terrain_part(level);
    let SavedLevel {
        items,
        loot,
        traps,
        fire,
        gas,
        gold,
        ..
    } = rest;
    let pluses = pluses_of(items.iter().map(|f| f.item.plus));
    let loot_pluses = pluses_of(loot.iter().map(|l| l.item.plus));
    let waits = waits_of(items.iter().map(|f| f.item.wait));
    let loot_waits = waits_of(loot.iter().map(|l| l.item.wait));
    let (memory, mapped, sightings) = match memory {
        Some(SavedMemory {
            width,
            tiles,
            mapped,
            sightings,
        }) => (
            Some(v2::Remembered {
                width,
                tiles: Block(tiles.into_iter().map(|t| t.map_or(v2::UNSEEN, code)).collect()),
            }),
            mapped,
            sightings
                .into_iter()
                .map(|Sighting { id, at, kind }| (id, at.into(), kind))
                .collect(),
        ),
        None => (None, Vec::new(), Vec::new()),
    };
    let level = v12::Level {
        level,
        memory,
        items: items
            .into_iter()
            .map(|f| {
                let FloorItem {
                    at,
                    item,
                    altar,
                    sealed,
                } = f;
                v3::FloorItem {
                    at: at.into(),
                    item: item_part(item).0,
                    altar,
                    sealed,
                }
            })
            .collect(),
        loot: loot
            .into_iter()
            .map(|Loot { holder, item }| v4::Loot {
                holder,
                item: item_part(item).0,
            })
            .collect(),
        traps: traps
            .into_iter()
            .map(|Trap { at, kind, hidden }| v7::Trap {
                at: at.into(),
                kind: kind.id(),
                hidden,
            })
            .collect(),
        fire: places(fire),
        gas: places(gas),
        gold: places(gold),
        pluses,
        loot_pluses,
        mapped,
        sightings,
        bonds,
        champions,
    };
    v14::Level {
        level,
        waits,
        loot_waits,
    }
}

/// A level and its memory back from its part, or what is wrong with it.
fn level_of(part: v14::Level, depth: usize) -> Result<(SavedLevel, Option<SavedMemory>), String> {
    let v14::Level {
        level,
        waits,
        loot_waits,
    } = part;
    let v12::Level {
        level,
        memory,
        items,
        loot,
        traps,
        fire,
        gas,
        gold,
        pluses,
        loot_pluses,
        mapped,
        sightings,
        bonds,
        champions,
    } = level;
    let mut level = terrain_of(level)?;
    for (id, name) in champions {
        if usize::from(name) >= crate::world::CHAMPION_NAMES.len() {
            return Err(format!("depth {depth} names a champion {name}, past the names' table"));
        }
        let m = level
            .monsters
            .iter_mut()
            .find(|m| m.id == id)
            .ok_or_else(|| format!("depth {depth} crowns monster number {id}, which is not there"))?;
        m.champion = Some(crate::world::Champion(name));
    }
    for (id, bond) in bonds {
        let m = level
            .monsters
            .iter_mut()
            .find(|m| m.id == id)
            .ok_or_else(|| format!("depth {depth} binds monster number {id}, which is not there"))?;
        m.mind = leaves::bound(bond);
    }
    level.items = items
        .into_iter()
        .map(
            |v3::FloorItem {
                 at,
                 item,
                 altar,
                 sealed,
             }| {
                Ok(FloorItem {
                    at: at.into(),
                    item: item_of(item)?,
                    altar,
                    sealed,
                })
            },
        )
        .collect::<Result<_, String>>()?;
    level.loot = loot
        .into_iter()
        .map(|v4::Loot { holder, item }| {
            Ok(Loot {
                holder,
                item: item_of(item)?,
            })
        })
        .collect::<Result<_, String>>()?;
    let what = format!("item on depth {depth}");
    enchant(
        &what,
        &mut level.items.iter_mut().map(|f| &mut f.item).collect::<Vec<_>>(),
        pluses,
    )?;
    let what = format!("monster's loot on depth {depth}");
    enchant(
        &what,
        &mut level.loot.iter_mut().map(|l| &mut l.item).collect::<Vec<_>>(),
        loot_pluses,
    )?;
    let what = format!("item on depth {depth}");
    wait(
        &what,
        &mut level.items.iter_mut().map(|f| &mut f.item).collect::<Vec<_>>(),
        waits,
    )?;
    let what = format!("monster's loot on depth {depth}");
    wait(
        &what,
        &mut level.loot.iter_mut().map(|l| &mut l.item).collect::<Vec<_>>(),
        loot_waits,
    )?;
    level.traps = traps
        .into_iter()
        .map(|v7::Trap { at, kind, hidden }| {
            Ok(Trap {
                at: at.into(),
                kind: TrapKind::from_id(kind).ok_or_else(|| format!("no kind of trap has the id {kind}"))?,
                hidden,
            })
        })
        .collect::<Result<_, String>>()?;
    level.fire = places_back(fire);
    level.gas = places_back(gas);
    level.gold = places_back(gold);
    if memory.is_none() && !(mapped.is_empty() && sightings.is_empty()) {
        return Err(format!("depth {depth} has mapped spots or monsters seen but no memory"));
    }
    let memory = memory
        .map(|v2::Remembered { width, tiles }| {
            Ok::<_, String>(SavedMemory {
                width,
                tiles: memory_of(tiles)?,
                mapped,
                sightings: sightings
                    .into_iter()
                    .map(|(id, at, kind)| Sighting {
                        id,
                        at: at.into(),
                        kind,
                    })
                    .collect(),
            })
        })
        .transpose()?;

    Ok((level, memory))
}

/// `saved` in the newest format: its run part and its levels' parts.
pub(crate) fn to_format(saved: SavedRun) -> Newest {
    let SavedRun {
        game,
        saved_at,
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
    } = saved;
    let SavedPlayer {
        at,
        keys,
        health,
        carrying,
        memory,
        gear,
        sneaking,
        gold,
        growth,
        stomach,
    } = player;
    let Growth { xp, boons, beginning } = growth;
    let RunRecord {
        slain,
        deepest,
        ending,
        kills,
        deeds,
        feats,
    } = record;
    let SavedGear {
        slots,
        weapon,
        armour,
        rings,
        status,
        lore,
    } = gear;
    let waits = slots
        .iter()
        .enumerate()
        .filter_map(|(s, i)| i.filter(|i| i.wait != 0).map(|i| (s as u8, i.wait)))
        .collect();
    let crate::world::Lore { seed, known, felt } = lore;
    let (status, states) = status_part(status);
    let pluses = slots
        .iter()
        .enumerate()
        .filter_map(|(s, i)| i.filter(|i| i.plus != 0).map(|i| (s as u8, i.plus)))
        .collect();
    let mut memory = memory.into_iter();
    let levels = levels
        .into_iter()
        .map(|level| {
            let memory = memory.next().flatten();
            level.map(|level| level_part(level, memory))
        })
        .collect();
    let mut lineage = v16::Lineage::default();
    let run = v9::Run {
        game,
        saved_at,
        origin: origin.into(),
        peaceful,
        start_depth,
        start: start.map(terrain),
        depth,
        at: at.into(),
        keys: keys.into_iter().map(|(d, p)| (d, p.into())).collect(),
        health: health.into(),
        carrying: carrying.into(),
        turn,
        rng: rng.into(),
        record: v1::Record {
            slain,
            deepest,
            ending: ending.map(Into::into),
        },
        log,
        gear: v3::Gear {
            slots: slots.into_iter().map(|s| s.map(|i| item_part(i).0)).collect(),
            weapon,
            armour,
            status,
            lore: v3::Lore {
                seed,
                known: known as u32,
            },
        },
        // By pinned id, up to the last kind killed: a kind added to the table changes no save.
        kills: kills[..kills.iter().rposition(|&n| n > 0).map_or(0, |i| i + 1)].to_vec(),
        recording: recording.map(|r| {
            lineage = r.lineage.into();
            r.into()
        }),
        sneaking,
        gold,
        xp,
        boons: boons.into_iter().map(Boon::id).collect(),
        stomach,
        deeds: deeds.into(),
        feats,
        pluses,
    };
    let run = v14::Run {
        run,
        known_high: (known >> 32) as u32,
        felt,
        rings,
        waits,
        states,
        beginning: beginning.map(crate::world::Beginning::id),
    };
    let run = v15::Run {
        run,
        mode: v15::Mode {
            difficulty: mode.difficulty.id(),
            challenges: mode.challenge_bits(),
        },
    };
    Save {
        run: v16::Run { run, lineage },
        levels,
    }
}

/// The run a save of the newest format holds (decoded, not yet checked: `SavedRun::restore`
/// checks it), or what in it names nothing: a kind, a tile, an enchanted item.
pub(crate) fn from_format(save: Newest) -> Result<SavedRun, String> {
    let Save { run, levels: parts } = save;
    let v16::Run { run, lineage } = run;
    let v15::Run { run, mode } = run;
    let mode = crate::world::Mode::from_saved(mode.difficulty, mode.challenges)?;
    let v14::Run {
        run,
        known_high,
        felt,
        rings,
        waits,
        states,
        beginning,
    } = run;
    let v9::Run {
        game,
        saved_at,
        origin,
        peaceful,
        start_depth,
        start,
        depth,
        at,
        keys,
        health,
        carrying,
        turn,
        rng,
        record,
        log,
        gear,
        kills: counted,
        recording,
        sneaking,
        gold,
        xp,
        boons,
        stomach,
        deeds,
        feats,
        pluses,
    } = run;
    let v3::Gear {
        slots,
        weapon,
        armour,
        status,
        lore,
    } = gear;
    let mut slots: Vec<Option<Item>> = slots
        .into_iter()
        .map(|s| s.map(item_of).transpose())
        .collect::<Result<_, _>>()?;
    for (slot, plus) in pluses {
        match slots.get_mut(slot as usize) {
            Some(Some(item)) => item.plus = plus,
            _ => return Err(format!("an enchantment for pack slot {slot}, which holds nothing")),
        }
    }
    for (slot, wait) in waits {
        match slots.get_mut(slot as usize) {
            Some(Some(item)) => item.wait = wait,
            _ => return Err(format!("a wait for pack slot {slot}, which holds nothing")),
        }
    }
    let v3::Lore { seed, known } = lore;
    let lore = crate::world::Lore {
        seed,
        known: u64::from(known) | u64::from(known_high) << 32,
        felt,
    };
    let mut kills = [0; Kind::COUNT];
    if counted.len() > kills.len() {
        return Err(format!("kills of {} kinds of monster", counted.len()));
    }
    kills[..counted.len()].copy_from_slice(&counted);
    let boons = boons
        .into_iter()
        .map(|b| Boon::from_id(b).ok_or_else(|| format!("no boon has the id {b}")))
        .collect::<Result<_, _>>()?;
    let v1::Record { slain, deepest, ending } = record;
    let mut levels = Vec::with_capacity(parts.len());
    let mut memory = Vec::with_capacity(parts.len());
    for (i, part) in parts.into_iter().enumerate() {
        match part {
            Some(part) => {
                let (level, remembered) = level_of(part, i + 1).map_err(|e| format!("depth {}: {e}", i + 1))?;
                levels.push(Some(level));
                memory.push(remembered);
            }
            None => {
                levels.push(None);
                memory.push(None);
            }
        }
    }
    while memory.last().is_some_and(Option::is_none) {
        memory.pop();
    }
    Ok(SavedRun {
        game,
        saved_at,
        origin: origin.into(),
        peaceful,
        mode,
        start_depth,
        start: start.map(terrain_of).transpose()?,
        depth,
        levels,
        player: SavedPlayer {
            at: at.into(),
            keys: keys.into_iter().map(|(d, p)| (d, p.into())).collect(),
            health: health.into(),
            carrying: carrying.into(),
            memory,
            gear: SavedGear {
                slots,
                weapon,
                armour,
                rings,
                status: status_of(status, states),
                lore,
            },
            sneaking,
            gold,
            growth: Growth {
                xp,
                boons,
                beginning: beginning
                    .map(|b| crate::world::Beginning::from_id(b).ok_or_else(|| format!("no beginning has the id {b}")))
                    .transpose()?,
            },
            stomach,
        },
        turn,
        rng: rng.into(),
        record: RunRecord {
            slain,
            deepest,
            ending: ending.map(Into::into),
            kills,
            deeds: deeds.into(),
            feats,
        },
        log,
        recording: recording.map(|r| SavedRecording {
            lineage: lineage.into(),
            ..r.into()
        }),
    })
}
