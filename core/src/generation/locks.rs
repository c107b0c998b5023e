//! Locked doors and their keys (seed 002: "later we're going to add doorlocks and keys").
//!
//! A lock only means something on a chokepoint: a door whose every walk from the arrival passes
//! through it. One depth-first search over the level finds them all (Tarjan's cut vertices on the
//! tile grid) and numbers the tiles so that "is tile t behind door D?" is two comparisons. Locks
//! guard either the way to the stairs down or a side vault (a pocket behind one door, as Brogue's
//! vaults are); a second lock may hide the key to the stairs inside the vault.
//!
//! Keys are placed in metazelda's order: key k lies where keys 0..k-1 suffice, never behind its
//! own door nor behind a later one, so every placement plays out by construction. The level's
//! validation checks it anyway, with `solve`, which plays the level out and knows nothing of how
//! the locks were chosen.

use crate::map::{DoorState, Tile, TileMap, count_walkable, open_border_tile};

use crate::world::Key;

use crate::geom::Pos;

use super::defect::Defect;
use crate::rng::GenRng;

/// Chokepoint doors and what lies behind each, as seen from one arrival point.
pub(crate) struct Cuts {
    /// Depth-first discovery number of every tile (0: not reached).
    order: Vec<u32>,
    /// Each chokepoint door and the discovery numbers of the tiles behind it (a contiguous range:
    /// the subtree the door leads into).
    doors: Vec<(Pos, u32, u32)>,
}

impl Cuts {
    /// Runs the search from `from` over every walkable tile (all doors passable). Iterative, so
    /// that a 1024x1024 level needs no deep call stack. The border must be solid.
    pub fn find(map: &TileMap, from: Pos) -> Cuts {
        let n = map.tiles().len();
        let w = map.width() as usize;
        let tiles = map.tiles();
        let mut order = vec![0u32; n];
        let mut low = vec![0u32; n];
        let mut doors = Vec::new();
        let steps = [-1isize, 1, -(w as isize), w as isize];
        let root = map.index(from);
        let mut count = 1;
        order[root] = 1;
        low[root] = 1;
        // Each entry: a tile and the next of its four neighbours to try. A tile's parent is the
        // entry below it, so no array of parents is kept.
        let mut stack: Vec<(usize, usize)> = Vec::with_capacity(256);
        stack.push((root, 0));
        while let Some(&(v, k)) = stack.last() {
            let depth = stack.len();
            // The next neighbour of v not yet numbered, the ones already numbered lowering v's
            // reach on the way (a tight loop here, rather than one neighbour a turn of the outer
            // loop).
            let parent = if depth >= 2 { stack[depth - 2].0 } else { usize::MAX };
            let mut k = k;
            let mut child = None;
            while k < 4 {
                let u = v.wrapping_add_signed(steps[k]);
                k += 1;
                if !tiles[u].is_walkable() {
                    continue;
                }
                if order[u] == 0 {
                    child = Some(u);
                    break;
                }
                if u != parent {
                    low[v] = low[v].min(order[u]);
                }
            }
            stack[depth - 1].1 = k;
            if let Some(u) = child {
                count += 1;
                order[u] = count;
                low[u] = count;
                stack.push((u, 0));
                continue;
            }
            stack.pop();
            if let Some(&(p, _)) = stack.last() {
                low[p] = low[p].min(low[v]);
                // The subtree under v was numbered order[v]..=count, and nothing in it reaches
                // above p: p is the only way in.
                if tiles[p].is_door() && low[v] >= order[p] {
                    doors.push((map.pos_of(p), order[v], count));
                }
            }
        }
        Cuts { order, doors }
    }

    /// Every chokepoint door.
    #[cfg(test)]
    pub fn doors(&self) -> impl Iterator<Item = Pos> + '_ {
        self.doors.iter().map(|d| d.0)
    }

    /// True when tile `i` (an index) lies behind chokepoint number `d`.
    fn behind(&self, d: usize, i: usize) -> bool {
        let (_, lo, hi) = self.doors[d];
        (lo..=hi).contains(&self.order[i])
    }

    /// How many tiles lie behind chokepoint number `d`.
    fn size(&self, d: usize) -> u32 {
        self.doors[d].2 - self.doors[d].1 + 1
    }
}

/// What playing a level's locks out from one point comes to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Solution {
    /// Tiles walked to, keys and opened locks included.
    pub reached: Vec<bool>,
    /// Indices into the keys, in the order they were picked up.
    pub taken: Vec<usize>,
}

