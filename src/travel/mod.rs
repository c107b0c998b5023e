//! Walking many steps on one command: auto-explore (`x`, picking up what DCSS would on the way),
//! travel to the known stairs (`>` and `<` away from them) and to a clicked or tapped tile, and
//! resting until healed and cured (`Z`, a wait a frame), and freeing a captive (a step into it, or
//! a click or tap on it, goes on working at its chains until it is free). Each step is a real turn, played as if the
//! player had pressed the key, at a pace a player can follow; anything worth a look stops it and
//! says why: a monster coming into view, being hurt, a key, stairs or a trap seen for the first
//! time, fire or gas coming into view, any key pressed, nothing left to explore.
//!
//! Where to step is worked out by the core's `explore` planning from what the player knows; this
//! plugin only keeps the goal, watches for interruptions and writes the steps as
//! `PlayerCommand`s.

use std::time::Duration;

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use delve_core::explore::{self as plan, Known};
use delve_core::geom::{Dir8, Pos};
use delve_core::map::Tile;
use delve_core::paths::Search;
use delve_core::run::Run;

use crate::player::command::{PlayerCommand, TravelRequest};
use crate::state::GameState;
use crate::turn::{Game, TurnSet};

/// Where the walker is going, if anywhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    Explore,
    To(Pos),
    /// Waiting until healed and cured: `since` is the turn it began.
    Rest {
        since: u64,
    },
    /// Working at the chains of the captive with this id until it is free.
    Free(u32),
}

/// The most turns one rest lasts.
pub const REST_MOST: u64 = 1_000;

/// What the walker saw last step: a change from it is worth stopping for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Watch {
    hp: i32,
    /// The turn it was taken on, and whether the player was poisoned then (poison hurts a
    /// point a turn: no reason to stop).
    turn: u64,
    poisoned: bool,
    depth: u32,
    /// The monsters in view, but the player's allies and captives (their coming and going is
    /// no news, and a captive in chains does nothing).
    monsters: Vec<u32>,
    keys: usize,
    stairs: usize,
    /// The traps on tiles the player has seen, and whether each is still hidden: a trap is news
    /// the first time it is known (seen, or found by searching), never again as it comes back
    /// into view.
    traps: Vec<(Pos, bool)>,
    /// Fire or gas in view.
    astir: bool,
}

/// The walker: its goal (none while the player walks by hand) and what it watches.
#[derive(Resource, Debug, Default)]
pub struct AutoMove {
    goal: Option<Goal>,
    watch: Watch,
    next_step: Duration,
    /// The turn count when the last step was asked for: if no turn has passed since, the step
    /// was refused (a locked door, say) and the walk is over.
    stepped_at: Option<u64>,
    search: Search,
    /// Where the player put things down this session, by depth: explore does not pick them up
    /// again (DCSS's rule for what you dropped).
    put_down: Vec<(u32, Pos)>,
}

impl AutoMove {
    /// Where the walker is going, if it is walking.
    pub const fn goal(&self) -> Option<Goal> {
        self.goal
    }
}

/// The longest time between two steps of the walker: a pace the eye can follow (zero in headless
/// tests: one step a frame). The player's travel pace (`Settings::travel_pace`) may be faster.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepDelay(pub Duration);

impl Default for StepDelay {
    fn default() -> Self {
        StepDelay(Duration::from_millis(70))
    }
}

pub fn plugin(app: &mut App) {
    app.add_message::<TravelRequest>()
        .init_resource::<AutoMove>()
        .init_resource::<StepDelay>()
        .add_message::<RequestRedraw>()
        .add_systems(
            OnEnter(GameState::Playing),
            (|mut walker: ResMut<AutoMove>| {
                walker.goal = None;
                walker.put_down.clear();
            })
            .in_set(crate::turn::Entering::World),
        )
        .add_systems(
            Update,
            (
                note_put_down,
                stop_on_keypress,
                start_freeing,
                start_walking,
                walk_step.run_if(in_state(crate::state::Focus::Map)),
            )
                .chain()
                .in_set(TurnSet::Input)
                .after(crate::player::input::ReadInput)
                .run_if(in_state(GameState::Playing)),
        );
}

/// Remembers where the player drops something, so that explore leaves it lying.
fn note_put_down(mut walker: ResMut<AutoMove>, game: Res<Game>, mut commands: MessageReader<PlayerCommand>) {
    for command in commands.read() {
        if let PlayerCommand::Item(delve_core::rules::Act::Drop(_)) = command {
            let spot = (game.dungeon().depth(), game.player().at);
            if !walker.put_down.contains(&spot) {
                walker.put_down.push(spot);
            }
        }
    }
}

