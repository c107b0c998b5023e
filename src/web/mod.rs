//! The browser build: reads the level from the page's URL, shows the seed and any problem on the
//! page, and runs the game in the page's canvas. `?ascii` prints the level into the page instead,
//! which is how the end-to-end test checks that the browser builds the same levels as the desktop;
//! `?golden` checks the golden-level vectors in the browser and prints the verdict; `?reveal`
//! starts in the generator lab; `?daily` plays today's daily dungeon; `?replay=RECORDING`
//! shows a recording (a share link's) being replayed. A finished run's recording is offered
//! for download and, when short, as such a link.
//!
//! The page and the game talk through `<body>`'s attributes: the game marks its state, the run
//! (`data-run`, the query that reproduces it) and the lab (`data-lab`); the lab panel asks for a
//! new level by setting `data-request` to a query, which the game takes on its next frame.

pub mod contract;
#[cfg(target_arch = "wasm32")]
mod live;
pub mod params;
#[cfg(target_arch = "wasm32")]
mod speech;

/// The secret the page sends the board at `board` for a name whose own secret is `secret`: the
/// desktop's (`board::secret_for` over the board's origin), for web/board.js, which keeps the
/// name's own secret in local storage and sends each board only the one made for it.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn board_secret(secret: &str, board: &str) -> String {
    crate::board::secret_for(secret, &crate::board::origin(board))
}

/// Hands the game an event of the board's live run the page follows (`?watch=ID`): web/board.js
/// reads the stream with an `EventSource` and passes each `piece`, `end` and `error` on (`name`,
/// and its data as sent). Events the game cannot read end the following, said on the banner.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn live_event(name: &str, data: &str) {
    match crate::live::LiveEvent::parse(name, data) {
        Ok(Some(event)) => crate::live::page_feed().push(event),
        Ok(None) => {}
        Err(why) => crate::live::page_feed().push(crate::live::LiveEvent::Lost(why)),
    }
}

#[cfg(target_arch = "wasm32")]
mod page {
    use bevy::prelude::*;

    use delve_core::generation::GenParams;
    use delve_core::run::RunSpec;

    use super::contract::{Mark, Screen, TIME_PREFIX, keys_mark};
    use super::params::{self, PageRequest};
    use super::params_were_only_a_replay;
    use crate::assets::LoadFailures;
    use crate::save::{RunId, SaveSlot, Slot, Store};
    use crate::screens::playing::lab::show_specimen;
    use crate::screens::playing::replay::ReplayControl;
    use crate::state::{GameState, Session};
    use crate::turn::{Game, begin_run};
    use base64::Engine;
    use delve_core::save::encode_recording;

    fn document() -> Option<web_sys::Document> {
        web_sys::window()?.document()
    }

    /// Sets the text of the page element `id`, if the page has it.
    fn set_text(id: &str, text: &str) {
        if let Some(el) = document().and_then(|d| d.get_element_by_id(id)) {
            el.set_text_content(Some(text));
        }
    }

    /// Marks the page's state on `<body data-delve="...">` for the loader and the tests.
    fn set_state(state: &str) {
        mark(Mark::Delve, state);
    }

    /// Marks on `<body data-t-NAME>` when (milliseconds of `Date.now()`) a step of starting up was
    /// reached: the loader marks the download and the compile, the game its first instruction
    /// (`main`), its first frame (`startup`: Bevy's plugins built and the renderer ready), the
    /// end of loading (`loaded`) and its first level (`playing`), and the loader the frame after
    /// that (`drawn`). The end-to-end test reports the differences.
    fn mark_time(name: &str) {
        set_body(&format!("{TIME_PREFIX}{name}"), &format!("{}", js_sys::Date::now()));
    }

    /// Writes one of the game's marks on `<body>` (`contract::Mark`).
    fn mark(mark: Mark, value: &str) {
        set_body(mark.attribute(), value);
    }

