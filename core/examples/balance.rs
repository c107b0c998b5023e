//! How hard is a run? Headless bots play many seeds by the game's own rules (`Run::play`, no
//! engine) and report how deep they got, how often they won, and what killed them. Run with
//! `cargo run --release --example balance [RUNS]` (`BALANCE_SEED=N` plays one seed,
//! `BALANCE_DEBUG=1` says where a bot got stuck, `BALANCE_BOTS=explores` plays only the bots
//! whose name says so, `BALANCE_BOTS=beginnings` only each beginning's runs,
//! `BALANCE_BEGINNING=rogue` only that beginning's, and `BALANCE_MODE=hard` and
//! `BALANCE_CHALLENGE=swarm,darkness` play every run in that mode).
//!
//! Each bot plays every seed twice: ignoring what it picks up, and using it as a player who
//! knows the game would (`use_items`): drink healing when low, try unknown potions and scrolls
//! while no monster is near (knowing them by use), wield the weapon and wear the armour that
//! hit and protect best, throw and zap at what comes near, and read teleportation or zap sleep
//! to get out of a fight it is losing.
//! The bots are `delve_core::bot::Bot`. Four bots, each attacking whatever stands next to it
//! (and closing in on what shoots at it) and never fleeing. Two know the map
//! (they walk the shortest way to the stairs, fetching keys when a lock bars it, then to the
//! Heartstone and back up); two know only what they have seen and play as a newcomer with the
//! `x` and `>` keys would: explore until the stairs are seen, then go to them; take the
//! Heartstone once seen; unlock a door that bars the rest with its key. The "reckless" bots never
//! rest; the "careful" ones rest (wait) when hurt and no monster is near, and rest to full
//! before taking the stairs. What the terrain did to them is counted too: traps sprung, falls,
//! weapons swept away, turns in fire and gas, hidden things found. Every bot takes the boon it
//! likes best of those offered (`bot::choose`), eats when hungry and fetches rations it knows of
//! while it carries none; the report says how many runs starved, ended on the first two levels,
//! the experience level reached, rations eaten, gold, score and feats.

use delve_core::bot::Bot;
use delve_core::fov::DEFAULT_RADIUS;
use delve_core::generation::{CorridorStyle, DEEPEST, GenParams};
use delve_core::rules::{Act, Effect, Who};
use delve_core::run::RunSpec;
use delve_core::world::{Beginning, Ending, article};

struct Outcome {
    deepest: u32,
    /// The level the run ended on (the deepest, for a win).
    ended_on: u32,
    grade: u32,
    eaten: u32,
    gold: u32,
    score: u64,
    feats: u32,
    /// Turns spent hungry or worse.
    hungry: u64,
    /// Starved after 2,000 turns or more without a change of level: stuck (the bot's failing, as
    /// a run given up at 20,000 turns is), not short of food on the way.
    starved_stuck: bool,
    ending: Option<Ending>,
    turns: u64,
    /// What the terrain did to the player: traps sprung, falls, weapons swept away while
    /// swimming, turns in fire or gas.
    terrain: Terrain,
}

#[derive(Default)]
struct Terrain {
    traps: u32,
    falls: u32,
    swept: u32,
    burnt: u32,
    gassed: u32,
    found: u32,
}

impl Terrain {
    fn add(&mut self, o: &Terrain) {
        self.traps += o.traps;
        self.falls += o.falls;
        self.swept += o.swept;
        self.burnt += o.burnt;
        self.gassed += o.gassed;
        self.found += o.found;
    }
}