/// Plays `keys` and their locks out from `from`: walks everywhere it can (4-way; closed doors
/// open, locked ones do not), picks up every key it reaches, and unlocks the door a key fits as
/// soon as it has both reached the door and holds the key. Keys open one door each, so this
/// greedy walk gets every key that any order of play could get.
#[cfg(test)]
pub(crate) fn solve(map: &TileMap, keys: &[Key], from: Pos) -> Solution {
    walk(map, keys, from).0
}

/// `solve`, also counting the walkable tiles reached. By index; a key is looked for only on room
/// floor, a lock only at a locked door. On a map whose border is solid (every level the generator
/// keeps) a walkable tile's four neighbours are on the map, and none is asked about its bounds.
fn walk(map: &TileMap, keys: &[Key], from: Pos) -> (Solution, usize) {
    if open_border_tile(map).is_none() && map.tile(from).is_walkable() {
        walk_by::<true>(map, keys, from)
    } else {
        walk_by::<false>(map, keys, from)
    }
}

/// `walk`, asking about bounds unless `INSIDE` (then each entry of the stack carries its column
/// so that no division finds it).
fn walk_by<const INSIDE: bool>(map: &TileMap, keys: &[Key], from: Pos) -> (Solution, usize) {
    let tiles = map.tiles();
    let (w, n) = (map.width() as usize, map.tiles().len());
    let mut reached = vec![false; n];
    let mut taken = Vec::new();
    if !map.in_bounds(from) {
        return (Solution { reached, taken }, 0);
    }
    let spot = |p: Pos| if map.in_bounds(p) { map.index(p) } else { usize::MAX };
    let key_spots: Vec<usize> = keys.iter().map(|k| spot(k.at)).collect();
    let lock_spots: Vec<usize> = keys.iter().map(|k| spot(k.opens)).collect();
    let mut held = vec![false; keys.len()];
    let mut door_seen = vec![false; keys.len()];
    let start = map.index(from);
    let mut stack: Vec<(usize, usize)> = Vec::with_capacity(256);
    stack.push((start, from.x as usize));
    reached[start] = true;
    let mut count = usize::from(tiles[start].is_walkable());
    while let Some((i, x)) = stack.pop() {
        if tiles[i] == Tile::Floor
            && let Some(k) = key_spots.iter().position(|&s| s == i)
            && !held[k]
        {
            held[k] = true;
            taken.push(k);
            // A door already found locked opens now.
            let door = lock_spots[k];
            if door_seen[k] && !reached[door] {
                reached[door] = true;
                count += 1;
                stack.push((door, door % w));
            }
        }
        let steps = if INSIDE {
            [Some((i - 1, 0)), Some((i + 1, 0)), Some((i - w, 0)), Some((i + w, 0))]
        } else {
            [
                (x > 0).then(|| (i - 1, x - 1)),
                (x + 1 < w).then(|| (i + 1, x + 1)),
                (i >= w).then(|| (i - w, x)),
                (i + w < n).then(|| (i + w, x)),
            ]
        };
        for (j, x) in steps.into_iter().flatten() {
            let t = tiles[j];
            if reached[j] || !t.is_walkable() {
                continue;
            }
            if t == Tile::Door(DoorState::Locked) {
                match lock_spots.iter().position(|&s| s == j) {
                    Some(k) if held[k] => {}
                    Some(k) => {
                        door_seen[k] = true;
                        continue;
                    }
                    None => continue,
                }
            }
            reached[j] = true;
            count += 1;
            stack.push((j, x));
        }
    }
    (Solution { reached, taken }, count)
}

/// What a lock guards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Guard {
    /// The way to the stairs down.
    Stairs,
    /// A side pocket.
    Vault,
    /// The way to the stairs, its key inside the vault locked just before.
    StairsKeyInVault,
}

/// Smallest pocket (in tiles) worth a vault door.
const MIN_VAULT: u32 = 9;

/// How many locks, and of which kinds, a level at `depth` asks for (none on the first level;
/// from the second on, three levels in four have one or more, deeper levels more).
fn plan(depth: u32, has_stairs_down: bool, rng: &mut GenRng) -> Vec<Guard> {
    if depth < 2 || rng.percent(25) {
        return Vec::new();
    }
    let extra = u32::from(depth >= 4 && rng.coin()) + u32::from(depth >= 7 && rng.coin());
    let mut plan = Vec::new();
    if !has_stairs_down {
        plan.resize(1 + extra as usize, Guard::Vault);
        return plan;
    }
    match extra {
        0 if rng.coin() => plan.push(Guard::Stairs),
        0 => plan.push(Guard::Vault),
        1 if rng.coin() => plan.extend([Guard::Vault, Guard::StairsKeyInVault]),
        1 => plan.extend([Guard::Vault, Guard::Stairs]),
        _ => plan.extend([Guard::Vault, Guard::StairsKeyInVault, Guard::Vault]),
    }
    plan
}

