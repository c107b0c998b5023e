//! A run: one owned value holding the whole game in play — the dungeon, the player, the turn,
//! the run's random stream, its record and the message log — that the rules mutate and that the
//! game on screen, saves, the state hash, `--explore`, the walker and the bots all share.
//! `RunSpec::begin` is the one way a run starts; a save gives a `Run` back whole.

mod daily;
pub mod ghost;
mod hash;
mod recording;
pub mod seek;

use crate::dungeon::{Dungeon, Origin};
use crate::fov::{DEFAULT_RADIUS, Sighting, Viewshed};
use crate::generation::{GenError, GenParams};
use crate::rng::GenRng;
use crate::rules::{Act, Effect, Refusal, Round, Senses, Stage, Who, play_round};
use crate::world::{Beginning, Boon, Feat, Judged, Level, Lore, MessageLog, Mode, Monster, Player, RunRecord};

pub use daily::{Date, daily_challenge, daily_challenge_mode, daily_params, daily_seed};
pub use recording::{
    Astray, CHECKPOINT_EVERY, COMMAND_WORK, Checkpoint, Command, Desync, Impossible, MAX_COMMANDS, MAX_SIGHT_RADIUS,
    MAX_WORK, RULES, Recording, Replay, TILES_PER_TURN_WORK, TURN_WORK,
};
pub use recording::{Branch, Digest, Lineage};

/// Salt that keeps the play stream apart from the levels' streams.
const PLAY_SALT: u64 = 0x706c_6179_5f72_6e67; // "play_rng"

/// How a run starts: what "the same seed again" begins once more, and what a save keeps of a
/// run's beginning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunSpec {
    /// A generated dungeon: its seed, size and corridor style, and the level to start on
    /// (`params.depth`); `peaceful` makes its levels without monsters (tests and tools about the
    /// terrain).
    Seeded {
        /// Seed, size, style and starting depth.
        params: GenParams,
        /// Levels are made without monsters.
        peaceful: bool,
        /// How the run is played: its difficulty and challenges.
        mode: Mode,
    },
    /// One level, as it is (a map file, or a level made by hand): a dungeon of one level.
    Level(Box<Level>),
}

impl RunSpec {
    /// A generated run on `params` (starting on level `params.depth`), with monsters.
    pub const fn seeded(params: GenParams) -> Self {
        RunSpec::Seeded {
            params,
            peaceful: false,
            mode: Mode::STANDARD,
        }
    }

    /// The same run played in `mode` (a single level is played as it is, in the standard game).
    #[must_use]
    pub fn in_mode(self, mode: Mode) -> Self {
        match self {
            RunSpec::Seeded { params, peaceful, .. } => RunSpec::Seeded { params, peaceful, mode },
            level @ RunSpec::Level(_) => level,
        }
    }

    /// How the run is played.
    pub fn mode(&self) -> Mode {
        match self {
            RunSpec::Seeded { mode, .. } => *mode,
            RunSpec::Level(_) => Mode::STANDARD,
        }
    }

    /// The run as `dungeon` begins it: its origin and the level it is on.
    pub fn of(dungeon: &Dungeon) -> Self {
        match dungeon.origin() {
            Origin::Run(params) => RunSpec::Seeded {
                params: params.at_depth(dungeon.depth()),
                peaceful: dungeon.is_peaceful(),
                mode: dungeon.mode(),
            },
            Origin::Map => RunSpec::Level(Box::new(dungeon.level().clone())),
        }
    }

    /// Tiles in each of its levels (a seeded run's levels are all one size).
    pub fn area(&self) -> u64 {
        match self {
            RunSpec::Seeded { params, .. } => u64::from(params.width) * u64::from(params.height),
            RunSpec::Level(level) => u64::from(level.map.width()) * u64::from(level.map.height()),
        }
    }

