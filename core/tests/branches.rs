//! Playing with recordings: seeking lands on the state the replay reaches at that command and
//! turn, back and forth, on whole runs; a run taken over from a replay begins as the replay
//! stood (the same state hash), its recording names its parent and the turn, verifies, and is
//! checked against its parent; its lineage survives a save and a recording file.

use delve_core::bot::Bot;
use delve_core::fov::DEFAULT_RADIUS;
use delve_core::generation::{CorridorStyle, GenParams};
use delve_core::run::seek::{Seeker, Target};
use delve_core::run::{Digest, Replay, Run, RunSpec};
use delve_core::save::{
    BranchCheck, SavedRun, decode, decode_recording, digest, encode, encode_recording, verify, verify_branch,
};

/// A bot's whole run of `seed`.
fn whole_run(seed: u64) -> Run {
    let spec = RunSpec::seeded(GenParams::new(seed, 80, 50, CorridorStyle::Mixed));
    let mut run = spec.begin().unwrap().with_sight(DEFAULT_RADIUS);
    Bot::player().play_until(&mut run, u64::MAX);
    assert!(run.is_over(), "seed {seed}: the bot's run ends");
    run
}

/// The turn and state hash after each command of `bytes`' replay, from the start.
fn every_state(bytes: &[u8]) -> Vec<(u64, u64)> {
    let file = decode_recording(bytes).unwrap();
    let (mut run, mut replay) = Replay::begin(&file.spec, &file.recording, Some(file.end)).unwrap();
    let mut states = vec![(run.turn(), run.state_hash())];
    while replay.step(&mut run).unwrap() {
        states.push((run.turn(), run.state_hash()));
    }
    states
}

fn seeker(bytes: &[u8]) -> Seeker {
    let file = decode_recording(bytes).unwrap();
    let (run, replay) = Replay::begin(&file.spec, &file.recording, Some(file.end)).unwrap();
    Seeker::new(&run, &replay)
}

#[test]
fn seeking_lands_where_the_replay_stands_at_any_command_and_turn() {
    // A run that died and one that lasted: whole runs, however they ended.
    for seed in [1, 7] {
        let bytes = encode_recording(&whole_run(seed)).unwrap();
        let states = every_state(&bytes);
        let last = states.len() - 1;
        let mut seeker = seeker(&bytes);
        // Far first, then back and forth in an order no replay plays (a stride of 97).
        let mut targets: Vec<usize> = (0..=last).step_by(97).collect();
        targets.reverse();
        targets.extend([last, 0, last / 2, last / 2 - 1, last / 2 + 1, 1, last - 1]);
        for n in targets {
            let (run, replay) = seeker.seek(Target::Command(n)).unwrap();
            assert_eq!(replay.played(), n, "seed {seed}");
            assert_eq!((run.turn(), run.state_hash()), states[n], "seed {seed}: command {n}");
        }
        let end_turn = states[last].0;
        for turn in [0, 1, 49, 50, 51, end_turn / 3, end_turn / 2, end_turn - 1, end_turn] {
            let first = states.iter().position(|&(t, _)| t >= turn).unwrap();
            let (run, replay) = seeker.seek(Target::Turn(turn)).unwrap();
            assert_eq!(replay.played(), first, "seed {seed}: turn {turn}");
            assert_eq!((run.turn(), run.state_hash()), states[first]);
            // A step back: the last state before that turn.
            let (run, replay) = seeker.seek(Target::Before(turn)).unwrap();
            let before = states.iter().rposition(|&(t, _)| t < turn).unwrap_or(0);
            assert_eq!(replay.played(), before, "seed {seed}: before turn {turn}");
            assert_eq!((run.turn(), run.state_hash()), states[before]);
        }
        // Past the end: the end.
        let (_, replay) = seeker.seek(Target::Turn(end_turn + 1000)).unwrap();
        assert_eq!(replay.played(), last);
        assert!(seeker.keyframes() <= delve_core::run::seek::MOST_KEYFRAMES);
    }
}

#[test]
fn a_long_recording_keeps_a_bounded_number_of_keyframes() {
    let bytes = encode_recording(&whole_run(7)).unwrap();
    let states = every_state(&bytes);
    let mut seeker = seeker(&bytes);
    let (_, replay) = seeker.seek(Target::Command(states.len() - 1)).unwrap();
    assert_eq!(replay.played(), states.len() - 1);
    assert!(seeker.keyframes() <= delve_core::run::seek::MOST_KEYFRAMES);
    // Each keyframe is a stride apart: a seek plays at most a stride of commands.
    assert!(seeker.stride() * seeker.keyframes() >= states.len() - 1);
    assert!(seeker.stride() * (seeker.keyframes() / 2) <= states.len());
}

