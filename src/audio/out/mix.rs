//! The desktop's mixer: the sounds playing and the ambience's loop summed into the blocks the
//! device is given. The sounds are made (`synth`) the first time each is played and kept.

use std::collections::HashMap;
use std::sync::Arc;

use crate::audio::sound::{Cue, Sound};
use crate::audio::synth;

/// How long the ambience takes to fade in or out, in samples.
const FADE: f32 = synth::RATE as f32 * 0.8;
/// The most sounds playing at once (the oldest gives way).
const VOICES: usize = 24;

/// What the mixer is told.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Command {
    /// Play this cue at this gain.
    Play(Cue, f32),
    /// The ambience of this depth (or none), at this gain.
    Ambience(Option<u32>, f32),
}

/// One sound playing: its samples, how far in, how loud.
struct Voice {
    samples: Arc<[f32]>,
    at: usize,
    gain: f32,
}

/// The sounds playing and the ambience.
#[derive(Default)]
pub struct Mixer {
    made: HashMap<(Sound, bool), Arc<[f32]>>,
    voices: Vec<Voice>,
    /// The ambience playing: its depth, its loop and the place in it.
    bed: Option<(u32, Arc<[f32]>, usize)>,
    /// The ambience's gain now, and the gain wanted.
    bed_gain: f32,
    bed_wanted: f32,
    /// A depth (or none) waiting for the ambience playing to fade out.
    next_bed: Option<Option<u32>>,
}

impl Mixer {
    pub fn command(&mut self, command: Command) {
        match command {
            Command::Play(cue, gain) => {
                let samples = self
                    .made
                    .entry((cue.sound, cue.muffled))
                    .or_insert_with(|| {
                        let plain = synth::render(cue.sound);
                        if cue.muffled { synth::muffle(&plain) } else { plain }.into()
                    })
                    .clone();
                if self.voices.len() == VOICES {
                    self.voices.remove(0);
                }
                self.voices.push(Voice { samples, at: 0, gain });
            }
            Command::Ambience(depth, gain) => {
                self.bed_wanted = gain;
                let playing = self.bed.as_ref().map(|b| b.0);
                self.next_bed = (playing != depth).then_some(depth);
            }
        }
    }

    /// Mixes the next `out.len()` samples.
    pub fn fill(&mut self, out: &mut [f32]) {
        out.fill(0.0);
        for voice in &mut self.voices {
            let left = &voice.samples[voice.at..];
            for (o, s) in out.iter_mut().zip(left) {
                *o += s * voice.gain;
            }
            voice.at = (voice.at + out.len()).min(voice.samples.len());
        }
        self.voices.retain(|v| v.at < v.samples.len());
        let step = 1.0 / FADE;
        for o in out.iter_mut() {
            // Towards the gain wanted; out first when the depth changes.
            let target = if self.next_bed.is_some() { 0.0 } else { self.bed_wanted };
            self.bed_gain += (target - self.bed_gain).clamp(-step, step);
            if self.next_bed.is_some() && (self.bed_gain <= 0.0 || self.bed.is_none()) {
                let depth = self.next_bed.take().flatten();
                self.bed = depth.map(|d| (d, Arc::from(synth::ambience(d)), 0));
                self.bed_gain = 0.0;
            }
            if let Some((_, bed, at)) = &mut self.bed {
                *o += bed[*at] * self.bed_gain;
                *at = (*at + 1) % bed.len();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sounds_are_mixed_in_and_the_ambience_fades_in_and_changes() {
        let mut mixer = Mixer::default();
        let mut block = vec![0.0f32; 512];
        mixer.fill(&mut block);
        assert!(block.iter().all(|&s| s == 0.0), "silence before anything is asked");
        mixer.command(Command::Play(Cue::plain(Sound::Hit), 1.0));
        mixer.fill(&mut block);
        let hit = synth::render(Sound::Hit);
        assert_eq!(block[..], hit[..512]);
        // The ambience fades in over a while.
        mixer.command(Command::Ambience(Some(3), 1.0));
        let mut second = vec![0.0f32; synth::RATE as usize * 2];
        mixer.fill(&mut second);
        assert_eq!(mixer.bed.as_ref().map(|b| b.0), Some(3));
        // Past the hit, the ambience alone: quiet at first, full after the fade.
        let early: f32 = second[3000..3500].iter().map(|s| s.abs()).sum();
        let late: f32 = second[second.len() - 500..].iter().map(|s| s.abs()).sum();
        assert!(late > 2.0 * early, "fading in: {early} then {late}");
        assert_eq!(mixer.bed_gain, 1.0);
        mixer.command(Command::Ambience(Some(9), 1.0));
        mixer.fill(&mut second);
        assert_eq!(
            mixer.bed.as_ref().map(|b| b.0),
            Some(9),
            "faded out and in again deeper"
        );
        mixer.command(Command::Ambience(None, 1.0));
        mixer.fill(&mut second);
        assert!(mixer.bed.is_none());
        assert!(mixer.voices.is_empty(), "the hit is over");
    }
}