    /// The dungeon the run begins in.
    pub fn dungeon(&self) -> Result<Dungeon, GenError> {
        match self {
            RunSpec::Seeded { params, peaceful, mode } => {
                let dungeon = Dungeon::new(*params)?.with_mode(*mode);
                Ok(if *peaceful { dungeon.peaceful() } else { dungeon })
            }
            RunSpec::Level(level) => Ok(Dungeon::single((**level).clone())),
        }
    }

    /// The same run on another seed (same size, style and starting depth); a single level is
    /// played again as it is.
    pub fn with_seed(&self, seed: u64) -> Self {
        match self {
            RunSpec::Seeded { params, peaceful, mode } => RunSpec::Seeded {
                params: GenParams { seed, ..*params },
                peaceful: *peaceful,
                mode: *mode,
            },
            RunSpec::Level(_) => self.clone(),
        }
    }

    /// Begins the run: its dungeon made, the player on its start, nothing done yet (and nothing
    /// seen: `Run::set_sight_radius` looks).
    pub fn begin(&self) -> Result<Run, GenError> {
        Ok(Run::new(self.dungeon()?))
    }
}

/// The whole game in play. Its parts are read through accessors and written only by the run
/// itself: the rules' apply step (through `play`), the commands that change a setting
/// (`set_sight_radius`, `set_sneaking`), and `say`. Tests set a run up through the `testing`
/// feature's `*_mut` accessors.
#[derive(Clone, Debug)]
pub struct Run {
    /// Every level made so far, and the one the player is on.
    dungeon: Dungeon,
    /// The player.
    player: Player,
    /// Turns played so far.
    turn: u64,
    /// The stream for everything decided in play (hits, damage, where monsters wander), seeded
    /// from the run seed: the same seed and commands give the same game.
    rng: GenRng,
    /// Monsters slain, the deepest level reached, how the run ended.
    record: RunRecord,
    /// Every line the player was told.
    log: MessageLog,
    /// How the run began.
    spec: RunSpec,
    /// What the player sees now (worked out from the rest: never saved).
    sight: Viewshed,
    /// The monsters' scratch between turns (never saved).
    senses: Senses,
    /// Every command since the run began (`None`: a run from a save made before recordings).
    recording: Option<Recording>,
    /// The state hash's parts kept between checkpoints (never saved).
    tile_hashes: hash::TileHashes,
}

/// What a save keeps of a run (`Run::parts`).
pub(crate) struct RunParts<'a> {
    /// Every level made so far, and the one the player is on.
    pub dungeon: &'a Dungeon,
    /// The player.
    pub player: &'a Player,
    /// Turns played so far.
    pub turn: u64,
    /// The stream for everything decided in play.
    pub rng: &'a GenRng,
    /// Monsters slain, the deepest level reached, how the run ended.
    pub record: &'a RunRecord,
    /// Every line the player was told.
    pub log: &'a MessageLog,
    /// How the run began.
    pub spec: &'a RunSpec,
    /// Every command since the run began.
    pub recording: Option<&'a Recording>,
}

