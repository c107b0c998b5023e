//! What the player hears, headless (no device): the sound each happening makes as a player meets
//! it (steps on stone, water and grass, a wall, a locked door, a door opened, blows and a kill, a
//! potion), how the noise rule carries a monster's noise to the player (fainter far off, muffled
//! through a shut door, not at all beyond its reach), danger coming into view, and the ambience
//! following the depth.

mod support;

use bevy::prelude::*;
use delve::audio::sound::{self, LISTEN};
use delve::audio::{Cue, Sound, Soundtrack};
use delve::player::command::PlayerCommand;
use delve::turn::Game;
use delve_core::geom::{Dir8, Pos};
use delve_core::rules::noise::Earshot;
use delve_core::rules::{Act, Effect, Happening, Who};
use delve_core::world::{Item, ItemKind, Kind, Mind, Monster};
use support::act;

/// The player in a room with water, grass, a locked door and a closed one; a far room beyond.
const HALLS: &str = "\
##############
#@.-\".#......#
#.....+......#
#.....#......#
#######*######
#............#
##############
";

fn sounds(app: &App) -> Vec<Sound> {
    app.world().resource::<Soundtrack>().last().map(|c| c.sound).collect()
}

/// The sounds of the turn `command` plays.
fn hear(app: &mut App, command: PlayerCommand) -> Vec<Sound> {
    let before = sounds(app).len();
    act(app, command);
    sounds(app)[before..].to_vec()
}

fn app() -> App {
    support::keyboard_app(HALLS, |_| {})
}

#[test]
fn steps_sound_of_what_they_step_on_and_a_wall_bumps() {
    let mut app = app();
    assert_eq!(hear(&mut app, PlayerCommand::Step(Dir8::E)), [Sound::Step]);
    assert_eq!(
        hear(&mut app, PlayerCommand::Step(Dir8::E)),
        [Sound::Splash],
        "shallow water"
    );
    assert_eq!(hear(&mut app, PlayerCommand::Step(Dir8::E)), [Sound::Rustle], "grass");
    assert_eq!(
        hear(&mut app, PlayerCommand::Step(Dir8::N)),
        [Sound::Bump],
        "a wall: no turn, a bump"
    );
    assert_eq!(support::player_at(&app), Pos::new(4, 1));
}

#[test]
fn doors_open_with_a_creak_and_a_locked_one_rattles() {
    let mut app = app();
    for dir in [Dir8::SE, Dir8::E, Dir8::E, Dir8::E] {
        hear(&mut app, PlayerCommand::Step(dir));
    }
    assert_eq!(support::player_at(&app), Pos::new(5, 2));
    assert_eq!(hear(&mut app, PlayerCommand::Step(Dir8::E)), [Sound::DoorOpen]);
    for dir in [Dir8::E, Dir8::E, Dir8::S] {
        assert_eq!(hear(&mut app, PlayerCommand::Step(dir)), [Sound::Step]);
    }
    assert_eq!(support::player_at(&app), Pos::new(7, 3));
    // The locked door below, and no key.
    assert_eq!(hear(&mut app, PlayerCommand::Step(Dir8::S)), [Sound::DoorLocked]);
    assert_eq!(support::player_at(&app), Pos::new(7, 3), "refused: no turn");
}

#[test]
fn blows_sound_as_they_land_and_a_kill_and_a_potion_have_their_own() {
    let mut app = app();
    let run = &mut app.world_mut().resource_mut::<Game>().into_inner().0;
    run.dungeon_mut().level_mut().monsters = vec![Monster::new(1, Kind::Rat, Pos::new(2, 2), Mind::Asleep)];
    run.player_mut().pack.add(Item {
        kind: ItemKind::Healing,
        count: 1,
        plus: 0,
        wait: 0,
    });
    run.look();
    app.update();
    // The rat comes into view as the turn is played: danger, and the stab.
    let mut heard = Vec::new();
    for _ in 0..20 {
        heard.extend(hear(&mut app, PlayerCommand::Step(Dir8::SE)));
        if support::game(&app).dungeon().level().monsters.is_empty() {
            break;
        }
    }
    assert!(heard.contains(&Sound::Kill), "{heard:?}");
    assert!(
        heard
            .iter()
            .all(|s| matches!(s, Sound::Hit | Sound::Miss | Sound::Kill | Sound::Hurt | Sound::Danger)),
        "{heard:?}"
    );
    let slot = support::game(&app)
        .player()
        .pack
        .items()
        .find(|(_, i)| i.kind == ItemKind::Healing)
        .unwrap()
        .0 as u8;
    let drunk = hear(&mut app, PlayerCommand::Item(Act::Use(slot)));
    assert!(
        drunk.contains(&Sound::Drink) && drunk.contains(&Sound::Heal),
        "{drunk:?}"
    );
}

