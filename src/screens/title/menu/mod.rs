//! The title screen's menus as plain data: which page is open, which row is chosen, and what a
//! key does there. The screen (`title::plugin`) draws `Menu::rows` and feeds it keys and clicks;
//! what the player asks for (continue, start, quit, settings changed) comes back as `Outcome`.
//! Moving about and going back are here; each page is a file of its own (its rows, their words,
//! what Enter and the arrows do on them): `main`, `new_run`, `settings`, `history` (and a run's
//! story), `scores`, `feats`, `saved` (and retiring the oldest).

use crate::action::Action;
use crate::settings::{Binding, Layout, Settings};
use delve_core::generation::CorridorStyle;

mod feats;
mod history;
mod main;
mod new_run;
mod saved;
mod scores;
mod settings;

pub(crate) use new_run::start_params;
pub(crate) use scores::HighScore;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Page {
    Main,
    NewRun,
    Settings,
    History,
    /// Every saved run, to pick one.
    SavedRuns,
    /// Starting one more run than `SAVED_RUNS_KEEP` moves the oldest to the history: go on?
    Retire,
    /// The story of a finished run (by its place in the history, newest first), to replay it.
    Story(usize),
    /// The high scores: the best runs of all, and of today's daily.
    Scores,
    /// Every feat, and which were earned here.
    Feats,
}

/// A row of a page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Row {
    Continue,
    /// The saved runs page (on the main page), and each saved run on it.
    SavedRuns,
    Saved(usize),
    /// Start, moving the oldest saved run to the history.
    RetireAndStart,
    NewRun,
    /// Today's daily dungeon.
    Daily,
    /// The tutorial (Learn to play).
    Tutorial,
    Settings,
    History,
    /// A finished run in the history (newest first).
    Past(usize),
    /// The high scores page (on the main page), and each line of it.
    Scores,
    Score(usize),
    /// The feats page (on the main page), and each feat's line on it.
    Feats,
    Feat(usize),
    /// Replay the finished run whose story is open.
    Replay,
    /// Race the ghost of the finished run whose story is open.
    Race,
    Quit,
    Seed,
    Style,
    Size,
    Beginning,
    /// The difficulty, and each challenge (on or off), on the new-run page.
    Difficulty,
    Challenge(delve_core::world::Challenge),
    Start,
    Bind(Action),
    Radius,
    Zoom,
    /// The size of text and the interface.
    TextSize,
    /// The colour-blind palette, on or off.
    ColourBlind,
    /// The animations of what a turn did, on or off.
    Animations,
    /// The pace of travel and explore.
    Travel,
    /// Whether explore picks up weapons and armour.
    ExploreGear,
    /// First-time hints, on or off.
    Hints,
    /// Sound on or off (the mute key's), and its three volumes.
    Sound,
    Volume,
    EffectsVolume,
    AmbienceVolume,
    Reset,
    Back,
}

/// The rows PgUp and PgDn move the cursor by.
pub(crate) const PAGE_ROWS: usize = 10;

/// A key as the menus read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MenuKey {
    Up,
    Down,
    /// PgUp and PgDn: a page of rows up or down (no wrapping round).
    PageUp,
    PageDown,
    /// Home and End: the first row, the last.
    First,
    Last,
    Left,
    Right,
    Enter,
    /// Esc: back a page, or stop waiting for a key.
    Back,
    /// A digit typed (the seed).
    Digit(char),
    /// Backspace.
    Erase,
    /// While waiting for a key to bind: the key pressed.
    Bind(Binding),
}

/// What the player asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Nothing,
    /// Play saved run number `n` of the list.
    Resume(usize),
    /// A new run: this seed (random when `None`), size and style; `retire_oldest` moves the
    /// oldest saved run to the history first (the player agreed).
    Start {
        seed: Option<u64>,
        width: u32,
        height: u32,
        style: CorridorStyle,
        /// The beginning chosen (`None`: a wanderer, begun bare).
        beginning: Option<delve_core::world::Beginning>,
        /// The difficulty and challenges chosen.
        mode: delve_core::world::Mode,
        retire_oldest: bool,
    },
    Quit,
    /// The settings changed: keep them.
    SettingsChanged,
    /// Today's daily dungeon.
    Daily,
    /// A practice run of today's daily, played already: its dungeon, not marked as the daily.
    Practice,
    /// Replay finished run number `n` of the history (newest first).
    Replay(usize),
    /// Race the ghost of finished run number `n` of the history (newest first).
    Race(usize),
    /// The tutorial, from its first lesson.
    Tutorial,
}