impl Run {
    /// Everything a run is, by name, as a save takes it; what is worked out again on loading (the
    /// sight, the monsters' scratch, the hash's parts) is named and left. A field added to `Run`
    /// does not compile until it is named here: saved, or said to be worked out again.
    pub(crate) fn parts(&self) -> RunParts<'_> {
        let Run {
            dungeon,
            player,
            turn,
            rng,
            record,
            log,
            spec,
            sight: _,
            senses: _,
            recording,
            tile_hashes: _,
        } = self;
        RunParts {
            dungeon,
            player,
            turn: *turn,
            rng,
            record,
            log,
            spec,
            recording: recording.as_ref(),
        }
    }

    /// A run beginning in `dungeon` on the level it is on: the player on that level's start.
    pub fn new(dungeon: Dungeon) -> Self {
        let seed = match dungeon.origin() {
            Origin::Run(p) => p.seed,
            Origin::Map => 0,
        };
        let spec = RunSpec::of(&dungeon);
        let record = RunRecord {
            deepest: dungeon.depth(),
            ..RunRecord::default()
        };
        let mut player = Player::new(dungeon.level().map.start());
        player.lore = Lore::new(seed);
        if dungeon.mode().has(crate::world::Challenge::Frail) {
            let frail = dungeon.mode().hit_points(player.health.max);
            player.health.max = frail;
            player.health.hp = frail;
        }
        Run::from_parts(
            spec,
            dungeon,
            player,
            0,
            GenRng::new(seed ^ PLAY_SALT),
            record,
            MessageLog::default(),
        )
        .with_recording(Some(Recording::new()))
    }

    /// A run from its parts (what a save gives back), not recorded (`with_recording` gives it
    /// its recording). The player has not looked around yet: `set_sight_radius` (or the first
    /// turn) does that.
    pub fn from_parts(
        spec: RunSpec,
        dungeon: Dungeon,
        player: Player,
        turn: u64,
        rng: GenRng,
        record: RunRecord,
        log: MessageLog,
    ) -> Self {
        Run {
            dungeon,
            player,
            turn,
            rng,
            record,
            log,
            spec,
            sight: Viewshed::new(DEFAULT_RADIUS),
            senses: Senses::default(),
            recording: None,
            tile_hashes: hash::TileHashes::default(),
        }
    }

    /// This run with `recording` as its recording so far (what a save gives back; `None` for a
    /// save made before recordings).
    pub fn with_recording(mut self, recording: Option<Recording>) -> Self {
        if let Some(rec) = &recording {
            // The run sees as far as its recording last said: the sight's one home is the run.
            self.sight.set_radius(rec.last_sight());
        }
        self.recording = recording;
        self
    }

    /// Every level made so far, and the one the player is on.
    pub fn dungeon(&self) -> &Dungeon {
        &self.dungeon
    }

    /// The player.
    pub fn player(&self) -> &Player {
        &self.player
    }

    /// Turns played so far.
    pub fn turn(&self) -> u64 {
        self.turn
    }

    /// The run's random stream, where it stands.
    pub fn rng(&self) -> &GenRng {
        &self.rng
    }

    /// Monsters slain, the deepest level reached, how the run ended.
    pub fn record(&self) -> &RunRecord {
        &self.record
    }

    /// The run's score so far (`world::score`: depth, gold, foes by their worth, the
    /// Heartstone, a win and how fast).
    pub fn score(&self) -> u64 {
        let score = crate::world::score(crate::world::Tally {
            record: &self.record,
            gold: self.player.gold,
            heartstone: self.player.carrying.relic,
            turns: self.turn,
        });
        self.dungeon.mode().score(score)
    }

    /// How the run is played: its difficulty and challenges.
    pub fn mode(&self) -> Mode {
        self.dungeon.mode()
    }

    /// Every line the player was told.
    pub fn log(&self) -> &MessageLog {
        &self.log
    }

    /// The dungeon, to set a test's scene up (never in play: the rules write it).
    #[cfg(any(test, feature = "testing"))]
    pub fn dungeon_mut(&mut self) -> &mut Dungeon {
        &mut self.dungeon
    }

    /// The player, to set a test's scene up.
    #[cfg(any(test, feature = "testing"))]
    pub fn player_mut(&mut self) -> &mut Player {
        &mut self.player
    }

    /// Sets the turn, to set a test's scene up (a run as far on as a test needs, unplayed).
    #[cfg(any(test, feature = "testing"))]
    pub fn set_turn(&mut self, turn: u64) {
        self.turn = turn;
    }

    /// Reseeds the play stream, to set a test's scene up (one draw of many tried).
    #[cfg(any(test, feature = "testing"))]
    pub fn set_rng(&mut self, rng: GenRng) {
        self.rng = rng;
    }

    /// The run's dungeon, the rest of it dropped (a run played only to make it).
    pub fn into_dungeon(self) -> Dungeon {
        self.dungeon
    }

    /// The record, to set a test's scene up.
    #[cfg(any(test, feature = "testing"))]
    pub fn record_mut(&mut self) -> &mut RunRecord {
        &mut self.record
    }

    /// Every command since the run began, if the run has been recorded from its start.
    pub fn recording(&self) -> Option<&Recording> {
        self.recording.as_ref()
    }

    /// Where the run stands now, as a checkpoint: the commands recorded, the turn, the state
    /// hash (a recording's end, what a run played live sends when it stops).
    pub fn standing(&self) -> Checkpoint {
        Checkpoint {
            commands: self.recording.as_ref().map_or(0, |r| r.len() as u32),
            turn: self.turn,
            hash: self.state_hash(),
        }
    }

    /// The date of the daily dungeon this run is ("2026-11-24"), if it is one.
    pub fn daily(&self) -> Option<&str> {
        self.recording.as_ref().and_then(Recording::daily)
    }

    /// Marks the run as the daily dungeon of `date` ("2026-11-24").
    pub fn mark_daily(&mut self, date: &str) {
        if let Some(rec) = &mut self.recording {
            rec.set_daily(date);
        }
    }

    /// The runs this one owes to (a replay it was taken over from, a ghost it raced).
    pub fn lineage(&self) -> Lineage {
        self.recording.as_ref().map(Recording::lineage).unwrap_or_default()
    }

    /// Takes the run over from the replay of the recording `parent` (its file's digest): from
    /// now on it is a run of its own player's, and its recording says that its commands so far
    /// are `parent`'s, taken over on this turn. Nothing else changes: the state is the
    /// replay's, hash for hash.
    pub fn take_over(&mut self, parent: Digest) {
        let turn = self.turn;
        if let Some(rec) = &mut self.recording {
            rec.set_branch(parent, turn);
        }
    }

    /// Marks the run as racing the ghost of the recording `ghost` (its file's digest): the
    /// ghost never touches the rules, but a raced run is ranked apart.
    pub fn race(&mut self, ghost: Digest) {
        if let Some(rec) = &mut self.recording {
            rec.set_ghost(ghost);
        }
    }

    /// How the run began.
    pub fn spec(&self) -> &RunSpec {
        &self.spec
    }

    /// What the player sees now.
    pub fn sight(&self) -> &Viewshed {
        &self.sight
    }

    /// How the level is lit now, the player's own light with it (as at the last look).
    pub fn light(&self) -> &crate::fov::light::LightMap {
        self.senses.light()
    }

    /// Whether the player sees `m`: it stands in sight and is not hidden there (an unseen kind
    /// or a swimmer under the water, but from the next tile: `Monster::hidden_from`).
    pub fn sees(&self, m: &Monster) -> bool {
        // Telepathic, the player senses every monster on the level.
        self.player.status.telepathy > 0
            || self.sight.is_visible(m.at)
                && !m.hidden_from(&self.dungeon.level().map, self.senses.light(), self.player.at)
    }

    /// This run with the player seeing `radius` tiles far, having looked around.
    pub fn with_sight(mut self, radius: u32) -> Self {
        self.set_sight_radius(radius);
        self
    }

    /// The player sees `radius` tiles far from now on, and looks around: a recorded command
    /// that takes no turn when it changes the sight (the same again only looks).
    pub fn set_sight_radius(&mut self, radius: u32) {
        if radius == self.sight.radius() {
            self.look();
            return;
        }
        let _ = self.obey(Command::Sight(radius), |run| {
            run.sight.set_radius(radius);
            run.look();
            Ok(())
        });
    }

    /// The player starts (`true`) or stops sneaking, as a recorded command that takes no turn
    /// (the same again changes nothing and is not recorded).
    pub fn set_sneaking(&mut self, on: bool) {
        if self.player.sneaking == on {
            return;
        }
        let _ = self.obey(Command::Sneaking(on), |run| {
            run.player.sneaking = on;
            Ok(())
        });
    }

    /// Whether the run is over (death or victory).
    pub fn is_over(&self) -> bool {
        self.record.ending.is_some()
    }

    /// Tells the player `text` (on this turn).
    pub fn say(&mut self, text: impl Into<String>) {
        self.log.push(self.turn, text);
    }

    /// Plays `act` as a whole turn (the player's action, then the monsters'), tells the player
    /// what happened, looks again and judges the feats. A refusal is told and takes no turn:
    /// nothing else changes, and it is not recorded (a recording holds only what the rules
    /// accepted, so every command in one is a move a player could make: `Replay` refuses any
    /// other). After the run's end every act is refused.
    pub fn play(&mut self, act: Act) -> Result<Round, Refusal> {
        self.obey(Command::Act(act), |run| run.play_turn(act))
    }

    /// `play`'s effect, before it is recorded.
    fn play_turn(&mut self, act: Act) -> Result<Round, Refusal> {
        if self.is_over() {
            return Err(Refusal::Over);
        }
        if self.player.growth.owed() > 0 {
            self.say(Refusal::ChooseFirst.to_string());
            return Err(Refusal::ChooseFirst);
        }
        let mut stage = Stage {
            dungeon: &mut self.dungeon,
            player: &mut self.player,
            record: &mut self.record,
        };
        let played = play_round(
            &mut stage,
            act,
            &mut self.rng,
            &mut self.turn,
            &mut self.senses,
            &self.sight,
        );
        match &played {
            Ok(round) => {
                for line in &round.messages {
                    self.log.push(self.turn, line.clone());
                }
                self.look();
                self.judge_feats();
            }
            Err(refusal) => self.say(refusal.to_string()),
        }
        played
    }

    /// Gives the run one command, the one way anything the state hash covers changes in play:
    /// `effect` does all the command does (a turn, the feats it earned, a setting), and only
    /// then is the command recorded, with a checkpoint of the state it left when it took the
    /// turn into a later `CHECKPOINT_EVERY`. So a checkpoint is the state after its whole
    /// command, by construction: what a replay, after the same command, compares it with. A
    /// refused command changes nothing and is not recorded.
    fn obey<T>(&mut self, command: Command, effect: impl FnOnce(&mut Run) -> Result<T, Refusal>) -> Result<T, Refusal> {
        let before = self.turn;
        let done = effect(self)?;
        self.commit(command, before);
        Ok(done)
    }

    /// Keeps `command` (done, whole) in the recording, with a checkpoint when the turn passed a
    /// multiple of `CHECKPOINT_EVERY` since `before`. A run that gave `MAX_COMMANDS` stops
    /// recording rather than write what cannot be read.
    fn commit(&mut self, command: Command, before: u64) {
        let Some(rec) = &self.recording else { return };
        if rec.len() >= MAX_COMMANDS {
            self.recording = None;
            return;
        }
        let due = self.turn / CHECKPOINT_EVERY > before / CHECKPOINT_EVERY;
        let hash = due.then(|| hash::state_hash_keeping(self));
        if let Some(rec) = &mut self.recording {
            rec.push(command);
            if let Some(hash) = hash {
                rec.checkpoint(self.turn, hash);
            }
        }
    }

    /// The seed the run's boons are offered from (a map file's run: 0).
    fn seed(&self) -> u64 {
        self.player.lore.seed
    }

    /// The three boons offered now, if one is owed (the same for the same seed and choices).
    pub fn offer(&self) -> Option<Vec<Boon>> {
        self.player.growth.offer(self.seed())
    }

    /// Chooses `boon`, one of those offered: no turn passes, and it is recorded. Refused (and
    /// nothing changes) if none is owed, or `boon` is not offered.
    pub fn choose(&mut self, boon: Boon) -> Result<(), Refusal> {
        if self.is_over() {
            return Err(Refusal::Over);
        }
        if !self.offer().is_some_and(|o| o.contains(&boon)) {
            return Err(Refusal::NotOffered);
        }
        self.obey(Command::Choose(boon), |run| {
            let mut stage = Stage {
                dungeon: &mut run.dungeon,
                player: &mut run.player,
                record: &mut run.record,
            };
            let applied = crate::rules::apply(&mut stage, Who::Player, &Effect::Chose(boon));
            if let Some(line) = applied.message {
                run.say(line);
            }
            run.judge_feats();
            Ok(())
        })
    }

    /// Begins the run as `beginning`: its kit in the pack (known, the weapon wielded, armour
    /// and rings worn) and its first boon. Only before anything else was done; no turn passes,
    /// and it is recorded.
    pub fn begin_as(&mut self, beginning: Beginning) -> Result<(), Refusal> {
        let fresh = self.turn == 0
            && self.player.growth.beginning.is_none()
            && self.player.growth.boons.is_empty()
            && self.recording.as_ref().is_none_or(|r| r.is_empty());
        if !fresh {
            return Err(Refusal::AlreadyBegun);
        }
        self.obey(Command::Begin(beginning), |run| {
            let mut stage = Stage {
                dungeon: &mut run.dungeon,
                player: &mut run.player,
                record: &mut run.record,
            };
            let applied = crate::rules::apply(&mut stage, Who::Player, &Effect::Began(beginning));
            if let Some(line) = applied.message {
                run.say(line);
            }
            Ok(())
        })
    }

    /// The run as the feats judge it.
    pub fn judged(&self) -> Judged<'_> {
        Judged {
            record: &self.record,
            gold: self.player.gold,
            heartstone: self.player.carrying.relic,
            turns: self.turn,
            xp: self.player.growth.xp,
            allies: self.dungeon.level().monsters.iter().filter(|m| m.is_ally()).count(),
        }
    }

    /// Whether the run can earn feats: a generated dungeon started on its first level (a run
    /// started deeper, or on a map file, would earn them for nothing).
    pub fn earns_feats(&self) -> bool {
        matches!(&self.spec, RunSpec::Seeded { params, .. } if params.depth == 1)
    }

    /// Marks the feats newly earned, and tells the player of each.
    fn judge_feats(&mut self) {
        if !self.earns_feats() {
            return;
        }
        for feat in Feat::new_in(&self.judged(), self.record.feats) {
            self.record.feats |= feat.bit();
            let (name, what) = feat.words();
            self.say(format!("Feat earned: {name}. {what}"));
        }
    }

    /// The feats this run has earned, in table order.
    pub fn feats(&self) -> impl Iterator<Item = Feat> {
        Feat::in_set(self.record.feats)
    }

    /// Works out what the player sees from where it stands, and remembers it.
    pub fn look(&mut self) {
        let depth = self.dungeon.depth();
        let map = &self.dungeon.level().map;
        self.sight.recompute(map, self.player.at);
        let reach = self.sight.radius();
        self.senses.light_up(&self.dungeon, &self.player, reach);
        let memory = self.player.memory.level_mut(depth, map);
        memory.remember(map, self.sight.visible());
        let (sight, light) = (&self.sight, self.senses.light());
        let (level, at) = (self.dungeon.level(), self.player.at);
        let seen: Vec<Sighting> = level
            .monsters
            .iter()
            .filter(|m| sight.is_visible(m.at) && !m.hidden_from(&level.map, light, at))
            .map(|m| Sighting {
                id: m.id,
                at: m.at,
                kind: m.kind.id(),
            })
            .collect();
        memory.note_sightings(|p| sight.is_visible(p), &seen);
    }

    /// The state hash: one number for the whole game state (see `hash`).
    pub fn state_hash(&self) -> u64 {
        hash::state_hash(self)
    }
}
