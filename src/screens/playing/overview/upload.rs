//! Sending the map picture's changes to the GPU: a turn repaints a few pixels of the picture (the
//! view that was and is), and only the rectangle holding them is written into the texture, from
//! the render world, as a patch. A new level's picture is sent whole, as an image is.

use bevy::prelude::*;
use bevy::render::render_asset::RenderAssets;
use bevy::render::render_resource::{Extent3d, Origin3d, TexelCopyBufferLayout, TexelCopyTextureInfo, TextureAspect};
use bevy::render::renderer::RenderQueue;
use bevy::render::texture::GpuImage;
use bevy::render::{ExtractSchedule, MainWorld, Render, RenderApp, RenderSystems};

use super::picture::Region;

/// Rectangles of pictures to write into their textures: filled in the main world, taken (each
/// once) by the render world.
#[derive(Resource, Debug, Default)]
pub(crate) struct PicturePatches(pub Vec<Patch>);

/// One rectangle of an image's new pixels (four bytes each, row by row).
#[derive(Debug)]
pub(crate) struct Patch {
    pub image: AssetId<Image>,
    pub region: Region,
    pub pixels: Vec<u8>,
}

/// The patches, and the render world's side of them (when there is one).
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PicturePatches>();
    let Some(render) = app.get_sub_app_mut(RenderApp) else {
        return;
    };
    render
        .init_resource::<PicturePatches>()
        .add_systems(ExtractSchedule, take_patches)
        .add_systems(Render, write_patches.in_set(RenderSystems::PrepareResources));
}

/// Moves this frame's patches out of the main world, so that each is written once.
fn take_patches(mut main: ResMut<MainWorld>, mut patches: ResMut<PicturePatches>) {
    if let Some(mut sent) = main.get_resource_mut::<PicturePatches>()
        && !sent.0.is_empty()
    {
        patches.0.append(&mut sent.0);
    }
}

/// Writes each patch into its texture. An image not on the GPU yet has nothing to patch: it is
/// sent whole from its data, which the main world keeps up to date.
fn write_patches(mut patches: ResMut<PicturePatches>, images: Res<RenderAssets<GpuImage>>, queue: Res<RenderQueue>) {
    for patch in patches.0.drain(..) {
        let Some(gpu) = images.get(patch.image) else {
            continue;
        };
        let Region { x, y, width, height } = patch.region;
        queue.write_texture(
            TexelCopyTextureInfo {
                texture: &gpu.texture,
                mip_level: 0,
                origin: Origin3d { x, y, z: 0 },
                aspect: TextureAspect::All,
            },
            &patch.pixels,
            TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(width * 4),
                rows_per_image: Some(height),
            },
            Extent3d {
                width,
                height,
                depth_or_array_layers: 1,
            },
        );
    }
}