/// What the menus show and change besides themselves.
pub(crate) struct Context<'a> {
    /// The saved runs, newest first, as the list names them ("seed 42 (80x50, mixed), level 3,
    /// turn 512").
    pub saved: &'a [String],
    /// The one Continue plays (the newest that can be played here).
    pub resume: Option<usize>,
    /// The oldest saved run, when there are `SAVED_RUNS_KEEP`: a new run asks to retire it.
    pub full: Option<&'a str>,
    pub settings: &'a mut Settings,
    pub layout: &'a Layout,
    /// Quit is offered (not in the browser).
    pub can_quit: bool,
    /// The finished runs listed, newest first: each line, and whether its recording is kept.
    pub past: &'a [(String, bool)],
    /// The high scores page's lines.
    pub scores: &'a [HighScore],
    /// Today's date, for the daily dungeon ("2026-11-24").
    pub today: &'a str,
    /// Today's daily on this machine: not begun, saved to continue, or played.
    pub daily: Daily,
    /// The feats page's lines, one a feat.
    pub feats: &'a [String],
    /// Nothing played here yet, nor the tutorial begun: its row says it is where to start.
    pub newcomer: bool,
}

/// Today's daily on this machine: one a day, continued while it goes on; once played, its
/// dungeon only as a practice run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Daily {
    /// Not begun today.
    #[default]
    Fresh,
    /// Begun and saved: saved run number `n` of the list.
    Saved(usize),
    /// Played to its end (or abandoned) today.
    Played,
}

/// How many finished runs the history page lists.
pub const PAST_SHOWN: usize = 20;

/// The open page and its choices.
#[derive(bevy::prelude::Resource, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Menu {
    pub page: Page,
    pub selected: usize,
    /// The seed typed on the new-run page (empty: random).
    pub seed: String,
    pub style: CorridorStyle,
    pub size: usize,
    /// The beginning on the new-run page, by its place in `Beginning::ALL` (past it: none).
    pub beginning: usize,
    /// The difficulty and challenges on the new-run page.
    pub mode: delve_core::world::Mode,
    /// The action waiting for its new key.
    pub capturing: Option<Action>,
    /// A line about the last thing done ("explore: now z", "c is close a door's").
    pub note: Option<String>,
    /// The page a story was opened from (the history or the high scores), which Esc goes back to.
    pub story_from: Page,
}

impl Default for Menu {
    fn default() -> Self {
        Menu {
            page: Page::Main,
            selected: 0,
            seed: String::new(),
            style: CorridorStyle::Mixed,
            size: 1,
            beginning: 0,
            mode: delve_core::world::Mode::STANDARD,
            capturing: None,
            note: None,
            story_from: Page::History,
        }
    }
}

impl Menu {
    /// The rows of the open page, top to bottom.
    pub fn rows(&self, ctx: &Context) -> Vec<Row> {
        let mut rows = match self.page {
            Page::Main => main::rows(ctx),
            Page::NewRun => new_run::rows(),
            Page::Settings => settings::rows(),
            Page::History => history::rows(ctx),
            Page::Story(_) => history::story_rows(),
            Page::Scores => scores::rows(ctx),
            Page::Feats => feats::rows(ctx),
            Page::SavedRuns => saved::rows(ctx),
            Page::Retire => saved::retire_rows(),
        };
        if self.page != Page::Main {
            rows.push(Row::Back);
        }
        rows
    }

    /// A row as the screen writes it: by the page the row belongs to.
    pub(crate) fn label(&self, row: Row, ctx: &Context) -> String {
        match row {
            Row::Continue
            | Row::SavedRuns
            | Row::NewRun
            | Row::Daily
            | Row::Tutorial
            | Row::Settings
            | Row::History
            | Row::Scores
            | Row::Feats
            | Row::Quit => main::label(row, ctx),
            Row::Saved(_) | Row::RetireAndStart => saved::label(row, ctx),
            Row::Seed | Row::Style | Row::Size | Row::Beginning | Row::Difficulty | Row::Challenge(_) | Row::Start => {
                new_run::label(self, row)
            }
            Row::Bind(_)
            | Row::Radius
            | Row::Zoom
            | Row::TextSize
            | Row::ColourBlind
            | Row::Animations
            | Row::Travel
            | Row::ExploreGear
            | Row::Hints
            | Row::Sound
            | Row::Volume
            | Row::EffectsVolume
            | Row::AmbienceVolume
            | Row::Reset => settings::label(self, row, ctx),
            Row::Past(_) | Row::Replay | Row::Race => history::label(row, ctx),
            Row::Score(_) => scores::label(row, ctx),
            Row::Feat(_) => feats::label(row, ctx),
            Row::Back => "Back".into(),
        }
    }

