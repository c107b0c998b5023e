//! A recording anyone can trust: a replay does bounded work whatever the file asks (checkpoint
//! floods and command floods are refused before they start, trailing bytes are refused), and a
//! recording verifies only if every command in it is one a player could have given at that
//! moment (each kind of impossible command is named, by number and turn). A property test
//! mutates real recordings: no panic, no replay over the work bound, and nothing accepted that
//! the game would not itself have recorded. The golden files of every format and rules version
//! either continue (saves), verify (recordings of these rules) or are refused by version.

use delve_core::bot::Bot;
use delve_core::fov::DEFAULT_RADIUS;
use delve_core::generation::{CorridorStyle, GenParams};
use delve_core::geom::{Dir8, Pos};
use delve_core::map::{DoorState, Tile};
use delve_core::rules::{Act, Refusal};
use delve_core::run::{
    Astray, CHECKPOINT_EVERY, Checkpoint, Command, Impossible, MAX_WORK, RULES, Recording, Run, RunSpec,
};
use delve_core::save::{RecordingFile, decode, decode_recording, encode_recording, replayable, verify};
use delve_core::world::Boon;

fn spec(seed: u64, w: u32, h: u32) -> RunSpec {
    RunSpec::seeded(GenParams::new(seed, w, h, CorridorStyle::Mixed))
}

/// A bot's run of `seed` at 80x50, played for `turns` turns (or to its end).
fn bot_run(seed: u64, turns: u64) -> Run {
    let mut run = spec(seed, 80, 50).begin().unwrap().with_sight(DEFAULT_RADIUS);
    Bot::player().play_until(&mut run, turns);
    run
}

/// `file` with its commands and checkpoints replaced, ending where `end` says.
fn with(file: &RecordingFile, commands: Vec<Command>, checkpoints: Vec<Checkpoint>, end: Checkpoint) -> Vec<u8> {
    RecordingFile {
        recording: Recording::from_parts(commands, checkpoints, None).unwrap(),
        end,
        ..file.clone()
    }
    .to_bytes()
}

#[test]
fn a_checkpoint_flood_is_refused_before_anything_is_replayed() {
    let waits = vec![Command::Act(Act::Wait); 200];
    // Millions of checkpoints at turn 0 once replayed for 21 s at 80x50 and said "ok".
    let flood = vec![
        Checkpoint {
            commands: 0,
            turn: 0,
            hash: 0,
        };
        10_000
    ];
    let err = Recording::from_parts(waits.clone(), flood, None).unwrap_err();
    assert!(err.contains("too soon"), "{err}");
    // Two in one stretch of `CHECKPOINT_EVERY` turns, or two after one command: as dense as
    // the game never writes them.
    let at = |commands, turn| Checkpoint {
        commands,
        turn,
        hash: 1,
    };
    for dense in [
        vec![at(50, 50), at(60, 60)],
        vec![at(50, 50), at(50, 100)],
        vec![at(10, 10)],
        vec![at(0, 50)],
        vec![at(100, 100), at(50, 150)],
    ] {
        assert!(
            Recording::from_parts(waits.clone(), dense.clone(), None).is_err(),
            "{dense:?}"
        );
    }
    // As the game keeps them: each after the command that reached a later fifty turns.
    let kept = vec![at(50, 50), at(101, 100), at(150, 151)];
    assert!(Recording::from_parts(waits, kept, None).is_ok());
    // A real run's are always so.
    let run = bot_run(4, 600);
    let rec = run.recording().unwrap();
    assert_eq!(rec.checkpoints().len() as u64, run.turn() / CHECKPOINT_EVERY);
    Recording::from_parts(rec.commands().collect(), rec.checkpoints().to_vec(), None).unwrap();
}

#[test]
fn a_command_flood_at_1024x1024_is_refused_before_it_starts() {
    let file = RecordingFile::of(&bot_run(1, 10)).unwrap();
    // Four million waits with the farthest sight: a 7.8 KB file that replayed for 11 minutes.
    let mut commands = vec![Command::Sight(100)];
    commands.extend(std::iter::repeat_n(Command::Act(Act::Wait), 3_999_999));
    let end = Checkpoint {
        commands: commands.len() as u32,
        turn: 4_000_000,
        hash: 0,
    };
    for (w, h) in [(1024, 1024), (256, 256)] {
        let bytes = RecordingFile {
            spec: spec(1, w, h),
            ..file.clone()
        };
        let bytes = with(&bytes, commands.clone(), Vec::new(), end);
        assert!(bytes.len() < 20_000, "a small file: {} bytes", bytes.len());
        let err = verify(&bytes).expect_err("more work than any run asks");
        assert!(err.contains("more than any run asks"), "{err}");
    }
    // The same flood's work is bounded before it starts, and what is over the bound is refused
    // whatever the size: the bound is what the estimate says.
    let big = Recording::from_parts(commands, Vec::new(), None).unwrap();
    assert!(big.work(&spec(1, 1024, 1024)) > MAX_WORK);
    // Ordinary runs are far below it: a hundred of the bots' longest would fit.
    let run = bot_run(3, 5_000);
    let ordinary = run.recording().unwrap().work(run.spec());
    assert!(ordinary * 100 < MAX_WORK, "{ordinary}");
}

