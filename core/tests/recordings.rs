//! Recordings' promises: a run replays from its recording to the same state hash at every
//! checkpoint and at its end; a recording with one command changed is caught at the next
//! checkpoint; a cut or damaged file, or one played by other rules, is refused by name without a
//! panic; a save holds its run's recording, and verifies; commands nobody would give replay
//! without a panic; the golden recording still replays (the rules have not changed unnoticed).

use delve_core::bot::Bot;
use delve_core::fov::DEFAULT_RADIUS;
use delve_core::generation::{CorridorStyle, GenParams};
use delve_core::geom::{Dir8, Pos};
use delve_core::rules::Act;
use delve_core::run::{Astray, CHECKPOINT_EVERY, Command, RULES, Recording, Replay, Run, RunSpec};
use delve_core::save::{
    Outcome, RecordingError, RecordingFile, SavedRun, decode, decode_recording, encode, encode_recording, share_line,
    story, verify,
};

fn data(name: &str) -> Vec<u8> {
    std::fs::read(format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))).expect("a golden file")
}

/// A bot's run of `seed`, played for `turns` turns (or to its end).
fn bot_run(seed: u64, turns: u64) -> Run {
    let spec = RunSpec::seeded(GenParams::new(seed, 80, 50, CorridorStyle::Mixed));
    let mut run = spec.begin().unwrap().with_sight(DEFAULT_RADIUS);
    Bot::player().play_until(&mut run, turns);
    run
}

#[test]
fn bot_runs_replay_to_the_same_state() {
    for seed in 0..24 {
        let run = bot_run(seed, 700);
        let bytes = encode_recording(&run).expect("recorded from the start");
        let (verdict, replayed) = verify(&bytes).unwrap();
        assert!(verdict.ok(), "seed {seed}: {:?}", verdict.desync);
        assert_eq!(verdict.hash, run.state_hash(), "seed {seed}");
        assert_eq!(
            (verdict.score, verdict.gold),
            (run.score(), run.player().gold),
            "seed {seed}: the replay scores what the run scored"
        );
        assert_eq!(
            (verdict.turns, verdict.depth),
            (run.turn(), run.dungeon().depth()),
            "seed {seed}"
        );
        assert_eq!(verdict.seed, Some(seed));
        assert_eq!(verdict.outcome, Outcome::of(&run));
        // The replay recorded itself as it went: the same recording.
        assert_eq!(replayed.recording(), run.recording(), "seed {seed}");
        let checkpoints = run.recording().unwrap().checkpoints();
        assert_eq!(checkpoints.len() as u64, run.turn() / CHECKPOINT_EVERY, "seed {seed}");
    }
}

#[test]
fn one_command_changed_is_caught_at_the_next_checkpoint() {
    let run = bot_run(3, 900);
    let file = RecordingFile::of(&run).unwrap();
    let commands: Vec<Command> = file.recording.commands().collect();
    let checkpoints = file.recording.checkpoints();
    for at in [5, commands.len() / 3, commands.len() / 2, commands.len() - 3] {
        let mut changed = commands.to_vec();
        // A step another way (or a step for what was not a step).
        changed[at] = match changed[at] {
            Command::Act(Act::Step(d)) => Command::Act(Act::Step(Dir8::ALL.into_iter().find(|&o| o != d).unwrap())),
            _ => Command::Act(Act::Step(Dir8::N)),
        };
        let recording = Recording::from_parts(changed.clone(), checkpoints.to_vec(), None).unwrap();
        let bytes = RecordingFile {
            recording,
            ..file.clone()
        }
        .to_bytes();
        let (verdict, _) = verify(&bytes).unwrap();
        let desync = verdict.desync.expect("the change is caught");
        match desync.astray {
            // A move the rules refuse there (into a wall): caught at once, by number; or one
            // they allow that leads the run astray until a later command is refused, before
            // the next checkpoint.
            Astray::Impossible { number, command, .. } => {
                let next = checkpoints
                    .iter()
                    .find(|c| c.commands as usize > at)
                    .map_or(commands.len(), |c| c.commands as usize);
                assert!(number > at && number <= next, "command {at} changed, {number} refused");
                if number == at + 1 {
                    assert_eq!(command, changed[at], "command {at} changed");
                }
            }
            // A move the rules allow: caught at the next checkpoint.
            Astray::Hash { .. } => {
                let next = checkpoints
                    .iter()
                    .find(|c| c.commands as usize > at)
                    .map_or(file.end.turn, |c| c.turn);
                assert_eq!(desync.turn, next, "command {at} changed");
            }
        }
        assert!(!verdict.ok());
    }
}

