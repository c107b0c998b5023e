//! The state hash: one number for the whole game state (every level made, the monsters and items
//! on it, the player with its pack, states and knowledge of items, the turn, the record of the run and where the random stream stands), so that "the
//! same seed and the same commands give the same game" can be checked byte for byte, on any
//! platform.

use crate::geom::Pos;
use crate::map::{FNV_OFFSET, Tile, fnv1a_byte, fnv1a_on};
use crate::world::{Ending, Item, Mind};

use super::Run;

fn pos(out: &mut Vec<u8>, p: Pos) {
    out.extend_from_slice(&p.x.to_le_bytes());
    out.extend_from_slice(&p.y.to_le_bytes());
}

fn item(out: &mut Vec<u8>, i: Item) {
    out.extend_from_slice(&[i.kind as u8, i.count]);
}

/// FNV-1a of a fixed, platform-independent encoding of the game state.
pub(super) fn state_hash(run: &Run) -> u64 {
    let Run {
        dungeon,
        player,
        record,
        turn,
        rng,
        ..
    } = run;
    // Hashed as a stream: the small fields gathered in `out` and taken in before each level's
    // tiles, which are taken straight from the map (a byte each, its glyph) rather than copied
    // into the buffer first (at 1024x1024, a megabyte a level).
    let mut h = FNV_OFFSET;
    let mut out: Vec<u8> = Vec::with_capacity(16 * 1024);
    out.extend_from_slice(&dungeon.depth().to_le_bytes());
    for depth in 1..=dungeon.deepest() {
        let Some(level) = dungeon.kept(depth) else { continue };
        out.extend_from_slice(&depth.to_le_bytes());
        h = fnv1a_on(h, &out);
        out.clear();
        h = level.map.tiles().iter().fold(h, |h, &t| fnv1a_byte(h, glyph_byte(t)));
        for key in &level.keys {
            pos(&mut out, key.at);
            pos(&mut out, key.opens);
        }
        out.push(0xfe);
        if let Some(relic) = level.relic {
            pos(&mut out, relic);
        }
        for m in &level.monsters {
            out.extend_from_slice(&m.id.to_le_bytes());
            out.push(m.kind as u8);
            pos(&mut out, m.at);
            out.extend_from_slice(&m.hp.to_le_bytes());
            out.extend_from_slice(&m.energy.to_le_bytes());
            match m.mind {
                Mind::Asleep => out.push(0),
                Mind::Wandering { heading } => out.extend_from_slice(&[1, heading as u8]),
                Mind::Hunting { target, patience } => {
                    out.push(2);
                    pos(&mut out, target);
                    out.extend_from_slice(&patience.to_le_bytes());
                }
                Mind::Fleeing => out.push(3),
            }
        }
        out.push(0xfd);
        for f in &level.items {
            pos(&mut out, f.at);
            item(&mut out, f.item);
            out.extend_from_slice(&[f.altar.map_or(0xff, |a| a), u8::from(f.sealed)]);
        }
        // (Marked only when there is any, so runs without loot hash as they did before it.)
        if !level.loot.is_empty() {
            out.push(0xfc);
            for l in &level.loot {
                out.extend_from_slice(&l.holder.to_le_bytes());
                item(&mut out, l.item);
            }
        }
        out.push(0xff);
    }
    pos(&mut out, player.at);
    for &(depth, door) in &player.keys.0 {
        out.extend_from_slice(&depth.to_le_bytes());
        pos(&mut out, door);
    }
    out.extend_from_slice(&player.health.hp.to_le_bytes());
    out.extend_from_slice(&player.health.max.to_le_bytes());
    out.push(u8::from(player.carrying.relic));
    for slot in player.pack.slots() {
        match slot {
            Some(i) => item(&mut out, *i),
            None => out.push(0xff),
        }
    }
    for worn in [player.pack.weapon, player.pack.armour] {
        out.push(worn.unwrap_or(0xff));
    }
    let status = player.status;
    for t in [status.haste, status.poison, status.confusion] {
        out.extend_from_slice(&t.to_le_bytes());
    }
    out.extend_from_slice(&player.lore.seed.to_le_bytes());
    out.extend_from_slice(&player.lore.known.to_le_bytes());
    out.extend_from_slice(&record.slain.to_le_bytes());
    out.extend_from_slice(&record.deepest.to_le_bytes());
    match &record.ending {
        None => out.push(0),
        Some(Ending::Won) => out.push(1),
        Some(Ending::Died { by }) => {
            out.push(2);
            out.extend_from_slice(by.as_bytes());
        }
    }
    out.extend_from_slice(&turn.to_le_bytes());
    out.extend_from_slice(&rng.word_pos().to_le_bytes());
    fnv1a_on(h, &out)
}

/// A tile's glyph as the byte the hash takes (`Tile::glyph`, which is ASCII).
#[inline]
const fn glyph_byte(t: Tile) -> u8 {
    t.glyph() as u8
}