#[test]
fn bytes_after_the_recording_are_refused() {
    let bytes = encode_recording(&bot_run(6, 300)).unwrap();
    verify(&bytes).unwrap();
    for tail in [bytes.clone(), vec![0], b"hello".to_vec()] {
        let mut twice = bytes.clone();
        twice.extend(&tail);
        let err = decode_recording(&twice).expect_err("something after its end");
        assert!(err.to_string().contains("after its end"), "{err}");
        assert!(verify(&twice).is_err());
    }
}

/// The recording of `run` with `command` given last, claiming to end as `run` stands.
fn ending_with(run: &Run, command: Command) -> Vec<u8> {
    let file = RecordingFile::of(run).unwrap();
    let mut commands: Vec<Command> = file.recording.commands().collect();
    commands.push(command);
    let end = Checkpoint {
        commands: commands.len() as u32,
        ..file.end
    };
    with(&file, commands, file.recording.checkpoints().to_vec(), end)
}

/// Verifies `bytes`, which must fail on its last command, as impossible for `why`.
fn refused_last(run: &Run, command: Command, why: Impossible) {
    let (verdict, _) = verify(&ending_with(run, command)).unwrap();
    let desync = verdict.desync.unwrap_or_else(|| panic!("{command:?} verified"));
    let number = run.recording().unwrap().len() + 1;
    assert_eq!(
        desync.astray,
        Astray::Impossible { number, command, why },
        "{command:?}: {desync}"
    );
    assert_eq!(desync.turn, run.turn());
    let said = desync.to_string();
    assert!(
        said.contains(&format!("command {number}")) && said.contains(&format!("turn {}", run.turn())),
        "{said}"
    );
}

/// A way from where the player stands into a wall, if any.
fn wall_beside(run: &Run) -> Option<Dir8> {
    let (at, level) = (run.player().at, run.dungeon().level());
    Dir8::ALL.into_iter().find(|&d| {
        let (dx, dy) = d.delta();
        level.map.tile(Pos::new(at.x + dx, at.y + dy)) == Tile::Wall
    })
}

#[test]
fn every_kind_of_impossible_command_is_refused_by_number() {
    // A run stopped beside a wall (in a cave or a round room it may stand in the open).
    let run = (120..400)
        .step_by(10)
        .map(|turns| bot_run(8, turns))
        .find(|run| wall_beside(run).is_some())
        .expect("a bot stops beside a wall");
    assert!(!run.is_over());
    let (at, level) = (run.player().at, run.dungeon().level());
    let refused = |command, refusal| refused_last(&run, command, Impossible::Refused(refusal));
    // A door closed from afar (once one command closed a door 45 tiles away, and verified).
    let far = |p: Pos| (p.x - at.x).abs().max((p.y - at.y).abs()) > 1;
    let door = (0..level.map.tiles().len())
        .map(|i| level.map.pos_of(i))
        .find(|&p| level.map.tile(p) == Tile::Door(DoorState::Open) && far(p))
        .expect("an open door on the level");
    refused(Command::Act(Act::Close(door)), Refusal::OutOfReach);
    refused(Command::Act(Act::Close(at)), Refusal::OutOfReach);
    // What the pack does not hold, or aimed off the map or at yourself.
    refused(Command::Act(Act::Drop(255)), Refusal::NoSuchItem);
    refused(Command::Act(Act::Use(200)), Refusal::NoSuchItem);
    refused(
        Command::Act(Act::Aim {
            slot: 0,
            at: Pos::new(-40, 9000),
        }),
        match run.player().pack.get(0) {
            None => Refusal::NoSuchItem,
            Some(_) => Refusal::NotInSight,
        },
    );
    // A monster's act.
    refused(Command::Act(Act::Shoot(at)), Refusal::NoShot);
    // Into a wall, down or up where no stairs are, picking up nothing.
    let wall = wall_beside(&run).expect("the run stops beside a wall");
    refused(Command::Act(Act::Step(wall)), Refusal::Wall);
    if level.map.tile(at) != Tile::StairsDown {
        refused(Command::Act(Act::Descend), Refusal::NotOnStairsDown);
    }
    if level.item_at(at).is_none() {
        refused(Command::Act(Act::PickUp), Refusal::NothingHere);
    }
    // A setting set to what it was: the game records only changes.
    refused_last(&run, Command::Sight(run.sight().radius()), Impossible::Unchanged);
    refused_last(&run, Command::Sneaking(run.player().sneaking), Impossible::Unchanged);
    // Anything after the end.
    let dead = (0..40)
        .map(|seed| bot_run(seed, 3_000))
        .find(Run::is_over)
        .expect("a run that ends");
    refused_last(&dead, Command::Act(Act::Wait), Impossible::AfterTheEnd);
    refused_last(&dead, Command::Sight(3), Impossible::AfterTheEnd);
}