    /// Sets an attribute of `<body>`.
    fn set_body(name: &str, value: &str) {
        if let Some(body) = document().and_then(|d| d.body()) {
            let _ = body.set_attribute(name, value);
        }
    }

    /// Keeps `<body data-depth="3" data-pos="x,y" data-turn="40" data-monsters="goblin@12,7
    /// rat@3,4" data-boon="might,vigour,thrower" data-save-us="900">` up to date for tests and page scripts: the level, where the
    /// player stands, the turn, the monsters the player sees now, the boons offered while one is
    /// owed, and what the last save cost
    /// (microseconds, encoding and writing to local storage); and, on a page that asks for it
    /// (`<body data-want-hash>`), `data-hash`: the state hash, 16 hex digits, which the desktop
    /// gives for the same commands too.
    /// In a replay, `data-replay` says how it stands ("playing", "done", "astray"), and once it
    /// has stopped, `data-hash` the state hash it came to.
    fn mark_position(
        game: Res<Game>,
        slot: Option<Res<SaveSlot>>,
        control: Option<Res<ReplayControl>>,
        racing: Option<Res<crate::screens::playing::race::Racing>>,
    ) {
        if let Some(control) = control.filter(|c| c.is_changed() || game.is_changed()) {
            let state = match (control.is_done(), control.went_astray()) {
                (_, true) => "astray",
                (true, false) => "done",
                (false, false) => "playing",
            };
            mark(Mark::Replay, state);
            if control.is_done() {
                mark(Mark::Hash, &format!("{:016x}", game.state_hash()));
            }
        }
        if let Some(cost) = slot.as_ref().filter(|s| s.is_changed()).and_then(|s| s.last_cost_us) {
            mark(Mark::SaveUs, &cost.to_string());
        }
        if game.is_changed() {
            let (dungeon, at) = (game.dungeon(), game.player().at);
            mark(Mark::Depth, &dungeon.depth().to_string());
            mark(Mark::Turn, &game.turn().to_string());
            let wants_hash = document()
                .and_then(|d| d.body())
                .is_some_and(|b| b.has_attribute(Mark::WantHash.attribute()));
            if wants_hash {
                mark(Mark::Hash, &format!("{:016x}", game.state_hash()));
            }
            mark(Mark::Pos, &format!("{},{}", at.x, at.y));
            if let Some(racing) = &racing {
                let (depth, at) = racing.ghost.at(game.turn());
                mark(Mark::Ghost, &format!("{depth}:{},{}", at.x, at.y));
            }
            let seen: Vec<String> = dungeon
                .level()
                .monsters
                .iter()
                .filter(|m| game.sees(m))
                .map(|m| format!("{}@{},{}", m.kind.name(), m.at.x, m.at.y))
                .collect();
            mark(Mark::Monsters, &seen.join(" "));
            // A boon owed (the boon screen is open): its three names, else nothing.
            let offer = game.offer().map_or_else(String::new, |o| {
                o.iter().map(|b| b.name()).collect::<Vec<_>>().join(",")
            });
            mark(Mark::Boon, &offer);
        }
    }

    /// Marks which screen has the keys on `<body data-screen>` (`contract::Screen`: the page's
    /// action bar shows that screen's buttons, and a reader's script knows where it is), and what
    /// each of the page's buttons presses there on `<body data-keys>` (`contract::keys_mark`:
    /// an action through the player's own bindings, so a rebound action keeps its button).
    fn mark_screen(
        state: Res<State<GameState>>,
        focus: Option<Res<State<crate::state::Focus>>>,
        settings: Res<crate::settings::Settings>,
        layout: Res<crate::settings::KeyboardLayout>,
    ) {
        let focus_changed = focus.as_ref().is_some_and(|f| f.is_changed());
        if !state.is_changed() && !focus_changed && !settings.is_changed() && !layout.is_changed() {
            return;
        }
        let screen = Screen::of(*state.get(), focus.as_deref().map(|f| *f.get()));
        mark(Mark::Keys, &keys_mark(screen, &settings.bindings, &layout));
        mark(Mark::Screen, screen.name());
    }

