//! Assembling the game: Bevy's plugins and Delve's, for the desktop, the browser and headless
//! tests. The dungeon is made before the app is (a level that cannot be made is an error for the
//! caller to report, not a panic inside the app).

use bevy::asset::AssetMetaCheck;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::winit::WinitSettings;

use delve_core::dungeon::Dungeon;
use delve_core::run::Run;

use crate::assets::GameAssets;
use crate::save::{SaveStore, Slot, Store};
use crate::settings::Settings;
use crate::state::{FirstScreen, GameState, Session};
use crate::turn::{FovRadius, Game};
use crate::ui::palette;

/// Delve's own plugins, everything but Bevy's: the headless ones, and what needs a window, a
/// GPU or a keyboard (loading, input, drawing, the HUD and overlays, the title screen, the
/// pointer, the overview map, the lab's view, the keyboard layout).
pub(crate) fn game_plugin(app: &mut App) {
    app.add_plugins((
        headless_plugin,
        crate::assets::plugin,
        crate::player::input::plugin,
        crate::render::plugin,
        crate::screens::plugin,
        crate::screens::playing::plugin,
        crate::settings::keyboard::plugin,
        crate::audio::output_plugin,
    ));
}

/// Delve's plugins that need no window, GPU or keyboard: what headless tests run (and what the
/// game runs under its view).
pub fn headless_plugin(app: &mut App) {
    app.add_plugins((
        crate::turn::plugin,
        crate::player::plugin,
        crate::render::tiles::plugin,
        crate::screens::ended::plugin,
        crate::screens::submit::plugin,
        crate::screens::review::plugin,
        crate::live::plugin,
        crate::travel::plugin,
        crate::screens::playing::headless_plugin,
        crate::save::plugin,
        crate::settings::plugin,
        crate::audio::plugin,
    ))
    .init_state::<crate::state::Session>()
    .add_computed_state::<crate::state::InPlay>()
    .add_sub_state::<crate::state::Focus>();
    #[cfg(feature = "dev")]
    app.add_systems(Update, crate::state::log_transitions);
}

/// Runs the state-transition schedule on one thread. It is a handful of tiny systems that run
/// every frame (and do nothing unless the state changes); spread over the multi-threaded
/// executor they cost more in task hand-offs than they do work: measured 183 µs a frame on two
/// cores, most of a turn.
fn run_state_transitions_on_one_thread(app: &mut App) {
    use bevy::ecs::schedule::SingleThreadedExecutor;
    use bevy::state::state::StateTransition;
    app.edit_schedule(StateTransition, |schedule| {
        schedule.set_executor(SingleThreadedExecutor::new());
    });
}

/// A window-free game of a run beginning in `dungeon`, playing, after its first update: what
/// tests and benchmarks drive. Tiles get a placeholder texture handle, so their looks are built
/// without a GPU.
pub fn headless_app(dungeon: Dungeon) -> App {
    headless_app_with(Run::new(dungeon), |_| {})
}

/// A window-free game playing `run`, with `setup` run on the app before its first update (a save
/// directory, a sight radius).
pub fn headless_app_with(run: Run, setup: impl FnOnce(&mut App)) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_state(GameState::Playing)
        .insert_resource(Game(run))
        .insert_resource(GameAssets {
            tileset: Handle::default(),
            layout: Handle::default(),
        })
        .add_plugins(headless_plugin)
        .insert_resource(crate::travel::StepDelay(std::time::Duration::ZERO))
        .insert_resource(crate::player::LastLook(std::time::Duration::ZERO));
    setup(&mut app);
    run_state_transitions_on_one_thread(&mut app);
    app.update();
    app
}

/// A window-free game going on with a run given back by a save, after its first update.
pub fn headless_resume(run: Run) -> App {
    headless_app_with(run, |_| {})
}

/// Why no window can be opened here, if that can be told before trying.
pub(crate) fn missing_display() -> Option<String> {
    if cfg!(not(target_os = "linux")) {
        return None;
    }
    let display = std::env::var("DISPLAY").unwrap_or_default();
    if display.is_empty() {
        return Some("no display found (DISPLAY is not set)".into());
    }
    // A local display ":N" or ":N.S" is a socket; say so if it is not there.
    if let Some(rest) = display.strip_prefix(':') {
        let number = rest.split('.').next().unwrap_or(rest);
        let socket = format!("/tmp/.X11-unix/X{number}");
        if !std::path::Path::new(&socket).exists() {
            return Some(format!(
                "no display found (DISPLAY={display}, but {socket} does not exist)"
            ));
        }
    }
    None
}

/// How the game starts: straight into a run, or at the title screen; where it keeps its saves;
/// the settings read at start-up (and lines about files that could not be read).
#[derive(Clone, Debug)]
pub struct Launch {
    /// The run to play now; `None` opens the title screen.
    pub run: Option<Run>,
    /// Sight radius from the command line (else the settings').
    pub radius: Option<u32>,
    /// Start in the generator lab.
    pub reveal: bool,
    /// `run` is saved run `continues`, to be saved there again (`None`: a new run, saved anew).
    pub continues: Option<crate::save::RunId>,
    pub store: Store,
    pub settings: Settings,
    /// Lines for the title screen (a settings file set aside).
    pub notices: Vec<String>,
    /// `run` is watched being replayed (`--replay`, a page's recording link), not played.
    pub replay: Option<crate::screens::playing::replay::ReplayControl>,
    /// `run` races this ghost (`--race`, a page's `?ghost=`).
    pub racing: Option<crate::screens::playing::race::Racing>,
    /// The board to offer finished runs to, and the name (`--board`, `--name`; else the
    /// settings').
    pub board: crate::board::BoardTarget,
    /// The board to play live to (`--live`).
    pub live: Option<String>,
    /// The live run `replay` follows: its events as they come (`--watch`).
    pub feed: Option<crate::live::Feed>,
}