/// Locks chokepoint doors of `map` for a player arriving at its start, and lays their keys on
/// room floor. Returns the keys (one per locked door, in the order they can be collected), and
/// the chokepoints found on the way (none when no lock was asked for), which `check_keys` plays
/// the keys out on.
pub(crate) fn place_locks(map: &mut TileMap, depth: u32, rng: &mut GenRng) -> (Vec<Key>, Option<Cuts>) {
    let plan = plan(depth, map.stairs_down().is_some(), rng);
    if plan.is_empty() {
        return (Vec::new(), None);
    }
    let arrival = map.start();
    let cuts = Cuts::find(map, arrival);
    let down = map.stairs_down().map(|p| map.index(p));
    // Room floor where a key may lie (not on stairs or the arrival).
    let floor: Vec<usize> = map
        .rooms()
        .iter()
        .flat_map(|r| r.tiles())
        .filter(|&p| p != arrival && map.tile(p) == Tile::Floor)
        .map(|p| map.index(p))
        .collect();
    let mut keys: Vec<Key> = Vec::new();
    let mut locked: Vec<usize> = Vec::new(); // chokepoint numbers, in key order
    let mut last_vault: Option<usize> = None;
    for guard in plan {
        let guards_stairs = |d: usize| down.is_some_and(|s| cuts.behind(d, s));
        let mut choices: Vec<usize> = (0..cuts.doors.len())
            .filter(|&d| !locked.contains(&d))
            .filter(|&d| match guard {
                Guard::Vault => !guards_stairs(d) && cuts.size(d) >= MIN_VAULT,
                Guard::Stairs | Guard::StairsKeyInVault => guards_stairs(d),
            })
            // No key already laid may end up behind the new lock.
            .filter(|&d| keys.iter().all(|k| !cuts.behind(d, map.index(k.at))))
            .collect();
        // A few tries in random order; the first that plays out stands.
        for _ in 0..4 {
            let Some(d) = rng.pick(&choices) else { break };
            choices.retain(|&c| c != d);
            let door = cuts.doors[d].0;
            let free = |i: usize| !cuts.behind(d, i) && keys.iter().all(|k| map.index(k.at) != i);
            let inside_vault = |i: usize| last_vault.is_some_and(|v| cuts.behind(v, i));
            let mut spots: Vec<usize> = floor.iter().copied().filter(|&i| free(i)).collect();
            if guard == Guard::StairsKeyInVault && spots.iter().any(|&i| inside_vault(i)) {
                spots.retain(|&i| inside_vault(i));
            }
            let Some(at) = rng.pick(&spots) else { continue };
            map.set(door, Tile::Door(DoorState::Locked));
            keys.push(Key {
                at: map.pos_of(at),
                opens: door,
            });
            locked.push(d);
            if guard == Guard::Vault {
                last_vault = Some(d);
            }
            break;
        }
    }
    (keys, Some(cuts))
}

/// Plays `keys` out on the chokepoints of the level's arrival instead of its tiles: a tile is
/// reached once every locked door it lies behind is open, a key is taken once reached, and a
/// door opens once its key is held and the door reached, until nothing more happens. Every door
/// must open (then, the level being joined with its doors open, every tile is reached), as
/// `check_solvable`'s walk would find, for a few comparisons a key instead of a walk over the
/// level. `cuts` must be of this level's walkable tiles from its arrival (locking doors does
/// not change them). `None` when a lock is not a chokepoint: only the walk can tell then.
pub(crate) fn check_keys(map: &TileMap, keys: &[Key], cuts: &Cuts) -> Option<Result<(), Defect>> {
    let locks: Vec<usize> = keys
        .iter()
        .map(|k| cuts.doors.iter().position(|d| d.0 == k.opens))
        .collect::<Option<_>>()?;
    let mut held = vec![false; keys.len()];
    let mut open = vec![false; keys.len()];
    let shut_off = |i: usize, open: &[bool]| locks.iter().zip(open).any(|(&d, &o)| !o && cuts.behind(d, i));
    loop {
        let mut moved = false;
        for k in 0..keys.len() {
            if !held[k] && !shut_off(map.index(keys[k].at), &open) {
                held[k] = true;
                moved = true;
            }
            if held[k] && !open[k] && !shut_off(map.index(keys[k].opens), &open) {
                open[k] = true;
                moved = true;
            }
        }
        if !moved {
            break;
        }
    }
    Some(match (0..keys.len()).find(|&k| !open[k]) {
        None => Ok(()),
        Some(k) => Err(Defect::Unsolvable {
            at: if held[k] { keys[k].opens } else { keys[k].at },
            keys_taken: held.iter().filter(|&&h| h).count(),
            keys: keys.len(),
        }),
    })
}

