//! A run's recording: every command the player gave, in order, with the state hash every
//! `CHECKPOINT_EVERY` turns. With how the run began (its `RunSpec`, which the run keeps) it is
//! the whole game again. `Run::play` records as it plays; `Replay` plays a recording back over a
//! run begun the same way and says where it goes astray.

use serde::{Deserialize, Serialize};

use super::{Run, RunSpec};
use crate::fov::DEFAULT_RADIUS;
use crate::generation::GenError;
use crate::rules::{Act, Refusal, Round};
use crate::world::{Beginning, Boon};

/// The version of the rules: bump it whenever the same commands could play out otherwise (the
/// rules of a turn, generation, the random stream, the state hash). A recording names the rules
/// it was made by, and a Delve that plays other rules refuses it by name rather than replaying
/// it wrongly. The golden recording in `core/tests/data` stops verifying when they change
/// without a bump.
///
/// Rules 2: a blow on a sleeping monster is a sneak attack (it never misses and does three
/// times the damage), and a sneaking blow takes one turn, not a sneaking step's two.
///
/// Rules 3: a recording holds only what the rules accepted (a refusal, which changes nothing,
/// is no longer kept), so a replay refuses any command the rules refuse; a door is closed only
/// from next to it; nothing is played after the run's end.
///
/// Rules 4: levels are made of more than rooms and corridors (reshaped rooms, lakes, rivers and
/// bridges, grass, secrets, traps), fire and gas act each turn, the player may search, swim,
/// fall and be caught in a net.
///
/// Rules 5: a teleport trap sends whoever springs it where a scroll of teleportation would (never
/// past a locked door, never onto a trap; a scroll no longer lands on one either); gold lies on
/// the levels and is picked up by walking over it, and a run has a score.
///
/// Rules 6: the player grows by experience levels, each a boon chosen of three (`Command::Choose`;
/// nothing else is played while one is owed), not by kills alone; it grows hungry, eats rations
/// and can starve; scrolls of enchanting make a chosen weapon or armour better; feats are
/// earned. Levels hold rations and scrolls of enchanting.
///
/// Rules 7: a checkpoint holds the state after its whole command, the feats it earned included
/// (`Run::obey`). Under rules 6 a command that earned a feat on a checkpoint's turn was hashed
/// before the feat was marked, so a run won on such a turn (the win earns feats) did not verify
/// at its end. Rules 7 also play otherwise: a summons (an alarm, a shriek) gives each monster
/// patience for its whole walk, the state hash takes in kills and deeds, a boon offer never
/// repeats the last, a bloat's burst leaves its gas on the level, a monster hunting the player
/// from the next tile follows it up or down the stairs, and newcomers refill a level left long.
///
/// Rules 8: company and foes. From depth 2 one level in two holds a captive to free, an ally
/// from then on (`Act::Order` tells allies to wait or follow; monsters fight allies as they fight
/// the player); four new kinds (a flier, a blinker, a confuser, a fire-breather) change what
/// every level is made with; the state hash takes in each kind killed by its pinned id.
///
/// Rules 9: ten more kinds (a swimmer under deep water, a jelly that splits, a web-thrower, a
/// burrower, a thing of fire, a summoner and its blades, a shielder, an acid mound, a phantom)
/// change what every level is made with and how monsters fight; a web holds the player while
/// the monsters act.
///
/// Rules 10: rings, staffs and charms (and a scroll of remove curse, a potion of detect magic)
/// change what every level holds and what the player can do: a ring's plus works every turn
/// (healing, noise, noticing, recharging), staffs and charms recharge with time; the state hash
/// takes in the rings worn and each item's wait.
///
/// Rules 11: light. Levels hold torches and glowing fungus (laid last, from a stream of their
/// own); what stands in darkness is not seen but from the next tile, a player in darkness is
/// noticed from half as far; a slowed monster's owed turns are capped (`MOST_SLOWED`), and a save
/// holding one continues.
///
/// Rules 12: a ring of light (`ItemKind::Light`): the player's own light reaches its plus in
/// tiles farther (`fov::light::carried_glow`). A sixth ring among the loot, so what lies on a
/// level may differ from rules 11's.
pub const RULES: u32 = 12;

/// A checkpoint (the state hash) is kept every this many turns.
pub const CHECKPOINT_EVERY: u64 = 50;