impl Launch {
    /// The title screen, keeping nothing.
    pub fn title() -> Self {
        Launch {
            run: None,
            radius: None,
            reveal: false,
            continues: None,
            store: Store::Nowhere,
            settings: Settings::default(),
            notices: Vec::new(),
            replay: None,
            racing: None,
            board: crate::board::BoardTarget::default(),
            live: None,
            feed: None,
        }
    }

    /// Straight into `run`, keeping nothing: what tools and examples start.
    pub fn run(run: Run) -> Self {
        Launch {
            run: Some(run),
            ..Launch::title()
        }
    }

    /// Playing live to the board at `url`, if one is given.
    pub fn live(mut self, url: Option<String>) -> Self {
        self.live = url;
        self
    }

    /// The settings kept in `store` (or the defaults, with a line about a file set aside).
    pub fn with_store(mut self, store: Store) -> Self {
        let (settings, notice) =
            crate::save::load_or_set_aside(&store, Slot::Settings, "settings file", Settings::from_text);
        self.settings = settings.unwrap_or_default();
        self.notices.extend(notice);
        self.store = store;
        self
    }
}

/// The whole game as `launch` says, in `window` (a desktop window or a page's canvas).
pub(crate) fn game_app(launch: Launch, window: Window) -> App {
    let mut app = App::new();
    let plugins = DefaultPlugins.build();
    // Delve's own handler (`save::signals`) saves the run on SIGTERM and SIGHUP too.
    #[cfg(not(target_arch = "wasm32"))]
    let plugins = {
        crate::save::signals::install();
        plugins.disable::<bevy::app::TerminalCtrlCHandlerPlugin>()
    };
    app.add_plugins(
        plugins
            .set(WindowPlugin {
                primary_window: Some(window),
                ..default()
            })
            .set(ImagePlugin::default_nearest())
            // Delve ships no `.meta` files: don't ask for them (on the web, each is a 404).
            .set(AssetPlugin {
                meta_check: AssetMetaCheck::Never,
                ..default()
            }),
    )
    // Turn-based: draw when something happens, not 60 times a second for nothing.
    .insert_resource(WinitSettings::desktop_app())
    .insert_resource(ClearColor(palette::BACKGROUND))
    .insert_resource(FovRadius(launch.radius.unwrap_or(launch.settings.radius)))
    .insert_resource(SaveStore(launch.store.clone()))
    .insert_resource(crate::screens::title::TitleNotices(launch.notices))
    .insert_resource(crate::board::BoardTarget {
        url: launch.board.url.or_else(|| launch.settings.board.clone()),
        name: launch.board.name.or_else(|| launch.settings.board_name.clone()),
    })
    .insert_resource(launch.settings);
    // A continued run goes on in its own save, if no other Delve holds it (else a new one).
    if let Some(id) = launch.continues
        && let Ok(slot) = crate::save::SaveSlot::open(&launch.store, id)
    {
        app.insert_resource(slot);
    }
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(url) = launch.live {
        app.insert_resource(crate::live::send::LiveBoard(url));
    }
    if let Some(feed) = launch.feed {
        app.insert_resource(feed);
    }
    let replaying = launch.replay.is_some();
    match launch.run {
        Some(run) => {
            if let Some(control) = launch.replay {
                app.insert_resource(control);
            }
            if let Some(racing) = launch.racing {
                app.insert_resource(racing);
            }
            app.insert_resource(Game(run))
                .insert_resource(FirstScreen(GameState::Playing));
        }
        None => {
            app.insert_resource(FirstScreen(GameState::Title));
        }
    }
    app.add_plugins(game_plugin);
    // The session the first run is in: a replay, the lab, or the player's own.
    let session = match (replaying, launch.reveal) {
        (true, _) => Session::Replay,
        (false, true) => Session::Lab,
        (false, false) => Session::Play,
    };
    app.insert_state(session);
    #[cfg(not(target_arch = "wasm32"))]
    app.add_systems(Startup, crate::save::signals::let_signals_wake);
    run_state_transitions_on_one_thread(&mut app);
    app
}

/// The game as `run` opens it, closed at the title screen's first drawn frame: prints when that
/// was (milliseconds of the Unix clock) on standard output. What `examples/first_frame.rs`
/// measures against an empty Bevy app (docs/performance.md). The window draws continuously here,
/// as the empty app's does, so that the frame after the title's is not waiting for input.
pub fn run_to_first_title_frame(launch: Launch) -> AppExit {
    let window = Window {
        title: "Delve".into(),
        resolution: (1280, 800).into(),
        ..default()
    };
    let mut app = game_app(launch, window);
    app.insert_resource(WinitSettings::continuous()).add_systems(
        Last,
        (|mut frames: Local<u32>, mut exit: MessageWriter<AppExit>| {
            *frames += 1;
            // The frame that entered the title drew it; the next one begins after it.
            if *frames == 2 {
                println!("{}", unix_ms());
                exit.write(AppExit::Success);
            }
        })
        .run_if(in_state(GameState::Title)),
    );
    app.run()
}

/// Milliseconds of the Unix clock.
pub fn unix_ms() -> u128 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis())
}

/// Opens the game window as `launch` says and runs until the window closes. The caller checks
/// `missing_display` first.
pub fn run(launch: Launch) -> AppExit {
    let window = Window {
        title: "Delve".into(),
        resolution: (1280, 800).into(),
        ..default()
    };
    game_app(launch, window).run()
}
