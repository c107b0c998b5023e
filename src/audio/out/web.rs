//! The browser's sound: Web Audio. A page may make sound only after the player has pressed a key
//! or touched it, so the audio context is made by the first key, click or tap (a listener on the
//! page, in the gesture itself); until then nothing is played. Each sound's samples (`synth`)
//! become an `AudioBuffer` the first time it plays; the ambience is a looped one.

use std::cell::RefCell;
use std::collections::HashMap;

use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::{AudioBuffer, AudioBufferSourceNode, AudioContext, AudioContextState, GainNode};

use crate::audio::sound::{Cue, Sound};
use crate::audio::synth;

thread_local! {
    /// The page's audio context, once a gesture has made it.
    static CONTEXT: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
}

/// The context, if a gesture has made it and it runs.
fn context() -> Option<AudioContext> {
    CONTEXT
        .with(|c| c.borrow().clone())
        .filter(|c| c.state() == AudioContextState::Running)
}

/// Makes the audio context (or wakes it) in the player's gesture.
fn wake() {
    CONTEXT.with(|c| {
        let mut c = c.borrow_mut();
        match &*c {
            Some(context) => {
                if context.state() == AudioContextState::Suspended {
                    _ = context.resume();
                }
            }
            None => match AudioContext::new() {
                Ok(context) => *c = Some(context),
                Err(e) => {
                    web_sys::console::warn_1(&format!("sound: no Web Audio ({e:?}); playing silent").into());
                }
            },
        }
    });
}

/// The game's side of Web Audio.
pub struct Speaker {
    made: HashMap<(Sound, bool), AudioBuffer>,
    /// The ambience playing (its depth and source), and its gain node.
    bed: Option<(u32, AudioBufferSourceNode)>,
    bed_gain: Option<GainNode>,
    bed_level: f32,
}

impl Speaker {
    /// Listens for the first gesture (the context is made in it).
    pub fn open() -> Speaker {
        if let Some(window) = web_sys::window() {
            let gesture = Closure::<dyn FnMut()>::new(wake);
            for event in ["keydown", "pointerdown", "touchend"] {
                _ = window.add_event_listener_with_callback(event, gesture.as_ref().unchecked_ref());
            }
            // Kept for the page's life.
            gesture.forget();
        }
        Speaker {
            made: HashMap::new(),
            bed: None,
            bed_gain: None,
            bed_level: -1.0,
        }
    }

    /// The buffer of `samples` in `context`.
    fn buffer(context: &AudioContext, samples: &[f32]) -> Option<AudioBuffer> {
        let buffer = context
            .create_buffer(1, samples.len() as u32, synth::RATE as f32)
            .ok()?;
        buffer.copy_to_channel(samples, 0).ok()?;
        Some(buffer)
    }

    pub fn play(&mut self, cue: Cue, gain: f32) {
        let Some(context) = context() else { return };
        let key = (cue.sound, cue.muffled);
        if let std::collections::hash_map::Entry::Vacant(slot) = self.made.entry(key) {
            let plain = synth::render(cue.sound);
            let samples = if cue.muffled { synth::muffle(&plain) } else { plain };
            let Some(buffer) = Self::buffer(&context, &samples) else {
                return;
            };
            slot.insert(buffer);
        }
        let played = (|| -> Result<(), wasm_bindgen::JsValue> {
            let source = context.create_buffer_source()?;
            source.set_buffer(self.made.get(&key));
            let level = context.create_gain()?;
            level.gain().set_value(gain);
            source.connect_with_audio_node(&level)?;
            level.connect_with_audio_node(&context.destination())?;
            source.start()
        })();
        if let Err(e) = played {
            web_sys::console::warn_1(&format!("sound: {} not played ({e:?})", cue.sound.key()).into());
        }
    }

    pub fn ambience(&mut self, depth: Option<u32>, gain: f32) {
        let Some(context) = context() else { return };
        if self.bed_gain.is_none() {
            let Ok(node) = context.create_gain() else { return };
            node.gain().set_value(0.0);
            if node.connect_with_audio_node(&context.destination()).is_err() {
                return;
            }
            self.bed_gain = Some(node);
        }
        let Some(node) = &self.bed_gain else { return };
        if self.bed_level != gain {
            self.bed_level = gain;
            _ = node.gain().set_target_at_time(gain, context.current_time(), 0.3);
        }
        if self.bed.as_ref().map(|b| b.0) == depth {
            return;
        }
        if let Some((_, old)) = self.bed.take() {
            let old: &web_sys::AudioScheduledSourceNode = &old;
            _ = old.stop();
        }
        let Some(depth) = depth else { return };
        let Some(buffer) = Self::buffer(&context, &synth::ambience(depth)) else {
            return;
        };
        let Ok(source) = context.create_buffer_source() else {
            return;
        };
        source.set_buffer(Some(&buffer));
        source.set_loop(true);
        if source.connect_with_audio_node(node).is_ok() && source.start().is_ok() {
            self.bed = Some((depth, source));
        }
    }
}
