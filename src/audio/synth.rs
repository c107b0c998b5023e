//! Every sound Delve makes, synthesised here from a few parts (tones that glide, filtered noise,
//! bells, envelopes) at `RATE` samples a second, mono: no recorded or downloaded sound. The same
//! sound comes out the same on every machine (the noise is a fixed sequence), so what the desktop
//! and the browser play is one thing. Ambience is a loop per depth that darkens as you descend.

use super::sound::Sound;

/// Samples a second.
pub const RATE: u32 = 22_050;
const TAU: f32 = std::f32::consts::TAU;

/// A fixed noise sequence (xorshift), the same everywhere.
struct Noise(u32);

impl Noise {
    fn new(seed: u32) -> Noise {
        Noise(seed.max(1))
    }

    /// The next sample, in -1..1.
    fn next(&mut self) -> f32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        (x as f32 / u32::MAX as f32) * 2.0 - 1.0
    }
}

/// A wave's shape.
#[derive(Clone, Copy)]
enum Wave {
    Sine,
    Triangle,
    Square,
    Saw,
}

impl Wave {
    /// Its value at `phase` (in turns, 0..1).
    fn at(self, phase: f32) -> f32 {
        let p = phase.fract();
        match self {
            Wave::Sine => (p * TAU).sin(),
            Wave::Triangle => 1.0 - 4.0 * (p - 0.5).abs(),
            Wave::Square => {
                if p < 0.5 {
                    0.7
                } else {
                    -0.7
                }
            }
            Wave::Saw => 2.0 * p - 1.0,
        }
    }
}

/// A sound being built: samples, each part added at an offset.
struct Track(Vec<f32>);

impl Track {
    fn new() -> Track {
        Track(Vec::new())
    }

    fn at(&mut self, start: f32, samples: impl IntoIterator<Item = f32>) -> &mut Track {
        let start = (start * RATE as f32) as usize;
        for (i, s) in samples.into_iter().enumerate() {
            if self.0.len() <= start + i {
                self.0.resize(start + i + 1, 0.0);
            }
            self.0[start + i] += s;
        }
        self
    }

    /// Scaled so its loudest sample is `peak`, with a few milliseconds' fade at the end.
    fn done(mut self, peak: f32) -> Vec<f32> {
        let loudest = self.0.iter().fold(0.0f32, |m, s| m.max(s.abs()));
        if loudest > 0.0 {
            let k = peak / loudest;
            self.0.iter_mut().for_each(|s| *s *= k);
        }
        let fade = (RATE as usize / 200).min(self.0.len());
        let n = self.0.len();
        for i in 0..fade {
            self.0[n - 1 - i] *= i as f32 / fade as f32;
        }
        self.0
    }
}

fn samples(seconds: f32) -> usize {
    (seconds * RATE as f32) as usize
}

/// An envelope: rising over `attack` seconds, then falling away exponentially (`decay`: the
/// seconds to fall to a third).
fn envelope(t: f32, attack: f32, decay: f32) -> f32 {
    if t < attack {
        t / attack
    } else {
        (-(t - attack) / decay).exp()
    }
}

/// An oscillator over `seconds` whose pitch at time `t` is `pitch(t)` Hz: each sample is
/// `voice(phase, t)`, the phase counted in turns as the pitch carries it.
fn sweep(seconds: f32, pitch: impl Fn(f32) -> f32, voice: impl Fn(f32, f32) -> f32) -> Vec<f32> {
    let mut phase = 0.0f32;
    (0..samples(seconds))
        .map(|i| {
            let t = i as f32 / RATE as f32;
            phase += pitch(t) / RATE as f32;
            voice(phase, t)
        })
        .collect()
}

/// A tone gliding from `from` to `to` Hz (exponentially) over `seconds`.
fn tone(wave: Wave, from: f32, to: f32, seconds: f32, attack: f32, decay: f32) -> Vec<f32> {
    sweep(
        seconds,
        |t| from * (to / from).powf(t / seconds),
        |phase, t| wave.at(phase) * envelope(t, attack, decay),
    )
}

