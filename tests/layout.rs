//! Every screen fits: the title's pages, play with its HUD and sidebar, each overlay over play
//! (help, the log, the overview, the pack, looking) and a run's summary are laid out by Bevy's own
//! UI layout, headless, at 1024x600, 1280x800 and 1920x1080 and at every text size, and no text
//! may lie outside the window (rows scrolled out of a list's view aside: the list clips them) nor,
//! in play, on another panel's text. Help and settings are opened at the largest text size too.

mod support;

use bevy::asset::AssetPlugin;
use bevy::camera::{ComputedCameraValues, RenderTargetInfo};
use bevy::input::InputPlugin;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::text::TextPlugin;
use bevy::ui::UiPlugin;
use bevy::window::PrimaryWindow;

use delve::assets::GameAssets;
use delve::save::{SaveStore, Store};
use delve::screens::scroll::ScrollList;
use delve::settings::{Settings, TEXT_SIZES};
use delve::state::GameState;
use delve::travel::StepDelay;
use delve::turn::Game;
use delve_core::dungeon::Dungeon;
use delve_core::generation::{CorridorStyle, GenParams};
use delve_core::run::Run;

const SIZES: [(u32, u32); 3] = [(1024, 600), (1280, 800), (1920, 1080)];

/// The window's size for the layout: every camera renders to it.
#[derive(Resource, Clone, Copy)]
struct Screen(UVec2);

/// Cameras drawing to the window have its size (the renderer, absent here, would say so).
fn size_cameras(screen: Res<Screen>, mut cameras: Query<&mut Camera>) {
    for mut camera in &mut cameras {
        camera.computed = ComputedCameraValues {
            target_info: Some(RenderTargetInfo {
                physical_size: screen.0,
                scale_factor: 1.0,
            }),
            ..default()
        };
    }
}

/// The game with its interface laid out but not drawn, on `first`, at `size` and text size
/// `text_size`.
fn app(first: GameState, size: (u32, u32), text_size: usize, store: &Store) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, InputPlugin, StatesPlugin, AssetPlugin::default()))
        .add_plugins((TextPlugin, UiPlugin, TransformPlugin))
        .init_asset::<Image>()
        .init_asset::<TextureAtlasLayout>()
        .insert_resource(Screen(UVec2::new(size.0, size.1)))
        .add_systems(PostUpdate, size_cameras.before(bevy::ui::UiSystems::Prepare))
        .insert_state(first)
        .insert_resource(SaveStore(store.clone()))
        .insert_resource(Settings { text_size, ..default() })
        .insert_resource(GameAssets {
            tileset: Handle::default(),
            layout: Handle::default(),
        })
        .add_plugins(delve::app::headless_plugin)
        .add_plugins((
            delve::screens::plugin,
            delve::screens::playing::plugin,
            delve::player::input::plugin,
            delve::settings::keyboard::plugin,
            delve::render::camera::plugin,
        ))
        .insert_resource(StepDelay(std::time::Duration::ZERO))
        .insert_resource(delve::player::LastLook(std::time::Duration::ZERO));
    let mut window = Window::default();
    window.resolution.set(size.0 as f32, size.1 as f32);
    app.world_mut().spawn((window, PrimaryWindow));
    if first == GameState::Playing {
        // A seed as long as a random one is (twenty digits), for the status line at its longest.
        let params = GenParams::new(11_978_661_879_666_642_744, 80, 50, CorridorStyle::Mixed);
        app.insert_resource(Game(Run::new(Dungeon::new(params).unwrap())));
    }
    settle(&mut app);
    app
}

/// A few frames: what a key opened is spawned, then laid out (twice: a list keeps its cursor in
/// view the frame after).
fn settle(app: &mut App) {
    for _ in 0..4 {
        app.update();
    }
}

/// A key pressed and released, and what it opened laid out.
fn press(app: &mut App, code: KeyCode, text: &str) {
    support::press(app, code, text);
    settle(app);
}

/// A text on screen: what it says, where it lies (left, top, right, bottom, in pixels), and the
/// panel it belongs to (its root node).
#[derive(Debug)]
struct Placed {
    text: String,
    rect: Rect,
    root: Entity,
    /// How much of its width a panel or list cut off (the story page cut every line's first
    /// letter at 130 %).
    cut: f32,
    /// How much of its height a panel that clips cut off (the log under the map showed the tail of
    /// its oldest line, "(x5).").
    cut_high: f32,
}

