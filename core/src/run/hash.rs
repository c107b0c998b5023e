//! The state hash: one number for the whole game state (every level made, the monsters and items
//! on it, the player with its pack, states and knowledge of items, the turn, the record of the run and where the random stream stands), so that "the
//! same seed and the same commands give the same game" can be checked byte for byte, on any
//! platform.

use crate::geom::Pos;
use crate::map::{FNV_OFFSET, Tile, fnv1a_byte, fnv1a_on};
use crate::world::{
    Carrying, Deeds, Ending, FloorItem, Growth, Health, Item, Key, Kind, Level, Loot, Lore, Mind, Monster, Player,
    RunRecord, STOMACH_START, Status, Trap,
};

use super::Run;

fn pos(out: &mut Vec<u8>, p: Pos) {
    out.extend_from_slice(&p.x.to_le_bytes());
    out.extend_from_slice(&p.y.to_le_bytes());
}

fn item(out: &mut Vec<u8>, i: Item) {
    let Item {
        kind,
        count,
        plus,
        wait,
    } = i;
    out.extend_from_slice(&[kind.id() as u8, count]);
    if plus != 0 {
        out.extend_from_slice(&[b'+', plus as u8]);
    }
    if wait != 0 {
        out.push(b'~');
        out.extend_from_slice(&wait.to_le_bytes());
    }
}

/// Each level's tiles as last hashed, by depth: the map's stamp, and the hash's state before
/// and after taking them in. A level's tiles, a megabyte at 1024x1024 and most of the hash,
/// change only when a door does; while neither they nor what comes before them in the stream
/// has changed, their part is taken from here.
#[derive(Clone, Debug, Default)]
pub(super) struct TileHashes(Vec<Option<(u64, u64, u64)>>);

/// FNV-1a of a fixed, platform-independent encoding of the game state, taking each level's
/// tiles from `kept` where it holds them as they are now.
pub(super) fn state_hash(run: &Run) -> u64 {
    hash(run, &run.tile_hashes, &mut |_, _| {})
}

/// `state_hash`, keeping each level's tiles' part for the next time.
pub(super) fn state_hash_keeping(run: &mut Run) -> u64 {
    let mut kept = std::mem::take(&mut run.tile_hashes);
    let mut fresh = Vec::new();
    let h = hash(run, &kept, &mut |depth, part| fresh.push((depth, part)));
    for (depth, part) in fresh {
        if kept.0.len() < depth {
            kept.0.resize(depth, None);
        }
        kept.0[depth - 1] = Some(part);
    }
    run.tile_hashes = kept;
    debug_assert_eq!(
        h,
        hash(run, &TileHashes::default(), &mut |_, _| {}),
        "a level's kept part is stale"
    );
    h
}