#[test]
fn a_run_taken_over_begins_as_the_replay_stood_and_names_its_parent() {
    let parent = whole_run(1);
    let parent_bytes = encode_recording(&parent).unwrap();
    let states = every_state(&parent_bytes);
    let turn = states.last().unwrap().0 / 2;
    let mut seeker = seeker(&parent_bytes);
    let (mut run, replay) = seeker.seek(Target::Turn(turn)).unwrap();
    let at = replay.played();
    let hash = run.state_hash();
    assert_eq!((run.turn(), hash), states[at]);

    run.take_over(digest(&parent_bytes));
    assert_eq!(run.state_hash(), hash, "taking over changes nothing of the state");
    let lineage = run.lineage();
    let branch = lineage.branch.expect("a branch");
    assert_eq!(branch.parent, digest(&parent_bytes));
    assert_eq!((branch.turn, branch.commands as usize), (run.turn(), at));

    // A save keeps the lineage, and the run goes on as a branch.
    let saved = decode(&encode(&SavedRun::capture(&run))).unwrap().restore().unwrap();
    assert_eq!(saved.lineage(), lineage);
    assert_eq!(saved.state_hash(), hash);

    // Played on by another hand: the bot, from there to its end.
    Bot::player().play_until(&mut run, u64::MAX);
    let bytes = encode_recording(&run).unwrap();
    let file = decode_recording(&bytes).unwrap();
    assert_eq!(
        file.recording.lineage(),
        lineage,
        "the recording file keeps the lineage"
    );
    let (verdict, _) = verify(&bytes).unwrap();
    assert!(verdict.ok(), "{:?}", verdict.desync);
    assert_eq!(verdict.hash, run.state_hash());
    assert_eq!(verdict.lineage, lineage);
    assert_eq!(verify_branch(&bytes, &parent_bytes).unwrap(), BranchCheck::Matches);

    // Checked against another recording: refused, naming what differs.
    let other = encode_recording(&whole_run(2)).unwrap();
    assert!(
        matches!(verify_branch(&bytes, &other).unwrap(), BranchCheck::Differs(why) if why.contains("names the parent"))
    );
    // A run of its own has no parent to check.
    assert_eq!(verify_branch(&parent_bytes, &other).unwrap(), BranchCheck::NoParent);
    // A branch that claims a parent it does not begin as.
    let mut forged = whole_run(2);
    forged.take_over(digest(&parent_bytes));
    let forged = encode_recording(&forged).unwrap();
    assert!(matches!(
        verify_branch(&forged, &parent_bytes).unwrap(),
        BranchCheck::Differs(_)
    ));
}

#[test]
fn a_run_racing_a_ghost_says_so_and_a_take_over_races_none() {
    let spec = RunSpec::seeded(GenParams::new(3, 80, 50, CorridorStyle::Mixed));
    let mut run = spec.begin().unwrap().with_sight(DEFAULT_RADIUS);
    run.race(Digest([9; 32]));
    Bot::player().play_until(&mut run, 300);
    let bytes = encode_recording(&run).unwrap();
    assert_eq!(
        decode_recording(&bytes).unwrap().recording.lineage().ghost,
        Some(Digest([9; 32]))
    );
    let (verdict, mut replayed) = verify(&bytes).unwrap();
    assert!(verdict.ok());
    replayed.take_over(digest(&bytes));
    assert_eq!(replayed.lineage().ghost, None, "the branch races no ghost of its own");
}

#[test]
fn a_ghost_stands_where_its_recording_stood_on_every_turn_and_splits_its_levels() {
    use delve_core::run::ghost::Ghost;
    let bytes = encode_recording(&whole_run(1)).unwrap();
    let file = decode_recording(&bytes).unwrap();
    let ghost = Ghost::of(&file.spec, &file.recording).unwrap();
    // Replayed here command by command: where the player stood after each turn's last command.
    let (mut run, mut replay) = Replay::begin(&file.spec, &file.recording, Some(file.end)).unwrap();
    let mut stood = std::collections::BTreeMap::new();
    let mut arrived = [None; 10];
    stood.insert(run.turn(), (run.dungeon().depth(), run.player().at));
    arrived[0] = Some(0);
    while replay.step(&mut run).unwrap() {
        stood.insert(run.turn(), (run.dungeon().depth(), run.player().at));
        let slot = &mut arrived[run.dungeon().depth() as usize - 1];
        if slot.is_none() {
            *slot = Some(run.turn());
        }
    }
    let mut last = stood[&0];
    for turn in 0..=run.turn() + 5 {
        if let Some(&here) = stood.get(&turn) {
            last = here;
        }
        assert_eq!(ghost.at(turn), last, "turn {turn}");
    }
    assert_eq!(ghost.splits(), &arrived[..]);
    assert_eq!(ghost.last_turn(), run.turn());
    assert!(
        ghost.splits().iter().filter(|s| s.is_some()).count() >= 2,
        "it went down"
    );
}