    /// Back to the main page, its cursor on the row that opened the page left (so Esc then
    /// Enter opens Settings again, never Continue).
    fn back_to_main(&mut self, ctx: &Context) {
        let from = match self.page {
            Page::NewRun | Page::Retire => Row::NewRun,
            Page::Settings => Row::Settings,
            Page::History => Row::History,
            Page::Story(_) if self.story_from == Page::Scores => Row::Scores,
            Page::Story(_) => Row::History,
            Page::Scores => Row::Scores,
            Page::Feats => Row::Feats,
            Page::SavedRuns => Row::SavedRuns,
            Page::Main => Row::Continue,
        };
        self.open(Page::Main);
        self.selected = self.rows(ctx).iter().position(|&r| r == from).unwrap_or(0);
    }

    /// Opens the story of finished run `i` (newest first), from `from` (where Esc goes back to).
    fn open_story(&mut self, i: usize, from: Page) {
        self.open(Page::Story(i));
        self.story_from = from;
    }

    fn open(&mut self, page: Page) {
        self.page = page;
        self.selected = 0;
        self.capturing = None;
        self.note = None;
    }

    /// What `key` does on the open page.
    pub fn press(&mut self, key: MenuKey, ctx: &mut Context) -> Outcome {
        if let Some(action) = self.capturing {
            return settings::capture(self, action, key, ctx);
        }
        let rows = self.rows(ctx);
        self.selected = self.selected.min(rows.len() - 1);
        let row = rows[self.selected];
        match key {
            MenuKey::Up => self.selected = (self.selected + rows.len() - 1) % rows.len(),
            MenuKey::Down => self.selected = (self.selected + 1) % rows.len(),
            // The story scrolls with these (`draw::scroll_story`), not its two rows.
            MenuKey::PageUp | MenuKey::PageDown | MenuKey::First | MenuKey::Last
                if matches!(self.page, Page::Story(_)) => {}
            MenuKey::PageUp => self.selected = self.selected.saturating_sub(PAGE_ROWS),
            MenuKey::PageDown => self.selected = (self.selected + PAGE_ROWS).min(rows.len() - 1),
            MenuKey::First => self.selected = 0,
            MenuKey::Last => self.selected = rows.len() - 1,
            MenuKey::Back if matches!(self.page, Page::Story(_)) => self.open(self.story_from),
            MenuKey::Back if self.page != Page::Main => self.back_to_main(ctx),
            MenuKey::Back => {}
            MenuKey::Left | MenuKey::Right => return self.adjust(row, key == MenuKey::Right, ctx),
            MenuKey::Digit(d) if self.page == Page::NewRun => new_run::type_digit(self, d),
            MenuKey::Erase if self.page == Page::NewRun => _ = self.seed.pop(),
            MenuKey::Digit(_) | MenuKey::Erase | MenuKey::Bind(_) => {}
            MenuKey::Enter => return self.enter(row, ctx),
        }
        Outcome::Nothing
    }