#[test]
fn the_game_records_no_refusal() {
    let mut run = spec(5, 80, 50).begin().unwrap().with_sight(DEFAULT_RADIUS);
    let before = run.recording().unwrap().len();
    let hash = run.state_hash();
    for refused in [Act::Drop(255), Act::Close(Pos::new(0, 0)), Act::Shoot(Pos::new(1, 1))] {
        assert!(run.play(refused).is_err());
    }
    assert_eq!(run.recording().unwrap().len(), before, "a refusal is not kept");
    assert_eq!(run.state_hash(), hash, "and changed nothing");
    run.play(Act::Wait).unwrap();
    assert_eq!(run.recording().unwrap().len(), before + 1);
}

/// A little random stream (xorshift), so the mutations are the same on every run.
struct Xorshift(u64);

impl Xorshift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A command of any kind, most of them ones a player could give somewhere.
fn any_command(r: &mut Xorshift) -> Command {
    let pick = r.next();
    let dir = Dir8::ALL[(pick >> 8) as usize % 8];
    let slot = (pick >> 16) as u8 % 30;
    let near = Pos::new((pick >> 24) as i32 % 90 - 5, (pick >> 32) as i32 % 60 - 5);
    match pick % 19 {
        18 => Command::Begin(delve_core::world::Beginning::ALL[(pick >> 40) as usize % 4]),
        16 => Command::Choose(Boon::ALL[(pick >> 40) as usize % Boon::ALL.len()]),
        17 => Command::Act(Act::Enchant {
            scroll: slot,
            item: (pick >> 48) as u8 % 30,
        }),
        0 => Command::Act(Act::Drop(slot)),
        1 => Command::Act(Act::Use(slot)),
        2 => Command::Act(Act::Equip(slot)),
        3 => Command::Act(Act::Unequip(slot)),
        4 => Command::Act(Act::Aim { slot, at: near }),
        5 => Command::Act(Act::Close(near)),
        6 => Command::Act(Act::Shoot(near)),
        7 => Command::Act(Act::Descend),
        8 => Command::Act(Act::Ascend),
        9 => Command::Act(Act::PickUp),
        10 => Command::Act(Act::Sneak(dir)),
        11 => Command::Sight(1 + (pick >> 40) as u32 % 100),
        12 => Command::Sneaking(pick & 1 << 45 != 0),
        13 => Command::Act(Act::Wait),
        _ => Command::Act(Act::Step(dir)),
    }
}

/// Plays `commands` over `spec`'s run as a lenient replay would (a refused act, a setting set
/// to what it was or anything after the end changes nothing and is passed over), keeping a
/// checkpoint where the game would: the recording's checkpoints and end as an honest file would
/// claim them, and the number of the first command no player could have given, if one is.
fn leniently(spec: &RunSpec, commands: &[Command]) -> (Vec<Checkpoint>, Checkpoint, Option<usize>) {
    let mut run = spec.begin().unwrap().with_sight(DEFAULT_RADIUS);
    let (mut checkpoints, mut first_impossible) = (Vec::new(), None);
    for (i, &command) in commands.iter().enumerate() {
        let before = run.turn();
        let possible = !run.is_over()
            && match command {
                Command::Act(act) => run.play(act).is_ok(),
                Command::Sight(r) => {
                    r != run.sight().radius() && {
                        run.set_sight_radius(r);
                        true
                    }
                }
                Command::Sneaking(on) => {
                    on != run.player().sneaking && {
                        run.set_sneaking(on);
                        true
                    }
                }
                Command::Choose(boon) => run.choose(boon).is_ok(),
                Command::Begin(beginning) => run.begin_as(beginning).is_ok(),
            };
        if !possible {
            first_impossible = first_impossible.or(Some(i + 1));
        }
        if run.turn() / CHECKPOINT_EVERY > before / CHECKPOINT_EVERY {
            checkpoints.push(Checkpoint {
                commands: i as u32 + 1,
                turn: run.turn(),
                hash: run.state_hash(),
            });
        }
    }
    let end = Checkpoint {
        commands: commands.len() as u32,
        turn: run.turn(),
        hash: run.state_hash(),
    };
    (checkpoints, end, first_impossible)
}