/// Every text drawn (visible, not clipped away by a scrolling list or a panel that clips), with
/// where it lies.
fn placed(app: &mut App) -> Vec<Placed> {
    let world = app.world_mut();
    let lists: Vec<(Entity, Rect)> = world
        .query::<(Entity, &Node, &ComputedNode, &UiGlobalTransform, Has<ScrollList>)>()
        .iter(world)
        .filter(|(_, node, _, _, list)| *list || node.overflow != Overflow::visible())
        .map(|(e, _, n, t, _)| (e, rect(n, t)))
        .collect();
    let mut out = Vec::new();
    let mut texts = world.query::<(Entity, &Text, &ComputedNode, &UiGlobalTransform)>();
    let parents: Vec<(Entity, Text, Rect)> = texts
        .iter(world)
        .map(|(e, t, n, g)| (e, t.clone(), rect(n, g)))
        .collect();
    // Hidden: it, or a node it stands in, is (visibility is not propagated without a renderer).
    let mut visibility = world.query::<(Option<&Visibility>, Option<&ChildOf>)>();
    let mut shown = |world: &World, mut e: Entity| loop {
        let Ok((v, up)) = visibility.get(world, e) else {
            return true;
        };
        if v == Some(&Visibility::Hidden) {
            return false;
        }
        match up {
            Some(up) => e = up.parent(),
            None => return true,
        }
    };
    let parents: Vec<(Entity, Text, Rect, bool)> = parents
        .into_iter()
        .map(|(e, t, r)| (e, t, r, shown(world, e)))
        .collect();
    for (entity, text, at, visible) in parents {
        if !visible || text.0.trim().is_empty() || at.width() <= 0.0 {
            continue;
        }
        let mut root = entity;
        let mut clip: Option<Rect> = None;
        let mut up = world.query::<&ChildOf>();
        while let Ok(parent) = up.get(world, root) {
            root = parent.parent();
            if let Some((_, r)) = lists.iter().find(|(e, _)| *e == root) {
                clip = Some(clip.map_or(*r, |c| c.intersect(*r)));
            }
        }
        // Scrolled out of its list's view: clipped, not drawn.
        if let Some(clip) = clip {
            let seen = at.intersect(clip);
            if seen.width() <= 0.5 || seen.height() <= 0.5 {
                continue;
            }
        }
        let rect = clip.map_or(at, |c| at.intersect(c));
        out.push(Placed {
            text: text.0,
            cut: at.width() - rect.width(),
            cut_high: at.height() - rect.height(),
            rect,
            root,
        });
    }
    out
}

fn rect(node: &ComputedNode, at: &UiGlobalTransform) -> Rect {
    Rect::from_center_size(at.affine().translation, node.size)
}

/// Fails naming the text that lies outside the window, or (with `apart`) on another panel's.
fn check(app: &mut App, what: &str, apart: bool) {
    let size = app.world().resource::<Screen>().0.as_vec2();
    let window = Rect::from_corners(Vec2::ZERO, size);
    let placed = placed(app);
    assert!(!placed.is_empty(), "{what}: nothing laid out");
    for p in &placed {
        let inside = window.contains(p.rect.min + 0.5) && window.contains(p.rect.max - 0.5);
        assert!(
            inside,
            "{what} at {size}: {:?} lies outside the window at {:?}",
            p.text, p.rect
        );
    }
    if apart {
        for (i, a) in placed.iter().enumerate() {
            for b in &placed[i + 1..] {
                let both = a.rect.intersect(b.rect);
                let overlap = a.root != b.root && both.width() > 1.0 && both.height() > 1.0;
                assert!(!overlap, "{what} at {size}: {:?} lies on {:?}", a.text, b.text);
            }
        }
    }
}

/// `visit` at every window size and text size, with what names a page there ("settings (85%
/// text)").
fn every_window(mut visit: impl FnMut((u32, u32), usize, &dyn Fn(&str) -> String)) {
    for size in SIZES {
        for (text_size, scale) in TEXT_SIZES.iter().enumerate() {
            visit(size, text_size, &|page| format!("{page} ({}% text)", scale * 100.0));
        }
    }
}