    /// Marks the size the game lays itself out in on `<body data-view="360x550@2">`: the window's
    /// logical width and height and its scale factor (device pixels to a logical pixel). The
    /// width should be the canvas's CSS width; a test compares them, since a browser that
    /// reports the canvas's device pixels wrongly would make the game lay out in another size
    /// than it is shown at.
    /// (A window changes with every move of the pointer: the page is written only when the size
    /// is another.)
    fn mark_view(
        windows: Query<&Window, (With<bevy::window::PrimaryWindow>, Changed<Window>)>,
        mut marked: Local<String>,
    ) {
        for window in &windows {
            let view = format!("{}x{}@{}", window.width(), window.height(), window.scale_factor());
            if *marked != view {
                mark(Mark::View, &view);
                *marked = view;
            }
        }
    }

    fn show_level(params: &GenParams, mode: delve_core::world::Mode) {
        // The seed line names how the run is played, as the HUD does ("seed 3 (80x50, mixed)
        // [hard, darkness]").
        let line = if mode.is_standard() {
            params.to_string()
        } else {
            format!("{params} [{}]", mode.name())
        };
        set_text("delve-seed", &line);
        if let Some(link) = document().and_then(|d| d.get_element_by_id("delve-link")) {
            let _ = link.set_attribute("href", &params::query(params, mode, false));
        }
    }

    /// This tab's session storage: which run the address it shows plays (`delve.tab-query`,
    /// `delve.tab-run`), so that reloading the page, or the browser restoring the tab, continues
    /// that run rather than starting it again over its own save.
    fn session() -> Option<web_sys::Storage> {
        web_sys::window()?.session_storage().ok().flatten()
    }

    /// The run this tab played at the address `search`, if it did.
    fn tab_run(search: &str) -> Option<RunId> {
        let session = session()?;
        let query = session.get_item("delve.tab-query").ok().flatten()?;
        (query == search).then_some(())?;
        session.get_item("delve.tab-run").ok().flatten()?.parse().ok()
    }

    /// Keeps the page's seed line, share link, address and `data-run`/`data-lab` up to date
    /// when a new run starts (the lab's next level) or the lab comes on or goes off, and the
    /// tab's memory of which run its address plays.
    fn mark_run(
        game: Res<Game>,
        in_session: Res<State<Session>>,
        slot: Option<Res<SaveSlot>>,
        mut marked: Local<Option<(GenParams, bool, Option<RunId>)>>,
    ) {
        let RunSpec::Seeded { params: run, mode, .. } = game.spec() else {
            return;
        };
        let mode = *mode;
        let lab_on = *in_session.get() == Session::Lab;
        if *in_session.get() == Session::Replay {
            // The address stays the recording's: reloading it replays it again.
            show_level(run, mode);
            return;
        }
        let id = slot.map(|s| s.id);
        if *marked == Some((*run, lab_on, id)) {
            return;
        }
        *marked = Some((*run, lab_on, id));
        show_level(run, mode);
        let query = params::query(run, mode, lab_on);
        // The page's loader puts it in the address bar too (history.replaceState).
        mark(Mark::Run, &query);
        mark(Mark::Lab, if lab_on { "on" } else { "off" });
        if let (Some(session), Some(id)) = (session(), id) {
            let _ = session.set_item("delve.tab-query", &query);
            let _ = session.set_item("delve.tab-run", &id.to_string());
        }
    }

