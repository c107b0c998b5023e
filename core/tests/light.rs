//! Light as a rule: the light map's sources (the player's own light, torches, lava, fire, fungus,
//! glowing monsters), the dungeon darker deeper down, what darkness hides from the player (but
//! from the next tile, or by telepathy), a player in darkness noticed from half as far, and every
//! generated level lit by its torches and fungus; a ring of light carrying the player's light
//! farther (and a cursed one nearer) without giving the player away sooner.

mod fixtures;

use delve_core::dungeon::{Dungeon, Origin};
use delve_core::fov::DEFAULT_RADIUS;
use delve_core::fov::light::{DARK, ambient, carried_glow, own_glow};
use delve_core::generation::{CorridorStyle, DEEPEST, GenParams, generate};
use delve_core::geom::Pos;
use delve_core::map::{Tile, parse_ascii};
use delve_core::rules::Act;
use delve_core::run::Run;
use delve_core::world::{Item, ItemKind, Kind, Level, Mind, RING_KNOWN_AFTER};
use fixtures::{monster, put, the};

/// A long hall: the player at its west end.
const HALL: &str = "\
##############################
#@...........................#
#............................#
##############################
";

/// The hall with a torch on its north wall, past the player's light (within its sight).
const TORCHLIT: &str = "\
##############################
#@.......T...................#
#............................#
##############################
";

/// The hall with lava across it, past the player's light (within its sight).
const LAVA: &str = "\
##############################
#@.......%%%.................#
#........%%%.................#
##############################
";

/// A run on `ascii` as level `depth` of a generated run (its other levels not made yet).
fn deep_run(ascii: &str, depth: u32) -> Run {
    let level = Level::bare(parse_ascii(ascii.as_bytes()).expect("a map"));
    let mut levels: Vec<Option<Level>> = vec![None; DEEPEST as usize];
    levels[depth as usize - 1] = Some(level);
    let origin = Origin::Run(GenParams::new(7, 80, 50, CorridorStyle::Mixed));
    let dungeon = Dungeon::from_parts(origin, levels, depth, false).expect("a dungeon");
    Run::new(dungeon).with_sight(DEFAULT_RADIUS)
}

fn asleep_at(run: &mut Run, id: u32, kind: Kind, at: Pos) {
    put(run, monster(id, kind, at, Mind::Asleep));
    run.look();
}

#[test]
fn darkness_hides_what_stands_in_it_but_from_the_next_tile() {
    // Level 1 is lit throughout: a goblin across the hall is seen.
    let mut run = deep_run(HALL, 1);
    asleep_at(&mut run, 1, Kind::Goblin, Pos::new(8, 1));
    assert!(run.sight().is_visible(Pos::new(8, 1)));
    assert!(run.sees(&the(&run, 1).unwrap()), "lit on level 1");
    // On level 8 the same goblin stands past the player's light: in sight, not seen.
    let mut run = deep_run(HALL, 8);
    let reach = own_glow(8).radius as i32;
    asleep_at(&mut run, 1, Kind::Goblin, Pos::new(1 + reach + 2, 1));
    asleep_at(&mut run, 2, Kind::Goblin, Pos::new(1 + reach - 1, 2));
    let far = the(&run, 1).unwrap();
    assert!(run.sight().is_visible(far.at), "in the line of sight");
    assert!(!run.light().lit(far.at));
    assert!(!run.sees(&far), "in darkness");
    assert!(run.sees(&the(&run, 2).unwrap()), "within the player's own light");
    // What the player remembers seeing holds only what it saw.
    let memory = run.player().memory.level(8).unwrap();
    assert!(memory.sightings().iter().all(|s| s.id != 1));
    // From the next tile, darkness hides nothing.
    run.player_mut().at = Pos::new(far.at.x - 1, 1);
    run.look();
    assert!(run.sees(&the(&run, 1).unwrap()));
}