/// The time between two of the walker's steps: the player's travel pace, at most `delay`.
fn pace(settings: Option<&crate::settings::Settings>, delay: StepDelay) -> Duration {
    settings.map_or(delay.0, |s| s.travel_pace().1.min(delay.0))
}

/// A step into a captive starts freeing it: the walker works on at its chains, a turn at a time,
/// until it is free or something worth a look happens (a monster coming into view, a blow).
fn start_freeing(
    mut walker: ResMut<AutoMove>,
    game: Res<Game>,
    mut commands: MessageReader<PlayerCommand>,
    time: Res<Time>,
    delay: Res<StepDelay>,
    settings: Option<Res<crate::settings::Settings>>,
) {
    for command in commands.read() {
        let PlayerCommand::Step(dir) = *command else { continue };
        let to = Dir8::from_pos(game.player().at, dir);
        let Some(captive) = game.dungeon().level().monster_at(to).filter(|m| m.is_captive()) else {
            continue;
        };
        if walker.goal != Some(Goal::Free(captive.id)) {
            walker.goal = Some(Goal::Free(captive.id));
            walker.watch = watch(&game);
            walker.stepped_at = None;
            let pace = pace(settings.as_deref(), *delay);
            walker.next_step = time.elapsed() + pace;
        }
    }
}

/// The next turn of work at the chains of the captive `id`, or the end of it: freed (the step
/// said so), gone, or no longer next to the player.
fn free(walker: &mut AutoMove, game: &Game, id: u32, commands: &mut MessageWriter<PlayerCommand>, turn: u64) {
    let at = game.player().at;
    let level = game.dungeon().level();
    let captive = level
        .monster_index(id)
        .map(|i| level.monsters[i])
        .filter(|m| m.is_captive());
    match captive.and_then(|m| Dir8::between(at, m.at)) {
        Some(dir) => {
            commands.write(PlayerCommand::Step(dir));
            walker.stepped_at = Some(turn);
        }
        None => walker.goal = None,
    }
}

/// What the walker watches, as things stand.
fn watch(run: &Run) -> Watch {
    let level = run.dungeon().level();
    let depth = run.dungeon().depth();
    let view = run.sight();
    let mut monsters: Vec<u32> = level
        .monsters
        .iter()
        .filter(|m| run.sees(m) && m.is_hostile())
        .map(|m| m.id)
        .collect();
    monsters.sort_unstable();
    let memory = run.player().memory.level(depth);
    let (keys, stairs) = memory.map_or((0, 0), |mem| {
        let keys = level.keys.iter().filter(|k| mem.is_explored(k.at)).count();
        let stairs = mem
            .tiles()
            .iter()
            .filter(|t| matches!(t, Some(Tile::StairsDown | Tile::StairsUp)))
            .count();
        (keys, stairs)
    });
    let traps = memory.map_or_else(Vec::new, |mem| {
        level
            .traps
            .iter()
            .filter(|t| mem.is_explored(t.at))
            .map(|t| (t.at, t.hidden))
            .collect()
    });
    let astir = level.fire.keys().chain(level.gas.keys()).any(|&p| view.is_visible(p));
    Watch {
        hp: run.player().health.hp,
        turn: run.turn(),
        poisoned: run.player().status.poison > 0,
        depth,
        monsters,
        keys,
        stairs,
        traps,
        astir,
    }
}

/// Why the walker should stop now, comparing what it watched with what is: `None` to go on.
fn interruption(before: &Watch, now: &Watch, run: &Run) -> Option<String> {
    if now.depth != before.depth {
        return Some(String::new());
    }
    // Poison takes a point a turn, which is no news; anything more is.
    let poison = if before.poisoned { now.turn - before.turn } else { 0 };
    if i64::from(before.hp - now.hp) > poison as i64 {
        return Some("You stop: you are hurt.".to_owned());
    }
    let level = run.dungeon().level();
    if let Some(m) = now
        .monsters
        .iter()
        .find(|id| !before.monsters.contains(id))
        .and_then(|&id| level.monster_index(id).map(|i| &level.monsters[i]))
    {
        let name = m.kind.name();
        return Some(format!("You see {} {name}.", delve_core::world::article(name)));
    }
    let mut new = Vec::new();
    if now.keys > before.keys {
        new.push("a key");
    }
    if now.stairs > before.stairs {
        new.push("stairs");
    }
    // A trap known now and not before: seen for the first time (news, by name), or found by
    // searching a tile seen before (the find says so itself: the walk only stops).
    let mut found = false;
    let mut seen = None;
    for &(at, _) in now.traps.iter().filter(|(_, hidden)| !hidden) {
        match before.traps.iter().find(|(p, _)| *p == at) {
            Some((_, false)) => {}
            Some((_, true)) => found = true,
            None => seen = seen.or_else(|| level.trap_at(at).map(|t| t.kind.name())),
        }
    }
    let trap_line = seen.map(|name| format!("{} {name}", delve_core::world::article(name)));
    if let Some(line) = &trap_line {
        new.push(line.as_str());
    }
    if now.astir && !before.astir {
        new.push("fire or gas");
    }
    if new.is_empty() {
        return found.then(String::new);
    }
    Some(format!("You see {}.", new.join(" and ")))
}