#[test]
fn cut_or_damaged_files_are_refused_by_name() {
    let bytes = encode_recording(&bot_run(5, 300)).unwrap();
    for len in 0..bytes.len() {
        let err = verify(&bytes[..len]).expect_err("a cut recording");
        assert!(!err.is_empty());
    }
    for i in (0..bytes.len()).step_by(3) {
        let mut damaged = bytes.clone();
        damaged[i] ^= 0x5a;
        // A flipped bit is refused, or (in the mark) read as another kind of file: never a panic.
        if let Ok((verdict, _)) = verify(&damaged) {
            panic!("byte {i} damaged, yet it verified: {verdict:?}");
        }
    }
    assert_eq!(decode_recording(b"").unwrap_err(), RecordingError::Empty);
    assert_eq!(decode_recording(b"DELVE\0R").unwrap_err(), RecordingError::Truncated);
    assert_eq!(
        decode_recording(b"PK\x03\x04...").unwrap_err(),
        RecordingError::NotARecording
    );
    let mut other = bytes.clone();
    other[8..12].copy_from_slice(&9u32.to_le_bytes());
    assert_eq!(decode_recording(&other).unwrap_err(), RecordingError::Version(9));
}

#[test]
fn other_rules_are_refused_by_name() {
    let file = RecordingFile::of(&bot_run(6, 100)).unwrap();
    let old = RecordingFile {
        rules: RULES + 1,
        game: "0.0.1".into(),
        ..file
    }
    .to_bytes();
    let err = decode_recording(&old).unwrap_err();
    assert_eq!(
        err,
        RecordingError::Rules {
            rules: RULES + 1,
            game: "0.0.1".into()
        }
    );
    assert!(err.to_string().contains(&format!("rules {}", RULES + 1)), "{err}");
    assert!(verify(&old).is_err());
    // Commands out of range are refused when read, not played.
    for sight in [0, 101, u32::MAX] {
        let err = Recording::from_parts(vec![Command::Sight(sight)], vec![], None).unwrap_err();
        assert!(err.contains("sight"), "{err}");
    }
    let err = Recording::from_bytes(vec![0xff, 0xff, 0xff], vec![], None).unwrap_err();
    assert!(err.contains("command 1"), "{err}");
}

#[test]
fn a_save_holds_its_recording_and_verifies() {
    let run = bot_run(8, 400);
    let bytes = encode(&SavedRun::capture(&run));
    let back = decode(&bytes).unwrap().restore().unwrap();
    assert_eq!(back.recording(), run.recording());
    assert_eq!(back.record().kills, run.record().kills);
    assert!(run.record().kills.iter().sum::<u32>() == run.record().slain && run.record().slain > 0);
    let (verdict, _) = verify(&bytes).unwrap();
    assert!(verdict.ok());
    assert_eq!(verdict.hash, run.state_hash());
    // A save goes on recording where it left off: played on, it replays whole.
    let mut back = back.with_sight(DEFAULT_RADIUS);
    Bot::player().play_until(&mut back, 600);
    let (verdict, _) = verify(&encode_recording(&back).unwrap()).unwrap();
    assert!(
        verdict.ok() && verdict.turns == back.turn(),
        "{verdict:?} {}",
        back.turn()
    );
    // A save made before recordings holds no commands: refused by name.
    let err = verify(&data("golden-v4.sav")).unwrap_err();
    assert!(err.contains("before runs were recorded"), "{err}");
}