/// Noise through a low-pass filter whose cutoff glides from `from` to `to` Hz, high-passed above
/// `floor` Hz (0: not at all).
fn hiss(seed: u32, (from, to): (f32, f32), floor: f32, seconds: f32, attack: f32, decay: f32) -> Vec<f32> {
    let n = samples(seconds);
    let mut noise = Noise::new(seed);
    let (mut low, mut low2, mut high) = (0.0f32, 0.0f32, 0.0f32);
    let k_high = 1.0 - (-TAU * floor / RATE as f32).exp();
    (0..n)
        .map(|i| {
            let t = i as f32 / RATE as f32;
            let cutoff = from * (to / from).powf(t / seconds);
            let k = 1.0 - (-TAU * cutoff / RATE as f32).exp();
            low += k * (noise.next() - low);
            low2 += k * (low - low2);
            high += k_high * (low2 - high);
            (low2 - if floor > 0.0 { high } else { 0.0 }) * envelope(t, attack, decay)
        })
        .collect()
}

/// A struck bell or chime: inharmonic partials of `pitch`, ringing for `decay`.
fn bell(pitch: f32, seconds: f32, decay: f32, partials: &[(f32, f32)]) -> Vec<f32> {
    let n = samples(seconds);
    (0..n)
        .map(|i| {
            let t = i as f32 / RATE as f32;
            partials
                .iter()
                .enumerate()
                .map(|(k, &(ratio, amp))| {
                    // Higher partials die sooner.
                    amp * (TAU * pitch * ratio * t).sin() * (-t * (1.0 + k as f32) / decay).exp()
                })
                .sum::<f32>()
                * envelope(t, 0.002, 10.0)
        })
        .collect()
}

const METAL: [(f32, f32); 4] = [(1.0, 1.0), (2.76, 0.5), (5.4, 0.25), (8.93, 0.12)];
const GLASS: [(f32, f32); 3] = [(1.0, 1.0), (2.0, 0.3), (3.0, 0.1)];

