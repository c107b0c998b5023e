//! The world's leaves as saved and back: positions, rooms, directions, keys, minds, monsters,
//! health, what a monster carries, endings, corridor styles, origins, the stream, statuses, lore,
//! checkpoints, a recording, the record's deeds, and an item with its enchantment.

use crate::dungeon::Origin;
use crate::generation::{CorridorStyle, GenParams};
use crate::geom::{Dir8, Pos, Rect};
use crate::rng::RngState;
use crate::run::{Branch, Checkpoint, Digest, Lineage};
use crate::save::formats::{Block, v1, v3, v5, v9, v11, v13, v16};
use crate::save::model::SavedRecording;
use crate::world::{Carrying, Deeds, Ending, Health, Item, ItemKind, Key, Kind, Mind, Monster, Status};

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
            // Written in the level's bonds (`bond`); the terrain's list holds a placeholder.
            Mind::Captive { .. } | Mind::Ally { .. } => v1::Mind::Asleep,
        }
    }
}

/// What binds `m` to the player, with its id, if anything does (format 11's bonds).
pub(super) fn bond(m: &Monster) -> Option<(u32, v11::Bond)> {
    match m.mind {
        Mind::Captive { chains } => Some((m.id, v11::Bond::Captive { chains })),
        Mind::Ally { waiting, kills } => Some((m.id, v11::Bond::Ally { waiting, kills })),
        Mind::Asleep | Mind::Wandering { .. } | Mind::Hunting { .. } | Mind::Fleeing => None,
    }
}

/// The mind a bond gives its monster.
pub(super) const fn bound(bond: v11::Bond) -> Mind {
    match bond {
        v11::Bond::Captive { chains } => Mind::Captive { chains },
        v11::Bond::Ally { waiting, kills } => Mind::Ally { waiting, kills },
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
        // (A champion's name is written in its level's part: `level_part`.)
        let Monster {
            id,
            kind,
            at,
            hp,
            energy,
            mind,
            champion: _,
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
            champion: None, // (a level's part crowns its champions: `level_of`)
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

/// The player's states as saved: format 3's three, and format 13's.
pub(super) fn status_part(status: Status) -> (v3::Status, v13::States) {
    let Status {
        haste,
        poison,
        confusion,
        levitation,
        telepathy,
        fire_immunity,
    } = status;
    (
        v3::Status {
            haste,
            poison,
            confusion,
        },
        v13::States {
            levitation,
            telepathy,
            fire_immunity,
        },
    )
}

/// The player's states back from their parts.
pub(super) fn status_of(old: v3::Status, new: v13::States) -> Status {
    let v3::Status {
        haste,
        poison,
        confusion,
    } = old;
    let v13::States {
        levitation,
        telepathy,
        fire_immunity,
    } = new;
    Status {
        haste,
        poison,
        confusion,
        levitation,
        telepathy,
        fire_immunity,
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
        // The lineage is saved apart, in format 16's run part (and a recording file's format 3).
        let SavedRecording {
            rules,
            commands,
            checkpoints,
            daily,
            lineage: _,
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
            lineage: Lineage::default(),
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

/// An item as saved: the item (kind and count), its enchantment (kept apart, format 9) and its
/// wait (kept apart, format 13).
pub(super) fn item_part(item: Item) -> (v3::Item, i8, u16) {
    let Item {
        kind,
        count,
        plus,
        wait,
    } = item;
    (v3::Item { kind: kind.id(), count }, plus, wait)
}

/// An item back, unenchanted and waiting for nothing, if its kind is one.
pub(super) fn item_of(item: v3::Item) -> Result<Item, String> {
    let v3::Item { kind, count } = item;
    let kind = ItemKind::from_id(kind).ok_or_else(|| format!("no kind of item has the id {kind}"))?;
    Ok(Item {
        kind,
        count,
        plus: 0,
        wait: 0,
    })
}

/// The enchantments of `pluses` (by place) given to `items`, or what is not there.
pub(super) fn enchant(what: &str, items: &mut [&mut Item], pluses: Vec<(u32, i8)>) -> Result<(), String> {
    by_place(
        items,
        pluses,
        |item, plus| item.plus = plus,
        |n| format!("an enchantment for {what} {n}, which is not there"),
    )
}

/// Each enchanted item's place among `pluses` and its enchantment.
pub(super) fn pluses_of(pluses: impl Iterator<Item = i8>) -> Vec<(u32, i8)> {
    places_of(pluses)
}

/// The waits of `waits` (by place) given to `items`, or what is not there.
pub(super) fn wait(what: &str, items: &mut [&mut Item], waits: Vec<(u32, u16)>) -> Result<(), String> {
    by_place(
        items,
        waits,
        |item, wait| item.wait = wait,
        |n| format!("a wait for {what} number {n}, which is not there"),
    )
}

/// Each waiting item's place among `waits` and its wait.
pub(super) fn waits_of(waits: impl Iterator<Item = u16>) -> Vec<(u32, u16)> {
    places_of(waits)
}

/// What a sparse list (a place and a value, format 9's enchantments and format 13's waits) gives
/// each of `items`, set by `set`; `missing` says what names a place that is not there.
fn by_place<T>(
    items: &mut [&mut Item],
    list: Vec<(u32, T)>,
    set: impl Fn(&mut Item, T),
    missing: impl Fn(u32) -> String,
) -> Result<(), String> {
    for (n, value) in list {
        let item = items.get_mut(n as usize).ok_or_else(|| missing(n))?;
        set(item, value);
    }
    Ok(())
}

/// The sparse list of `values`: each one that is not nothing, with its place.
fn places_of<T: Default + PartialEq>(values: impl Iterator<Item = T>) -> Vec<(u32, T)> {
    values
        .enumerate()
        .filter(|(_, v)| *v != T::default())
        .map(|(n, v)| (n as u32, v))
        .collect()
}

impl From<Lineage> for v16::Lineage {
    fn from(Lineage { branch, ghost }: Lineage) -> Self {
        v16::Lineage {
            branch: branch.map(|Branch { parent, turn, commands }| v16::Branch {
                parent: parent.0,
                turn,
                commands,
            }),
            ghost: ghost.map(|g| g.0),
        }
    }
}

impl From<v16::Lineage> for Lineage {
    fn from(v16::Lineage { branch, ghost }: v16::Lineage) -> Self {
        Lineage {
            branch: branch.map(|v16::Branch { parent, turn, commands }| Branch {
                parent: Digest(parent),
                turn,
                commands,
            }),
            ghost: ghost.map(Digest),
        }
    }
}