/// The most commands a recording may hold: far more than any run gives (the bots' longest runs
/// give 20,000). A run that gives more stops recording rather than write what cannot be read.
pub const MAX_COMMANDS: usize = 4_000_000;

/// The farthest sight a recording may set (what `--radius` allows).
pub const MAX_SIGHT_RADIUS: u32 = 100;

/// What a turn costs a replay besides the sight and the level's size: the player's act, noise,
/// the round's effects, in the units of `Recording::work` (a tile looked at).
pub const TURN_WORK: u64 = 1_000;

/// What any command costs a replay besides its own work, in the units of `Recording::work`:
/// reading it, recording it again, the checks around it. A command that changes a setting and
/// nothing else (sneaking begun and ended) costs this; its measured cost is a tenth of it.
pub const COMMAND_WORK: u64 = 200;

/// The tiles of a level per unit of work a turn costs for the level's size (its monsters, more
/// on a larger level, each act every turn).
pub const TILES_PER_TURN_WORK: u64 = 4;

/// The most work a recording may ask of a replay (`Recording::work`), refused before it begins.
/// Replays do 0.7 to 2 billion units a second on one core of the machines Delve is measured on
/// (`cargo run --release -p delve-core --example replay_cost`, docs/performance.md), so this is
/// at most a minute: ten million turns at the default size and sight (more than
/// `MAX_COMMANDS`), or about 100,000 on the largest level with the farthest sight.
pub const MAX_WORK: u64 = 30_000_000_000;

/// What the player told the game, as a recording keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// An action, played as a turn (or refused, which takes none).
    Act(Act),
    /// From now on the player sees this many tiles far (a setting, changed during the run).
    Sight(u32),
    /// From now on the player sneaks (`true`) or walks: no turn passes. Recorded from rules 1 on
    /// without changing them (a recording without it never sneaks but by `Act::Sneak`).
    Sneaking(bool),
    /// The player chooses this boon of the three offered at an experience level: no turn
    /// passes (rules 6 on).
    Choose(Boon),
    /// The player begins as this (a kit and a first boon), before anything else: no turn passes
    /// (rules 10 on; a recording without it began bare).
    Begin(Beginning),
}

/// A recording's digest: the SHA-256 of its file's bytes (`save::digest`), as a board names a
/// run it keeps.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Digest(pub [u8; 32]);

impl Digest {
    /// Its 64 lower-case hex digits.
    pub fn hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// The digest 64 hex digits name, or `None`.
    pub fn from_hex(hex: &str) -> Option<Self> {
        if hex.len() != 64 || !hex.is_ascii() {
            return None;
        }
        let mut out = [0u8; 32];
        for (i, b) in out.iter_mut().enumerate() {
            *b = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok()?;
        }
        Some(Digest(out))
    }
}

impl std::fmt::Debug for Digest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Digest({})", self.hex())
    }
}

impl std::fmt::Display for Digest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.hex())
    }
}

/// Where a run taken over from a replay branched off: its parent's recording and the point
/// the branch began at. The branch's first `commands` commands are the parent's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Branch {
    /// The parent's recording (its file's digest).
    pub parent: Digest,
    /// The turn the run was taken over on.
    pub turn: u64,
    /// The commands of the parent played when it was taken over.
    pub commands: u32,
}

/// What a run owes to other runs: the replay it was taken over from, the ghost it raced. A
/// run of its own owes nothing (`Lineage::default`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lineage {
    /// The replay it continues, if it was taken over from one.
    pub branch: Option<Branch>,
    /// The recording whose ghost it raced, if it raced one.
    pub ghost: Option<Digest>,
}

impl Lineage {
    /// Whether it owes nothing to another run.
    pub fn is_own(&self) -> bool {
        self.branch.is_none() && self.ghost.is_none()
    }
}

/// The state hash after a number of commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    /// How many commands had been played.
    pub commands: u32,
    /// The turn the run was on.
    pub turn: u64,
    /// `Run::state_hash` then.
    pub hash: u64,
}

/// Every command of a run so far, with its checkpoints. The commands are kept as their postcard
/// bytes, one after another (about two bytes a command), so that a long run's recording stays
/// small in memory and a save copies it rather than encoding it again.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recording {
    bytes: Vec<u8>,
    count: usize,
    checkpoints: Vec<Checkpoint>,
    /// The date of the daily dungeon this run is ("2026-11-24"), if it is one.
    daily: Option<String>,
    /// The runs it owes to: a replay it was taken over from, a ghost it raced.
    lineage: Lineage,
}