#[test]
fn every_title_page_fits_every_window_at_every_text_size() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    every_window(|size, text_size, what| {
        let mut app = app(GameState::Title, size, text_size, &store);
        check(&mut app, &what("the title"), false);
        // New run, then Settings (to its last row), then the history.
        press(&mut app, KeyCode::Enter, "\r");
        check(&mut app, &what("a new run's page"), false);
        press(&mut app, KeyCode::Escape, "");
        press(&mut app, KeyCode::ArrowDown, "");
        press(&mut app, KeyCode::ArrowDown, "");
        press(&mut app, KeyCode::Enter, "\r");
        check(&mut app, &what("settings"), false);
        press(&mut app, KeyCode::End, "");
        check(&mut app, &what("settings at its last row"), false);
        let shown = placed(&mut app);
        assert!(
            shown.iter().any(|p| p.text.contains("Back")),
            "{}: the last row is scrolled into view",
            what("settings")
        );
        // A key already in use: the refusal is on screen.
        press(&mut app, KeyCode::Home, "");
        press(&mut app, KeyCode::Enter, "\r");
        press(&mut app, KeyCode::KeyX, "x");
        check(&mut app, &what("settings refusing a key"), false);
        assert!(
            placed(&mut app).iter().any(|p| p.text.contains("refused")),
            "{}: the refusal is shown",
            what("settings")
        );
        press(&mut app, KeyCode::Escape, "");
        press(&mut app, KeyCode::Escape, "");
        press(&mut app, KeyCode::ArrowDown, "");
        press(&mut app, KeyCode::Enter, "\r");
        check(&mut app, &what("the history"), false);
    });
}

