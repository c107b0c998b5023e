//! The world ↔ the newest save format (`formats::v9`): the one place the live types meet the
//! frozen ones. Each mapping takes its value apart by an exhaustive destructuring, as the state
//! hash does, so a field added to a saved world type (a monster, an item, the record, the player,
//! a level) and not written here does not compile: it is saved (and a new format made for it) or
//! named here as worked out again on loading. Reading checks what a format cannot: every kind's
//! pinned id, every tile's byte, every enchantment's item.

use super::formats::{Block, Newest, Save, v1, v2, v3, v4, v5, v7, v9};
use super::model::{SavedGear, SavedLevel, SavedMemory, SavedPlayer, SavedRecording, SavedRun};
use crate::dungeon::Origin;
use crate::generation::{CorridorStyle, GenParams};
use crate::geom::{Dir8, Pos, Rect};
use crate::map::{DoorState, Tile};
use crate::rng::RngState;
use crate::run::Checkpoint;
use crate::world::{
    Boon, Carrying, Deeds, Ending, FloorItem, Growth, Health, Item, ItemKind, Key, Kind, Loot, Lore, Mind, Monster,
    RunRecord, Status, Trap, TrapKind,
};

// The frozen formats' bounds hold everything the world makes; a pack of another size is a new format.
const _: () = {
    assert!(super::formats::TILES >= (crate::map::MAX_SIDE * crate::map::MAX_SIDE) as usize);
    assert!(super::formats::LEVELS >= crate::world::DEEPEST as usize);
    assert!(super::formats::LOG >= crate::world::MessageLog::KEEP);
    assert!(super::formats::SLOTS == crate::world::SLOTS);
};

/// A tile's byte in a level's or a memory's block (format 2 on; bytes 8 to 16 from format 7).
pub(crate) const fn code(tile: Tile) -> u8 {
    match tile {
        Tile::Wall => 0,
        Tile::Floor => 1,
        Tile::Corridor => 2,
        Tile::Door(DoorState::Open) => 3,
        Tile::Door(DoorState::Closed) => 4,
        Tile::Door(DoorState::Locked) => 5,
        Tile::StairsDown => 6,
        Tile::StairsUp => 7,
        Tile::Grass => 8,
        Tile::ShallowWater => 9,
        Tile::DeepWater => 10,
        Tile::Lava => 11,
        Tile::Chasm => 12,
        Tile::Bridge => 13,
        Tile::SecretDoor => 14,
        Tile::SecretCorridor => 15,
        Tile::Ashes => 16,
    }
}

/// The tile a byte names, if any.
pub(crate) const fn tile(code: u8) -> Option<Tile> {
    Some(match code {
        0 => Tile::Wall,
        1 => Tile::Floor,
        2 => Tile::Corridor,
        3 => Tile::Door(DoorState::Open),
        4 => Tile::Door(DoorState::Closed),
        5 => Tile::Door(DoorState::Locked),
        6 => Tile::StairsDown,
        7 => Tile::StairsUp,
        8 => Tile::Grass,
        9 => Tile::ShallowWater,
        10 => Tile::DeepWater,
        11 => Tile::Lava,
        12 => Tile::Chasm,
        13 => Tile::Bridge,
        14 => Tile::SecretDoor,
        15 => Tile::SecretCorridor,
        16 => Tile::Ashes,
        _ => return None,
    })
}

fn tiles_of(block: Block<{ super::formats::TILES }>) -> Result<Vec<Tile>, String> {
    block
        .0
        .into_iter()
        .map(|c| tile(c).ok_or_else(|| format!("no tile is numbered {c}")))
        .collect()
}

fn memory_of(block: Block<{ super::formats::TILES }>) -> Result<Vec<Option<Tile>>, String> {
    block
        .0
        .into_iter()
        .map(|c| match c {
            v2::UNSEEN => Ok(None),
            c => tile(c).map(Some).ok_or_else(|| format!("no tile is numbered {c}")),
        })
        .collect()
}

impl From<Pos> for v1::Pos {
    fn from(Pos { x, y }: Pos) -> Self {
        v1::Pos { x, y }
    }
}

impl From<v1::Pos> for Pos {
    fn from(v1::Pos { x, y }: v1::Pos) -> Self {
        Pos { x, y }
    }
}

impl From<Rect> for v1::Rect {
    fn from(Rect { x, y, w, h }: Rect) -> Self {
        v1::Rect { x, y, w, h }
    }
}

impl From<v1::Rect> for Rect {
    fn from(v1::Rect { x, y, w, h }: v1::Rect) -> Self {
        Rect { x, y, w, h }
    }
}