#[test]
fn commands_nobody_would_give_replay_without_a_panic() {
    let spec = RunSpec::seeded(GenParams::new(11, 80, 50, CorridorStyle::Mixed));
    let mut run = spec.begin().unwrap().with_sight(DEFAULT_RADIUS);
    let mut x = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for _ in 0..3_000 {
        let r = next();
        let far = Pos::new((r >> 8) as i16 as i32, (r >> 24) as i16 as i32);
        let slot = (r >> 40) as u8;
        let act = match r % 13 {
            0 => Act::Drop(slot),
            1 => Act::Use(slot),
            2 => Act::Equip(slot),
            3 => Act::Unequip(slot),
            4 => Act::Aim { slot, at: far },
            5 => Act::Close(far),
            6 => Act::Shoot(far),
            7 => Act::Descend,
            8 => Act::Ascend,
            9 => Act::PickUp,
            10 => Act::Sneak(Dir8::ALL[(r >> 4) as usize % 8]),
            _ => Act::Step(Dir8::ALL[(r >> 4) as usize % 8]),
        };
        let _ = run.play(act);
        if r % 97 == 0 {
            run.set_sight_radius(1 + (r >> 50) as u32 % 30);
        }
        if r % 89 == 0 {
            let on = !run.player().sneaking;
            run.set_sneaking(on);
        }
        if run.is_over() {
            break;
        }
    }
    let (verdict, _) = verify(&encode_recording(&run).unwrap()).unwrap();
    assert!(verdict.ok());
    assert_eq!(verdict.hash, run.state_hash());
    let sneaks = run
        .recording()
        .unwrap()
        .commands()
        .filter(|c| matches!(c, Command::Sneaking(_)))
        .count();
    assert!(sneaks > 10, "{sneaks} changes of sneaking recorded and replayed");
}

/// Sneaking is the player's, not the window's: it is in the state hash (only while on, so runs
/// recorded before it was never sneaked by setting hash as they did), saved, and continued.
#[test]
fn sneaking_is_hashed_saved_and_continued() {
    let mut run = bot_run(3, 50);
    let walking = run.state_hash();
    run.set_sneaking(true);
    assert_ne!(run.state_hash(), walking, "sneaking is in the state hash");
    let back = decode(&encode(&SavedRun::capture(&run))).unwrap().restore().unwrap();
    assert!(back.player().sneaking, "a continued run sneaks on");
    assert_eq!(back.state_hash(), run.state_hash());
    let mut back = back;
    back.set_sneaking(false);
    assert_eq!(back.state_hash(), walking, "walking again, as before");
    let (verdict, _) = verify(&encode_recording(&back).unwrap()).unwrap();
    assert!(verdict.ok() && verdict.hash == walking, "{verdict:?}");
}

#[test]
fn a_replay_steps_a_command_at_a_time() {
    let run = bot_run(12, 200);
    let file = RecordingFile::of(&run).unwrap();
    let (mut replayed, mut replay) = Replay::begin(&file.spec, &file.recording, Some(file.end)).unwrap();
    assert_eq!((replay.played(), replay.len()), (0, file.recording.len()));
    let mut turns = vec![replayed.turn()];
    while replay.step(&mut replayed).unwrap() {
        turns.push(replayed.turn());
    }
    assert!(replay.is_done());
    assert!(turns.windows(2).all(|w| w[0] <= w[1]));
    assert_eq!(replayed.state_hash(), run.state_hash());
}