    /// Enter on `row`: by the page the row belongs to.
    fn enter(&mut self, row: Row, ctx: &mut Context) -> Outcome {
        match row {
            Row::Continue
            | Row::SavedRuns
            | Row::NewRun
            | Row::Daily
            | Row::Settings
            | Row::History
            | Row::Scores
            | Row::Feats
            | Row::Tutorial
            | Row::Quit => main::enter(self, row, ctx),
            Row::Saved(_) | Row::RetireAndStart => saved::enter(self, row),
            Row::Seed | Row::Style | Row::Size | Row::Beginning | Row::Difficulty | Row::Challenge(_) | Row::Start => {
                new_run::enter(self, row, ctx)
            }
            Row::Bind(_)
            | Row::Radius
            | Row::Zoom
            | Row::TextSize
            | Row::ColourBlind
            | Row::Animations
            | Row::Travel
            | Row::ExploreGear
            | Row::Hints
            | Row::Sound
            | Row::Volume
            | Row::EffectsVolume
            | Row::AmbienceVolume
            | Row::Reset => settings::enter(self, row, ctx),
            Row::Past(_) | Row::Replay | Row::Race => history::enter(self, row, ctx),
            Row::Score(_) => scores::enter(self, row, ctx),
            Row::Feat(_) => Outcome::Nothing,
            Row::Back if self.page == Page::Retire => {
                self.open(Page::NewRun);
                Outcome::Nothing
            }
            Row::Back if matches!(self.page, Page::Story(_)) => {
                self.open(self.story_from);
                Outcome::Nothing
            }
            Row::Back => {
                self.back_to_main(ctx);
                Outcome::Nothing
            }
        }
    }

