//! The rules of a turn, as plain functions over a level: what an action by any actor comes to,
//! said as data. `resolve` returns the effects an action has (or why it cannot be done, which
//! takes no turn); one system applies effects to the world (`turn::apply`), for the player and,
//! later, monsters alike. No `App` is needed to call or test any of it.

use std::fmt;

use crate::map::{Dir, DoorState, Key, Level, Pos, Tile, TileMap};

/// One of the eight directions an actor can step in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir8 {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Dir8 {
    pub const ALL: [Dir8; 8] = [
        Dir8::N,
        Dir8::NE,
        Dir8::E,
        Dir8::SE,
        Dir8::S,
        Dir8::SW,
        Dir8::W,
        Dir8::NW,
    ];

    pub const fn delta(self) -> (i32, i32) {
        match self {
            Dir8::N => (0, -1),
            Dir8::NE => (1, -1),
            Dir8::E => (1, 0),
            Dir8::SE => (1, 1),
            Dir8::S => (0, 1),
            Dir8::SW => (-1, 1),
            Dir8::W => (-1, 0),
            Dir8::NW => (-1, -1),
        }
    }

    pub const fn is_diagonal(self) -> bool {
        let (dx, dy) = self.delta();
        dx != 0 && dy != 0
    }

    pub const fn from_pos(from: Pos, dir: Dir8) -> Pos {
        let (dx, dy) = dir.delta();
        from.offset(dx, dy)
    }
}

impl From<Dir> for Dir8 {
    fn from(d: Dir) -> Self {
        match d {
            Dir::North => Dir8::N,
            Dir::East => Dir8::E,
            Dir::South => Dir8::S,
            Dir::West => Dir8::W,
        }
    }
}

/// What an actor tries to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    /// Step, or bump: a closed door opens, a locked one unlocks if the actor has its key.
    Step(Dir8),
    Wait,
    /// Close the open door at this tile (next to the actor).
    Close(Pos),
    /// Go down the stairs the actor stands on.
    Descend,
    /// Go up the stairs the actor stands on.
    Ascend,
}

/// Something that happened: what `apply` makes true of the world.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// The actor moved to `to`, a tile of kind `onto`.
    Moved {
        to: Pos,
        onto: Tile,
    },
    DoorOpened(Pos),
    DoorClosed(Pos),
    /// The actor unlocked the door with its key (used up) and opened it.
    DoorUnlocked(Pos),
    /// The actor picked up this key.
    KeyTaken(Key),
    Waited,
    /// The actor took the stairs to level `to`.
    LevelChanged {
        to: u32,
    },
}

impl Effect {
    /// What the player is told when it happens to them; `None` for nothing worth a line.
    pub fn message(&self) -> Option<String> {
        Some(match self {
            Effect::Moved { onto, .. } => match onto {
                Tile::Door(_) => "You stand in the doorway.".into(),
                Tile::StairsDown => "There are stairs down here (> to descend).".into(),
                Tile::StairsUp => "There are stairs up here (< to climb).".into(),
                _ => return None,
            },
            Effect::DoorOpened(_) => "The door opens.".into(),
            Effect::DoorClosed(_) => "You close the door.".into(),
            Effect::DoorUnlocked(_) => {
                "You unlock the door with your key and open it. The key stays in the lock.".into()
            }
            Effect::KeyTaken(_) => "You pick up a key. It opens a locked door on this level.".into(),
            Effect::Waited => return None,
            Effect::LevelChanged { to } => format!("You arrive on level {to}."),
        })
    }
}

/// Why an action cannot be done. It takes no turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    Wall,
    /// A locked door, and the actor has no key to it.
    Locked,
    /// A diagonal step into or out of a doorway (NetHack's rule).
    DiagonalDoorway,
    /// Another actor stands there.
    Occupied,
    NoDoor,
    AlreadyShut,
    /// Something stands in the doorway.
    DoorBlocked,
    NotOnStairsDown,
    NotOnStairsUp,
    /// Stairs that lead out of the dungeon (a map file's, or the first level's way up).
    NowhereToGo,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Refusal::Wall => "There is a wall in the way.",
            Refusal::Locked => "The door is locked.",
            Refusal::DiagonalDoorway => "You can't move diagonally into or out of a doorway.",
            Refusal::Occupied => "Something is in the way.",
            Refusal::NoDoor => "There is no door there.",
            Refusal::AlreadyShut => "The door is already closed.",
            Refusal::DoorBlocked => "Something is in the way.",
            Refusal::NotOnStairsDown => "You can't go down here: there are no stairs down.",
            Refusal::NotOnStairsUp => "You can't go up here: there are no stairs up.",
            Refusal::NowhereToGo => "These stairs lead nowhere you can go.",
        })
    }
}

/// What the acting actor is and carries.
#[derive(Clone, Copy, Debug)]
pub struct Actor<'a> {
    pub at: Pos,
    /// Locked doors on this level the actor holds keys to.
    pub keys: &'a [Pos],
    /// Whether it picks up keys it walks onto (the player does).
    pub takes_keys: bool,
}