impl From<Dir8> for v1::Dir8 {
    fn from(d: Dir8) -> Self {
        match d {
            Dir8::N => v1::Dir8::N,
            Dir8::NE => v1::Dir8::NE,
            Dir8::E => v1::Dir8::E,
            Dir8::SE => v1::Dir8::SE,
            Dir8::S => v1::Dir8::S,
            Dir8::SW => v1::Dir8::SW,
            Dir8::W => v1::Dir8::W,
            Dir8::NW => v1::Dir8::NW,
        }
    }
}

impl From<v1::Dir8> for Dir8 {
    fn from(d: v1::Dir8) -> Self {
        match d {
            v1::Dir8::N => Dir8::N,
            v1::Dir8::NE => Dir8::NE,
            v1::Dir8::E => Dir8::E,
            v1::Dir8::SE => Dir8::SE,
            v1::Dir8::S => Dir8::S,
            v1::Dir8::SW => Dir8::SW,
            v1::Dir8::W => Dir8::W,
            v1::Dir8::NW => Dir8::NW,
        }
    }
}

impl From<Key> for v1::Key {
    fn from(Key { at, opens }: Key) -> Self {
        v1::Key {
            at: at.into(),
            opens: opens.into(),
        }
    }
}

impl From<v1::Key> for Key {
    fn from(v1::Key { at, opens }: v1::Key) -> Self {
        Key {
            at: at.into(),
            opens: opens.into(),
        }
    }
}

impl From<Mind> for v1::Mind {
    fn from(mind: Mind) -> Self {
        match mind {
            Mind::Asleep => v1::Mind::Asleep,
            Mind::Wandering { heading } => v1::Mind::Wandering {
                heading: heading.into(),
            },
            Mind::Hunting { target, patience } => v1::Mind::Hunting {
                target: target.into(),
                patience,
            },
            Mind::Fleeing => v1::Mind::Fleeing,
        }
    }
}

impl From<v1::Mind> for Mind {
    fn from(mind: v1::Mind) -> Self {
        match mind {
            v1::Mind::Asleep => Mind::Asleep,
            v1::Mind::Wandering { heading } => Mind::Wandering {
                heading: heading.into(),
            },
            v1::Mind::Hunting { target, patience } => Mind::Hunting {
                target: target.into(),
                patience,
            },
            v1::Mind::Fleeing => Mind::Fleeing,
        }
    }
}

impl From<Monster> for v1::Monster {
    fn from(m: Monster) -> Self {
        let Monster {
            id,
            kind,
            at,
            hp,
            energy,
            mind,
        } = m;
        v1::Monster {
            id,
            kind: kind.id(),
            at: at.into(),
            hp,
            energy,
            mind: mind.into(),
        }
    }
}

impl TryFrom<v1::Monster> for Monster {
    type Error = String;

    fn try_from(m: v1::Monster) -> Result<Self, String> {
        let v1::Monster {
            id,
            kind,
            at,
            hp,
            energy,
            mind,
        } = m;
        Ok(Monster {
            id,
            kind: Kind::from_id(kind).ok_or_else(|| format!("no kind of monster has the id {kind}"))?,
            at: at.into(),
            hp,
            energy,
            mind: mind.into(),
        })
    }
}

impl From<Health> for v1::Health {
    fn from(Health { hp, max }: Health) -> Self {
        v1::Health { hp, max }
    }
}

impl From<v1::Health> for Health {
    fn from(v1::Health { hp, max }: v1::Health) -> Self {
        Health { hp, max }
    }
}

impl From<Carrying> for v1::Carrying {
    fn from(Carrying { relic }: Carrying) -> Self {
        v1::Carrying { relic }
    }
}

impl From<v1::Carrying> for Carrying {
    fn from(v1::Carrying { relic }: v1::Carrying) -> Self {
        Carrying { relic }
    }
}

impl From<Ending> for v1::Ending {
    fn from(e: Ending) -> Self {
        match e {
            Ending::Died { by } => v1::Ending::Died { by },
            Ending::Won => v1::Ending::Won,
        }
    }
}

impl From<v1::Ending> for Ending {
    fn from(e: v1::Ending) -> Self {
        match e {
            v1::Ending::Died { by } => Ending::Died { by },
            v1::Ending::Won => Ending::Won,
        }
    }
}

impl From<CorridorStyle> for v1::Style {
    fn from(s: CorridorStyle) -> Self {
        match s {
            CorridorStyle::LShaped => v1::Style::LShaped,
            CorridorStyle::Chunked => v1::Style::Chunked,
            CorridorStyle::NetHack => v1::Style::NetHack,
            CorridorStyle::AStar => v1::Style::AStar,
            CorridorStyle::Axis => v1::Style::Axis,
            CorridorStyle::Pipe => v1::Style::Pipe,
            CorridorStyle::DeadZone => v1::Style::DeadZone,
            CorridorStyle::Hallways => v1::Style::Hallways,
            CorridorStyle::Mixed => v1::Style::Mixed,
        }
    }
}

