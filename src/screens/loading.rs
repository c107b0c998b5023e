//! The loading screen: a line while the assets load (`assets`), and the screen that says which
//! file would not load and stops, if one would not.

use crate::ui::spoken::Spoken;
use bevy::prelude::*;
use bevy::window::RequestRedraw;

use crate::assets::LoadFailures;
use crate::state::GameState;
use crate::ui::{palette, scale};

pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(GameState::Loading), show_loading)
        .add_systems(Update, keep_loading.run_if(in_state(GameState::Loading)))
        .add_systems(OnEnter(GameState::LoadFailed), show_load_failure);
}

fn centred_text(commands: &mut Commands, text: String, colour: Color, state: GameState) {
    commands.spawn((
        DespawnOnExit(state),
        Spoken::new([text.clone()]),
        Node {
            width: percent(100),
            height: percent(100),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            padding: UiRect::all(px(24)),
            ..default()
        },
        children![(
            Text::new(text),
            TextFont::from_font_size(scale::TITLE),
            TextColor(colour),
            TextLayout::justify(Justify::Center)
        )],
    ));
}

fn show_loading(mut commands: Commands) {
    commands.spawn((DespawnOnExit(GameState::Loading), crate::ui::plain_camera()));
    centred_text(
        &mut commands,
        "Loading Delve...".into(),
        palette::LOADING,
        GameState::Loading,
    );
}

/// The window redraws only on input while playing; loading needs frames to make progress.
fn keep_loading(mut redraw: MessageWriter<RequestRedraw>) {
    redraw.write(RequestRedraw);
}

fn show_load_failure(mut commands: Commands, failures: Res<LoadFailures>) {
    let detail = failures.describe("\n");
    error!("Delve cannot start: {detail}");
    commands.spawn((DespawnOnExit(GameState::LoadFailed), crate::ui::plain_camera()));
    centred_text(
        &mut commands,
        format!(
            "Delve cannot start: a file it needs would not load.\n\n{detail}\n\nReinstall the game's assets folder and try again."
        ),
        palette::LOAD_FAILED,
        GameState::LoadFailed,
    );
}