/// A piece of a live run: its commands' bytes and the checkpoints kept over them.
type Piece = (Vec<u8>, Vec<delve_core::run::Checkpoint>);

/// A run played live: its recording file as it began, then what it recorded since, in pieces,
/// as a live client sends it (`Recording::since`, `Run::standing` at the end).
fn live_pieces(seed: u64, every: u64) -> (Vec<u8>, Vec<Piece>, Run) {
    let spec = RunSpec::seeded(GenParams::new(seed, 80, 50, CorridorStyle::Mixed));
    let mut run = spec.begin().unwrap().with_sight(DEFAULT_RADIUS);
    let begin = encode_recording(&run).unwrap();
    let mut bot = Bot::player();
    let (mut pieces, mut sent) = (Vec::new(), 0);
    while !run.is_over() {
        let until = run.turn() + every;
        bot.play_until(&mut run, until);
        let (bytes, checkpoints) = run.recording().unwrap().since(sent);
        pieces.push((bytes.to_vec(), checkpoints.to_vec()));
        sent = run.recording().unwrap().len();
    }
    (begin, pieces, run)
}

#[test]
fn a_replay_extended_as_a_live_run_goes_on_comes_to_its_end() {
    let (begin, pieces, run) = live_pieces(3, 37);
    assert!(pieces.len() > 5, "the run is sent in many pieces");
    let end = run.standing();
    let file = decode_recording(&begin).unwrap();
    assert_eq!(file.recording.len(), 0);
    // Two spectators: one plays each piece as it comes, one seeks in what it has.
    let (mut watched, mut replay) = Replay::begin(&file.spec, &file.recording, Some(file.end)).unwrap();
    let mut seeker = Seeker::new(&watched, &replay);
    let last = pieces.len() - 1;
    for (i, (bytes, checkpoints)) in pieces.iter().enumerate() {
        let end = (i == last).then_some(end);
        let before = replay.len();
        replay.extend(bytes, checkpoints, end).unwrap();
        seeker.extend(bytes, checkpoints, end).unwrap();
        assert!(replay.len() > before || bytes.is_empty());
        replay.finish(&mut watched).unwrap();
        assert_eq!(replay.played(), replay.len());
    }
    assert!(replay.is_done() && watched.is_over());
    assert_eq!(watched.state_hash(), run.state_hash());
    assert_eq!(watched.turn(), run.turn());
    let (sought, _) = seeker.seek(Target::Turn(u64::MAX)).unwrap();
    assert_eq!(sought.state_hash(), run.state_hash());
    // The whole recording, as the live run's player keeps it, is what the spectators played.
    assert_eq!(watched.recording().unwrap().since(0), run.recording().unwrap().since(0));
}

#[test]
fn a_live_run_that_goes_astray_is_found_out() {
    let (begin, pieces, run) = live_pieces(5, 50);
    let file = decode_recording(&begin).unwrap();
    let fresh = || Replay::begin(&file.spec, &file.recording, Some(file.end)).unwrap();
    // Bytes that are no commands, and a piece cut inside a command.
    let (_, mut replay) = fresh();
    assert!(replay.extend(&[0xff, 0xff, 0xff], &[], None).is_err());
    assert_eq!(replay.len(), 0, "a refused piece leaves the replay as it was");
    // A checkpoint over commands played before.
    let (mut watched, mut replay) = fresh();
    let (bytes, checkpoints) = pieces.iter().find(|(_, c)| !c.is_empty()).unwrap().clone();
    let at = pieces.iter().position(|(_, c)| !c.is_empty()).unwrap();
    for (b, c) in &pieces[..at] {
        replay.extend(b, c, None).unwrap();
    }
    let mut early = checkpoints.clone();
    early[0].commands = 0;
    assert!(
        replay.extend(&bytes, &early, None).is_err(),
        "a checkpoint before the piece is refused"
    );
    // An end that is not after the last command.
    let mut end = run.standing();
    end.commands += 1;
    assert!(replay.extend(&bytes, &checkpoints, Some(end)).is_err());
    // A lied-about hash: taken, then found out when played.
    let mut lie = checkpoints.clone();
    lie[0].hash ^= 1;
    replay.extend(&bytes, &lie, None).unwrap();
    let desync = replay.finish(&mut watched).unwrap_err();
    assert_eq!(desync.turn, lie[0].turn);
    assert!(matches!(desync.astray, delve_core::run::Astray::Hash { .. }));
}