#[test]
fn danger_is_heard_once_as_it_comes_into_view() {
    let mut app = app();
    let run = &mut app.world_mut().resource_mut::<Game>().into_inner().0;
    // A goblin in the far room, out of sight behind the closed door.
    run.dungeon_mut().level_mut().monsters = vec![Monster::new(1, Kind::Goblin, Pos::new(9, 2), Mind::Asleep)];
    run.look();
    app.update();
    for dir in [Dir8::SE, Dir8::E, Dir8::E, Dir8::E] {
        assert!(!hear(&mut app, PlayerCommand::Step(dir)).contains(&Sound::Danger));
    }
    let opened = hear(&mut app, PlayerCommand::Step(Dir8::E));
    assert_eq!(opened, [Sound::DoorOpen, Sound::Danger], "the door opens on it");
    let waited = hear(&mut app, PlayerCommand::Wait);
    assert!(!waited.contains(&Sound::Danger), "still in view: no second cue");
}

#[test]
fn the_ambience_is_the_depths() {
    let app = app();
    assert_eq!(app.world().resource::<Soundtrack>().ambience(), Some(1));
}

/// A monster's blow at `at`, heard by the player at 1,2 on `map` (`seen`: whether in sight).
fn blow_heard(map: &str, at: Pos, seen: bool) -> Option<Cue> {
    let mut app = support::keyboard_app(map, |_| {});
    let run = &mut app.world_mut().resource_mut::<Game>().into_inner().0;
    run.dungeon_mut().level_mut().monsters = vec![
        Monster::new(1, Kind::Goblin, at, Mind::Asleep),
        Monster::new(2, Kind::Rat, Dir8::from_pos(at, Dir8::E), Mind::Asleep),
    ];
    let run = &app.world().resource::<Game>().0;
    let blow = Happening {
        who: Who::Monster(1),
        from: at,
        at: Dir8::from_pos(at, Dir8::E),
        effect: Effect::Attacked {
            target: Who::Monster(2),
            damage: Some(2),
        },
    };
    let sound = sound::sound_of(&blow, run)?;
    assert_eq!(sound, Sound::Hit);
    let mut ear = Earshot::default();
    ear.walk(&run.dungeon().level().map, run.player().at, LISTEN);
    sound::cue(&blow, sound, run, &ear, seen)
}

#[test]
fn what_the_player_hears_follows_the_noise_rule() {
    let open = "\
###############
#@....'.......#
###############
";
    let shut = "\
###############
#@....+.......#
###############
";
    // Two steps off in the open: loud and clear; farther, fainter.
    let near = blow_heard(open, Pos::new(2, 1), true).unwrap();
    let far = blow_heard(open, Pos::new(5, 1), true).unwrap();
    assert!(!near.muffled && !far.muffled);
    assert!(near.gain > far.gain, "{near:?} {far:?}");
    // The same blow out of sight beyond an open door, and beyond a shut one: muffled, fainter.
    let through_open = blow_heard(open, Pos::new(7, 1), false).unwrap();
    let through_shut = blow_heard(shut, Pos::new(7, 1), false).unwrap();
    assert!(
        !through_open.muffled && through_shut.muffled,
        "{through_open:?} {through_shut:?}"
    );
    assert!(through_shut.gain < through_open.gain);
    // A fight carries `noise::FIGHT` steps: beyond them (the door's four counted), nothing.
    assert_eq!(blow_heard(shut, Pos::new(11, 1), false), None);
    assert!(blow_heard(open, Pos::new(10, 1), false).is_some());
}

#[test]
fn the_mute_key_mutes_and_the_settings_file_remembers() {
    let dir = tempfile::tempdir().unwrap();
    let store = delve::save::Store::Dir(dir.path().to_path_buf());
    let kept = store.clone();
    let mut app = support::keyboard_app(HALLS, move |app| {
        app.insert_resource(delve::save::SaveStore(kept));
    });
    support::press(&mut app, KeyCode::F4, "");
    assert!(app.world().resource::<delve::settings::Settings>().muted);
    assert!(support::message(&app).contains("Sound off."));
    let file = store
        .read(delve::save::Slot::Settings)
        .unwrap()
        .expect("written at once");
    assert!(delve::settings::Settings::from_text(&file).unwrap().muted, "remembered");
    support::press(&mut app, KeyCode::F4, "");
    let file = store.read(delve::save::Slot::Settings).unwrap().unwrap();
    assert!(
        !delve::settings::Settings::from_text(&file).unwrap().muted,
        "and on again"
    );
}