/// `done` (explore's last word), and what it leaves lying where the player has seen it: the
/// weapons and armour it does not pick up (unless the setting says to), or what there was no
/// room for (it said "Explored" and left a dagger unmentioned). Altars' choices are the
/// vault's, and what the player put down its own: neither is listed.
fn with_left_lying(done: String, known: &Known, taking: &plan::Taking, player: &delve_core::world::Player) -> String {
    let left: Vec<String> = known
        .level
        .items
        .iter()
        .filter(|f| known.memory.is_explored(f.at) && f.altar.is_none() && !f.sealed)
        .filter(|f| !taking.put_down.contains(&f.at) && !plan::worth_taking(known, taking, f))
        .map(|f| player.lore.describe(f.item))
        .collect();
    let listed = match left.len() {
        0 => return done,
        1 => left[0].clone(),
        2..=4 => format!("{} and {}", left[..left.len() - 1].join(", "), left[left.len() - 1]),
        n => format!("{}, {}, {} and {} more things", left[0], left[1], left[2], n - 3),
    };
    format!("{done} Left lying: {listed}.")
}

/// Whether the player has nothing to rest for: healed, and neither poisoned nor confused.
fn rested(run: &Run) -> bool {
    let (health, status) = (run.player().health, run.player().status);
    health.hp >= health.max && status.poison == 0 && status.confusion == 0
}

/// A turn of rest (a wait, one a frame: resting needs no pace to follow), or the end of it.
fn rest(walker: &mut AutoMove, game: &mut Game, since: u64, commands: &mut MessageWriter<PlayerCommand>, turn: u64) {
    let health = game.player().health;
    let end = if rested(game) {
        Some(format!("You have rested: {}/{} hit points.", health.hp, health.max))
    } else if turn >= since + REST_MOST {
        Some(format!("You stop resting after {REST_MOST} turns."))
    } else {
        None
    };
    match end {
        Some(text) => {
            walker.goal = None;
            say(game, &text);
        }
        None => {
            commands.write(PlayerCommand::Wait);
            walker.stepped_at = Some(turn);
        }
    }
}

/// Tells the player `text`, if there is anything to tell.
fn say(game: &mut Game, text: &str) {
    if !text.is_empty() {
        game.say(text);
    }
}

/// Any key pressed, or a click, stops the walker (a click then asks for a new walk).
fn stop_on_keypress(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut requests: MessageReader<TravelRequest>,
    mut walker: ResMut<AutoMove>,
) {
    // A key that asks for a walk (`x`, `>`) starts one rather than stopping it.
    let asked = requests.read().count() > 0;
    let pressed = keys.is_some_and(|k| k.get_just_pressed().next().is_some());
    if walker.goal.is_some() && pressed && !asked {
        walker.goal = None;
    }
}

/// Starts (or stops) a walk on request.
fn start_walking(
    mut requests: MessageReader<TravelRequest>,
    mut walker: ResMut<AutoMove>,
    mut game: ResMut<Game>,
    time: Res<Time>,
) {
    let Some(&request) = requests.read().last() else { return };
    let dungeon = &game.dungeon();
    let depth = dungeon.depth();
    let now = watch(&game);
    let memory = &game.player().memory;
    let goal = match request {
        TravelRequest::Stop => {
            walker.goal = None;
            return;
        }
        TravelRequest::Explore => Goal::Explore,
        TravelRequest::Rest if rested(&game) => {
            walker.goal = None;
            say(&mut game, "You have nothing to rest for.");
            return;
        }
        TravelRequest::Rest => Goal::Rest { since: game.turn() },
        TravelRequest::To(p) => Goal::To(p),
        TravelRequest::StairsDown | TravelRequest::StairsUp => {
            let (tile, name) = if request == TravelRequest::StairsDown {
                (Tile::StairsDown, "down")
            } else {
                (Tile::StairsUp, "up")
            };
            let known = memory.level(depth).and_then(|mem| {
                Known {
                    level: dungeon.level(),
                    memory: mem,
                }
                .find(tile)
            });
            match known {
                Some(p) => Goal::To(p),
                None => {
                    walker.goal = None;
                    let text = format!("You don't know of any stairs {name} on this level.");
                    say(&mut game, &text);
                    return;
                }
            }
        }
    };
    if matches!(goal, Goal::Explore | Goal::Rest { .. })
        && let Some(m) = now
            .monsters
            .first()
            .and_then(|&id| dungeon.level().monster_index(id).map(|i| &dungeon.level().monsters[i]))
    {
        walker.goal = None;
        let name = m.kind.name();
        let what = if matches!(goal, Goal::Rest { .. }) {
            "rest"
        } else {
            "explore"
        };
        let text = format!(
            "You cannot {what} with {} {name} in view.",
            delve_core::world::article(name)
        );
        say(&mut game, &text);
        return;
    }
    walker.goal = Some(goal);
    walker.watch = now;
    walker.next_step = time.elapsed();
    walker.stepped_at = None;
}