#[test]
fn play_and_every_overlay_fit_every_window_at_every_text_size() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    every_window(|size, text_size, what| {
        let mut app = app(GameState::Playing, size, text_size, &store);
        // A few turns, for the log and the sidebar to have lines.
        for _ in 0..3 {
            press(&mut app, KeyCode::KeyX, "x");
            for _ in 0..40 {
                app.update();
            }
        }
        check(&mut app, &what("play"), true);
        // A full log of long lines: it keeps to the bottom of the window, off the player at the
        // map's middle, and on no other panel's text.
        for n in 0..12 {
            app.world_mut().resource_mut::<Game>().say(format!(
                "Line {n}: the goblin conjurer's blades whirl round you, and the monkey steals a scroll of magic mapping."
            ));
        }
        // The log leaves out its oldest lines a frame at a time until the rest fit whole.
        for _ in 0..3 {
            settle(&mut app);
        }
        check(&mut app, &what("play with a full log"), true);
        let height = size.1 as f32;
        for p in placed(&mut app).iter().filter(|p| p.text.starts_with("Line ")) {
            // Whole lines only, the oldest left out; a single line taller than the panel (a
            // long one wrapped in a small window at large text) is all there is to show.
            assert!(
                p.cut_high < 1.0 || !p.text.contains('\n'),
                "{}: the log's panel cuts {:.0} px of its lines {:?}",
                what("play with a full log"),
                p.cut_high,
                p.text
            );
            assert!(
                p.rect.min.y > height * 0.6,
                "{}: the log reaches {:.0} of {height:.0}, over the player",
                what("play with a full log"),
                p.rect.min.y
            );
        }
        // A crowd in view: the sidebar lists what it has room for and says how many more there
        // are; none runs off the window's bottom unseen.
        {
            let mut game = app.world_mut().resource_mut::<Game>();
            let run = &mut game.0;
            let spots: Vec<delve_core::geom::Pos> = run
                .sight()
                .visible()
                .iter()
                .copied()
                .filter(|&p| p != run.player().at && run.dungeon().level().map.tile(p).is_walkable())
                .filter(|&p| run.dungeon().level().monster_at(p).is_none())
                .take(30)
                .collect();
            let level = run.dungeon_mut().level_mut();
            // Only the crowd: a monster or an item of the level's own in view would be a row not
            // counted.
            level.monsters.clear();
            level.items.clear();
            for (i, at) in spots.into_iter().enumerate() {
                let kind = delve_core::world::Kind::Rat;
                level.monsters.push(delve_core::world::Monster {
                    id: 10_000 + i as u32,
                    kind,
                    at,
                    hp: kind.stats().max_hp,
                    energy: 0,
                    mind: delve_core::world::Mind::Asleep,
                    champion: None,
                });
            }
        }
        settle(&mut app);
        check(&mut app, &what("play with a crowd in view"), true);
        let in_view = delve::screens::playing::sidebar::in_view(app.world().resource::<Game>()).len();
        let shown = placed(&mut app);
        let rows = shown.iter().filter(|p| p.text.contains("(r)")).count();
        let more: usize = shown
            .iter()
            .find_map(|p| p.text.strip_prefix("and ")?.strip_suffix(" more in view")?.parse().ok())
            .unwrap_or(0);
        let sidebar = app
            .world()
            .resource::<delve::screens::playing::sidebar::SidebarShown>()
            .0;
        assert!(
            in_view > 20,
            "{}: a crowd ({in_view})",
            what("play with a crowd in view")
        );
        assert_eq!(
            rows + more,
            if sidebar { in_view } else { 0 },
            "{}: {rows} rows listed and {more} said to be more",
            what("play with a crowd in view")
        );
        app.world_mut()
            .resource_mut::<Game>()
            .dungeon_mut()
            .level_mut()
            .monsters
            .retain(|m| m.id < 10_000);
        settle(&mut app);
        // A full pack (swords do not stack: a row each), for the pack's list at its longest.
        for _ in 0..delve_core::world::SLOTS {
            let sword = delve_core::world::Item::one(delve_core::world::ItemKind::Sword);
            app.world_mut().resource_mut::<Game>().player_mut().pack.add(sword);
        }
        for (key, text, name) in [
            (KeyCode::F1, "", "help"),
            (KeyCode::KeyP, "p", "the log"),
            (KeyCode::KeyM, "m", "the overview"),
            (KeyCode::KeyI, "i", "the pack"),
            (KeyCode::KeyV, "v", "looking"),
        ] {
            press(&mut app, key, text);
            check(&mut app, &what(name), false);
            if name == "help" {
                press(&mut app, KeyCode::End, "");
                check(&mut app, &what("help at its end"), false);
            }
            press(&mut app, KeyCode::Escape, "");
        }
        check(&mut app, &what("play again"), true);
        // Aiming a dart: its prompt stands right of the sidebar, on nothing of the HUD's.
        let darts = delve_core::world::Item {
            kind: delve_core::world::ItemKind::Dart,
            count: 5,
            plus: 0,
            wait: 0,
        };
        let mut game = app.world_mut().resource_mut::<Game>();
        game.player_mut().pack = delve_core::world::Pack::default();
        game.player_mut().pack.add(darts);
        press(&mut app, KeyCode::KeyF, "f");
        press(&mut app, KeyCode::KeyA, "a");
        assert_eq!(
            *app.world().resource::<State<delve::state::Focus>>().get(),
            delve::state::Focus::Aim
        );
        check(&mut app, &what("aiming"), true);
        press(&mut app, KeyCode::Escape, "");
        // The run's summary.
        app.world_mut()
            .resource_mut::<NextState<GameState>>()
            .set(GameState::Ended);
        settle(&mut app);
        check(&mut app, &what("the summary"), true);
    });
}

#[test]
fn a_replay_and_its_bar_fit_every_window_at_every_text_size() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    // A recording of a short run: exploring steps and waits.
    let spec = delve_core::run::RunSpec::seeded(GenParams::new(7, 80, 50, CorridorStyle::Mixed));
    let mut played = spec.begin().unwrap();
    for _ in 0..30 {
        _ = played.play(delve_core::rules::Act::Wait);
    }
    let recording = played.recording().cloned().expect("a recording");
    every_window(|size, text_size, what| {
        let (run, replay) = delve_core::run::Replay::begin(&spec, &recording, None).unwrap();
        let mut app = app(GameState::Title, size, text_size, &store);
        app.insert_resource(delve::screens::playing::replay::ReplayControl::new(
            &run,
            replay,
            delve_core::run::Digest([0; 32]),
        ))
        .insert_resource(Game(run));
        app.world_mut()
            .resource_mut::<NextState<delve::state::Session>>()
            .set(delve::state::Session::Replay);
        app.world_mut()
            .resource_mut::<NextState<GameState>>()
            .set(GameState::Playing);
        settle(&mut app);
        for _ in 0..60 {
            app.update();
        }
        assert!(
            placed(&mut app).iter().any(|p| p.text.starts_with("REPLAY")),
            "{}: the bar is shown",
            what("a replay")
        );
        check(&mut app, &what("a replay"), true);
    });
}