fn play(seed: u64, careful: bool, blind: bool, use_items: bool, beginning: Option<Beginning>) -> Outcome {
    let spec = RunSpec::seeded(GenParams::new(seed, 80, 50, CorridorStyle::Mixed)).in_mode(mode());
    let mut run = spec.begin().unwrap().with_sight(DEFAULT_RADIUS);
    if let Some(b) = beginning {
        run.begin_as(b).expect("a fresh run");
    }
    let mut bot = Bot::new(careful, blind, use_items);
    let mut terrain = Terrain::default();
    let mut hungry = 0;
    let (mut level, mut since) = (run.dungeon().depth(), 0);
    // As `Bot::play_until`, reading what each turn did to the player.
    while !run.is_over() && run.turn() < 20_000 {
        if let Some(offer) = run.offer() {
            run.choose(delve_core::bot::choose(&offer)).expect("offered");
            continue;
        }
        let turn = run.turn();
        if run.dungeon().depth() != level {
            (level, since) = (run.dungeon().depth(), turn);
        }
        if run.player().hunger() >= delve_core::world::Hunger::Hungry {
            hungry += 1;
        }
        let round = match run.play(bot.act(&run)) {
            Ok(round) => round,
            Err(_) => run.play(Act::Wait).unwrap_or_default(),
        };
        for h in round.happened.iter().filter(|h| h.who == Who::Player) {
            match h.effect {
                Effect::TrapSprung { .. } => terrain.traps += 1,
                Effect::Fell => terrain.falls += 1,
                Effect::Swept(_) => terrain.swept += 1,
                Effect::Found(_) => terrain.found += 1,
                Effect::Harmed { cause, .. } => match cause {
                    delve_core::rules::Harm::Fire => terrain.burnt += 1,
                    delve_core::rules::Harm::Gas => terrain.gassed += 1,
                    _ => {}
                },
                _ => {}
            }
        }
        hungry += (run.turn() - turn).saturating_sub(1)
            * u64::from(run.player().hunger() >= delve_core::world::Hunger::Hungry);
    }
    if !run.is_over() && std::env::var_os("BALANCE_DEBUG").is_some() {
        let (dungeon, at, carrying, health) = (
            &run.dungeon(),
            run.player().at,
            run.player().carrying,
            run.player().health,
        );
        let level = dungeon.level();
        eprintln!(
            "seed {seed} stuck on level {} at {at:?}: relic {:?} carrying {} down {:?} up {:?} keys {:?} hp {}/{}",
            dungeon.depth(),
            level.relic,
            carrying.relic,
            level.map.stairs_down(),
            level.map.stairs_up(),
            level.keys,
            health.hp,
            health.max
        );
    }
    Outcome {
        deepest: run.record().deepest,
        ended_on: run.dungeon().depth(),
        grade: run.player().growth.grade(),
        eaten: run.record().deeds.eaten,
        gold: run.player().gold,
        score: run.score(),
        feats: run.feats().count() as u32,
        hungry,
        starved_stuck: run.record().ending
            == Some(Ending::Died {
                by: "starvation".into(),
            })
            && run.turn() - since >= 2_000,
        ending: run.record().ending.clone(),
        turns: run.turn(),
        terrain,
    }
}

/// The mode every run is played in: `BALANCE_MODE` and `BALANCE_CHALLENGE` (the standard game
/// without them).
fn mode() -> delve_core::world::Mode {
    let difficulty = std::env::var("BALANCE_MODE").ok().filter(|s| !s.is_empty());
    let challenges = std::env::var("BALANCE_CHALLENGE").ok();
    delve_core::world::Mode::parse(difficulty.as_deref(), challenges.as_deref()).unwrap_or_else(|e| {
        eprintln!("balance: {e}");
        std::process::exit(2);
    })
}