/// The walk from the arrival with the locked doors shut, from `all` (the walk with every door
/// passable, from the same arrival) and the chokepoints: a locked chokepoint shuts off exactly
/// the tiles behind it, and no shortest walk to a tile before it goes through it (it would have
/// to come back the same way), so every other tile keeps its distance. A pass over the level's
/// numbering instead of a second walk. `None` when a lock is not a chokepoint (only a walk can
/// tell then). `cuts` must be of this level's walkable tiles from its arrival.
pub(crate) fn walk_with_locks_shut(map: &TileMap, keys: &[Key], cuts: &Cuts, all: &[u32]) -> Option<Vec<u32>> {
    let ranges: Vec<(u32, u32)> = keys
        .iter()
        .map(|k| cuts.doors.iter().find(|d| d.0 == k.opens).map(|d| (d.1, d.2)))
        .collect::<Option<_>>()?;
    let mut open = all.to_vec();
    for (d, &order) in open.iter_mut().zip(&cuts.order) {
        if ranges.iter().any(|&(lo, hi)| (lo..=hi).contains(&order)) {
            *d = crate::paths::UNREACHED;
        }
    }
    for k in keys {
        open[map.index(k.opens)] = crate::paths::UNREACHED;
    }
    Some(open)
}

/// Plays `keys` and their locks out from the level's arrival: every walkable tile must be
/// reached (every key's tile, and the stairs down, among them). The first tile left out is the
/// defect, looked for only when fewer tiles were reached than there are.
pub(crate) fn check_solvable(map: &TileMap, keys: &[Key]) -> Result<(), Defect> {
    let (solution, reached) = walk(map, keys, map.start());
    if reached == count_walkable(map.tiles()) {
        return Ok(());
    }
    match (0..map.tiles().len()).find(|&i| map.tiles()[i].is_walkable() && !solution.reached[i]) {
        Some(i) => Err(Defect::Unsolvable {
            at: map.pos_of(i),
            keys_taken: solution.taken.len(),
            keys: keys.len(),
        }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::parse_ascii;

    // Two rooms joined by a corridor; the right room has a pocket behind one door.
    const LEVEL: &str = "\
###############
#...#####.....#
#.@.+,,,,.....#
#...#####.....#
#########+#####
########...####
########...####
###############
";

    #[test]
    fn finds_the_chokepoint_doors_and_what_lies_behind() {
        let map = parse_ascii(LEVEL.as_bytes()).unwrap();
        let cuts = Cuts::find(&map, map.start());
        let mut doors: Vec<Pos> = cuts.doors().collect();
        doors.sort();
        assert_eq!(doors, vec![Pos::new(4, 2), Pos::new(9, 4)]);
        let d = cuts.doors.iter().position(|c| c.0 == Pos::new(9, 4)).unwrap();
        assert!(cuts.behind(d, map.index(Pos::new(9, 6))));
        assert!(!cuts.behind(d, map.index(Pos::new(9, 2))));
        assert_eq!(cuts.size(d), 6);
    }

    #[test]
    fn a_loop_is_no_chokepoint() {
        let map = parse_ascii(b"#########\n#.@.+,,,#\n#...#,#,#\n#...+,,,#\n#########\n").unwrap();
        assert_eq!(Cuts::find(&map, map.start()).doors().count(), 0);
    }

    #[test]
    fn the_solver_needs_the_key_first() {
        let mut map = parse_ascii(LEVEL.as_bytes()).unwrap();
        map.set(Pos::new(9, 4), Tile::Door(DoorState::Locked));
        let pocket = Pos::new(9, 6);
        let good = [Key {
            at: Pos::new(12, 2),
            opens: Pos::new(9, 4),
        }];
        assert!(check_solvable(&map, &good).is_ok());
        let behind_its_door = [Key {
            at: pocket,
            opens: Pos::new(9, 4),
        }];
        assert!(check_solvable(&map, &behind_its_door).is_err());
        assert!(
            check_solvable(&map, &[]).is_err(),
            "a lock with no key leaves the pocket unreached"
        );
        // Two locks whose keys each lie behind the other: a deadlock.
        map.set(Pos::new(4, 2), Tile::Door(DoorState::Locked));
        let crossed = [
            Key {
                at: pocket,
                opens: Pos::new(4, 2),
            },
            Key {
                at: Pos::new(12, 2),
                opens: Pos::new(9, 4),
            },
        ];
        assert!(check_solvable(&map, &crossed).is_err());
        let chained = [
            Key {
                at: Pos::new(1, 1),
                opens: Pos::new(4, 2),
            },
            Key {
                at: Pos::new(12, 2),
                opens: Pos::new(9, 4),
            },
        ];
        let s = solve(&map, &chained, map.start());
        assert_eq!(s.taken, vec![0, 1]);
        assert!(check_solvable(&map, &chained).is_ok());
        // Played out on the chokepoints, the same verdicts.
        let cuts = Cuts::find(&map, map.start());
        assert_eq!(check_keys(&map, &chained, &cuts).map(|r| r.is_ok()), Some(true));
        assert_eq!(check_keys(&map, &crossed, &cuts).map(|r| r.is_ok()), Some(false));
        let reversed = [chained[1], chained[0]];
        assert_eq!(
            check_keys(&map, &reversed, &cuts).map(|r| r.is_ok()),
            Some(true),
            "any order of play"
        );
    }

    /// Seed `seed`'s level (80x50, depths 2 to 10), unlocked and locked again from the same
    /// draws, with its keys and chokepoints; `None` when it asks for no lock.
    fn relocked(seed: u64) -> Option<(TileMap, Vec<Key>, Cuts)> {
        let params = crate::generation::GenParams::new(seed, 80, 50, Default::default()).at_depth(seed as u32 % 9 + 2);
        let mut map = crate::generation::generate(&params).unwrap().level.map;
        let locked: Vec<Pos> = map.doors().filter(|d| d.1 == DoorState::Locked).map(|d| d.0).collect();
        for &p in &locked {
            map.set(p, Tile::Door(DoorState::Closed));
        }
        let (keys, cuts) = place_locks(&mut map, params.depth, &mut GenRng::new(seed));
        Some((map, keys, cuts?))
    }

    #[test]
    fn the_chokepoints_judge_every_generated_lock_as_the_walk_does() {
        let mut judged = 0;
        for seed in 0..300 {
            let Some((map, keys, cuts)) = relocked(seed) else {
                continue;
            };
            // The keys as placed, and each key moved behind its own door (where it can lie).
            let mut cases = vec![keys.clone()];
            for k in 0..keys.len() {
                let d = cuts.doors.iter().position(|c| c.0 == keys[k].opens).unwrap();
                if let Some(i) = (0..map.tiles().len()).find(|&i| map.tiles()[i] == Tile::Floor && cuts.behind(d, i)) {
                    let mut moved = keys.clone();
                    moved[k].at = map.pos_of(i);
                    cases.push(moved);
                }
            }
            for case in cases {
                let by_cuts = check_keys(&map, &case, &cuts).expect("every lock is a chokepoint");
                assert_eq!(
                    by_cuts.is_ok(),
                    check_solvable(&map, &case).is_ok(),
                    "seed {seed}: {case:?}"
                );
                judged += 1;
            }
        }
        assert!(judged > 300, "{judged} placements judged");
    }

    #[test]
    fn the_walk_with_locks_shut_read_off_the_chokepoints_is_the_walk() {
        let mut compared = 0;
        for seed in 0..300 {
            let Some((map, keys, cuts)) = relocked(seed).filter(|(_, keys, _)| !keys.is_empty()) else {
                continue;
            };
            let all = crate::paths::distances_inside(&map, map.start());
            let walked = crate::paths::distance_map(&map, map.start(), |t| {
                t.is_walkable() && t != Tile::Door(DoorState::Locked)
            });
            let read = walk_with_locks_shut(&map, &keys, &cuts, &all).expect("every lock is a chokepoint");
            assert_eq!(read, walked, "seed {seed}");
            assert!(
                walked.contains(&crate::paths::UNREACHED),
                "seed {seed}: something is shut off"
            );
            compared += 1;
        }
        assert!(compared > 150, "{compared} levels with locks compared");
        // A lock that is no chokepoint cannot be read off them.
        let map = parse_ascii(b"#########\n#.@.+,,,#\n#...#,#,#\n#...+,,,#\n#########\n").unwrap();
        let cuts = Cuts::find(&map, map.start());
        let key = Key {
            at: Pos::new(1, 1),
            opens: Pos::new(4, 1),
        };
        let all = crate::paths::distances_inside(&map, map.start());
        assert_eq!(walk_with_locks_shut(&map, &[key], &cuts, &all), None);
    }
}