    /// Left or right on a row with choices.
    fn adjust(&mut self, row: Row, up: bool, ctx: &mut Context) -> Outcome {
        match row {
            Row::Style | Row::Size | Row::Beginning | Row::Difficulty | Row::Challenge(_) => {
                new_run::adjust(self, row, up);
                Outcome::Nothing
            }
            _ => settings::adjust(row, up, ctx),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Presses `keys` with `saved` runs listed (Continue playing the first).
    fn press_all(menu: &mut Menu, settings: &mut Settings, saved: Option<&str>, keys: &[MenuKey]) -> Vec<Outcome> {
        press_listed(menu, settings, saved.as_slice(), None, keys)
    }

    fn press_listed(
        menu: &mut Menu,
        settings: &mut Settings,
        saved: &[&str],
        full: Option<&str>,
        keys: &[MenuKey],
    ) -> Vec<Outcome> {
        let layout = Layout::default();
        let saved: Vec<String> = saved.iter().map(|s| s.to_string()).collect();
        keys.iter()
            .map(|&k| {
                let mut ctx = Context {
                    saved: &saved,
                    resume: (!saved.is_empty()).then_some(0),
                    full,
                    settings,
                    layout: &layout,
                    can_quit: true,
                    past: &[],
                    scores: &[],
                    today: "2026-11-24",
                    daily: Daily::Fresh,
                    feats: &[],
                    newcomer: false,
                };
                menu.press(k, &mut ctx)
            })
            .collect()
    }

    /// One daily a day: a daily saved is continued from its row (never a second one begun
    /// beside it), and one played is offered only as a practice run.
    #[test]
    fn the_daily_row_continues_todays_daily_and_practises_one_played() {
        use MenuKey::*;
        let layout = Layout::default();
        let mut settings = Settings::default();
        let saved = [
            "seed 1 (80x50, mixed), depth 2, turn 40".to_owned(),
            "the daily of 2026-11-24".to_owned(),
        ];
        for (daily, label, outcome) in [
            (Daily::Fresh, "Daily dungeon: 2026-11-24", Outcome::Daily),
            (
                Daily::Saved(1),
                "Continue today's daily: 2026-11-24",
                Outcome::Resume(1),
            ),
            (
                Daily::Played,
                "Daily dungeon: 2026-11-24 (played: a practice run)",
                Outcome::Practice,
            ),
        ] {
            let mut menu = Menu::default();
            let mut ctx = Context {
                saved: &saved,
                resume: Some(0),
                full: None,
                settings: &mut settings,
                layout: &layout,
                can_quit: true,
                past: &[],
                scores: &[],
                today: "2026-11-24",
                daily,
                feats: &[],
                newcomer: false,
            };
            // Continue, Saved runs, New run, Daily.
            let rows = menu.rows(&ctx);
            assert_eq!(rows[3], Row::Daily);
            assert_eq!(menu.label(Row::Daily, &ctx), label);
            for key in [Down, Down, Down] {
                menu.press(key, &mut ctx);
            }
            assert_eq!(menu.press(Enter, &mut ctx), outcome, "{daily:?}");
        }
    }

    /// A high score's line opens its run's story, whose Esc comes back to the scores, and its
    /// replay is one key away; a run whose story is no longer kept says so.
    #[test]
    fn the_high_scores_open_a_runs_story_and_replay() {
        use MenuKey::*;
        let high = |past: usize, kept: bool| HighScore {
            line: format!("run {past}"),
            past,
            kept,
        };
        let scores = [high(0, true), high(2, false)];
        let layout = Layout::default();
        let mut settings = Settings::default();
        let mut menu = Menu::default();
        let mut press = |menu: &mut Menu, keys: &[MenuKey]| -> Vec<Outcome> {
            keys.iter()
                .map(|&k| {
                    let mut ctx = Context {
                        saved: &[],
                        resume: None,
                        full: None,
                        settings: &mut settings,
                        layout: &layout,
                        can_quit: true,
                        past: &[],
                        scores: &scores,
                        today: "2026-11-24",
                        daily: Daily::Fresh,
                        feats: &[],
                        newcomer: false,
                    };
                    menu.press(k, &mut ctx)
                })
                .collect()
        };
        // New run, Daily, Settings, History, High scores.
        press(&mut menu, &[Down, Down, Down, Down, Enter]);
        assert_eq!(menu.page, Page::Scores);
        press(&mut menu, &[Down, Enter]);
        assert_eq!((menu.page, menu.note.is_some()), (Page::Scores, true), "no story kept");
        press(&mut menu, &[Up, Enter]);
        assert_eq!(menu.page, Page::Story(0));
        press(&mut menu, &[Back]);
        assert_eq!(menu.page, Page::Scores, "Esc goes back to the scores");
        let out = press(&mut menu, &[Enter, Enter]);
        assert_eq!(out[1], Outcome::Replay(0), "the replay, one key away");
        press(&mut menu, &[Back, Back]);
        assert_eq!(menu.page, Page::Main);
        assert_eq!(
            menu.rows(&Context {
                saved: &[],
                resume: None,
                full: None,
                settings: &mut Settings::default(),
                layout: &layout,
                can_quit: true,
                past: &[],
                scores: &scores,
                today: "2026-11-24",
                daily: Daily::Fresh,
                feats: &[],
                newcomer: false,
            })[menu.selected],
            Row::Scores,
            "the cursor back on High scores"
        );
    }

    #[test]
    fn continue_is_first_only_when_there_is_a_run() {
        let mut settings = Settings::default();
        let mut menu = Menu::default();
        let out = press_all(&mut menu, &mut settings, Some("seed 1"), &[MenuKey::Enter]);
        assert_eq!(out, [Outcome::Resume(0)]);
        let mut menu = Menu::default();
        press_all(&mut menu, &mut settings, None, &[MenuKey::Enter]);
        assert_eq!(menu.page, Page::NewRun, "without a save the first row is New run");
        // Up from the top wraps to Quit.
        let mut menu = Menu::default();
        let out = press_all(&mut menu, &mut settings, None, &[MenuKey::Up, MenuKey::Enter]);
        assert_eq!(out[1], Outcome::Quit);
    }

    #[test]
    fn a_new_run_takes_a_typed_seed_style_and_size() {
        use MenuKey::*;
        let mut settings = Settings::default();
        let mut menu = Menu::default();
        let keys = [
            Enter, // New run
            Digit('0'),
            Digit('4'),
            Digit('2'),
            Digit('7'),
            Erase,
            Down,
            Right, // style after mixed wraps to the first
            Down,
            Right, // 120x80
            Down,
            Right, // the second beginning
            Down,
            Right,
            Right, // hard
            Down,
            Down,
            Down,
            Enter, // darkness on
            Down,
            Down,
            Down,
            Down,
            Down, // Start
            Enter,
        ];
        let out = press_all(&mut menu, &mut settings, None, &keys);
        assert_eq!(
            out.last(),
            Some(&Outcome::Start {
                seed: Some(42),
                width: 120,
                height: 80,
                style: CorridorStyle::ALL[0],
                beginning: Some(delve_core::world::Beginning::Rogue),
                mode: delve_core::world::Mode::of(delve_core::world::Difficulty::Hard)
                    .with(delve_core::world::Challenge::Darkness),
                retire_oldest: false,
            })
        );
        assert_eq!(start_params(*out.last().unwrap(), || 7).unwrap().seed, 42);
        // No digits: a random seed. A seed past u64 is not taken.
        let mut menu = Menu {
            page: Page::NewRun,
            ..Menu::default()
        };
        for _ in 0..25 {
            press_all(&mut menu, &mut settings, None, &[Digit('9')]);
        }
        assert_eq!(menu.seed, "9".repeat(19), "twenty nines would be past the largest seed");
    }

    #[test]
    fn rebinding_is_refused_on_a_clash_and_kept_otherwise() {
        use MenuKey::*;
        let mut settings = Settings::default();
        let mut menu = Menu::default();
        // Main: New run, Daily dungeon, Settings... → Settings, then down to Explore.
        press_all(&mut menu, &mut settings, None, &[Down, Down, Enter]);
        assert_eq!(menu.page, Page::Settings);
        let explore = Action::ALL.iter().position(|&a| a == Action::Explore).unwrap();
        press_all(&mut menu, &mut settings, None, &vec![Down; explore]);
        press_all(&mut menu, &mut settings, None, &[Enter]);
        assert_eq!(menu.capturing, Some(Action::Explore));
        let out = press_all(&mut menu, &mut settings, None, &[Bind(Binding::letter('c'))]);
        assert_eq!(out, [Outcome::Nothing]);
        assert!(
            menu.note.as_deref().unwrap().contains("close a door"),
            "{:?}",
            menu.note
        );
        assert_eq!(menu.capturing, Some(Action::Explore), "still waiting for a key");
        let out = press_all(&mut menu, &mut settings, None, &[Bind(Binding::letter('z'))]);
        assert_eq!(out, [Outcome::SettingsChanged]);
        assert_eq!(settings.bindings.of(Action::Explore), [Binding::letter('z')]);
        assert_eq!(menu.capturing, None);
        // Esc while waiting changes nothing; Esc again goes back.
        press_all(&mut menu, &mut settings, None, &[Enter, Back]);
        assert_eq!(
            (menu.page, settings.bindings.of(Action::Explore)[0]),
            (Page::Settings, Binding::letter('z'))
        );
        press_all(&mut menu, &mut settings, None, &[Back]);
        assert_eq!(menu.page, Page::Main);
    }

    #[test]
    fn leaving_a_page_puts_the_cursor_back_on_the_row_that_opened_it() {
        use MenuKey::*;
        let mut settings = Settings::default();
        let saved = ["seed 1, depth 2, turn 40"];
        // Continue, Saved runs, New run, Daily, Settings, History, High scores.
        for (downs, page) in [
            (2, Page::NewRun),
            (4, Page::Settings),
            (5, Page::History),
            (6, Page::Scores),
            (1, Page::SavedRuns),
        ] {
            let mut menu = Menu::default();
            let mut keys = vec![Down; downs];
            keys.push(Enter);
            press_listed(&mut menu, &mut settings, &saved, None, &keys);
            assert_eq!(menu.page, page);
            // Esc, then Enter: the same page again, never Continue.
            let out = press_listed(&mut menu, &mut settings, &saved, None, &[Back, Enter]);
            assert_eq!((menu.page, out[1]), (page, Outcome::Nothing), "{page:?}");
        }
    }

    #[test]
    fn any_saved_run_can_be_picked_and_a_full_list_asks_before_a_new_run() {
        use MenuKey::*;
        let mut settings = Settings::default();
        let saved = ["seed 1, depth 2, turn 40", "seed 9, depth 1, turn 3"];
        let mut menu = Menu::default();
        // Continue, Saved runs (2), New run...
        let out = press_listed(&mut menu, &mut settings, &saved, None, &[Down, Enter, Down, Enter]);
        assert_eq!(menu.page, Page::SavedRuns);
        assert_eq!(out[3], Outcome::Resume(1));
        // Full: Start asks first; Back returns to the new run's page; agreeing starts.
        let mut menu = Menu::default();
        let full = Some("seed 9, depth 1, turn 3");
        let keys = [Down, Down, Enter, Up, Up, Enter];
        let out = press_listed(&mut menu, &mut settings, &saved, full, &keys);
        assert_eq!(menu.page, Page::Retire);
        assert_eq!(out[5], Outcome::Nothing);
        let out = press_listed(&mut menu, &mut settings, &saved, full, &[Down, Enter]);
        assert_eq!(menu.page, Page::NewRun, "Back keeps every saved run");
        assert_eq!(out[1], Outcome::Nothing);
        let out = press_listed(&mut menu, &mut settings, &saved, full, &[Up, Up, Enter, Enter]);
        assert!(
            matches!(
                out[3],
                Outcome::Start {
                    retire_oldest: true,
                    ..
                }
            ),
            "{out:?}"
        );
    }
}
