//! The game camera: made when play starts at the settings' zoom, zoomed by key, gliding after
//! the player; and the few frames drawn after play starts so that a new run settles on screen
//! without input.

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use leafwing_input_manager::prelude::ActionState;

use crate::action::Action;
use crate::actor::Player;
use crate::render::space::TILE_PX;
use crate::state::GameState;
use crate::turn::TurnSet;

/// Screen pixels per world pixel, from the first zoom step.
pub const ZOOMS: [f32; 4] = [1.0, 2.0, 3.0, 4.0];

/// The game camera, with its zoom step.
#[derive(Component, Debug, Default)]
pub struct GameCamera {
    pub zoom: usize,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Settling>()
        .add_systems(
            OnEnter(GameState::Playing),
            (spawn_camera, start_settling).in_set(crate::turn::Entering::World),
        )
        .add_systems(Update, draw_while_settling.run_if(in_state(GameState::Playing)))
        .add_systems(
            Update,
            (zoom_camera, follow_player)
                .chain()
                .after(super::sprites::PlaceSprites)
                .in_set(TurnSet::Show),
        );
}

/// Frames still to be drawn after play starts: the window redraws only on events, and a new run
/// begun without one (the browser lab panel's "New level") takes a few frames to settle (the
/// level drawn, the lab's view of it worked out, then drawn).
#[derive(Resource, Debug, Default)]
struct Settling(u8);

fn start_settling(mut settling: ResMut<Settling>) {
    settling.0 = 4;
}

fn draw_while_settling(mut settling: ResMut<Settling>, mut redraw: MessageWriter<RequestRedraw>) {
    if settling.0 > 0 {
        settling.0 -= 1;
        redraw.write(RequestRedraw);
    }
}

fn spawn_camera(mut commands: Commands, settings: Res<crate::settings::Settings>) {
    let zoom = settings.zoom.min(ZOOMS.len() - 1);
    commands.spawn((
        Name::new("Camera"),
        DespawnOnExit(GameState::Playing),
        crate::ui::plain_camera(),
        GameCamera { zoom },
        Projection::Orthographic(OrthographicProjection {
            scale: 1.0 / ZOOMS[zoom],
            ..OrthographicProjection::default_2d()
        }),
    ));
}

fn zoom_camera(
    actions: Single<&ActionState<Action>, With<Player>>,
    mut camera: Single<(&mut GameCamera, &mut Projection)>,
) {
    let (ref mut cam, ref mut projection) = *camera;
    let zoom = if actions.just_pressed(&Action::ZoomIn) {
        (cam.zoom + 1).min(ZOOMS.len() - 1)
    } else if actions.just_pressed(&Action::ZoomOut) {
        cam.zoom.saturating_sub(1)
    } else {
        return;
    };
    cam.zoom = zoom;
    if let Projection::Orthographic(ortho) = &mut **projection {
        ortho.scale = 1.0 / ZOOMS[zoom];
    }
}

/// Glides the camera to the player, who stands in the middle of the map the panels leave
/// uncovered (right of the sidebar); keeps asking for frames only while it is still moving.
fn follow_player(
    time: Res<Time>,
    player: Single<&Transform, (With<Player>, Without<GameCamera>)>,
    mut camera: Single<(&mut Transform, &Projection), With<GameCamera>>,
    cover: Option<Res<crate::ui::layout::MapCover>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let (ref mut camera, projection) = *camera;
    let world_per_pixel = match projection {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    };
    // Half the covered width to the left of the player: the player is centred in what is left.
    let aside = cover.map_or(0.0, |c| c.left / 2.0) * world_per_pixel;
    let target = player.translation.truncate() - Vec2::new(aside, 0.0);
    let here = camera.translation.truncate();
    let gap = target - here;
    // A jump (the first frame) is taken at once; a step is glided.
    if gap.length() < 0.5 || gap.length() > TILE_PX * 24.0 {
        if gap != Vec2::ZERO {
            camera.translation = target.extend(camera.translation.z);
        }
        return;
    }
    // Exponential ease: most of the way in about a tenth of a second, whatever the frame rate.
    let t = 1.0 - (-time.delta_secs().min(0.1) * 18.0).exp();
    camera.translation = (here + gap * t).extend(camera.translation.z);
    redraw.write(RequestRedraw);
}