/// The world an action is judged in: the level, where it lies, and where other actors stand.
#[derive(Clone, Copy, Debug)]
pub struct Scene<'a> {
    pub level: &'a Level,
    pub depth: u32,
    pub deepest: u32,
    /// Tiles other actors stand on.
    pub occupied: &'a [Pos],
}

/// What `act` by `actor` comes to in `scene`: the effects, in order, or why not.
pub fn resolve(scene: &Scene, actor: &Actor, act: Act) -> Result<Vec<Effect>, Refusal> {
    let map = &scene.level.map;
    match act {
        Act::Wait => Ok(vec![Effect::Waited]),
        Act::Step(dir) => step(scene, actor, dir),
        Act::Close(at) => match map.tile(at) {
            Tile::Door(DoorState::Open) if scene.occupied.contains(&at) || actor.at == at => Err(Refusal::DoorBlocked),
            Tile::Door(DoorState::Open) => Ok(vec![Effect::DoorClosed(at)]),
            Tile::Door(_) => Err(Refusal::AlreadyShut),
            _ => Err(Refusal::NoDoor),
        },
        Act::Descend => match map.tile(actor.at) {
            Tile::StairsDown if scene.depth < scene.deepest => Ok(vec![Effect::LevelChanged { to: scene.depth + 1 }]),
            Tile::StairsDown => Err(Refusal::NowhereToGo),
            _ => Err(Refusal::NotOnStairsDown),
        },
        Act::Ascend => match map.tile(actor.at) {
            Tile::StairsUp if scene.depth > 1 => Ok(vec![Effect::LevelChanged { to: scene.depth - 1 }]),
            Tile::StairsUp => Err(Refusal::NowhereToGo),
            _ => Err(Refusal::NotOnStairsUp),
        },
    }
}

fn step(scene: &Scene, actor: &Actor, dir: Dir8) -> Result<Vec<Effect>, Refusal> {
    let map = &scene.level.map;
    let to = Dir8::from_pos(actor.at, dir);
    let Some(tile) = map.get(to) else {
        return Err(Refusal::Wall);
    };
    if dir.is_diagonal() && (tile.is_door() || map.tile(actor.at).is_door()) {
        return Err(Refusal::DiagonalDoorway);
    }
    match tile {
        Tile::Wall => Err(Refusal::Wall),
        Tile::Door(DoorState::Closed) => Ok(vec![Effect::DoorOpened(to)]),
        Tile::Door(DoorState::Locked) if actor.keys.contains(&to) => Ok(vec![Effect::DoorUnlocked(to)]),
        Tile::Door(DoorState::Locked) => Err(Refusal::Locked),
        _ if scene.occupied.contains(&to) => Err(Refusal::Occupied),
        Tile::Door(DoorState::Open) | Tile::Floor | Tile::Corridor | Tile::StairsDown | Tile::StairsUp => {
            let mut effects = vec![Effect::Moved { to, onto: tile }];
            if actor.takes_keys
                && let Some(&key) = scene.level.key_at(to)
            {
                effects.push(Effect::KeyTaken(key));
            }
            Ok(effects)
        }
    }
}

