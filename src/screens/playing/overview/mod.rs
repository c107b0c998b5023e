//! Seeing the whole level: the overview map (M or Tab), the remembered level scaled to fit the
//! window with you, the stairs, keys and the Heartstone marked; and a corner minimap of the same
//! picture (Shift+M hides or shows it). Clicking either travels to the tile clicked, as clicking
//! the map does.
//!
//! One picture serves both: `picture::Picture`, painted from the player's memory (whole on a new
//! level, then only where the view was or is) and sent to the GPU only while something shows it:
//! whole for a new level, and after a turn only the rectangle the view repainted (`upload`).

pub mod picture;
mod upload;

use crate::screens::playing::floor::focus::toggle_with;
use crate::screens::playing::floor::pointer::OverMap;
use crate::ui::spoken::Spoken;
use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy::ui::RelativeCursorPosition;
use bevy::window::PrimaryWindow;
use leafwing_input_manager::prelude::ActionState;

use self::picture::{Landmark, Picture, Region, landmarks, stairs_of};
use self::upload::{Patch, PicturePatches};
use delve_core::geom::Pos;
use delve_core::map::TileMap;
use delve_core::rules::Effect;

use crate::action::Action;
use crate::actor::Player;
use crate::player::command::TravelRequest;
use crate::state::{Focus, GameState};
use crate::turn::{Game, Happened, TurnSet};
use crate::ui::layers;
use crate::ui::palette;
use crate::ui::scale;
use crate::ui::widgets::{label, swatch};

/// The remembered level as a picture, and its GPU image.
#[derive(Resource, Debug)]
pub(crate) struct MapPicture {
    pub picture: Picture,
    /// The level painted, `None` until the first painting of a run.
    depth: Option<u32>,
    /// The stairs of that level.
    stairs: Vec<(Pos, Landmark)>,
    image: Handle<Image>,
    /// What of the picture changed since it was last sent to the GPU.
    stale: Stale,
}

/// What of the picture the GPU has not been sent yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stale {
    Nothing,
    /// A rectangle (the views since it was last sent).
    Region(Region),
    /// All of it (a new level).
    Whole,
}

impl Stale {
    /// Also `region`.
    fn and(self, region: Option<Region>) -> Stale {
        match (self, region) {
            (Stale::Whole, _) | (_, None) => self,
            (Stale::Nothing, Some(r)) => Stale::Region(r),
            (Stale::Region(a), Some(b)) => Stale::Region(a.union(b)),
        }
    }
}

/// Whether the corner minimap is shown (Shift+M).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct MinimapShown(pub bool);

impl Default for MinimapShown {
    fn default() -> Self {
        MinimapShown(true)
    }
}

/// The overview map's overlay (present while it is open).
#[derive(Component, Debug)]
pub struct OverviewMap;

/// The minimap's panel.
#[derive(Component, Debug)]
struct Minimap;

/// A node showing the map picture, `scale` screen pixels per tile; its children are the markers.
#[derive(Component, Debug)]
pub(crate) struct PictureNode {
    scale: f32,
}

/// The least width of a marker, in pixels (on a picture of a tile a pixel, the marker is wider
/// than its tile).
const MARKER_LEAST: f32 = 6.0;

/// One marker over a picture.
#[derive(Component, Debug)]
struct Marker;

/// The most a minimap takes of the corner, in screen pixels.
const MINIMAP_BOX: Vec2 = Vec2::new(240.0, 150.0);

pub fn plugin(app: &mut App) {
    app.add_plugins(upload::plugin)
        .init_resource::<MinimapShown>()
        .add_systems(
            OnEnter(GameState::Playing),
            (forget_picture, spawn_minimap)
                .chain()
                .in_set(crate::turn::Entering::View),
        )
        .add_systems(OnEnter(Focus::Overview), show_overview)
        .add_systems(
            Update,
            (
                click_picture.in_set(TurnSet::Input),
                (
                    paint_picture,
                    toggle_with(Action::Overview, Focus::Overview),
                    show_minimap,
                    upload_picture,
                    place_markers,
                )
                    .chain()
                    .in_set(TurnSet::Show),
            ),
        );
}