/// The state hash, with the tiles' parts `kept` where they hold; `worked_out` is told each
/// level's part that had to be worked out (its depth, and stamp, state before, state after).
fn hash(run: &Run, kept: &TileHashes, worked_out: &mut dyn FnMut(usize, (u64, u64, u64))) -> u64 {
    // Every field of the state is named below, hashed or bound to `_` with the reason it need
    // not be: a field added to the run, a level, a monster, an item or the player does not
    // compile until the hash takes it in or says why not (no `..`).
    let Run {
        dungeon,
        player,
        record,
        turn,
        rng,
        log: _,         // what the player was told: follows from the rest
        spec: _,        // how the run began: its levels, made from it, are hashed
        sight: _,       // worked out from where the player stands and the tiles
        senses: _,      // the monsters' scratch, worked out afresh every turn
        recording: _,   // the commands: what a recording's checkpoints hold this hash against
        tile_hashes: _, // this hash's own cache
    } = run;
    // Hashed as a stream: the small fields gathered in `out` and taken in before each level's
    // tiles, which are taken straight from the map (a byte each, its glyph) rather than copied
    // into the buffer first (at 1024x1024, a megabyte a level).
    let mut h = FNV_OFFSET;
    let mut out: Vec<u8> = Vec::with_capacity(16 * 1024);
    out.extend_from_slice(&dungeon.depth().to_le_bytes());
    // The mode, but for the standard game's (whose hashes are what they were before modes).
    let mode = dungeon.mode();
    if !mode.is_standard() {
        out.extend_from_slice(&mode.difficulty.id().to_le_bytes());
        out.extend_from_slice(&mode.challenge_bits().to_le_bytes());
    }
    for depth in 1..=dungeon.deepest() {
        let Some(level) = dungeon.kept(depth) else { continue };
        let Level {
            map,
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
        out.extend_from_slice(&depth.to_le_bytes());
        h = fnv1a_on(h, &out);
        out.clear();
        let (stamp, before, d) = (map.stamp(), h, depth as usize);
        h = match kept.0.get(d - 1) {
            Some(&Some((s, b, after))) if s == stamp && b == before => after,
            _ => {
                let after = map.tiles().iter().fold(h, |h, &t| fnv1a_byte(h, glyph_byte(t)));
                worked_out(d, (stamp, before, after));
                after
            }
        };
        for &Key { at, opens } in keys {
            pos(&mut out, at);
            pos(&mut out, opens);
        }
        out.push(0xfe);
        if let Some(relic) = *relic {
            pos(&mut out, relic);
        }
        for m in monsters {
            let Monster {
                id,
                kind,
                at,
                hp,
                energy,
                mind,
                champion,
            } = *m;
            out.extend_from_slice(&id.to_le_bytes());
            out.push(kind.id() as u8);
            pos(&mut out, at);
            out.extend_from_slice(&hp.to_le_bytes());
            out.extend_from_slice(&energy.to_le_bytes());
            match mind {
                Mind::Asleep => out.push(0),
                Mind::Wandering { heading } => out.extend_from_slice(&[1, heading as u8]),
                Mind::Hunting { target, patience } => {
                    out.push(2);
                    pos(&mut out, target);
                    out.extend_from_slice(&patience.to_le_bytes());
                }
                Mind::Fleeing => out.push(3),
                Mind::Captive { chains } => out.extend_from_slice(&[4, chains]),
                Mind::Ally { waiting, kills } => {
                    out.extend_from_slice(&[5, u8::from(waiting)]);
                    out.extend_from_slice(&kills.to_le_bytes());
                }
            }
            // (Marked only for a champion, so a state without one hashes as before champions.)
            if let Some(c) = champion {
                out.extend_from_slice(&[0xfb, c.0]);
            }
        }
        out.push(0xfd);
        for &FloorItem {
            at,
            item: thing,
            altar,
            sealed,
        } in items
        {
            pos(&mut out, at);
            item(&mut out, thing);
            out.extend_from_slice(&[altar.map_or(0xff, |a| a), u8::from(sealed)]);
        }
        // (Marked only when there is any, so runs without loot hash as they did before it.)
        if !loot.is_empty() {
            out.push(0xfc);
            for &Loot { holder, item: thing } in loot {
                out.extend_from_slice(&holder.to_le_bytes());
                item(&mut out, thing);
            }
        }
        // Traps, fire and gas, each marked only when there is any (levels without them hash as
        // they did before them).
        if !traps.is_empty() {
            out.push(0xfb);
            for &Trap { at, kind, hidden } in traps {
                pos(&mut out, at);
                out.extend_from_slice(&[kind.id() as u8, u8::from(hidden)]);
            }
        }
        for (mark, field) in [(0xfa, fire), (0xf9, gas)] {
            if !field.is_empty() {
                out.push(mark);
                for (&p, &n) in field {
                    pos(&mut out, p);
                    out.push(n);
                }
            }
        }
        if !gold.is_empty() {
            out.push(0xf8);
            for (&p, &n) in gold {
                pos(&mut out, p);
                out.extend_from_slice(&n.to_le_bytes());
            }
        }
        out.push(0xff);
    }
    let Player {
        at,
        keys,
        health: Health { hp, max },
        carrying: Carrying { relic },
        memory: _, // what the player has seen: follows from where it has been
        pack,
        status:
            Status {
                haste,
                poison,
                confusion,
                levitation,
                telepathy,
                fire_immunity,
            },
        lore: Lore { seed, known, felt },
        sneaking,
        gold,
        growth: Growth { xp, boons, beginning },
        stomach,
    } = player;
    pos(&mut out, *at);
    for &(depth, door) in &keys.0 {
        out.extend_from_slice(&depth.to_le_bytes());
        pos(&mut out, door);
    }
    out.extend_from_slice(&hp.to_le_bytes());
    out.extend_from_slice(&max.to_le_bytes());
    out.push(u8::from(*relic));
    for slot in pack.slots() {
        match slot {
            Some(i) => item(&mut out, *i),
            None => out.push(0xff),
        }
    }
    for worn in [pack.weapon, pack.armour] {
        out.push(worn.unwrap_or(0xff));
    }
    // Rings, the kinds known past the first 32 and those sensed only when there are any, as
    // with sneaking.
    if pack.rings.iter().any(Option::is_some) {
        out.push(b'=');
        out.extend(pack.rings.map(|r| r.unwrap_or(0xff)));
    }
    for t in [haste, poison, confusion] {
        out.extend_from_slice(&t.to_le_bytes());
    }
    // The later states only when in one, as with sneaking.
    if *levitation > 0 || *telepathy > 0 || *fire_immunity > 0 {
        out.push(b'&');
        for t in [levitation, telepathy, fire_immunity] {
            out.extend_from_slice(&t.to_le_bytes());
        }
    }
    out.extend_from_slice(&seed.to_le_bytes());
    out.extend_from_slice(&(*known as u32).to_le_bytes());
    if *known >> 32 != 0 || *felt != 0 {
        out.push(b'?');
        out.extend_from_slice(&((*known >> 32) as u32).to_le_bytes());
        out.extend_from_slice(&felt.to_le_bytes());
    }
    // Only when set: the hash of a run that never sneaks is what it was before sneaking was the
    // run's, so recordings made then verify.
    if *sneaking {
        out.extend_from_slice(b"sneaking");
    }
    // Only when there is any, as with sneaking: runs saved before gold hash as they did.
    if *gold > 0 {
        out.push(b'$');
        out.extend_from_slice(&gold.to_le_bytes());
    }
    // Rules 6 on: experience, the boons chosen, the stomach; each only when it is not what a run
    // saved before them continues with, so those saves hash as they did.
    if *xp > 0 || !boons.is_empty() {
        out.push(b'x');
        out.extend_from_slice(&xp.to_le_bytes());
        out.extend(boons.iter().map(|b| b.id() as u8));
        out.push(0xfe);
    }
    if let Some(b) = beginning {
        out.push(b'b');
        out.push(b.id() as u8);
    }
    if *stomach != STOMACH_START {
        out.push(b'%');
        out.extend_from_slice(&stomach.to_le_bytes());
    }
    let RunRecord {
        slain,
        deepest,
        ending,
        kills,
        deeds,
        feats,
    } = record;
    if *feats != 0 {
        out.push(b'!');
        out.extend_from_slice(&feats.to_le_bytes());
    }
    // Rules 7 on: the kills by kind and the deeds, which the score and the feats are made from
    // (no other state holds them); only when there is any, as above. Each kind killed is hashed
    // by its pinned id with its count, so a kind added to the table changes no hash.
    if kills.iter().any(|&n| n > 0) {
        out.push(b'k');
        for (kind, n) in Kind::ALL.iter().zip(kills).filter(|(_, n)| **n > 0) {
            out.extend_from_slice(&kind.id().to_le_bytes());
            out.extend_from_slice(&n.to_le_bytes());
        }
    }
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
    } = *deeds;
    if *deeds != Deeds::default() {
        out.push(b'd');
        for n in [drunk, read, eaten, stabs, unlocked, first_hurt, secrets_here] {
            out.extend_from_slice(&n.to_le_bytes());
        }
        out.push(u8::from(all_secrets));
        out.push(best_plus as u8);
    }
    out.extend_from_slice(&slain.to_le_bytes());
    out.extend_from_slice(&deepest.to_le_bytes());
    match ending {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generation::{CorridorStyle, GenParams};
    use crate::map::DoorState;
    use crate::run::RunSpec;

    fn worked_out_whole(run: &Run) -> u64 {
        hash(run, &TileHashes::default(), &mut |_, _| {})
    }

    #[test]
    fn the_kept_parts_follow_every_change_of_the_tiles() {
        let params = GenParams::new(3, 80, 50, CorridorStyle::Mixed).at_depth(2);
        let mut run = RunSpec::seeded(params).begin().unwrap();
        let first = state_hash_keeping(&mut run);
        assert_eq!(first, worked_out_whole(&run));
        assert_eq!(run.state_hash(), first, "from the kept part");
        // A door changes: the level's part is worked out again.
        let (door, state) = run.dungeon.level().map.doors().next().expect("a door");
        let other = if state == DoorState::Open {
            DoorState::Closed
        } else {
            DoorState::Open
        };
        run.dungeon.level_mut().map.set(door, Tile::Door(other));
        let changed = run.state_hash();
        assert_ne!(changed, first);
        assert_eq!(changed, worked_out_whole(&run));
        assert_eq!(state_hash_keeping(&mut run), changed);
        // A copy that changes apart from it is hashed as itself, not from the original's parts.
        let mut copy = run.clone();
        copy.dungeon.level_mut().map.set(door, Tile::Door(state));
        assert_eq!(copy.state_hash(), first);
        assert_eq!(state_hash_keeping(&mut copy), first);
        assert_eq!(run.state_hash(), changed);
        // The rest of the state is taken in as ever.
        run.turn += 1;
        assert_eq!(run.state_hash(), worked_out_whole(&run));
    }
}