    /// A new level asked for by the lab panel (`<body data-request="?seed=…">`): shown at once.
    /// In the lab it is a specimen (the run being played is set aside, as the lab's `n` does);
    /// without `reveal` it is a new run.
    fn take_page_request(
        mut commands: Commands,
        session: Res<State<Session>>,
        game: Res<Game>,
        mut redraw: MessageWriter<bevy::window::RequestRedraw>,
    ) {
        let Some(body) = document().and_then(|d| d.body()) else {
            return;
        };
        let Some(request) = body.get_attribute(Mark::Request.attribute()) else {
            return;
        };
        let _ = body.remove_attribute(Mark::Request.attribute());
        let asked = params::parse(&request, rand::random);
        set_text("delve-message", &asked.problems.join(" "));
        match RunSpec::seeded(asked.params).in_mode(asked.mode).begin() {
            Ok(run) => {
                if asked.reveal {
                    show_specimen(&mut commands, *session.get(), &game, run);
                } else {
                    // A new run, in a save of its own (the one played stays saved as it was).
                    crate::turn::forget_aside(&mut commands);
                    let mut run = run;
                    if let Some(line) = crate::save::make_room(&Store::Browser) {
                        run.say(line);
                    }
                    commands.insert_resource(SaveSlot::fresh(&Store::Browser));
                    begin_run(&mut commands, run, Session::Play);
                }
                // The next frame plays the new run (and `render` keeps drawing until it settles).
                redraw.write(bevy::window::RequestRedraw);
            }
            Err(e) => set_text("delve-message", &format!("Delve cannot make this level: {e}.")),
        }
    }

    /// A finished run's recording, offered on the page: a download, and a link that replays it
    /// when it is short enough for one (`params::replay_query`).
    fn offer_recording(game: Res<Game>, session: Option<Res<State<Session>>>) {
        let outcome = delve_core::save::Outcome::of(&game).word();
        mark(Mark::Outcome, if outcome == "playing" { "" } else { outcome });
        let Some(doc) = document() else { return };
        let (Some(offer), Some(bytes)) = (doc.get_element_by_id("delve-recording"), encode_recording(&game)) else {
            return;
        };
        if session.is_some_and(|s| *s.get() == Session::Replay) {
            return;
        }
        let name = match game.dungeon().origin() {
            delve_core::dungeon::Origin::Run(p) => format!("delve-{}-turn-{}.delverec", p.seed, game.turn()),
            delve_core::dungeon::Origin::Map => format!("delve-map-turn-{}.delverec", game.turn()),
        };
        if let Some(download) = doc.get_element_by_id("delve-download") {
            let data = base64::engine::general_purpose::STANDARD.encode(&bytes);
            let _ = download.set_attribute("href", &format!("data:application/octet-stream;base64,{data}"));
            let _ = download.set_attribute("download", &name);
        }
        if let Some(share) = doc.get_element_by_id("delve-share") {
            match params::replay_query(&bytes) {
                Some(query) => {
                    let _ = share.set_attribute("href", &query);
                    let _ = share.remove_attribute("hidden");
                }
                None => {
                    let _ = share.set_attribute("hidden", "");
                }
            }
        }
        set_text("delve-share-text", &delve_core::save::share_line(&game));
        let _ = offer.remove_attribute("hidden");
    }

    fn hide_recording() {
        mark(Mark::Outcome, "");
        if let Some(offer) = document().and_then(|d| d.get_element_by_id("delve-recording")) {
            let _ = offer.set_attribute("hidden", "");
        }
    }