#[test]
fn the_golden_recording_still_replays() {
    // Made by `cargo run -p delve-core --example golden_save` with the golden save of this
    // format: when the rules change, this fails until `run::RULES` is raised (and new golden
    // files are made), so an old recording is refused rather than replayed wrongly.
    // Rules 1's (the golden save of format 5 holds its recording): refused by name since.
    for name in ["golden-v5.sav", "golden-r1.delverec"] {
        match verify(&data(name)) {
            Ok((verdict, _)) => assert!(RULES == 1 && verdict.ok(), "{name}: {:?}", verdict.desync),
            Err(e) => assert!(RULES > 1 && e.contains("under rules 1"), "{name}: {e}"),
        }
    }
    // Rules 2's (a sneak attack on a sleeper: sure, and three times a blow).
    match verify(&data("golden-r2.delverec")) {
        Ok((verdict, _)) => assert!(RULES == 2 && verdict.ok(), "{:?}", verdict.desync),
        Err(e) => assert!(RULES > 2 && e.contains("made under rules 2"), "{e}"),
    }
    // Rules 3's (no refusal kept; a door closed only from beside it).
    match verify(&data("golden-r3.delverec")) {
        Ok((verdict, _)) => assert!(RULES == 3 && verdict.ok(), "{:?}", verdict.desync),
        Err(e) => assert!(RULES > 3 && e.contains("made under rules 3"), "{e}"),
    }
    // Rules 4's (terrain, traps and secrets; fire and gas).
    match verify(&data("golden-r4.delverec")) {
        Ok((verdict, _)) => assert!(RULES == 4 && verdict.ok(), "{:?}", verdict.desync),
        Err(e) => assert!(RULES > 4 && e.contains("made under rules 4"), "{e}"),
    }
    // Rules 5's (a teleport as the scroll's: never past a lock, never onto a trap).
    match verify(&data("golden-r5.delverec")) {
        Ok((verdict, _)) => assert!(RULES == 5 && verdict.ok(), "{:?}", verdict.desync),
        Err(e) => assert!(RULES > 5 && e.contains("made under rules 5"), "{e}"),
    }
    // Rules 6's (experience levels and boons, hunger, enchanting, feats).
    match verify(&data("golden-r6.delverec")) {
        Ok((verdict, _)) => assert!(RULES == 6 && verdict.ok(), "{:?}", verdict.desync),
        Err(e) => assert!(RULES > 6 && e.contains("made under rules 6"), "{e}"),
    }
    // Seed 5184 won on turn 6600 as ff3d434 recorded it: its own --verify called it astray at its
    // last turn; refused by its rules since, never called a desync.
    match verify(&data("golden-r6-won-on-a-checkpoint.delverec")) {
        Ok((verdict, _)) => panic!("a recording of rules 6 replayed under rules {RULES}: {verdict:?}"),
        Err(e) => assert!(e.contains("made under rules 6"), "{e}"),
    }
    // From rules 7, two recordings a version: the golden run (of the save format of its day), and
    // a bot's whole run won on a checkpoint's turn (which did not verify under rules 6). Rules 7:
    // a checkpoint holds the state after its whole command, feats and all; 8: captives and
    // allies, four new kinds; 9: ten more kinds; 10: rings, staffs, charms, the new potions,
    // scrolls and weapons, beginnings; 11: light (torches and fungus on every level, darkness
    // that hides); 12: the ring of light.
    for rules in 7..=12 {
        for name in [
            format!("golden-r{rules}.delverec"),
            format!("golden-r{rules}-won-on-a-checkpoint.delverec"),
        ] {
            match verify(&data(&name)) {
                Ok((verdict, _)) => {
                    assert!(RULES == rules && verdict.ok(), "{name}: {:?}", verdict.desync);
                    if name.contains("won") {
                        assert_eq!(verdict.outcome, Outcome::Won, "{name}");
                        assert_eq!(
                            verdict.turns % CHECKPOINT_EVERY,
                            0,
                            "{name} ends on a checkpoint's turn"
                        );
                    }
                }
                Err(e) => assert!(
                    RULES > rules && e.contains(&format!("made under rules {rules}")),
                    "{name}: {e}"
                ),
            }
        }
    }
}

#[test]
fn the_story_tells_the_run() {
    let run = bot_run(9, 1_500);
    let text = story(&run);
    assert!(text.contains(&format!("Turns:   {}", run.turn())), "{text}");
    assert!(
        text.contains(&format!("Score:   {}\nGold:    {}", run.score(), run.player().gold)),
        "{text}"
    );
    assert!(text.contains(&format!("Slain: {}", run.record().slain)));
    assert!(text.contains("seed 9 (80x50, mixed)"));
    let last = run.log().last().unwrap();
    assert!(text.contains(&last.1), "the last message");
    // The level drawn, cut to what was seen: the player once, the rest in the legend.
    let drawn: Vec<&str> = text.rsplit_once("blank is unseen):\n").unwrap().1.lines().collect();
    assert!(!drawn.is_empty() && drawn.len() <= run.dungeon().level().map.height() as usize);
    assert_eq!(drawn.iter().flat_map(|r| r.chars()).filter(|&c| c == '@').count(), 1);
    assert!(
        drawn
            .iter()
            .flat_map(|r| r.chars())
            .all(|c| " #.,+'*<>@\"-~%:=`&Tf".contains(c)),
        "{drawn:?}"
    );
    let seen = run
        .player()
        .memory
        .level(run.dungeon().depth())
        .unwrap()
        .explored_count();
    let walls_and_floors = drawn.iter().flat_map(|r| r.chars()).filter(|&c| c != ' ').count();
    assert_eq!(walls_and_floors, seen, "every remembered tile, the player's drawn as @");
    // The line to share tells the run without its map.
    let line = share_line(&run);
    assert!(line.starts_with("Delve, seed 9 (80x50, mixed): "), "{line}");
    assert!(line.contains(&format!(
        "score {}, {} turns, {} slain.",
        run.score(),
        run.turn(),
        run.record().slain
    )));
    let mut daily = bot_run(9, 10);
    daily.mark_daily("2026-11-24");
    assert!(share_line(&daily).starts_with("Delve daily 2026-11-24: still going on depth 1, score "));
    assert!(story(&daily).contains("Daily:   the daily dungeon of 2026-11-24"));
}
