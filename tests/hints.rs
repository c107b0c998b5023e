//! First-time hints, headless: each moment (hunger, a trap, a boon owed, a locked door, an unknown
//! potion, low health, a captive, a cursed ring) is told once with its key as bound, kept in the
//! book of hints so a later session (another run, another start) is not told again, and not at
//! all when Settings turns hints off. (A replay tells none: tests/screens.rs.)

mod support;

use bevy::prelude::*;
use delve::player::command::PlayerCommand;
use delve::save::{SaveStore, Slot, Store};
use delve::screens::playing::hints::{Hint, HintBook};
use delve::settings::Settings;
use delve::turn::Game;
use delve_core::dungeon::Dungeon;
use delve_core::geom::Pos;
use delve_core::map::parse_ascii;
use delve_core::rules::Act;
use delve_core::run::Run;
use delve_core::world::{Item, ItemKind, Kind, Mind, Monster, STOMACH, Trap, TrapKind, experience_for};

/// A room with a locked door out of sight round a corner.
const ROOM: &str = "\
##########
#@.......#
#........#
#####.####
#####.####
#####*####
##########
";

fn hints_told(app: &App) -> Vec<String> {
    support::game(app)
        .log()
        .lines()
        .filter(|(_, l)| l.starts_with("Hint: "))
        .map(|(_, l)| l.clone())
        .collect()
}

fn app_with(store: Store, settings: Settings) -> App {
    support::keyboard_app(ROOM, move |app| {
        app.insert_resource(SaveStore(store));
        app.insert_resource(settings);
    })
}

fn wait(app: &mut App) {
    support::act(app, PlayerCommand::Wait);
}

fn game(app: &mut App) -> Mut<'_, Game> {
    app.world_mut().resource_mut::<Game>()
}

#[test]
fn a_hint_is_told_once_when_its_moment_comes_and_kept_for_later_runs() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_path_buf());
    let mut app = app_with(store.clone(), Settings::default());
    wait(&mut app);
    assert_eq!(hints_told(&app), Vec::<String>::new(), "nothing to hint at yet");
    game(&mut app).player_mut().stomach = delve_core::world::Hunger::HUNGRY;
    wait(&mut app);
    let told = hints_told(&app);
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(
        told[0].starts_with("Hint: you are hungry") && told[0].contains("weaken: i, a ration's letter"),
        "names the pack's key as bound: {}",
        told[0]
    );
    for _ in 0..5 {
        wait(&mut app);
    }
    assert_eq!(hints_told(&app).len(), 1, "once");
    // Kept beside the feats.
    let kept = HintBook::from_text(&std::fs::read(dir.path().join(Slot::Hints.file_name())).unwrap()).unwrap();
    assert!(kept.has(Hint::Hunger));
    // A later game on this machine is not told again, but is told what is new to it.
    let mut later = app_with(store, Settings::default());
    game(&mut later).player_mut().stomach = delve_core::world::Hunger::HUNGRY;
    game(&mut later)
        .player_mut()
        .pack
        .add(Item::one(ItemKind::Speed))
        .unwrap();
    wait(&mut later);
    let told = hints_told(&later);
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(told[0].starts_with("Hint: an unknown potion"), "{}", told[0]);
}

#[test]
fn with_nowhere_to_keep_them_no_hints_are_told() {
    let mut app = app_with(Store::Nowhere, Settings::default());
    game(&mut app).player_mut().stomach = delve_core::world::Hunger::HUNGRY;
    wait(&mut app);
    assert!(hints_told(&app).is_empty());
}

#[test]
fn hints_turned_off_tell_nothing_and_keep_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let settings = Settings {
        hints: false,
        ..Settings::default()
    };
    let mut app = app_with(Store::Dir(dir.path().to_path_buf()), settings);
    game(&mut app).player_mut().stomach = delve_core::world::Hunger::HUNGRY;
    game(&mut app).player_mut().health.hp = 1;
    wait(&mut app);
    assert!(hints_told(&app).is_empty());
    assert!(!dir.path().join(Slot::Hints.file_name()).exists());
}

/// A run on `ascii`, looked at.
fn run_on(ascii: &str) -> Run {
    let mut run = Run::new(Dungeon::premade(parse_ascii(ascii.as_bytes()).unwrap()));
    run.look();
    run
}

#[test]
fn each_moment_is_due_when_it_comes() {
    let due = |run: &Run| -> Vec<Hint> { Hint::ALL.into_iter().filter(|h| h.due(run)).collect() };
    let mut run = run_on(ROOM);
    run.player_mut().stomach = STOMACH;
    assert_eq!(due(&run), []);
    // Hungry; low on hit points.
    run.player_mut().stomach = delve_core::world::Hunger::HUNGRY;
    assert_eq!(due(&run), [Hint::Hunger]);
    run.player_mut().stomach = STOMACH;
    let max = run.player().health.max;
    run.player_mut().health.hp = max / 3;
    assert_eq!(due(&run), [Hint::LowHealth]);
    run.player_mut().health.hp = max;
    // A boon owed.
    run.player_mut().growth.xp = experience_for(2);
    assert_eq!(due(&run), [Hint::Boon]);
    run.player_mut().growth.xp = 0;
    // An unknown potion carried; known, no hint.
    run.player_mut().pack.add(Item::one(ItemKind::Healing)).unwrap();
    assert_eq!(due(&run), [Hint::UnknownPotion]);
    run.player_mut().lore.learn(ItemKind::Healing);
    assert_eq!(due(&run), []);
    // A cursed ring worn.
    let ring = Item {
        kind: ItemKind::Stealth,
        count: 1,
        plus: -2,
        wait: 0,
    };
    let s = run.player_mut().pack.add(ring).unwrap() as u8;
    run.play(Act::Equip(s)).unwrap();
    assert_eq!(due(&run), [Hint::Cursed]);
    // A trap found in view; a hidden one is no hint.
    let mut run = run_on(ROOM);
    let trap = |hidden| Trap {
        at: Pos::new(6, 2),
        kind: TrapKind::Dart,
        hidden,
    };
    run.dungeon_mut().level_mut().traps.push(trap(true));
    run.look();
    assert_eq!(due(&run), []);
    run.dungeon_mut().level_mut().traps[0] = trap(false);
    assert_eq!(due(&run), [Hint::Trap]);
    // A locked door comes into view.
    let mut run = run_on(ROOM);
    assert_eq!(due(&run), []);
    run.player_mut().at = Pos::new(5, 3);
    run.look();
    assert_eq!(due(&run), [Hint::LockedDoor]);
    // A captive in view.
    let mut run = run_on(ROOM);
    run.dungeon_mut().level_mut().monsters.push(Monster::new(
        1,
        Kind::Goblin,
        Pos::new(7, 1),
        Mind::Captive { chains: 4 },
    ));
    run.look();
    assert_eq!(due(&run), [Hint::Captive]);
}