impl From<v1::Style> for CorridorStyle {
    fn from(s: v1::Style) -> Self {
        match s {
            v1::Style::LShaped => CorridorStyle::LShaped,
            v1::Style::Chunked => CorridorStyle::Chunked,
            v1::Style::NetHack => CorridorStyle::NetHack,
            v1::Style::AStar => CorridorStyle::AStar,
            v1::Style::Axis => CorridorStyle::Axis,
            v1::Style::Pipe => CorridorStyle::Pipe,
            v1::Style::DeadZone => CorridorStyle::DeadZone,
            v1::Style::Hallways => CorridorStyle::Hallways,
            v1::Style::Mixed => CorridorStyle::Mixed,
        }
    }
}

impl From<Origin> for v1::Origin {
    fn from(o: Origin) -> Self {
        match o {
            Origin::Run(GenParams {
                seed,
                width,
                height,
                style,
                depth,
            }) => v1::Origin::Run(v1::GenParams {
                seed,
                width,
                height,
                style: style.into(),
                depth,
            }),
            Origin::Map => v1::Origin::Map,
        }
    }
}

impl From<v1::Origin> for Origin {
    fn from(o: v1::Origin) -> Self {
        match o {
            v1::Origin::Run(v1::GenParams {
                seed,
                width,
                height,
                style,
                depth,
            }) => Origin::Run(GenParams {
                seed,
                width,
                height,
                style: style.into(),
                depth,
            }),
            v1::Origin::Map => Origin::Map,
        }
    }
}

impl From<RngState> for v1::RngState {
    fn from(RngState { seed, stream, word_pos }: RngState) -> Self {
        v1::RngState { seed, stream, word_pos }
    }
}

impl From<v1::RngState> for RngState {
    fn from(v1::RngState { seed, stream, word_pos }: v1::RngState) -> Self {
        RngState { seed, stream, word_pos }
    }
}

impl From<Status> for v3::Status {
    fn from(
        Status {
            haste,
            poison,
            confusion,
        }: Status,
    ) -> Self {
        v3::Status {
            haste,
            poison,
            confusion,
        }
    }
}

impl From<v3::Status> for Status {
    fn from(
        v3::Status {
            haste,
            poison,
            confusion,
        }: v3::Status,
    ) -> Self {
        Status {
            haste,
            poison,
            confusion,
        }
    }
}

impl From<Lore> for v3::Lore {
    fn from(Lore { seed, known }: Lore) -> Self {
        v3::Lore { seed, known }
    }
}

impl From<v3::Lore> for Lore {
    fn from(v3::Lore { seed, known }: v3::Lore) -> Self {
        Lore { seed, known }
    }
}

impl From<Checkpoint> for v5::Checkpoint {
    fn from(Checkpoint { commands, turn, hash }: Checkpoint) -> Self {
        v5::Checkpoint { commands, turn, hash }
    }
}

impl From<v5::Checkpoint> for Checkpoint {
    fn from(v5::Checkpoint { commands, turn, hash }: v5::Checkpoint) -> Self {
        Checkpoint { commands, turn, hash }
    }
}

impl From<SavedRecording> for v5::Recording {
    fn from(r: SavedRecording) -> Self {
        let SavedRecording {
            rules,
            commands,
            checkpoints,
            daily,
        } = r;
        v5::Recording {
            rules,
            commands: Block(commands),
            checkpoints: checkpoints.into_iter().map(Into::into).collect(),
            daily,
        }
    }
}

impl From<v5::Recording> for SavedRecording {
    fn from(r: v5::Recording) -> Self {
        let v5::Recording {
            rules,
            commands,
            checkpoints,
            daily,
        } = r;
        SavedRecording {
            rules,
            commands: commands.0,
            checkpoints: checkpoints.into_iter().map(Into::into).collect(),
            daily,
        }
    }
}

impl From<Deeds> for v9::Deeds {
    fn from(d: Deeds) -> Self {
        let Deeds {
            drunk,
            read,
            eaten,
            stabs,
            unlocked,
            first_hurt,
            secrets_here,
            all_secrets,
            best_plus,
        } = d;
        v9::Deeds {
            drunk,
            read,
            eaten,
            stabs,
            unlocked,
            first_hurt,
            secrets_here,
            all_secrets,
            best_plus,
        }
    }
}

impl From<v9::Deeds> for Deeds {
    fn from(d: v9::Deeds) -> Self {
        let v9::Deeds {
            drunk,
            read,
            eaten,
            stabs,
            unlocked,
            first_hurt,
            secrets_here,
            all_secrets,
            best_plus,
        } = d;
        Deeds {
            drunk,
            read,
            eaten,
            stabs,
            unlocked,
            first_hurt,
            secrets_here,
            all_secrets,
            best_plus,
        }
    }
}