/// The samples of `sound`.
pub fn render(sound: Sound) -> Vec<f32> {
    use Wave::*;
    let mut t = Track::new();
    let peak = match sound {
        Sound::Step => {
            t.at(0.0, hiss(11, (900.0, 300.0), 60.0, 0.07, 0.003, 0.02));
            t.at(0.0, tone(Sine, 110.0, 70.0, 0.06, 0.002, 0.02));
            0.35
        }
        Sound::Splash => {
            t.at(0.0, hiss(12, (3500.0, 900.0), 400.0, 0.28, 0.01, 0.07));
            t.at(0.04, hiss(13, (2500.0, 700.0), 300.0, 0.2, 0.01, 0.05));
            t.at(0.0, tone(Sine, 300.0, 700.0, 0.08, 0.005, 0.03));
            0.45
        }
        Sound::Rustle => {
            for (i, at) in [0.0, 0.035, 0.08].into_iter().enumerate() {
                t.at(at, hiss(20 + i as u32, (6000.0, 3000.0), 1500.0, 0.06, 0.004, 0.015));
            }
            0.3
        }
        Sound::Bump => {
            t.at(0.0, tone(Sine, 90.0, 55.0, 0.12, 0.002, 0.035));
            t.at(0.0, hiss(14, (600.0, 200.0), 0.0, 0.05, 0.002, 0.012));
            0.4
        }
        Sound::DoorOpen => {
            // A creak: a rough tone rising, wavering.
            let creak = sweep(
                0.42,
                |t| 170.0 + 110.0 * (t / 0.42) + 12.0 * (TAU * 23.0 * t).sin(),
                |phase, t| Saw.at(phase) * envelope(t, 0.05, 0.2) * (0.6 + 0.4 * (TAU * 31.0 * t).sin().abs()),
            );
            t.at(0.0, creak);
            t.at(0.0, hiss(15, (1800.0, 900.0), 200.0, 0.3, 0.02, 0.1));
            0.42
        }
        Sound::DoorClose => {
            t.at(0.0, tone(Sine, 85.0, 50.0, 0.25, 0.002, 0.07));
            t.at(0.0, hiss(16, (1400.0, 250.0), 0.0, 0.18, 0.002, 0.04));
            t.at(0.06, hiss(17, (3000.0, 1500.0), 800.0, 0.04, 0.002, 0.01));
            0.55
        }
        Sound::DoorLocked => {
            // A latch that will not give: two metallic rattles.
            for (i, at) in [0.0, 0.09].into_iter().enumerate() {
                t.at(at, bell(620.0 + 40.0 * i as f32, 0.08, 0.02, &METAL));
                t.at(at, hiss(18 + i as u32, (4000.0, 2000.0), 1000.0, 0.04, 0.001, 0.01));
            }
            0.45
        }
        Sound::DoorSmash => {
            t.at(0.0, hiss(19, (5000.0, 300.0), 0.0, 0.5, 0.002, 0.12));
            t.at(0.0, tone(Sine, 70.0, 40.0, 0.35, 0.002, 0.1));
            for (i, at) in [0.05, 0.11, 0.19].into_iter().enumerate() {
                t.at(at, hiss(30 + i as u32, (2500.0, 1200.0), 500.0, 0.05, 0.001, 0.012));
            }
            0.8
        }
        Sound::Hit => {
            t.at(0.0, hiss(21, (2500.0, 400.0), 100.0, 0.12, 0.001, 0.03));
            t.at(0.0, tone(Sine, 160.0, 60.0, 0.12, 0.001, 0.04));
            0.7
        }
        Sound::Miss => {
            t.at(0.0, hiss(22, (1200.0, 3500.0), 700.0, 0.16, 0.05, 0.05));
            0.35
        }
        Sound::Hurt => {
            t.at(0.0, tone(Square, 210.0, 110.0, 0.22, 0.002, 0.07));
            t.at(0.0, hiss(23, (1600.0, 300.0), 0.0, 0.15, 0.001, 0.04));
            t.at(0.0, tone(Sine, 90.0, 50.0, 0.18, 0.001, 0.06));
            0.75
        }
        Sound::Kill => {
            t.at(0.0, hiss(24, (3000.0, 500.0), 100.0, 0.14, 0.001, 0.035));
            t.at(0.02, tone(Saw, 300.0, 55.0, 0.45, 0.01, 0.15));
            t.at(0.12, hiss(25, (600.0, 150.0), 0.0, 0.35, 0.05, 0.12));
            0.75
        }
        Sound::Throw => {
            t.at(0.0, hiss(26, (800.0, 2600.0), 500.0, 0.14, 0.03, 0.04));
            0.35
        }
        Sound::Land => {
            t.at(0.0, tone(Sine, 240.0, 160.0, 0.08, 0.001, 0.02));
            t.at(0.0, hiss(27, (2000.0, 800.0), 300.0, 0.05, 0.001, 0.012));
            0.3
        }
        Sound::Shoot => {
            // A bowstring's twang, and the arrow's hiss.
            t.at(0.0, tone(Triangle, 180.0, 150.0, 0.3, 0.001, 0.07));
            t.at(0.0, tone(Sine, 360.0, 300.0, 0.2, 0.001, 0.04));
            t.at(0.02, hiss(28, (3000.0, 5000.0), 1500.0, 0.12, 0.01, 0.04));
            0.55
        }
        Sound::Zap => {
            // A bolt: a falling whine with a buzz in it.
            let bolt = sweep(
                0.38,
                |t| 1400.0 * (0.2f32).powf(t / 0.38) * (1.0 + 0.08 * (TAU * 55.0 * t).sin()),
                |phase, t| (Sine.at(phase) + 0.3 * Square.at(phase * 0.5)) * envelope(t, 0.01, 0.12),
            );
            t.at(0.0, bolt);
            t.at(0.0, hiss(29, (6000.0, 2000.0), 2000.0, 0.2, 0.005, 0.05));
            0.55
        }
        Sound::PickUp => {
            t.at(0.0, bell(990.0, 0.12, 0.04, &GLASS));
            t.at(0.06, bell(1320.0, 0.16, 0.05, &GLASS));
            0.35
        }
        Sound::Gold => {
            for (i, at) in [0.0, 0.045, 0.07, 0.11, 0.15].into_iter().enumerate() {
                t.at(at, bell(2100.0 + 170.0 * (i % 3) as f32, 0.12, 0.03, &METAL));
            }
            0.4
        }
        Sound::Key => {
            t.at(0.0, bell(1750.0, 0.15, 0.05, &METAL));
            t.at(0.05, bell(2300.0, 0.15, 0.05, &METAL));
            t.at(0.09, bell(1900.0, 0.2, 0.06, &METAL));
            0.4
        }
        Sound::Drink => {
            // Gulps: bubbles rising.
            for (i, at) in [0.0, 0.13, 0.26].into_iter().enumerate() {
                t.at(at, tone(Sine, 260.0 + 30.0 * i as f32, 520.0, 0.09, 0.01, 0.03));
                t.at(at, hiss(40 + i as u32, (700.0, 400.0), 0.0, 0.09, 0.01, 0.03));
            }
            0.45
        }
        Sound::Read => {
            // Paper: a rustle that unfolds, then a soft word of power.
            t.at(0.0, hiss(41, (7000.0, 4000.0), 2500.0, 0.3, 0.02, 0.12));
            t.at(0.12, hiss(42, (5000.0, 3000.0), 1800.0, 0.2, 0.01, 0.06));
            t.at(0.2, tone(Sine, 440.0, 660.0, 0.35, 0.08, 0.15));
            0.35
        }
        Sound::Eat => {
            for (i, at) in [0.0, 0.11, 0.24].into_iter().enumerate() {
                t.at(at, hiss(43 + i as u32, (2500.0, 900.0), 300.0, 0.07, 0.002, 0.02));
                t.at(at, tone(Sine, 130.0, 90.0, 0.05, 0.002, 0.015));
            }
            0.45
        }
        Sound::Magic => {
            // A shimmer: a rising run of glassy notes.
            for (i, f) in [660.0, 830.0, 990.0, 1320.0].into_iter().enumerate() {
                t.at(0.05 * i as f32, bell(f, 0.45, 0.15, &GLASS));
            }
            0.35
        }
        Sound::Heal => {
            t.at(0.0, tone(Sine, 392.0, 523.0, 0.5, 0.08, 0.25));
            t.at(0.1, tone(Sine, 523.0, 659.0, 0.5, 0.08, 0.25));
            0.35
        }
        Sound::Teleport => {
            let warp = sweep(
                0.45,
                |t| 300.0 * (8.0f32).powf(t / 0.45) * (1.0 + 0.2 * (TAU * 18.0 * t).sin()),
                |phase, t| Sine.at(phase) * envelope(t, 0.05, 0.2),
            );
            t.at(0.0, warp);
            0.4
        }
        Sound::Dart => {
            t.at(0.0, bell(1200.0, 0.05, 0.01, &METAL));
            t.at(0.01, hiss(44, (4000.0, 6000.0), 2500.0, 0.1, 0.005, 0.03));
            t.at(0.1, tone(Sine, 200.0, 120.0, 0.06, 0.001, 0.02));
            0.55
        }
        Sound::Net => {
            t.at(0.0, hiss(45, (900.0, 2200.0), 300.0, 0.2, 0.05, 0.05));
            t.at(0.18, tone(Sine, 120.0, 70.0, 0.2, 0.002, 0.05));
            t.at(0.18, hiss(46, (1200.0, 400.0), 0.0, 0.2, 0.002, 0.05));
            0.55
        }
        Sound::Gas => {
            t.at(0.0, hiss(47, (6000.0, 2500.0), 1200.0, 0.9, 0.05, 0.35));
            0.45
        }
        Sound::Fire => {
            // A whoomph: low noise swelling, then crackles.
            t.at(0.0, hiss(48, (200.0, 1200.0), 40.0, 0.6, 0.12, 0.2));
            for (i, at) in [0.2, 0.27, 0.4, 0.46].into_iter().enumerate() {
                t.at(at, hiss(49 + i as u32, (5000.0, 3000.0), 1500.0, 0.03, 0.001, 0.006));
            }
            0.7
        }
        Sound::Alarm => {
            for at in [0.0, 0.35, 0.7] {
                t.at(at, bell(880.0, 0.6, 0.25, &METAL));
            }
            0.6
        }
        Sound::Fall => {
            t.at(0.0, tone(Sine, 900.0, 120.0, 0.7, 0.02, 0.35));
            t.at(0.0, hiss(53, (2000.0, 300.0), 200.0, 0.7, 0.05, 0.3));
            t.at(0.68, tone(Sine, 80.0, 40.0, 0.2, 0.002, 0.06));
            0.6
        }
        Sound::Stairs => {
            for (i, at) in [0.0, 0.16, 0.32].into_iter().enumerate() {
                let f = 120.0 - 15.0 * i as f32;
                t.at(at, tone(Sine, f, f * 0.6, 0.1, 0.002, 0.03));
                t.at(at, hiss(54 + i as u32, (1000.0, 300.0), 60.0, 0.08, 0.002, 0.02));
            }
            t.at(0.3, hiss(57, (400.0, 150.0), 0.0, 0.5, 0.15, 0.2));
            0.5
        }
        Sound::Boon => {
            for (i, f) in [523.25, 659.25, 783.99, 1046.5].into_iter().enumerate() {
                t.at(0.09 * i as f32, tone(Triangle, f, f, 0.5, 0.01, 0.2));
            }
            0.45
        }
        Sound::Hunger => {
            // A stomach's growl: a low wavering tone.
            let growl = sweep(
                0.7,
                |t| 70.0 + 25.0 * (TAU * 3.0 * t).sin(),
                |phase, t| Saw.at(phase) * envelope(t, 0.15, 0.3) * (0.5 + 0.5 * (TAU * 9.0 * t).sin().abs()),
            );
            t.at(0.0, growl);
            0.45
        }
        Sound::Death => {
            t.at(0.0, tone(Triangle, 220.0, 55.0, 1.6, 0.02, 0.7));
            t.at(0.0, tone(Triangle, 261.0, 65.0, 1.6, 0.02, 0.7));
            t.at(0.0, hiss(58, (800.0, 100.0), 0.0, 1.4, 0.1, 0.5));
            0.7
        }
        Sound::Win => {
            for (i, f) in [392.0, 523.25, 659.25, 783.99, 1046.5].into_iter().enumerate() {
                t.at(0.12 * i as f32, tone(Square, f, f, 0.35, 0.01, 0.12));
            }
            t.at(0.6, tone(Triangle, 1046.5, 1046.5, 1.0, 0.02, 0.45));
            t.at(0.6, tone(Triangle, 783.99, 783.99, 1.0, 0.02, 0.45));
            0.55
        }
        Sound::Danger => {
            // A stinger: two low notes a semitone apart.
            t.at(0.0, tone(Saw, 110.0, 108.0, 0.6, 0.01, 0.25));
            t.at(0.0, tone(Saw, 116.5, 114.0, 0.6, 0.01, 0.25));
            t.at(0.0, hiss(59, (500.0, 200.0), 0.0, 0.4, 0.01, 0.15));
            0.5
        }
        Sound::Chains => {
            for (i, at) in [0.0, 0.07, 0.15, 0.2].into_iter().enumerate() {
                t.at(at, bell(900.0 + 130.0 * i as f32, 0.12, 0.03, &METAL));
            }
            0.4
        }
        Sound::Dig => {
            t.at(0.0, hiss(60, (400.0, 150.0), 0.0, 0.6, 0.05, 0.25));
            t.at(0.0, tone(Sine, 55.0, 40.0, 0.5, 0.05, 0.2));
            0.55
        }
        Sound::Equip => {
            t.at(0.0, bell(700.0, 0.12, 0.03, &METAL));
            t.at(0.0, hiss(61, (3000.0, 1500.0), 600.0, 0.08, 0.002, 0.02));
            0.35
        }
        Sound::MenuMove => {
            t.at(0.0, tone(Sine, 1500.0, 1500.0, 0.03, 0.001, 0.008));
            0.2
        }
        Sound::MenuChoose => {
            t.at(0.0, tone(Sine, 880.0, 880.0, 0.05, 0.001, 0.015));
            t.at(0.04, tone(Sine, 1320.0, 1320.0, 0.07, 0.001, 0.02));
            0.25
        }
    };
    t.done(peak)
}