/// The command at the start of `bytes`, and the bytes after it.
fn take_command(bytes: &[u8]) -> Result<(Command, &[u8]), String> {
    postcard::take_from_bytes::<Command>(bytes).map_err(|e| format!("a command does not decode ({e})"))
}

/// How many commands `bytes` holds, to follow `before` commands already held, or why they are
/// not commands a recording may hold: bytes that are no commands, a sight out of range (1 to
/// `MAX_SIGHT_RADIUS`), more than `MAX_COMMANDS` in all.
fn more_commands(bytes: &[u8], before: usize) -> Result<usize, String> {
    let (mut rest, mut count) = (bytes, 0usize);
    while !rest.is_empty() {
        let (command, after) = take_command(rest).map_err(|e| format!("command {}: {e}", before + count + 1))?;
        if let Command::Sight(r) = command
            && !(1..=MAX_SIGHT_RADIUS).contains(&r)
        {
            return Err(format!("it sets the sight to {r} tiles (from 1 to {MAX_SIGHT_RADIUS})"));
        }
        rest = after;
        count += 1;
        if before + count > MAX_COMMANDS {
            return Err(format!("more than {MAX_COMMANDS} commands, more than a run can give"));
        }
    }
    Ok(count)
}

/// Whether `checkpoints` may follow `last` in a recording of `count` commands, as `Run::play`
/// keeps them: each after a command that took the turn into a later `CHECKPOINT_EVERY` (so at
/// most one a command, one a `CHECKPOINT_EVERY` turns), never two at one command or in one
/// stretch of turns. Each costs a state hash: a recording cannot ask for more of them than a
/// run of its length makes.
fn more_checkpoints(mut last: Option<Checkpoint>, count: usize, checkpoints: &[Checkpoint]) -> Result<(), String> {
    for c in checkpoints {
        if c.commands as usize > count {
            return Err(format!(
                "a checkpoint after {} commands, in a recording of {count}",
                c.commands
            ));
        }
        let later = match last {
            None => c.commands > 0 && c.turn >= CHECKPOINT_EVERY,
            Some(last) => c.commands > last.commands && c.turn / CHECKPOINT_EVERY > last.turn / CHECKPOINT_EVERY,
        };
        if !later {
            return Err(format!(
                "the checkpoint of turn {} after {} commands comes too soon (one is kept each {CHECKPOINT_EVERY} turns, after the command that reached them)",
                c.turn, c.commands
            ));
        }
        last = Some(*c);
    }
    Ok(())
}

impl Recording {
    /// An empty recording: a run about to begin.
    pub fn new() -> Self {
        Recording::default()
    }

    /// A recording of `commands` (with these checkpoints and daily date), or why it does not
    /// fit together: checkpoints past the commands, out of order, or a sight out of range.
    pub fn from_parts(
        commands: Vec<Command>,
        checkpoints: Vec<Checkpoint>,
        daily: Option<String>,
    ) -> Result<Self, String> {
        let mut bytes = Vec::with_capacity(2 * commands.len());
        for c in &commands {
            bytes.extend(postcard::to_allocvec(c).expect("a command always serialises"));
        }
        Recording::from_bytes(bytes, checkpoints, daily)
    }

    /// A recording from its commands' bytes (as `bytes` gives them), or why it does not fit
    /// together: bytes that are no commands, checkpoints past the commands or out of order, a
    /// sight out of range (1 to `MAX_SIGHT_RADIUS`).
    pub fn from_bytes(bytes: Vec<u8>, checkpoints: Vec<Checkpoint>, daily: Option<String>) -> Result<Self, String> {
        let count = more_commands(&bytes, 0)?;
        more_checkpoints(None, count, &checkpoints)?;
        Ok(Recording {
            bytes,
            count,
            checkpoints,
            daily,
            lineage: Lineage::default(),
        })
    }

    /// What was recorded after the first `commands` commands: the later commands' bytes and the
    /// checkpoints kept over them (what a run played live sends on: `Replay::extend`).
    pub fn since(&self, commands: usize) -> (&[u8], &[Checkpoint]) {
        let mut rest = &self.bytes[..];
        for _ in 0..commands {
            match take_command(rest) {
                Ok((_, after)) => rest = after,
                Err(_) => break,
            }
        }
        let from = self.checkpoints.partition_point(|c| c.commands as usize <= commands);
        (rest, &self.checkpoints[from..])
    }