/// One step of the walk, when its time has come: stop if something worth a look happened since
/// the last step, else plan the next step from what the player knows and take it.
fn walk_step(
    mut walker: ResMut<AutoMove>,
    mut game: ResMut<Game>,
    mut commands: MessageWriter<PlayerCommand>,
    time: Res<Time>,
    delay: Res<StepDelay>,
    settings: Option<Res<crate::settings::Settings>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some(goal) = walker.goal else { return };
    // The window draws only on events: keep frames coming while walking.
    redraw.write(RequestRedraw);
    if time.elapsed() < walker.next_step {
        return;
    }
    let turn = game.turn();
    if walker.stepped_at == Some(turn) {
        // The last step took no turn: it was refused, and the refusal has been said.
        walker.goal = None;
        return;
    }
    let now = watch(&game);
    if let Some(why) = interruption(&walker.watch, &now, &game) {
        walker.goal = None;
        say(&mut game, &why);
        return;
    }
    walker.watch = now;
    if let Goal::Rest { since } = goal {
        rest(&mut walker, &mut game, since, &mut commands, turn);
        return;
    }
    if let Goal::Free(id) = goal {
        free(&mut walker, &game, id, &mut commands, turn);
        let pace = pace(settings.as_deref(), *delay);
        walker.next_step = time.elapsed() + pace;
        return;
    }
    let at = game.player().at;
    let depth = game.dungeon().depth();
    let Some(mem) = game.player().memory.level(depth) else {
        return;
    };
    let known = Known {
        level: game.dungeon().level(),
        memory: mem,
    };
    let held = game.player().keys.doors_on(depth);
    let walker = &mut *walker;
    let walk = match goal {
        Goal::Explore => {
            let put_down: Vec<Pos> = walker
                .put_down
                .iter()
                .filter(|(d, _)| *d == depth)
                .map(|&(_, p)| p)
                .collect();
            let taking = plan::Taking {
                pack: &game.player().pack,
                gear: settings.as_ref().is_some_and(|s| s.explore_takes_gear),
                put_down: &put_down,
            };
            plan::explore_taking(&known, at, &held, Some(&taking), &mut walker.search)
                .map_err(|f| with_left_lying(f.message(), &known, &taking, game.player()))
        }
        Goal::Rest { .. } | Goal::Free(_) => return,
        Goal::To(to) if to == at => Err(String::new()),
        Goal::To(to) => plan::travel(&known, at, to, &held, &mut walker.search)
            .filter(|w| !w.is_empty())
            .ok_or_else(|| "You know of no way there.".to_owned()),
    };
    match walk {
        Ok(walk) => {
            if let Some(m) = game.dungeon().level().monster_at(walk[0])
                && m.is_captive()
                && walk.len() == 1
                && let Some(dir) = Dir8::between(at, walk[0])
            {
                // Walked (or clicked) into a captive: free it.
                walker.goal = Some(Goal::Free(m.id));
                commands.write(PlayerCommand::Step(dir));
                walker.stepped_at = Some(turn);
                let pace = pace(settings.as_deref(), *delay);
                walker.next_step = time.elapsed() + pace;
                return;
            }
            if let Some(m) = game.dungeon().level().monster_at(walk[0]).filter(|m| !m.is_ally()) {
                // Walking is not fighting: the player decides that (an ally changes places).
                walker.goal = None;
                let text = format!("There is a {} in the way.", m.kind.name());
                say(&mut game, &text);
                return;
            }
            let dir = Dir8::between(at, walk[0]);
            if let Some(dir) = dir {
                commands.write(PlayerCommand::Step(dir));
                let pace = pace(settings.as_deref(), *delay);
                walker.next_step = time.elapsed() + pace;
                walker.stepped_at = Some(turn);
            } else {
                walker.goal = None;
            }
        }
        Err(why) => {
            walker.goal = None;
            say(&mut game, &why);
        }
    }
}