    pub fn run() {
        mark_time("main");
        let search = web_sys::window()
            .and_then(|w| w.location().search().ok())
            .unwrap_or_default();
        let PageRequest {
            params,
            radius,
            ascii,
            golden,
            reveal,
            daily,
            replay,
            turn,
            ghost,
            take_over,
            watch,
            mode,
            mut problems,
        } = params::parse(&search, rand::random);
        // A ghost to race: a new run of its dungeon, the ghost beside it.
        let raced = ghost.and_then(
            |bytes| match crate::screens::playing::race::race_fresh(&bytes, "the ghost") {
                Ok(raced) => Some(raced),
                Err(e) => {
                    problems.push(format!("The ghost in this link cannot be raced: {e}."));
                    None
                }
            },
        );
        // A shared recording to watch, or why it cannot be.
        let watched = replay.and_then(|bytes| match crate::screens::playing::replay::replay_of(&bytes) {
            Ok(watched) => Some(watched),
            Err(e) => {
                problems.push(format!("The recording in this link cannot be replayed: {e}."));
                None
            }
        });
        // From a turn (`&turn=N`), and taken over there (`&take-over`): the run in play, and the
        // replay watched unless it was taken over.
        let watched = watched.map(|(run, replay, parent)| {
            if let Some(id) = watch {
                // A board's live run: followed from where it stands, its pieces from the page.
                let name = format!("live run {id}");
                let (run, control) = crate::screens::playing::replay::ReplayControl::live(&run, replay, parent, name);
                return (run, Some(control));
            }
            if turn.is_none() && !take_over {
                let control = crate::screens::playing::replay::ReplayControl::new(&run, replay, parent);
                return (run, Some(control));
            }
            crate::screens::playing::replay::ReplayControl::from_turn(run, replay, parent, turn.unwrap_or(0), take_over)
        });
        let today = daily.then(crate::save::today);
        let params = today.map_or(params, delve_core::run::daily_params);
        if golden {
            // The vectors come from the page that asks (the end-to-end test sets them as
            // `window.delveGolden`): a player's module does not carry the test's data.
            let vectors = web_sys::window()
                .and_then(|w| js_sys::Reflect::get(&w, &"delveGolden".into()).ok())
                .and_then(|v| v.as_string());
            let Some(vectors) = vectors else {
                set_text("delve-ascii", "golden: the page gave no vectors (window.delveGolden)");
                set_state("golden");
                return;
            };
            let verdict = match delve_core::generation::golden::check(&vectors) {
                Ok(n) => format!("golden: all {n} levels match"),
                Err(bad) => {
                    let lines: Vec<String> = bad.iter().map(|m| m.to_string()).collect();
                    format!("golden: {} mismatches\n{}", bad.len(), lines.join("\n"))
                }
            };
            set_text("delve-ascii", &verdict);
            set_state("golden");
            return;
        }
        if !problems.is_empty() {
            set_text("delve-message", &problems.join(" "));
        }
        // An address with no query opens the title screen (continue, settings, history); one that
        // names a run plays it.
        let titled = search.trim_start_matches('?').is_empty()
            || (watched.is_none() && !daily && params_were_only_a_replay(&search));
        if !titled && watched.is_none() {
            show_level(&params, mode);
        }
        // This tab's run at this address, reloaded (or the tab restored): it goes on.
        let continued = (!titled && !ascii && watched.is_none() && raced.is_none())
            .then(|| tab_run(&search))
            .flatten()
            .and_then(|id| {
                let bytes = Store::Browser.read(Slot::Run(id)).ok()??;
                let mut run = delve_core::save::parse_run(&bytes).ok()?;
                run.say(format!("Welcome back. (turn {})", run.turn()));
                (!Store::Browser.is_taken(id)).then_some((id, run))
            });
        // The title screen makes no dungeon: only a run named by the address, or `?ascii`, does.
        let run = if let Some((_, run)) = &continued {
            Some(run.clone())
        } else if let Some((run, _)) = &watched {
            Some(run.clone())
        } else if let Some((run, _)) = &raced {
            Some(run.clone())
        } else if titled && !ascii {
            None
        } else {
            // The daily is the standard game, the same for everyone.
            let mode = if today.is_some() {
                delve_core::world::Mode::STANDARD
            } else {
                mode
            };
            match RunSpec::seeded(params).in_mode(mode).begin() {
                Ok(mut run) => {
                    if let Some(date) = today {
                        run.mark_daily(&date.to_string());
                        run.say(format!(
                            "The daily dungeon of {date}: the same for everyone who plays it today."
                        ));
                    }
                    Some(run)
                }
                Err(e) => {
                    set_text("delve-message", &format!("Delve cannot make this level: {e}."));
                    set_state("failed");
                    return;
                }
            }
        };
        if ascii && let Some(run) = &run {
            set_text("delve-ascii", &run.dungeon().level().to_ascii());
            set_state("ascii");
            return;
        }
        // Made at the canvas's size as laid out now: made at Bevy's default size, the canvas's
        // drawing buffer was sized twice while the game started (1280x720, then the page's),
        // each time waiting on the GPU.
        let laid_out = document()
            .and_then(|d| d.get_element_by_id("delve-canvas"))
            .map(|c| (c.client_width(), c.client_height()))
            .filter(|&(w, h)| w > 0 && h > 0);
        let window = Window {
            title: "Delve".into(),
            canvas: Some("#delve-canvas".into()),
            fit_canvas_to_parent: true,
            resolution: laid_out.map_or_else(Default::default, |(w, h)| (w.unsigned_abs(), h.unsigned_abs()).into()),
            prevent_default_event_handling: true,
            ..default()
        };
        // The page's default radius defers to the settings.
        let store = crate::save::Store::Browser;
        let launch = crate::app::Launch {
            radius: (radius != delve_core::fov::DEFAULT_RADIUS).then_some(radius),
            reveal: reveal && continued.is_none(),
            continues: continued.map(|(id, _)| id),
            replay: watched.and_then(|(_, control)| control),
            racing: raced.map(|(_, racing)| racing),
            feed: watch.map(|_| crate::live::page_feed().clone()),
            ..match run {
                Some(run) => crate::app::Launch::run(run),
                None => crate::app::Launch::title(),
            }
        }
        .with_store(store);
        let mut app = crate::app::game_app(launch, window);
        app.add_plugins(super::live::plugin)
            .add_systems(Startup, || mark_time("startup"))
            .add_systems(OnExit(GameState::Loading), || mark_time("loaded"))
            .add_systems(OnEnter(GameState::Playing), || {
                if document()
                    .and_then(|d| d.body())
                    .is_some_and(|b| !b.has_attribute(&format!("{TIME_PREFIX}playing")))
                {
                    mark_time("playing");
                }
                set_state("playing");
            })
            .add_systems(OnEnter(GameState::Title), || set_state("title"))
            .add_systems(OnEnter(GameState::Ended), offer_recording)
            .add_systems(OnExit(GameState::Ended), hide_recording)
            .add_systems(Update, mark_position.run_if(in_state(GameState::Playing)))
            .add_systems(
                Update,
                (super::speech::mirror_log, super::speech::mirror_whereabouts)
                    .run_if(in_state(GameState::Playing).or_else(in_state(GameState::Ended))),
            )
            .add_systems(PostUpdate, (super::speech::mirror_screen, mark_screen, mark_view))
            .add_systems(
                Update,
                (take_page_request, mark_run)
                    .chain()
                    .run_if(in_state(GameState::Playing).or_else(in_state(GameState::Ended))),
            )
            .add_systems(OnEnter(GameState::LoadFailed), |failures: Res<LoadFailures>| {
                // The canvas says it too; the page's message is what a reader or a test finds.
                set_text(
                    "delve-message",
                    &format!("Delve cannot start: {}.", failures.describe("; ")),
                );
                set_state("failed");
            });
        app.run();
    }
}

#[cfg(target_arch = "wasm32")]
pub use page::run;

/// Whether the page's query asked only for a replay (which could not be read), perhaps from a
/// turn and taken over: the title opens then, rather than a random run.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn params_were_only_a_replay(search: &str) -> bool {
    search
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
        .all(|p| {
            p.starts_with("replay=")
                || p.starts_with("turn=")
                || p == "take-over"
                || p.starts_with("ghost=")
                || p.starts_with("watch=")
        })
}