    /// How many commands it holds.
    pub fn len(&self) -> usize {
        self.count
    }

    /// Whether it holds no command.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The commands, in the order given.
    pub fn commands(&self) -> impl Iterator<Item = Command> + '_ {
        let mut rest = &self.bytes[..];
        std::iter::from_fn(move || {
            let (command, after) = take_command(rest).ok()?;
            rest = after;
            Some(command)
        })
    }

    /// Heap bytes it holds (its commands and checkpoints, with their spare capacity), for memory
    /// reports.
    pub fn heap_bytes(&self) -> usize {
        self.bytes.capacity()
            + self.checkpoints.capacity() * std::mem::size_of::<Checkpoint>()
            + self.daily.as_ref().map_or(0, String::capacity)
    }

    /// The commands' bytes: each command's postcard bytes, one after another.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The checkpoints, oldest first.
    pub fn checkpoints(&self) -> &[Checkpoint] {
        &self.checkpoints
    }

    /// The date of the daily dungeon this run is, if it is one.
    pub fn daily(&self) -> Option<&str> {
        self.daily.as_deref()
    }

    /// Marks the run as the daily dungeon of `date`.
    pub fn set_daily(&mut self, date: impl Into<String>) {
        self.daily = Some(date.into());
    }

    /// The runs it owes to.
    pub fn lineage(&self) -> Lineage {
        self.lineage
    }

    /// It, owing to `lineage`'s runs (a recording read back).
    pub fn with_lineage(mut self, lineage: Lineage) -> Self {
        self.lineage = lineage;
        self
    }

    /// Marks it as a branch: its commands so far are `parent`'s first, taken over on `turn`
    /// (and it races no ghost, whatever `parent` raced).
    pub(super) fn set_branch(&mut self, parent: Digest, turn: u64) {
        self.lineage = Lineage {
            branch: Some(Branch {
                parent,
                turn,
                commands: self.count as u32,
            }),
            ghost: None,
        };
    }

    /// Marks it as racing the ghost of `ghost`.
    pub(super) fn set_ghost(&mut self, ghost: Digest) {
        self.lineage.ghost = Some(ghost);
    }

    /// Keeps `command`, given and done (`Run::commit`).
    pub(super) fn push(&mut self, command: Command) {
        let mut buffer = [0u8; 16];
        let used = postcard::to_slice(&command, &mut buffer).expect("a command fits in 16 bytes");
        self.bytes.extend_from_slice(used);
        self.count += 1;
    }

    /// What replaying it over `spec`'s run costs, estimated before it begins in tiles looked at:
    /// each command `COMMAND_WORK`; each turn its sight (the tiles within the radius, at most
    /// the level's), `TURN_WORK` and a unit for each `TILES_PER_TURN_WORK` tiles of the level
    /// for the rest of the turn; each change of sight a look, twice its tiles (the sight worked
    /// out and remembered); and a level's tiles for each checkpoint's state hash. Every kind of
    /// command replays at about the same units a second (`examples/replay_cost`: ordinary runs,
    /// floods of waits, of sights flipped and of sneaks flipped; figures in
    /// docs/performance.md), so a replay of any recording ends in a time bounded before it
    /// starts (`MAX_WORK`).
    pub fn work(&self, spec: &RunSpec) -> u64 {
        let area = spec.area();
        let sight = |r: u32| (2 * u64::from(r) + 1).pow(2).min(area);
        let turn = TURN_WORK + area / TILES_PER_TURN_WORK;
        let mut seen = sight(DEFAULT_RADIUS);
        let mut work = seen + self.checkpoints.len() as u64 * area;
        for command in self.commands() {
            work += COMMAND_WORK
                + match command {
                    Command::Act(_) => seen + turn,
                    Command::Sight(r) => {
                        seen = sight(r);
                        2 * seen
                    }
                    Command::Sneaking(_) | Command::Choose(_) | Command::Begin(_) => 0,
                };
        }
        work
    }

    /// The sight radius the commands leave the player with (`DEFAULT_RADIUS` if none set it):
    /// what a run continued from its save sees.
    pub fn last_sight(&self) -> u32 {
        self.commands()
            .filter_map(|c| match c {
                Command::Sight(r) => Some(r),
                _ => None,
            })
            .last()
            .unwrap_or(DEFAULT_RADIUS)
    }

    pub(super) fn checkpoint(&mut self, turn: u64, hash: u64) {
        self.checkpoints.push(Checkpoint {
            commands: self.count as u32,
            turn,
            hash,
        });
    }
}

