//! What the sidebar lists: every monster and item the player sees, nearest first, as plain data
//! read from the run (no engine), so what it lists can be checked against the view.

use delve_core::geom::Pos;
use delve_core::rules::mind::distance_sq;
use delve_core::run::Run;
use delve_core::world::{FloorItem, Mind, Monster};

/// One thing in view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seen {
    /// A monster, as it is now.
    Monster(Monster),
    /// An item lying there.
    Item(FloorItem),
}

impl Seen {
    /// Where it is.
    pub const fn at(&self) -> Pos {
        match self {
            Seen::Monster(m) => m.at,
            Seen::Item(f) => f.at,
        }
    }
}

/// Everything the player sees on the level, nearest first; at the same distance monsters come
/// before items, then the upper and the left one first.
pub fn in_view(run: &Run) -> Vec<Seen> {
    let level = run.dungeon().level();
    let sight = run.sight();
    let mut seen: Vec<Seen> = level
        .monsters
        .iter()
        .filter(|m| run.sees(m))
        .map(|&m| Seen::Monster(m))
        .chain(
            level
                .items
                .iter()
                .filter(|f| sight.is_visible(f.at))
                .map(|&f| Seen::Item(f)),
        )
        .collect();
    let me = run.player().at;
    seen.sort_by_key(|s| {
        let at = s.at();
        (distance_sq(at, me), matches!(s, Seen::Item(_)), at.y, at.x)
    });
    seen
}

/// What a monster is about, in a word.
pub const fn state(mind: Mind) -> &'static str {
    match mind {
        Mind::Asleep => "asleep",
        Mind::Wandering { .. } => "wandering",
        Mind::Hunting { .. } => "hunting",
        Mind::Fleeing => "fleeing",
        Mind::Captive { .. } => "in chains",
        Mind::Ally { waiting: true, .. } => "waiting",
        Mind::Ally { waiting: false, .. } => "following",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use delve_core::fov::DEFAULT_RADIUS;
    use delve_core::map::parse_ascii;
    use delve_core::run::RunSpec;
    use delve_core::world::{Item, ItemKind, Kind, Level};

    #[test]
    fn what_is_in_view_nearest_first_and_nothing_else() {
        let map = "####################\n#@......#..........#\n#.......#..........#\n#.......+..........#\n\
                   #.......#..........#\n#.......#..........#\n#.......#..........#\n#.......#..........#\n\
                   #.......#..........#\n#.......#..........#\n#.......#..........#\n#.......#..........#\n\
                   #.......#..........#\n#.......#..........#\n####################\n";
        let level = Level::bare(parse_ascii(map.as_bytes()).unwrap());
        let mut run = RunSpec::Level(Box::new(level))
            .begin()
            .unwrap()
            .with_sight(DEFAULT_RADIUS);
        let monster = |id, kind: Kind, x, y| Monster {
            id,
            kind,
            at: Pos::new(x, y),
            hp: kind.stats().max_hp,
            energy: 0,
            mind: Mind::Asleep,
            champion: None,
        };
        let level = run.dungeon_mut().level_mut();
        level.monsters = vec![
            monster(1, Kind::Rat, 5, 5),
            monster(2, Kind::Orc, 2, 2),
            monster(3, Kind::Troll, 12, 2), // behind the wall
        ];
        level.items = vec![
            FloorItem::loose(
                Pos::new(2, 1),
                Item {
                    kind: ItemKind::Dart,
                    count: 2,
                    plus: 0,
                    wait: 0,
                },
            ),
            FloorItem::loose(
                Pos::new(14, 4),
                Item {
                    kind: ItemKind::Sword,
                    count: 1,
                    plus: 0,
                    wait: 0,
                },
            ),
        ];
        run.look();
        let seen = in_view(&run);
        let at: Vec<Pos> = seen.iter().map(Seen::at).collect();
        assert_eq!(at, [Pos::new(2, 1), Pos::new(2, 2), Pos::new(5, 5)]);
        assert!(matches!(seen[0], Seen::Item(_)));
        assert!(seen.iter().all(|s| run.sight().is_visible(s.at())));
    }
}