/// How long an ambience loop lasts, in seconds.
pub const LOOP: f32 = 6.0;

/// The ambience of `depth` (1 to 10): a drone and air through the halls, a loop `LOOP` seconds
/// long that joins seamlessly. Near the top it is airy, with water dripping; deeper the air
/// closes in, the drone falls and a far rumble comes and goes.
pub fn ambience(depth: u32) -> Vec<f32> {
    let deep = (depth.clamp(1, 10) - 1) as f32 / 9.0;
    let n = samples(LOOP);
    let cutoff = 900.0 * (0.18f32).powf(deep);
    // Drone frequencies are whole cycles of the loop, so it joins.
    let cycles = |hz: f32| (hz * LOOP).round() / LOOP;
    let (root, fifth) = (cycles(98.0 * (0.6f32).powf(deep)), cycles(147.0 * (0.6f32).powf(deep)));
    // Air: noise, low-passed, swelling slowly; cross-faded over its last half-second so it joins.
    let fade = samples(0.5);
    let air = hiss(70 + depth, (cutoff, cutoff), 30.0, LOOP + 0.5, 0.0, 1e9);
    let mut out = vec![0.0f32; n];
    for (i, s) in out.iter_mut().enumerate() {
        let t = i as f32 / RATE as f32;
        let mut a = air[i];
        if i < fade {
            let w = i as f32 / fade as f32;
            a = a * w + air[n + i] * (1.0 - w);
        }
        let swell = 0.6 + 0.4 * (TAU * t / LOOP).sin();
        let drone = (TAU * root * t).sin() * 0.5 + (TAU * fifth * t).sin() * 0.25 * (1.0 - deep);
        let rumble = (TAU * cycles(31.0) * t).sin() * deep * (0.5 + 0.5 * (TAU * 2.0 * t / LOOP).sin());
        *s = a * 2.5 * swell + drone * 0.25 + rumble * 0.3;
    }
    // Drips near the top, fewer deeper.
    let drips = ((1.0 - deep) * 4.0).round() as usize;
    for k in 0..drips {
        let at = samples(LOOP * (0.13 + 0.23 * k as f32)) % n;
        let drip = tone(Wave::Sine, 1400.0 + 230.0 * k as f32, 2300.0, 0.09, 0.002, 0.025);
        for (j, s) in drip.into_iter().enumerate() {
            out[(at + j) % n] += s * 0.12;
        }
    }
    let loudest = out.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    let k = 0.3 / loudest.max(1e-6);
    out.iter_mut().for_each(|s| *s *= k);
    out
}