fn main() {
    let runs: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    let only: Option<u64> = std::env::var("BALANCE_SEED").ok().and_then(|s| s.parse().ok());
    for (careful, blind, use_items) in [
        (false, false, false),
        (true, false, false),
        (false, true, false),
        (true, true, false),
        (false, false, true),
        (true, false, true),
        (false, true, true),
        (true, true, true),
    ] {
        let name = match (careful, blind) {
            (false, false) => "reckless, knows the map",
            (true, false) => "careful, knows the map",
            (false, true) => "reckless, explores",
            (true, true) => "careful, explores",
        };
        let name = format!("{name}, {}", if use_items { "uses items" } else { "ignores items" });
        if std::env::var("BALANCE_BOTS").is_ok_and(|only| !name.contains(&only)) {
            continue;
        }
        let mut reached = [0u32; DEEPEST as usize + 1];
        let (mut wins, mut turns) = (0, 0);
        let mut killers: std::collections::BTreeMap<String, u32> = Default::default();
        let mut champions = 0;
        let mut terrain = Terrain::default();
        let (mut early, mut grades, mut eaten, mut gold, mut score, mut feats, mut hungry) = (0, 0, 0, 0, 0, 0, 0);
        let mut starved_stuck = 0;
        for seed in 0..runs {
            if only.is_some_and(|o| o != seed) {
                continue;
            }
            let o = play(seed, careful, blind, use_items, None);
            if std::env::var_os("BALANCE_DEBUG").is_some() {
                eprintln!(
                    "seed {seed}: level {} of {}, {:?}, {} turns",
                    o.ended_on, o.deepest, o.ending, o.turns
                );
            }
            reached[o.deepest as usize] += 1;
            terrain.add(&o.terrain);
            turns += o.turns;
            grades += o.grade;
            eaten += o.eaten;
            gold += u64::from(o.gold);
            score += o.score;
            feats += o.feats;
            hungry += o.hungry;
            starved_stuck += u32::from(o.starved_stuck);
            if o.ending.is_some() && o.ending != Some(Ending::Won) && o.ended_on <= 2 {
                early += 1;
            }
            match o.ending {
                Some(Ending::Won) => wins += 1,
                // A champion ("Grak the orc") is counted with its kind, and apart.
                Some(Ending::Died { by }) => match by
                    .split_once(" the ")
                    .filter(|(n, _)| n.starts_with(char::is_uppercase))
                {
                    Some((_, kind)) => {
                        champions += 1;
                        *killers.entry(format!("{} {kind}", article(kind))).or_default() += 1;
                    }
                    None => *killers.entry(by).or_default() += 1,
                },
                None => {}
            }
        }
        let stuck = runs - wins - killers.values().sum::<u32>() as u64;
        let at_least = |d: usize| reached[d..].iter().sum::<u32>() as f64 * 100.0 / runs as f64;
        println!(
            "{name}: {runs} runs, won {wins} ({:.1}%), mean {} turns; reached depth 3+: {:.0}%, 4+: {:.0}%, 6+: {:.0}%, 10: {:.0}%",
            wins as f64 * 100.0 / runs as f64,
            turns / runs,
            at_least(3),
            at_least(4),
            at_least(6),
            at_least(10)
        );
        println!("          deepest reached: {:?}", &reached[1..]);
        println!("          killed by: {killers:?} ({champions} of them champions); bot stuck (20,000 turns): {stuck}");
        let deaths: u32 = killers.values().sum();
        if let Some((worst, n)) = killers
            .iter()
            .filter(|(k, _)| k.starts_with('a'))
            .max_by_key(|&(_, n)| *n)
        {
            println!(
                "          deadliest kind: {worst}, {n} of {deaths} deaths ({:.0}%); on levels 1-2: {:.0}% of deaths",
                f64::from(*n) * 100.0 / f64::from(deaths.max(1)),
                early as f64 * 100.0 / f64::from(deaths.max(1))
            );
        }
        let starved = killers.get("starvation").copied().unwrap_or(0);
        println!(
            "          starved {starved} ({starved_stuck} of them stuck 2,000 turns on one level); died on levels 1-2: {early}; mean: experience level {:.1}, rations eaten {:.1}, turns hungry {}, gold {}, score {}, feats {:.1}",
            f64::from(grades) / runs as f64,
            f64::from(eaten) / runs as f64,
            hungry / runs,
            gold / runs,
            score / runs,
            f64::from(feats) / runs as f64
        );
        println!(
            "          terrain: traps sprung {}, falls {}, weapons swept away {}, turns burnt {}, turns in gas {}, secrets and traps found {}",
            terrain.traps, terrain.falls, terrain.swept, terrain.burnt, terrain.gassed, terrain.found
        );
    }
    // Each beginning, played by the bot of `--autoplay` (careful, explores, uses items).
    if std::env::var("BALANCE_BOTS").is_ok_and(|only| !"beginnings".contains(&only)) {
        return;
    }
    for beginning in Beginning::ALL {
        if std::env::var("BALANCE_BEGINNING").is_ok_and(|only| only != beginning.name()) {
            continue;
        }
        let (mut wins, mut deepest, mut early) = (0, 0, 0);
        for seed in (0..runs).filter(|&s| only.is_none_or(|o| o == s)) {
            let o = play(seed, true, true, true, Some(beginning));
            wins += u32::from(o.ending == Some(Ending::Won));
            deepest += o.deepest;
            if o.ending.is_some() && o.ending != Some(Ending::Won) && o.ended_on <= 2 {
                early += 1;
            }
        }
        println!(
            "beginning {}: careful, explores, uses items: {runs} runs, won {wins} ({:.1}%), mean deepest {:.1}, died on levels 1-2: {early}",
            beginning.name(),
            f64::from(wins) * 100.0 / runs as f64,
            f64::from(deepest) / runs as f64
        );
    }
}