#[test]
fn the_titles_lists_take_the_room_they_have() {
    // Three saved runs, the newest today's daily (a 20-digit seed): Continue, Saved runs (3) and
    // the daily's row join the main page's seven.
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    for (n, seed) in [(1, 11), (2, 12), (3, 0)] {
        let params = if seed == 0 {
            delve_core::run::daily_params(delve::save::today())
        } else {
            GenParams::new(seed, 80, 50, CorridorStyle::Mixed)
        };
        let mut run = delve_core::run::RunSpec::seeded(params).begin().unwrap();
        if seed == 0 {
            run.mark_daily(&delve::save::today().to_string());
        }
        let bytes = delve_core::save::format::encode(&delve_core::save::SavedRun::capture(&run));
        store
            .write(delve::save::Slot::Run(delve::save::RunId(n)), &bytes)
            .unwrap();
    }
    let rows = [
        "Continue",
        "Saved runs (3)",
        "New run",
        "Continue today's daily",
        "Settings",
        "Run history",
        "High scores",
        "Feats",
        "Quit",
    ];
    every_window(|size, text_size, what| {
        let mut app = app(GameState::Title, size, text_size, &store);
        check(&mut app, &what("the title with saved runs"), false);
        let shown = placed(&mut app);
        let line_of = |row: &str| shown.iter().find(|p| p.text.starts_with(row)).map(|p| p.rect);
        // Where the window has the room (all but the smallest at the largest texts), every row
        // is shown, each on one line: a list takes the room it has.
        if size.1 >= 800 || text_size <= 1 {
            for row in rows {
                let at = line_of(row).unwrap_or_else(|| panic!("{}: {row:?} not shown", what("the title")));
                let line = line_of("New run").unwrap().height();
                assert!(
                    at.height() < line * 1.5,
                    "{}: {row:?} takes more than a line",
                    what("the title")
                );
            }
        }
        // The saved runs' page lists all three.
        press(&mut app, KeyCode::ArrowDown, "");
        press(&mut app, KeyCode::Enter, "\r");
        check(&mut app, &what("saved runs"), false);
        let listed = placed(&mut app)
            .iter()
            .filter(|p| p.text.contains(", depth 1, turn 0"))
            .count();
        assert_eq!(listed, 3, "{}: every saved run listed", what("saved runs"));
    });
}

#[test]
fn a_runs_story_fits_every_window_at_every_text_size() {
    // A bot's run, retired into the history with its story and recording kept.
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    let spec = delve_core::run::RunSpec::seeded(GenParams::new(4, 80, 50, CorridorStyle::Mixed));
    let mut run = spec.begin().unwrap().with_sight(delve_core::fov::DEFAULT_RADIUS);
    delve_core::bot::Bot::player().play_until(&mut run, 400);
    delve::save::retire(&store, &delve::save::SaveSlot::fresh(&store), &run);
    every_window(|size, text_size, what| {
        let mut app = app(GameState::Title, size, text_size, &store);
        // Run history (below New run, Daily dungeon and Settings), the run, its story.
        for _ in 0..3 {
            press(&mut app, KeyCode::ArrowDown, "");
        }
        press(&mut app, KeyCode::Enter, "\r");
        press(&mut app, KeyCode::Enter, "\r");
        check(&mut app, &what("a run's story"), false);
        let shown = placed(&mut app);
        assert!(
            shown.iter().any(|p| p.text.contains("The story of a run of Delve")),
            "{}: the story is shown",
            what("a run's story")
        );
        for p in &shown {
            assert!(
                p.cut < 1.0,
                "{}: {:?} is cut {:.0} px wide by its panel",
                what("a run's story"),
                p.text,
                p.cut
            );
        }
    });
}