/// `samples` as heard through a shut door: low-passed (the high end is what a door stops).
pub fn muffle(samples: &[f32]) -> Vec<f32> {
    let k = 1.0 - (-TAU * 500.0 / RATE as f32).exp();
    let (mut a, mut b) = (0.0f32, 0.0f32);
    samples
        .iter()
        .map(|&s| {
            a += k * (s - a);
            b += k * (a - b);
            b * 1.6
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The energy of a sound above about 2 kHz, as a share of all of it.
    fn brightness(samples: &[f32]) -> f32 {
        let total: f32 = samples.iter().map(|s| s * s).sum();
        let high: f32 = samples.windows(2).map(|w| (w[1] - w[0]).powi(2)).sum();
        high / total.max(1e-9)
    }

    #[test]
    fn every_sound_is_made_audible_and_distinct() {
        assert!(Sound::ALL.len() >= 20, "the issue asks for at least 20");
        let rendered: Vec<(Sound, Vec<f32>)> = Sound::ALL.iter().map(|&s| (s, render(s))).collect();
        for (sound, samples) in &rendered {
            let seconds = samples.len() as f32 / RATE as f32;
            assert!((0.02..=2.5).contains(&seconds), "{sound:?}: {seconds} s");
            let peak = samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
            assert!((0.15..=0.85).contains(&peak), "{sound:?}: peak {peak}");
            assert!(samples.iter().all(|s| s.is_finite()), "{sound:?}");
        }
        for (i, (a, x)) in rendered.iter().enumerate() {
            for (b, y) in &rendered[i + 1..] {
                assert_ne!(x, y, "{a:?} and {b:?} sound the same");
            }
        }
        assert_eq!(render(Sound::Hit), render(Sound::Hit), "the same everywhere");
    }

    #[test]
    fn ambience_darkens_as_you_descend_and_loops() {
        let top = ambience(1);
        let bottom = ambience(10);
        assert_eq!(top.len(), samples(LOOP));
        assert!(
            brightness(&bottom) < brightness(&top) / 2.0,
            "{} {}",
            brightness(&bottom),
            brightness(&top)
        );
        // The join: the last sample runs on into the first as neighbours do.
        for a in [&top, &bottom] {
            let step = (a[0] - a[a.len() - 1]).abs();
            let typical = a.windows(2).map(|w| (w[1] - w[0]).abs()).sum::<f32>() / a.len() as f32;
            assert!(step < typical * 8.0 + 0.01, "a click at the join: {step} vs {typical}");
        }
    }

    #[test]
    fn a_door_takes_the_high_end_off() {
        let hit = render(Sound::Hit);
        assert!(brightness(&muffle(&hit)) < brightness(&hit) / 3.0);
    }
}