/// Where a replay went astray: the state after a command is not the one recorded, or the
/// recording holds a command no player could have given at that moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Desync {
    /// The turn it went astray on: the checkpoint's (as recorded) that did not match, or the
    /// turn the impossible command was given on.
    pub turn: u64,
    /// What went astray.
    pub astray: Astray,
}

/// How a replay went astray.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Astray {
    /// A checkpoint's state hash differs.
    Hash {
        /// The hash recorded.
        recorded: u64,
        /// The hash the replay came to.
        replayed: u64,
    },
    /// A command no player could have given then: the game records only what its rules
    /// accepted.
    Impossible {
        /// Which command (counted from 1).
        number: usize,
        /// The command.
        command: Command,
        /// Why it could not be given.
        why: Impossible,
    },
}

/// Why a recorded command could not have been given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Impossible {
    /// The rules refuse it there and then (the game records no refusal).
    Refused(Refusal),
    /// The run was over: the game takes no command after its end.
    AfterTheEnd,
    /// A setting set to what it already was: the game records only changes.
    Unchanged,
}

impl std::fmt::Display for Desync {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let turn = self.turn;
        match self.astray {
            Astray::Hash { recorded, replayed } => write!(
                f,
                "the replay went astray by turn {turn}: the recording's state hash there is {recorded:016x}, the replay's {replayed:016x}"
            ),
            Astray::Impossible { number, command, why } => {
                write!(
                    f,
                    "command {number} ({command:?}, on turn {turn}) is one no player could have given: "
                )?;
                match why {
                    Impossible::Refused(refusal) => write!(f, "the rules refuse it (\"{refusal}\")"),
                    Impossible::AfterTheEnd => write!(f, "the run was over"),
                    Impossible::Unchanged => write!(f, "it sets what was already so"),
                }
            }
        }
    }
}

/// A recording being played back, a command at a time, over a run begun as it was.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The commands' bytes (`Recording::bytes`).
    bytes: Vec<u8>,
    /// How many commands they hold.
    count: usize,
    /// Where the next command starts in `bytes`.
    at: usize,
    /// The checkpoints to meet, and `end` (the state the recording ended on), in order.
    checks: Vec<Checkpoint>,
    /// The next command to play (how many have been played).
    next: usize,
    /// The next checkpoint to meet.
    check: usize,
    /// What the last command played came to, if it was an act (for the view to show:
    /// `take_round`).
    round: Option<Round>,
    /// The recording's last checkpoint (not its end): where the next one given to `extend`
    /// must come after.
    kept: Option<Checkpoint>,
}

impl Replay {
    /// Begins `spec`'s run again to replay `recording` over it (`end`: the state the recording
    /// was in when it was written, checked last). The run looks around first, as a run put in
    /// play does.
    pub fn begin(spec: &RunSpec, recording: &Recording, end: Option<Checkpoint>) -> Result<(Run, Replay), GenError> {
        let mut run = spec.begin()?;
        if let (Some(rec), Some(date)) = (&mut run.recording, recording.daily()) {
            rec.set_daily(date);
        }
        if let Some(rec) = &mut run.recording {
            rec.lineage = recording.lineage;
        }
        run.set_sight_radius(DEFAULT_RADIUS);
        let mut checks = recording.checkpoints.clone();
        if let Some(end) = end
            && checks.last() != Some(&end)
        {
            checks.push(end);
        }
        Ok((
            run,
            Replay {
                bytes: recording.bytes.clone(),
                count: recording.count,
                at: 0,
                checks,
                next: 0,
                check: 0,
                round: None,
                kept: recording.checkpoints.last().copied(),
            },
        ))
    }