#[test]
fn a_torch_lava_fire_and_a_wisp_light_the_dark() {
    // Past the player's light (level 9: 5 tiles), within its sight (8), darkness.
    let mut run = deep_run(HALL, 9);
    asleep_at(&mut run, 1, Kind::Goblin, Pos::new(8, 2));
    assert!(run.sight().is_visible(Pos::new(8, 2)) && !run.sees(&the(&run, 1).unwrap()));
    // A torch lights the goblin beside it.
    let mut run = deep_run(TORCHLIT, 9);
    asleep_at(&mut run, 1, Kind::Goblin, Pos::new(8, 2));
    assert!(run.light().lit(Pos::new(8, 2)));
    assert!(run.sees(&the(&run, 1).unwrap()), "torchlit");
    let warm = run.light().around(Pos::new(8, 2));
    assert!(warm.r > warm.b, "a torch's light is warm: {warm:?}");
    // Lava glows: what stands on its shore is seen.
    let mut run = deep_run(LAVA, 9);
    asleep_at(&mut run, 1, Kind::Goblin, Pos::new(8, 1));
    assert!(run.sees(&the(&run, 1).unwrap()), "lit by the lava");
    // Fire lights where it burns, and the light goes when it does.
    let mut run = deep_run(HALL, 9);
    let spot = Pos::new(8, 2);
    asleep_at(&mut run, 1, Kind::Goblin, spot);
    assert!(!run.sees(&the(&run, 1).unwrap()));
    run.dungeon_mut().level_mut().fire.insert(Pos::new(9, 2), 5);
    run.look();
    assert!(run.sees(&the(&run, 1).unwrap()), "firelit");
    run.dungeon_mut().level_mut().fire.clear();
    run.look();
    assert!(!run.sees(&the(&run, 1).unwrap()), "the fire is out");
    // A will-o'-wisp carries its own light: seen in the dark.
    let mut run = deep_run(HALL, 9);
    asleep_at(&mut run, 1, Kind::Wisp, Pos::new(8, 1));
    assert!(run.sees(&the(&run, 1).unwrap()), "a wisp glows");
}

#[test]
fn telepathy_senses_what_darkness_hides() {
    let mut run = deep_run(HALL, 9);
    asleep_at(&mut run, 1, Kind::Goblin, Pos::new(8, 1));
    assert!(!run.sees(&the(&run, 1).unwrap()));
    run.player_mut().status.telepathy = 10;
    assert!(run.sees(&the(&run, 1).unwrap()));
}

/// Whether a wandering goblin `far` tiles east of the player in `ascii` at `depth` notices it
/// this turn.
fn noticed_from(ascii: &str, depth: u32, far: i32) -> bool {
    let mut run = deep_run(ascii, depth);
    let at = Pos::new(1 + far, 1);
    put(
        &mut run,
        monster(
            1,
            Kind::Goblin,
            at,
            Mind::Wandering {
                heading: delve_core::geom::Dir8::N,
            },
        ),
    );
    run.look();
    run.play(Act::Wait).unwrap();
    matches!(the(&run, 1).unwrap().mind, Mind::Hunting { .. })
}

#[test]
fn a_player_in_darkness_is_noticed_from_half_as_far() {
    let sight = Kind::Goblin.stats().sight as i32;
    // Lit (level 1), a goblin notices the player from as far as it sees; in the dark (level 9),
    // from only half as far: the player's own light does not give it away.
    assert!(noticed_from(HALL, 1, sight - 1));
    assert!(!noticed_from(HALL, 9, sight - 1));
    assert!(noticed_from(HALL, 9, (sight + 1) / 2 - 1));
    // Standing in a torch's light, the player is seen from as far as in a lit level.
    let torch_by_the_door = "\
##############################
#T...........................#
#@...........................#
##############################
";
    let mut run = deep_run(torch_by_the_door, 9);
    assert!(!run.light().dark_around(Pos::new(1, 2)));
    put(
        &mut run,
        monster(
            1,
            Kind::Goblin,
            Pos::new(sight, 2),
            Mind::Wandering {
                heading: delve_core::geom::Dir8::N,
            },
        ),
    );
    run.play(Act::Wait).unwrap();
    assert!(matches!(the(&run, 1).unwrap().mind, Mind::Hunting { .. }), "torchlit");
}