/// An item as saved: the item (kind and count), and its enchantment (kept apart, format 9).
fn item_part(item: Item) -> (v3::Item, i8) {
    let Item { kind, count, plus } = item;
    (v3::Item { kind: kind.id(), count }, plus)
}

/// An item back, unenchanted, if its kind is one.
fn item_of(item: v3::Item) -> Result<Item, String> {
    let v3::Item { kind, count } = item;
    let kind = ItemKind::from_id(kind).ok_or_else(|| format!("no kind of item has the id {kind}"))?;
    Ok(Item { kind, count, plus: 0 })
}

/// The enchantments of `pluses` (by place) given to `items`, or what is not there.
fn enchant(what: &str, items: &mut [&mut Item], pluses: Vec<(u32, i8)>) -> Result<(), String> {
    for (n, plus) in pluses {
        let item = items
            .get_mut(n as usize)
            .ok_or_else(|| format!("an enchantment for {what} {n}, which is not there"))?;
        item.plus = plus;
    }
    Ok(())
}

/// Each enchanted item's place among `pluses` and its enchantment.
fn pluses_of(pluses: impl Iterator<Item = i8>) -> Vec<(u32, i8)> {
    pluses
        .enumerate()
        .filter(|&(_, p)| p != 0)
        .map(|(n, p)| (n as u32, p))
        .collect()
}

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
pub(crate) fn level_part(level: SavedLevel, memory: Option<SavedMemory>) -> v9::Level {
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
    v9::Level {
        level,
        memory: memory.map(|SavedMemory { width, tiles }| v2::Remembered {
            width,
            tiles: Block(tiles.into_iter().map(|t| t.map_or(v2::UNSEEN, code)).collect()),
        }),
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
    }
}

/// A level and its memory back from its part, or what is wrong with it.
fn level_of(part: v9::Level, depth: usize) -> Result<(SavedLevel, Option<SavedMemory>), String> {
    let v9::Level {
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
    } = part;
    let mut level = terrain_of(level)?;
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
    let what = format!("item on level {depth}");
    enchant(
        &what,
        &mut level.items.iter_mut().map(|f| &mut f.item).collect::<Vec<_>>(),
        pluses,
    )?;
    let what = format!("monster's loot on level {depth}");
    enchant(
        &what,
        &mut level.loot.iter_mut().map(|l| &mut l.item).collect::<Vec<_>>(),
        loot_pluses,
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
    let memory = memory
        .map(|v2::Remembered { width, tiles }| {
            Ok::<_, String>(SavedMemory {
                width,
                tiles: memory_of(tiles)?,
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
    let Growth { xp, boons } = growth;
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
        status,
        lore,
    } = gear;
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
            status: status.into(),
            lore: lore.into(),
        },
        kills: kills.to_vec(),
        recording: recording.map(Into::into),
        sneaking,
        gold,
        xp,
        boons: boons.into_iter().map(Boon::id).collect(),
        stomach,
        deeds: deeds.into(),
        feats,
        pluses,
    };
    Save { run, levels }
}

/// The run a save of the newest format holds (decoded, not yet checked: `SavedRun::restore`
/// checks it), or what in it names nothing: a kind, a tile, an enchanted item.
pub(crate) fn from_format(save: Newest) -> Result<SavedRun, String> {
    let Save { run, levels: parts } = save;
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
                let (level, remembered) = level_of(part, i + 1).map_err(|e| format!("level {}: {e}", i + 1))?;
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
                status: status.into(),
                lore: lore.into(),
            },
            sneaking,
            gold,
            growth: Growth { xp, boons },
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
        recording: recording.map(Into::into),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tile_has_a_byte_of_its_own() {
        for t in Tile::ALL {
            assert_eq!(tile(code(t)), Some(t));
            assert_ne!(code(t), v2::UNSEEN);
        }
        assert_eq!((Tile::ALL.len() as u8..=255).filter_map(tile).count(), 0);
    }

    #[test]
    fn format_1_s_tiles_become_the_bytes_that_name_them() {
        use v1::{Door, Tile as T1};
        let pairs = [
            (T1::Wall, Tile::Wall),
            (T1::Floor, Tile::Floor),
            (T1::Corridor, Tile::Corridor),
            (T1::Door(Door::Open), Tile::Door(DoorState::Open)),
            (T1::Door(Door::Closed), Tile::Door(DoorState::Closed)),
            (T1::Door(Door::Locked), Tile::Door(DoorState::Locked)),
            (T1::StairsDown, Tile::StairsDown),
            (T1::StairsUp, Tile::StairsUp),
        ];
        for (old, now) in pairs {
            assert_eq!(tile(old.code()), Some(now), "{old:?}");
        }
    }
}