    /// Adds commands to the end of the recording as a run played live goes on (`more`, their
    /// bytes as `Recording::bytes` gives them; the checkpoints the run kept over them; `end`,
    /// the state they came to, if the run stops there): each is played and checked as any
    /// other. Refused, leaving it as it was, with the reason: bytes that are no commands or not
    /// whole ones, checkpoints out of place or not over these commands, an end that is not
    /// after the last of them.
    pub fn extend(&mut self, more: &[u8], checkpoints: &[Checkpoint], end: Option<Checkpoint>) -> Result<(), String> {
        let added = more_commands(more, self.count)?;
        let count = self.count + added;
        if let Some(c) = checkpoints.iter().find(|c| c.commands as usize <= self.count) {
            return Err(format!(
                "a checkpoint after {} commands, which were played before these {added}",
                c.commands
            ));
        }
        more_checkpoints(self.kept, count, checkpoints)?;
        if let Some(end) = end
            && end.commands as usize != count
        {
            return Err(format!(
                "the end is after {} commands, but the run has played {count}",
                end.commands
            ));
        }
        if let Some(last) = checkpoints.last() {
            self.kept = Some(*last);
        }
        self.bytes.extend_from_slice(more);
        self.count = count;
        self.checks.extend_from_slice(checkpoints);
        if let Some(end) = end
            && self.checks.last() != Some(&end)
        {
            self.checks.push(end);
        }
        Ok(())
    }

    /// Commands played so far.
    pub fn played(&self) -> usize {
        self.next
    }

    /// Commands in the recording.
    pub fn len(&self) -> usize {
        self.count
    }

    /// Whether the recording has no commands.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The turn the recording ends on, if its end (or a checkpoint) says it.
    pub fn last_turn(&self) -> Option<u64> {
        self.checks.last().map(|c| c.turn)
    }

    /// Whether every command has been played.
    pub fn is_done(&self) -> bool {
        self.next == self.count
    }

    /// Plays the next command over `run` (false when none is left) and checks the checkpoints
    /// it reaches; a command no player could have given there is an `Astray::Impossible`.
    pub fn step(&mut self, run: &mut Run) -> Result<bool, Desync> {
        if self.next == 0 {
            self.check_reached(run)?;
        }
        let Some((command, rest)) = self.bytes.get(self.at..).and_then(|b| take_command(b).ok()) else {
            return Ok(false);
        };
        self.at = self.bytes.len() - rest.len();
        let (turn, number) = (run.turn(), self.next + 1);
        let impossible = |why| Desync {
            turn,
            astray: Astray::Impossible { number, command, why },
        };
        if run.is_over() {
            return Err(impossible(Impossible::AfterTheEnd));
        }
        self.round = None;
        match command {
            Command::Act(act) => match run.play(act) {
                Ok(round) => self.round = Some(round),
                Err(refusal) => return Err(impossible(Impossible::Refused(refusal))),
            },
            Command::Sight(radius) if radius == run.sight().radius() => return Err(impossible(Impossible::Unchanged)),
            Command::Sight(radius) => run.set_sight_radius(radius),
            Command::Sneaking(on) if on == run.player().sneaking => return Err(impossible(Impossible::Unchanged)),
            Command::Sneaking(on) => run.set_sneaking(on),
            Command::Begin(beginning) => {
                if let Err(refusal) = run.begin_as(beginning) {
                    return Err(impossible(Impossible::Refused(refusal)));
                }
            }
            Command::Choose(boon) => {
                if let Err(refusal) = run.choose(boon) {
                    return Err(impossible(Impossible::Refused(refusal)));
                }
            }
        }
        self.next += 1;
        self.check_reached(run)?;
        Ok(true)
    }

    /// What the last command played came to (`None`: a setting, or taken already).
    pub fn take_round(&mut self) -> Option<Round> {
        self.round.take()
    }

    /// Plays every command left, checking each checkpoint.
    pub fn finish(&mut self, run: &mut Run) -> Result<(), Desync> {
        while self.step(run)? {}
        Ok(())
    }

    fn check_reached(&mut self, run: &Run) -> Result<(), Desync> {
        while let Some(c) = self.checks.get(self.check).filter(|c| c.commands as usize == self.next) {
            // The replayed run keeps its own checkpoints as it plays: the same hash, not worked
            // out twice.
            let own = run
                .recording()
                .and_then(|r| r.checkpoints.last())
                .filter(|own| own.commands == c.commands && own.turn == run.turn);
            let replayed = own.map_or_else(|| run.state_hash(), |own| own.hash);
            if replayed != c.hash || run.turn != c.turn {
                return Err(Desync {
                    turn: c.turn,
                    astray: Astray::Hash {
                        recorded: c.hash,
                        replayed,
                    },
                });
            }
            self.check += 1;
        }
        Ok(())
    }
}