/// The open doors next to `p` (8-way), for "close the only adjacent open door".
pub fn open_doors_around(map: &TileMap, p: Pos) -> Vec<Pos> {
    Dir8::ALL
        .iter()
        .map(|&d| Dir8::from_pos(p, d))
        .filter(|&q| map.get(q) == Some(Tile::Door(DoorState::Open)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::parse_ascii;

    fn level(s: &str) -> Level {
        Level::bare(parse_ascii(s.as_bytes()).unwrap())
    }

    fn scene(level: &Level) -> Scene<'_> {
        Scene {
            level,
            depth: 2,
            deepest: 10,
            occupied: &[],
        }
    }

    fn walker(at: Pos) -> Actor<'static> {
        Actor {
            at,
            keys: &[],
            takes_keys: true,
        }
    }

    fn step_from(scene: &Scene, at: Pos, dir: Dir8) -> Result<Vec<Effect>, Refusal> {
        resolve(scene, &walker(at), Act::Step(dir))
    }

    #[test]
    fn steps() {
        let l = level("#####\n#@.+#\n#.'*#\n#####\n");
        let s = scene(&l);
        let at = Pos::new(1, 1);
        let moved = |x, y, onto| {
            Ok(vec![Effect::Moved {
                to: Pos::new(x, y),
                onto,
            }])
        };
        assert_eq!(step_from(&s, at, Dir8::E), moved(2, 1, Tile::Floor));
        assert_eq!(step_from(&s, at, Dir8::N), Err(Refusal::Wall));
        assert_eq!(step_from(&s, at, Dir8::NW), Err(Refusal::Wall));
        assert_eq!(
            step_from(&s, Pos::new(2, 1), Dir8::E),
            Ok(vec![Effect::DoorOpened(Pos::new(3, 1))])
        );
        assert_eq!(step_from(&s, Pos::new(2, 1), Dir8::SE), Err(Refusal::DiagonalDoorway));
        assert_eq!(step_from(&s, at, Dir8::SE), Err(Refusal::DiagonalDoorway));
        assert_eq!(step_from(&s, Pos::new(2, 2), Dir8::NW), Err(Refusal::DiagonalDoorway));
        assert_eq!(step_from(&s, Pos::new(2, 2), Dir8::E), Err(Refusal::Locked));
        assert_eq!(
            step_from(&s, Pos::new(1, 2), Dir8::E),
            moved(2, 2, Tile::Door(DoorState::Open))
        );
        let occupied = [Pos::new(2, 1)];
        let crowded = Scene {
            occupied: &occupied,
            ..s
        };
        assert_eq!(step_from(&crowded, at, Dir8::E), Err(Refusal::Occupied));
    }

    #[test]
    fn off_the_map_is_wall() {
        let l = level("@.\n..\n");
        assert_eq!(step_from(&scene(&l), Pos::new(0, 0), Dir8::W), Err(Refusal::Wall));
        assert_eq!(step_from(&scene(&l), Pos::new(0, 0), Dir8::N), Err(Refusal::Wall));
    }

    #[test]
    fn keys_are_picked_up_and_open_their_own_door_only() {
        let mut l = level("#######\n#@.*.*#\n#######\n");
        let far = Pos::new(5, 1);
        l.keys.push(Key {
            at: Pos::new(2, 1),
            opens: far,
        });
        let s = scene(&l);
        assert_eq!(
            step_from(&s, Pos::new(1, 1), Dir8::E),
            Ok(vec![
                Effect::Moved {
                    to: Pos::new(2, 1),
                    onto: Tile::Floor
                },
                Effect::KeyTaken(l.keys[0])
            ])
        );
        let holding = [far];
        let with_key = Actor {
            at: Pos::new(2, 1),
            keys: &holding,
            takes_keys: true,
        };
        assert_eq!(
            resolve(&s, &with_key, Act::Step(Dir8::E)),
            Err(Refusal::Locked),
            "wrong door"
        );
        let at_far = Actor {
            at: Pos::new(4, 1),
            ..with_key
        };
        assert_eq!(
            resolve(&s, &at_far, Act::Step(Dir8::E)),
            Ok(vec![Effect::DoorUnlocked(far)])
        );
        // An actor that does not take keys walks over them.
        let monster = Actor {
            takes_keys: false,
            ..walker(Pos::new(1, 1))
        };
        assert_eq!(resolve(&s, &monster, Act::Step(Dir8::E)).unwrap().len(), 1);
    }

    #[test]
    fn stairs_work_only_on_stairs() {
        let l = level("#######\n#<@.>.#\n#######\n");
        let s = scene(&l);
        let on = |x| walker(Pos::new(x, 1));
        assert_eq!(resolve(&s, &on(2), Act::Descend), Err(Refusal::NotOnStairsDown));
        assert_eq!(resolve(&s, &on(2), Act::Ascend), Err(Refusal::NotOnStairsUp));
        assert_eq!(
            resolve(&s, &on(4), Act::Descend),
            Ok(vec![Effect::LevelChanged { to: 3 }])
        );
        assert_eq!(
            resolve(&s, &on(1), Act::Ascend),
            Ok(vec![Effect::LevelChanged { to: 1 }])
        );
        assert_eq!(resolve(&s, &on(1), Act::Descend), Err(Refusal::NotOnStairsDown));
        let only = Scene {
            depth: 1,
            deepest: 1,
            ..s
        };
        assert_eq!(resolve(&only, &on(4), Act::Descend), Err(Refusal::NowhereToGo));
        assert_eq!(resolve(&only, &on(1), Act::Ascend), Err(Refusal::NowhereToGo));
    }

    #[test]
    fn closing() {
        let l = level("#####\n#@'+#\n#####\n");
        let s = scene(&l);
        let me = walker(Pos::new(1, 1));
        assert_eq!(
            resolve(&s, &me, Act::Close(Pos::new(2, 1))),
            Ok(vec![Effect::DoorClosed(Pos::new(2, 1))])
        );
        let occupied = [Pos::new(2, 1)];
        let crowded = Scene {
            occupied: &occupied,
            ..s
        };
        assert_eq!(
            resolve(&crowded, &me, Act::Close(Pos::new(2, 1))),
            Err(Refusal::DoorBlocked)
        );
        assert_eq!(resolve(&s, &me, Act::Close(Pos::new(3, 1))), Err(Refusal::AlreadyShut));
        assert_eq!(resolve(&s, &me, Act::Close(Pos::new(1, 1))), Err(Refusal::NoDoor));
        assert_eq!(open_doors_around(&l.map, Pos::new(1, 1)), vec![Pos::new(2, 1)]);
    }
}