#[test]
fn every_generated_level_is_lit_and_darker_deeper() {
    let mut lit_share = Vec::new();
    for depth in 1..=DEEPEST {
        let (mut lit, mut ground, mut torches, mut fungus) = (0usize, 0usize, 0, 0);
        for seed in 0..30 {
            let params = GenParams::new(seed, 80, 50, CorridorStyle::Mixed).at_depth(depth);
            let level = generate(&params).unwrap().level;
            let mut light = delve_core::fov::light::LightMap::default();
            light.light_up(
                &level.map,
                depth,
                std::iter::empty(),
                0,
                delve_core::fov::light::whole(&level.map),
            );
            for (i, &t) in level.map.tiles().iter().enumerate() {
                torches += usize::from(t == Tile::Torch);
                fungus += usize::from(t == Tile::Fungus);
                if t.is_walkable() {
                    ground += 1;
                    lit += usize::from(light.around(level.map.pos_of(i)).brightness() >= DARK);
                }
            }
        }
        assert!(torches > 0, "level {depth} has torches");
        if depth >= 3 {
            assert!(fungus > 0, "level {depth} has fungus");
        }
        lit_share.push(lit * 100 / ground);
        if ambient(depth).brightness() >= DARK {
            assert_eq!(lit, ground, "level {depth} is lit throughout");
        } else {
            assert!(lit * 2 < ground, "most of level {depth} is dark: {lit} of {ground}");
        }
    }
    assert!(lit_share.windows(2).all(|w| w[1] <= w[0] + 2), "{lit_share:?}");
}

/// Puts a ring of light of `plus` on the player of `run` (known, worn).
fn wear_light(run: &mut Run, plus: i8) {
    let ring = Item {
        kind: ItemKind::Light,
        count: 1,
        plus,
        wait: RING_KNOWN_AFTER,
    };
    let s = run.player_mut().pack.add(ring).expect("room in the pack") as u8;
    run.play(Act::Equip(s)).expect("put on");
}

#[test]
fn a_ring_of_light_shows_farther_in_the_dark() {
    // Level 8: the player's light reaches `bare` tiles; a goblin two past it is in darkness.
    let bare = own_glow(8).radius as i32;
    let far = Pos::new(1 + bare + 2, 1);
    let mut run = deep_run(HALL, 8);
    asleep_at(&mut run, 1, Kind::Goblin, far);
    assert!(!run.sees(&the(&run, 1).unwrap()), "in darkness");
    // A +2 ring of light carries the light to it: seen, and the light is what the rules read.
    wear_light(&mut run, 2);
    assert_eq!(run.player().pack.ring_plus(ItemKind::Light), 2);
    run.look();
    assert!(run.light().lit(far));
    assert!(run.sees(&the(&run, 1).unwrap()), "lit by the ring");
    assert_eq!(carried_glow(8, 2).radius as i32, bare + 2);
    // A cursed -2 ring draws it in: a goblin just inside the bare light is in darkness.
    let near = Pos::new(1 + bare - 1, 2);
    let mut run = deep_run(HALL, 8);
    asleep_at(&mut run, 2, Kind::Goblin, near);
    assert!(run.sees(&the(&run, 2).unwrap()));
    wear_light(&mut run, -2);
    run.look();
    assert!(!run.sees(&the(&run, 2).unwrap()), "a cursed ring's light is shorter");
}

#[test]
fn a_ring_of_light_gives_the_player_away_no_sooner() {
    // The player's own light is not the level's: with a +3 ring the player in the dark is still
    // noticed from only half as far.
    let sight = Kind::Goblin.stats().sight as i32;
    let mut run = deep_run(HALL, 9);
    wear_light(&mut run, 3);
    put(
        &mut run,
        monster(
            1,
            Kind::Goblin,
            Pos::new(sight, 1),
            Mind::Wandering {
                heading: delve_core::geom::Dir8::N,
            },
        ),
    );
    run.look();
    assert!(run.light().dark_around(run.player().at));
    run.play(Act::Wait).unwrap();
    assert!(!matches!(the(&run, 1).unwrap().mind, Mind::Hunting { .. }));
}
