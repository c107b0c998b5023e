//! Where you are, in words (the page's "Where am I?", for a screen reader): your health and
//! depth, everything in view nearest first with its direction and distance (the sidebar's rows),
//! then the stairs and the keys and items you remember. Plain text from the run, no engine.

use delve_core::explore::Known;
use delve_core::geom::Pos;
use delve_core::map::Tile;
use delve_core::run::Run;
use delve_core::world::{article, capitalised};

use crate::screens::playing::floor::seen::{Seen, in_view, state};

/// How many remembered things are named (the nearest).
const REMEMBERED_SHOWN: usize = 6;

/// From `from` to `to` in steps along each axis: "3 east and 1 north", "2 south", "here".
pub fn direction(from: Pos, to: Pos) -> String {
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let part = |n: i32, plus: &str, minus: &str| match n {
        0 => None,
        n if n > 0 => Some(format!("{n} {plus}")),
        n => Some(format!("{} {minus}", -n)),
    };
    match (part(dx, "east", "west"), part(dy, "south", "north")) {
        (Some(x), Some(y)) => format!("{x} and {y}"),
        (Some(one), None) | (None, Some(one)) => one,
        (None, None) => "here".to_owned(),
    }
}

/// The lines that say where the player is and what is around, as a screen reader reads them.
pub fn whereabouts(run: &Run) -> Vec<String> {
    let player = run.player();
    let me = player.at;
    let depth = run.dungeon().depth();
    let level = run.dungeon().level();
    let mut lines = vec![format!(
        "Depth {depth} of {}, turn {}. Health {} of {}.",
        run.dungeon().deepest(),
        run.turn(),
        player.health.hp,
        player.health.max
    )];
    let seen = in_view(run);
    if seen.is_empty() {
        lines.push("Nothing in view.".to_owned());
    }
    for thing in &seen {
        let way = direction(me, thing.at());
        lines.push(match thing {
            Seen::Monster(m) => {
                let name = m.kind.name();
                let max = m.max_hp();
                let who = match (m.is_ally(), m.champion) {
                    (true, _) => "Your".to_owned(),
                    (false, Some(c)) => format!("{}, a champion", c.name()),
                    _ => capitalised(article(name)),
                };
                format!("{who} {name}, {way}, {}, {} of {max} health.", state(m.mind), m.hp)
            }
            Seen::Item(f) => format!("{}, {way}.", capitalised(&player.lore.describe(f.item))),
        });
    }
    let Some(memory) = player.memory.level(depth) else {
        return lines;
    };
    let known = Known { level, memory };
    for (tile, name) in [(Tile::StairsDown, "stairs down"), (Tile::StairsUp, "stairs up")] {
        lines.push(match known.find(tile) {
            Some(at) => format!("The {name}: {}.", direction(me, at)),
            None if tile == Tile::StairsDown => format!("The {name}: not found yet."),
            None => continue,
        });
    }
    // Keys and items lying where the player has been, out of sight now, nearest first.
    let mut remembered: Vec<(i32, Pos, String)> = level
        .items
        .iter()
        .filter(|f| memory.is_explored(f.at) && !run.sight().is_visible(f.at))
        .map(|f| (f.at, player.lore.describe(f.item)))
        .chain(
            level
                .keys
                .iter()
                .filter(|k| known.key_at(k.at) && !run.sight().is_visible(k.at))
                .map(|k| (k.at, "a key".to_owned())),
        )
        .map(|(at, what)| ((at.x - me.x).abs().max((at.y - me.y).abs()), at, what))
        .collect();
    remembered.sort_by_key(|(far, at, _)| (*far, at.y, at.x));
    if !remembered.is_empty() {
        let named: Vec<String> = remembered
            .iter()
            .take(REMEMBERED_SHOWN)
            .map(|(_, at, what)| format!("{what}, {}", direction(me, *at)))
            .collect();
        lines.push(format!("Remembered: {}.", named.join("; ")));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use delve_core::fov::DEFAULT_RADIUS;
    use delve_core::map::parse_ascii;
    use delve_core::run::RunSpec;
    use delve_core::world::{Kind, Level, Mind, Monster};

    #[test]
    fn directions_name_each_axis_and_here() {
        let o = Pos::new(5, 5);
        assert_eq!(direction(o, Pos::new(8, 4)), "3 east and 1 north");
        assert_eq!(direction(o, Pos::new(5, 7)), "2 south");
        assert_eq!(direction(o, Pos::new(1, 5)), "4 west");
        assert_eq!(direction(o, o), "here");
    }

    #[test]
    fn says_health_what_is_in_view_with_its_way_and_the_stairs() {
        let map = "##########\n#@.......#\n#........#\n#.......>#\n##########\n";
        let level = Level::bare(parse_ascii(map.as_bytes()).unwrap());
        let mut run = RunSpec::Level(Box::new(level))
            .begin()
            .unwrap()
            .with_sight(DEFAULT_RADIUS);
        run.dungeon_mut().level_mut().monsters = vec![Monster {
            id: 1,
            kind: Kind::Rat,
            at: Pos::new(3, 2),
            hp: 2,
            energy: 0,
            mind: Mind::Asleep,
            champion: None,
        }];
        run.look();
        let lines = whereabouts(&run);
        let health = &run.player().health;
        assert_eq!(
            lines[0],
            format!("Depth 1 of 1, turn 0. Health {} of {}.", health.hp, health.max)
        );
        let rat = format!(
            "A rat, 2 east and 1 south, asleep, 2 of {} health.",
            Kind::Rat.stats().max_hp
        );
        assert_eq!(lines[1], rat, "the monster in view comes next: {lines:?}");
        assert!(
            lines.contains(&"The stairs down: 7 east and 2 south.".to_owned()),
            "{lines:?}"
        );
    }

    #[test]
    fn stairs_never_seen_are_not_found_yet() {
        let map = "#######\n#@....#\n#######\n#.>...#\n#######\n";
        let level = Level::bare(parse_ascii(map.as_bytes()).unwrap());
        let mut run = RunSpec::Level(Box::new(level))
            .begin()
            .unwrap()
            .with_sight(DEFAULT_RADIUS);
        run.look();
        let lines = whereabouts(&run);
        assert!(lines.contains(&"Nothing in view.".to_owned()), "{lines:?}");
        assert!(
            lines.contains(&"The stairs down: not found yet.".to_owned()),
            "{lines:?}"
        );
    }
}