#[test]
fn mutated_recordings_never_crash_hang_or_pass_an_impossible_command() {
    let runs: Vec<Run> = [2, 7, 13].into_iter().map(|seed| bot_run(seed, 1_500)).collect();
    let mut r = Xorshift(0x9e37_79b9_7f4a_7c15);
    let (mut accepted, mut impossible, mut astray) = (0, 0, 0);
    for round in 0..150 {
        let run = &runs[round % runs.len()];
        let file = RecordingFile::of(run).unwrap();
        let mut commands: Vec<Command> = file.recording.commands().collect();
        for _ in 0..1 + r.below(3) {
            let i = r.below(commands.len());
            match r.below(4) {
                0 => commands[i] = any_command(&mut r),
                1 => commands.insert(i, any_command(&mut r)),
                2 => drop(commands.remove(i)),
                _ => commands.truncate(i.max(1)),
            }
        }
        // Half the files claim what an honest replay of their commands comes to (so only an
        // impossible command can fail them), half the original run's checkpoints and end.
        let honest = round % 2 == 0;
        let (checkpoints, end, first_impossible) = if honest {
            leniently(&file.spec, &commands)
        } else {
            let mut kept = file.recording.checkpoints().to_vec();
            kept.retain(|c| (c.commands as usize) <= commands.len());
            let end = Checkpoint {
                commands: commands.len() as u32,
                ..file.end
            };
            (kept, end, None)
        };
        let bytes = with(&file, commands.clone(), checkpoints, end);
        let (spec, recording, _) = replayable(&bytes).expect("a mutated recording still reads");
        assert!(recording.work(&spec) <= MAX_WORK);
        let (verdict, _) = verify(&bytes).expect("replayable");
        match verdict.desync.map(|d| d.astray) {
            None => accepted += 1,
            Some(Astray::Impossible { .. }) => impossible += 1,
            Some(Astray::Hash { .. }) => astray += 1,
        }
        if honest {
            // Accepted exactly when every command was one a player could give there and then;
            // refused at the first that was not.
            match (verdict.desync.map(|d| d.astray), first_impossible) {
                (None, None) => {}
                (Some(Astray::Impossible { number, .. }), Some(first)) => assert_eq!(number, first, "round {round}"),
                (got, first) => panic!("round {round}: {got:?}, the first impossible command {first:?}"),
            }
        }
    }
    // The mutations reach every verdict.
    assert!(
        accepted > 0 && impossible > 0 && astray > 0,
        "{accepted} {impossible} {astray}"
    );
}

/// Every golden file in core/tests/data: `(name, bytes)`.
fn golden() -> Vec<(String, Vec<u8>)> {
    let dir = format!("{}/tests/data", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sav" || e == "delverec"))
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect();
    files.sort();
    files
}

#[test]
fn every_golden_save_continues_and_every_golden_recording_verifies_or_is_refused_by_its_rules() {
    let files = golden();
    let recordings = files.iter().filter(|(name, _)| name.ends_with(".delverec")).count();
    assert!(
        recordings >= 3,
        "the time capsule holds the recordings of rules 1 to {RULES}"
    );
    assert!(
        files
            .iter()
            .any(|(name, _)| *name == format!("golden-r{RULES}.delverec")),
        "a recording of these rules (rules {RULES}) is kept"
    );
    for (name, bytes) in files {
        if name.ends_with(".sav") {
            // A save of any format continues: it loads, and its run plays on.
            let mut run = decode(&bytes)
                .unwrap_or_else(|e| panic!("{name}: {e}"))
                .restore()
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let turn = run.turn();
            if !run.is_over() {
                let _ = run.play(Act::Wait);
                assert_eq!(run.turn(), turn + 1, "{name} plays on");
            }
        }
        // Replayed, any golden file verifies (made under these rules) or is refused by the
        // rules it was made under: never replayed into a desync.
        match verify(&bytes) {
            Ok((verdict, _)) => assert!(verdict.ok(), "{name}: {:?}", verdict.desync),
            Err(e) => assert!(
                e.contains("made under rules") || e.contains("before runs were recorded"),
                "{name}: {e}"
            ),
        }
    }
}