/// A new run paints its picture from scratch, on a new image of its levels' size (every level
/// of a run has one size; an image is never resized in place, which the GPU side would not
/// follow).
fn forget_picture(mut commands: Commands, mut images: ResMut<Assets<Image>>, game: Res<Game>) {
    let dungeon = &game.dungeon();
    let map = &dungeon.level().map;
    let picture = Picture::paint(map.width(), map.height(), None);
    commands.insert_resource(MapPicture {
        image: images.add(gpu_image(&picture)),
        picture,
        depth: None,
        stairs: Vec::new(),
        stale: Stale::Whole,
    });
}

fn gpu_image(picture: &Picture) -> Image {
    Image::new(
        Extent3d {
            width: picture.width,
            height: picture.height,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        picture.rgba.clone(),
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD | RenderAssetUsages::MAIN_WORLD,
    )
}

/// Paints the whole level when one is entered, then what the view was or is each turn.
fn paint_picture(game: Res<Game>, mut picture: ResMut<MapPicture>, mut happened: MessageReader<Happened>) {
    let dungeon = &game.dungeon();
    let view = game.sight();
    let depth = dungeon.depth();
    let map = &dungeon.level().map;
    let memory = game.player().memory.level(depth);
    // A magic map fills the memory beyond the view: painted whole, as a new level is.
    let mapped = happened.read().any(|h| h.0.effect == Effect::Mapped);
    // Every level of a run has the size `forget_picture` gave the picture.
    if picture.depth != Some(depth) || mapped {
        picture.picture = Picture::paint(map.width(), map.height(), memory);
        picture.stairs = stairs_of(map);
        picture.depth = Some(depth);
        picture.stale = Stale::Whole;
    } else if game.is_changed()
        && let Some(memory) = memory
    {
        let spots = view.previous().iter().chain(view.visible()).copied();
        let repainted = picture.picture.repaint(memory, spots);
        picture.stale = picture.stale.and(repainted);
    }
}

/// Whether the minimap's and overview's picture shows map tile `p` (as remembered). For tests
/// and tools; the game never reads its drawing.
pub fn pictured(world: &World, p: Pos) -> bool {
    world.get_resource::<MapPicture>().is_some_and(|m| {
        let picture = &m.picture;
        let inside = p.x >= 0 && p.y >= 0 && (p.x as u32) < picture.width && (p.y as u32) < picture.height;
        let i = (p.y as usize * picture.width as usize + p.x as usize) * 4;
        inside && picture.rgba[i..i + 4] != picture::colour(None)
    })
}

/// Sends the picture to the GPU, when it changed and something shows it: whole (a new level), or
/// only the rectangle repainted since it was last sent (a turn). The image's own copy of the
/// pixels is kept in step without marking it changed, which would send it whole.
fn upload_picture(
    mut picture: ResMut<MapPicture>,
    mut images: ResMut<Assets<Image>>,
    mut patches: ResMut<PicturePatches>,
    nodes: Query<&InheritedVisibility, With<PictureNode>>,
) {
    if picture.stale == Stale::Nothing || !nodes.iter().any(|v| v.get()) {
        return;
    }
    let stale = std::mem::replace(&mut picture.stale, Stale::Nothing);
    // Same size as the picture (one image per run, made with it), and made with its data.
    match stale {
        Stale::Nothing => {}
        Stale::Whole => {
            if let Some(image) = images.get_mut(&picture.image)
                && let Some(data) = &mut image.into_inner().data
            {
                data.copy_from_slice(&picture.picture.rgba);
            }
        }
        Stale::Region(region) => {
            let pixels = picture.picture.pixels_of(region);
            if let Some(image) = images.get_mut_untracked(&picture.image)
                && let Some(data) = &mut image.data
            {
                picture.picture.put_pixels(data, region, &pixels);
            }
            patches.0.push(Patch {
                image: picture.image.id(),
                region,
                pixels,
            });
        }
    }
}

/// Screen pixels per tile that fit a `width` x `height` level into `room`: whole pixels when
/// there is room for at least one per tile, so that tiles stay crisp.
pub(crate) fn fit_scale(width: u32, height: u32, room: Vec2) -> f32 {
    let s = (room.x / width as f32).min(room.y / height as f32);
    if s >= 1.0 { s.floor() } else { s }
}

/// A node showing the picture of `map` at `scale`, with its markers as children.
fn picture_node(picture: &MapPicture, map: &TileMap, scale: f32) -> impl Bundle {
    (
        PictureNode { scale },
        OverMap::WhenHovered,
        RelativeCursorPosition::default(),
        ImageNode::new(picture.image.clone()),
        Node {
            width: px(map.width() as f32 * scale),
            height: px(map.height() as f32 * scale),
            ..default()
        },
        // The level's bounds, where nothing is known yet.
        BackgroundColor(palette::PICTURE_FRAME),
    )
}

fn spawn_minimap(mut commands: Commands, game: Res<Game>, picture: Res<MapPicture>, shown: Res<MinimapShown>) {
    let dungeon = &game.dungeon();
    let map = &dungeon.level().map;
    let scale = fit_scale(map.width(), map.height(), MINIMAP_BOX);
    commands.spawn((
        Name::new("Minimap"),
        Minimap,
        DespawnOnExit(GameState::Playing),
        Node {
            position_type: PositionType::Absolute,
            bottom: px(0),
            right: px(0),
            padding: UiRect::all(px(4)),
            ..default()
        },
        BackgroundColor(palette::PANEL),
        if shown.0 {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        },
        children![picture_node(&picture, map, scale)],
    ));
}

/// Shift+M hides or shows the minimap; it also hides while the overview is open, and starts
/// hidden in a narrow window (a phone upright), where it would squeeze the log into a column.
fn show_minimap(
    actions: Single<&ActionState<Action>, With<Player>>,
    mut shown: ResMut<MinimapShown>,
    mut panel: Single<&mut Visibility, With<Minimap>>,
    open: Query<(), With<OverviewMap>>,
    (window, ui_scale): (Single<&Window, With<PrimaryWindow>>, Option<Res<UiScale>>),
    mut was_narrow: Local<Option<bool>>,
) {
    let narrow = crate::ui::layout::is_narrow(window.resolution.width(), ui_scale.map_or(1.0, |s| s.0));
    if *was_narrow != Some(narrow) {
        *was_narrow = Some(narrow);
        shown.0 = !narrow;
    }
    if actions.just_pressed(&Action::Minimap) {
        shown.0 = !shown.0;
    }
    // The overview map shows all the minimap would, bigger: the minimap makes way for it.
    let visible = if shown.0 && open.is_empty() {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    panel.set_if_neq(visible);
}

/// The overview map (M or Tab opens it, M, Tab or Esc closes it: `overlays::toggle_with`),
/// gone when its focus goes.
fn show_overview(
    mut commands: Commands,
    window: Single<&Window, With<PrimaryWindow>>,
    game: Res<Game>,
    picture: Res<MapPicture>,
    settings: Res<crate::settings::Settings>,
    ui_scale: Option<Res<UiScale>>,
) {
    let dungeon = &game.dungeon();
    let map = &dungeon.level().map;
    // In interface pixels (the text size scales them), less room for the title and the legend
    // (two lines of it on a narrow window).
    let ui = ui_scale.map_or(1.0, |s| s.0);
    let room = (Vec2::new(window.width(), window.height()) * 0.94 / ui - Vec2::new(0.0, 120.0)).max(Vec2::splat(40.0));
    let scale = fit_scale(map.width(), map.height(), room);
    let title = format!(
        "Depth {} of {}: what you remember  (click a place to travel there; {} or {} closes)",
        dungeon.depth(),
        dungeon.deepest(),
        settings.bindings.key(Action::Overview),
        settings.bindings.key(Action::Cancel)
    );
    commands
        .spawn((
            Name::new("Overview map"),
            OverviewMap,
            OverMap::Whole,
            DespawnOnExit(Focus::Overview),
            GlobalZIndex(layers::OVERVIEW),
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                height: percent(100),
                flex_direction: FlexDirection::Column,
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                row_gap: px(8),
                ..default()
            },
            BackgroundColor(palette::OVERVIEW),
            // A screen reader hears the title and the legend (the picture is `whereabouts`' in
            // words).
            Spoken::new(
                std::iter::once(title.clone())
                    .chain(Landmark::ALL.iter().map(|m| m.name().to_owned()))
                    .chain(picture::LEGEND_TILES.iter().map(|(_, name)| (*name).to_owned())),
            ),
        ))
        .with_children(|overlay| {
            overlay.spawn(label(title, scale::BODY, palette::TEXT));
            overlay.spawn(picture_node(&picture, map, scale));
            overlay
                .spawn(Node {
                    column_gap: px(16),
                    row_gap: px(4),
                    align_items: AlignItems::Center,
                    justify_content: JustifyContent::Center,
                    // On a narrow window the legend takes two lines rather than running off.
                    flex_wrap: FlexWrap::Wrap,
                    max_width: percent(94),
                    ..default()
                })
                .with_children(|legend| {
                    // Each swatch and its name are one entry: the legend wraps between entries,
                    // never between a swatch and its name (a swatch ended one line, its name began
                    // the next).
                    let entries = Landmark::ALL
                        .iter()
                        .map(|&mark| (marker_colour(mark), mark.name()))
                        // The tiles whose colour is not plain: doors, and the locked ones.
                        .chain(picture::LEGEND_TILES.iter().map(|&(tile, name)| {
                            let [r, g, b, _] = picture::colour(Some(tile));
                            (Color::srgb_u8(r, g, b), name)
                        }));
                    for (colour, name) in entries {
                        legend.spawn((
                            Node {
                                column_gap: px(6),
                                align_items: AlignItems::Center,
                                ..default()
                            },
                            children![swatch(colour, 10.0), label(name, scale::SMALL, palette::LEGEND_TEXT)],
                        ));
                    }
                });
        });
}

fn marker_colour(mark: Landmark) -> Color {
    palette::rgb(mark.colour())
}

/// Puts the landmarks over every picture node, again whenever the picture or the player moved.
fn place_markers(
    mut commands: Commands,
    game: Res<Game>,
    picture: Res<MapPicture>,
    nodes: Query<(Entity, Ref<PictureNode>, Option<&Children>)>,
    markers: Query<(), With<Marker>>,
) {
    let dungeon = &game.dungeon();
    let (at, memory) = (game.player().at, &game.player().memory);
    let mut marks: Option<Vec<(Pos, Landmark)>> = None;
    for (node, info, children) in &nodes {
        if !(picture.is_changed() || info.is_added()) {
            continue;
        }
        let marks =
            marks.get_or_insert_with(|| landmarks(dungeon.level(), memory.level(dungeon.depth()), &picture.stairs, at));
        for child in children.into_iter().flatten() {
            if markers.contains(*child) {
                commands.entity(*child).despawn();
            }
        }
        let size = info.scale.max(MARKER_LEAST);
        commands.entity(node).with_children(|layer| {
            for &(p, mark) in marks.iter() {
                let centre = (Vec2::new(p.x as f32, p.y as f32) + 0.5) * info.scale - size / 2.0;
                layer.spawn((
                    Marker,
                    Node {
                        position_type: PositionType::Absolute,
                        left: px(centre.x),
                        top: px(centre.y),
                        width: px(size),
                        height: px(size),
                        border: UiRect::all(px(1)),
                        ..default()
                    },
                    BorderColor::all(palette::MARKER_EDGE),
                    BackgroundColor(marker_colour(mark)),
                ));
            }
        });
    }
}

/// The tile of a `width` x `height` picture under a cursor at `normalized` (-0.5 top left to
/// 0.5 bottom right of the picture's node).
pub(crate) fn tile_in_picture(width: u32, height: u32, normalized: Vec2) -> Pos {
    let at = (normalized + 0.5) * Vec2::new(width as f32, height as f32);
    Pos::new(at.x.floor() as i32, at.y.floor() as i32)
}

/// The tile a click on `tile` of a picture drawn `scale` pixels a tile means: the landmark whose
/// marker was clicked (a marker is at least `MARKER_LEAST` pixels wide, wider than its tile on a
/// small picture; the nearest, if markers overlap), else the tile itself.
pub(crate) fn clicked_tile(tile: Pos, scale: f32, marks: &[(Pos, Landmark)]) -> Pos {
    let reach = (MARKER_LEAST.max(scale) / scale / 2.0).floor() as i32;
    marks
        .iter()
        .filter(|&&(p, mark)| mark != Landmark::You && (p.x - tile.x).abs() <= reach && (p.y - tile.y).abs() <= reach)
        .min_by_key(|&&(p, _)| (p.x - tile.x).pow(2) + (p.y - tile.y).pow(2))
        .map_or(tile, |&(p, _)| p)
}

/// A click or tap on a known tile of a map picture travels there (and closes the overview); on a
/// marker, to what it marks.
fn click_picture(
    (buttons, touches): (Option<Res<ButtonInput<MouseButton>>>, Option<Res<Touches>>),
    nodes: Query<(&RelativeCursorPosition, &InheritedVisibility, &PictureNode)>,
    picture: Res<MapPicture>,
    game: Res<Game>,
    focus: Option<Res<State<Focus>>>,
    mut next: ResMut<NextState<Focus>>,
    mut walks: MessageWriter<TravelRequest>,
) {
    let dungeon = &game.dungeon();
    let memory = &game.player().memory;
    let clicked = buttons.is_some_and(|b| b.just_pressed(MouseButton::Left));
    let tapped = touches.is_some_and(|t| t.any_just_pressed());
    if !(clicked || tapped) {
        return;
    }
    let map = &dungeon.level().map;
    for (cursor, shown, node) in &nodes {
        let Some(n) = cursor.normalized.filter(|_| shown.get() && cursor.cursor_over()) else {
            continue;
        };
        let marks = landmarks(
            dungeon.level(),
            memory.level(dungeon.depth()),
            &picture.stairs,
            game.player().at,
        );
        let tile = clicked_tile(tile_in_picture(map.width(), map.height(), n), node.scale, &marks);
        if memory.level(dungeon.depth()).is_some_and(|m| m.is_explored(tile)) {
            walks.write(TravelRequest::To(tile));
            if focus.as_ref().is_some_and(|f| *f.get() == Focus::Overview) {
                next.set(Focus::Map);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scales_fit_and_stay_whole_when_they_can() {
        assert_eq!(fit_scale(80, 50, Vec2::new(1200.0, 700.0)), 14.0);
        assert_eq!(fit_scale(80, 50, MINIMAP_BOX), 3.0);
        let big = fit_scale(1024, 1024, Vec2::new(1200.0, 700.0));
        assert!((big - 700.0 / 1024.0).abs() < 1e-6);
        for (w, h) in [(20, 15), (80, 50), (256, 256), (1024, 300)] {
            let s = fit_scale(w, h, MINIMAP_BOX);
            assert!(
                w as f32 * s <= MINIMAP_BOX.x && h as f32 * s <= MINIMAP_BOX.y,
                "{w}x{h}"
            );
        }
    }

    #[test]
    fn a_point_of_the_picture_is_the_tile_drawn_there() {
        for (w, h) in [(80, 50), (20, 15), (1024, 1024)] {
            assert_eq!(tile_in_picture(w, h, Vec2::splat(-0.5)), Pos::new(0, 0));
            assert_eq!(
                tile_in_picture(w, h, Vec2::splat(0.4999)),
                Pos::new(w as i32 - 1, h as i32 - 1)
            );
            // The centre of tile (x, y) is at ((x + 0.5) / w - 0.5, ...).
            for (x, y) in [(3, 4), (w as i32 / 2, h as i32 - 2)] {
                let n = Vec2::new((x as f32 + 0.5) / w as f32 - 0.5, (y as f32 + 0.5) / h as f32 - 0.5);
                assert_eq!(tile_in_picture(w, h, n), Pos::new(x, y));
            }
        }
    }

    #[test]
    fn a_click_on_a_marker_goes_to_what_it_marks() {
        let marks = [
            (Pos::new(10, 10), Landmark::Item),
            (Pos::new(13, 10), Landmark::StairsDown),
            (Pos::new(11, 10), Landmark::You),
        ];
        // Two pixels a tile: a marker is six wide, a tile either side of its own.
        assert_eq!(clicked_tile(Pos::new(9, 11), 2.0, &marks), Pos::new(10, 10));
        assert_eq!(clicked_tile(Pos::new(12, 10), 2.0, &marks), Pos::new(13, 10));
        assert_eq!(
            clicked_tile(Pos::new(20, 20), 2.0, &marks),
            Pos::new(20, 20),
            "no marker there"
        );
        // Yourself is no place to go: the tile beside you is the one clicked.
        assert_eq!(clicked_tile(Pos::new(11, 11), 2.0, &marks), Pos::new(10, 10));
        // A tile eight pixels wide is bigger than its marker: the tile clicked is the tile.
        assert_eq!(clicked_tile(Pos::new(9, 10), 8.0, &marks), Pos::new(9, 10));
        assert_eq!(clicked_tile(Pos::new(10, 10), 8.0, &marks), Pos::new(10, 10));
    }
}
