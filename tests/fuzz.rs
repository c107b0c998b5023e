//! Fuzzing every input a user controls, with proptest: the map-file parser (random bytes, random
//! grids in and around the legend, generated levels with random edits, huge inputs) and the
//! command line (random mixes of real flags, random values and non-UTF-8 bytes). Nothing may
//! panic; every rejection carries a message; and memory stays bounded by the input — a meter on
//! the allocator checks that huge sizes are refused before anything map-sized is allocated.
//! (cargo-fuzz needs a nightly toolchain, which these machines do not have.)

// A global allocator that counts what it hands out: the one unsafe code in Delve.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;

use delve::cli;
use delve::cli::Source;
use delve_core::generation::{CorridorStyle, GenParams, generate};
use delve_core::map::{MAX_SIDE, parse_ascii};
use proptest::prelude::*;

/// The system allocator, metering the bytes each thread has live and its peak.
struct Meter;

thread_local! {
    static LIVE: Cell<usize> = const { Cell::new(0) };
    static PEAK: Cell<usize> = const { Cell::new(0) };
}

fn count(delta: isize) {
    // `try_with`: the thread's counters may already be gone while it exits.
    let _ = LIVE.try_with(|live| {
        let now = live.get().saturating_add_signed(delta);
        live.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

unsafe impl GlobalAlloc for Meter {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size() as isize);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count(-(layout.size() as isize));
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(layout.size() as isize);
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size as isize - layout.size() as isize);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static METER: Meter = Meter;

/// Runs `f` and returns its result with the most memory it had live at once, in bytes.
fn peak_during<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let base = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(base));
    let out = f();
    (out, PEAK.with(Cell::get) - base)
}

/// Parses `text`; whatever it is, no panic, a located message on failure, a map that round-trips
/// on success, and memory within a small multiple of the input.
fn parse_is_safe(text: &[u8]) -> Result<(), TestCaseError> {
    let (result, peak) = peak_during(|| parse_ascii(text));
    // A tile is 2 bytes, an explored flag 1; the dump and the room list are never bigger.
    prop_assert!(
        peak <= 64 * text.len() + 4096,
        "{peak} bytes for {} bytes of input",
        text.len()
    );
    match result {
        Ok(map) => {
            let dump = map.to_ascii();
            let again = parse_ascii(dump.as_bytes());
            prop_assert!(again.is_ok(), "a parsed map's dump does not parse: {:?}", again.err());
            prop_assert_eq!(again.unwrap().to_ascii(), dump);
        }
        Err(e) => {
            let message = e.to_string();
            prop_assert!(message.len() > 10, "message too short: {message:?}");
        }
    }
    Ok(())
}

/// A grid of glyphs, mostly from the legend, with random line endings.
fn grid() -> impl Strategy<Value = Vec<u8>> {
    let glyph = prop_oneof![
        8 => prop::sample::select(b"#.,+'*@".to_vec()),
        1 => any::<u8>(),
    ];
    (
        1usize..40,
        1usize..30,
        prop::collection::vec(glyph, 1..1200),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(w, h, glyphs, crlf, final_newline)| {
            let mut text = Vec::new();
            for y in 0..h {
                for x in 0..w {
                    text.push(glyphs[(y * w + x) % glyphs.len()]);
                }
                if y + 1 < h || final_newline {
                    text.extend_from_slice(if crlf { b"\r\n" } else { b"\n" });
                }
            }
            text
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn random_bytes_never_break_the_parser(text in prop::collection::vec(any::<u8>(), 0..4096)) {
        parse_is_safe(&text)?;
    }

    #[test]
    fn random_grids_never_break_the_parser(text in grid()) {
        parse_is_safe(&text)?;
    }

    #[test]
    fn edited_levels_never_break_the_parser(
        seed in any::<u64>(),
        style in prop::sample::select(CorridorStyle::ALL.to_vec()),
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..12),
    ) {
        let level = generate(&GenParams::new(seed, 30, 20, style)).unwrap().level.map;
        let mut text = level.to_ascii().into_bytes();
        for (at, byte) in edits {
            let i = at.index(text.len());
            match byte % 4 {
                0 => { text.remove(i); }
                1 => text.insert(i, byte),
                _ => text[i] = byte,
            }
        }
        parse_is_safe(&text)?;
    }

    #[test]
    fn command_lines_never_break_the_cli(args in prop::collection::vec(cli_arg(), 0..7)) {
        let argv: Vec<OsString> = std::iter::once(OsString::from("delve")).chain(args).collect();
        let shown = format!("{argv:?}");
        let (outcome, peak) = peak_during(|| match cli::parse(argv) {
            Err(_) => None,
            Ok(cli) => Some(cli.source(|| 7)),
        });
        // Sizes are refused or accepted before any level is built: parsing stays small.
        prop_assert!(peak < 1 << 20, "{peak} bytes to parse {shown}");
        match outcome {
            None | Some(Err(_)) => {}
            Some(Ok(Source::Run(p))) => {
                prop_assert!(p.width <= MAX_SIDE && p.height <= MAX_SIDE, "{shown}");
                // Generating is what the CLI does next; keep the fuzz quick on the big ones.
                if p.width * p.height <= 160 * 100 {
                    prop_assert!(generate(&p).is_ok(), "{shown}");
                }
            }
            Some(Ok(Source::Map(_))) => prop_assert!(false, "no map file exists: {shown}"),
        }
    }
}

/// One command-line argument: a real flag, a plausible value, or junk.
fn cli_arg() -> impl Strategy<Value = OsString> {
    let flag = prop::sample::select(vec![
        "--seed",
        "--size",
        "--corridors",
        "--map",
        "--ascii",
        "--fov",
        "--radius",
        "--",
        "-",
        "--seed=",
    ]);
    let style = prop::sample::select(CorridorStyle::ALL.to_vec());
    prop_oneof![
        4 => flag.prop_map(OsString::from),
        2 => any::<i64>().prop_map(|n| OsString::from(n.to_string())),
        2 => (any::<u32>(), any::<u32>()).prop_map(|(w, h)| OsString::from(format!("{}x{}", w % 3000, h % 3000))),
        1 => (any::<u64>(), any::<u64>()).prop_map(|(w, h)| OsString::from(format!("{w}x{h}"))),
        1 => style.prop_map(|s| OsString::from(s.to_string())),
        1 => "\\PC{0,24}".prop_map(OsString::from),
        1 => prop::collection::vec(any::<u8>(), 0..16).prop_map(OsString::from_vec),
        1 => Just(OsString::from("/nonexistent/delve-fuzz-map.txt")),
    ]
}

#[test]
fn huge_inputs_are_refused_at_once() {
    let side = MAX_SIDE as usize;
    // A first line one tile too wide: refused at line 1 without allocating the map.
    let wide = vec![b'#'; 50 * side];
    let (r, peak) = peak_during(|| parse_ascii(&wide));
    let e = r.unwrap_err();
    assert_eq!((e.line, e.column), (1, side + 1), "{e}");
    assert!(peak < 64 * 1024, "{peak} bytes allocated to refuse a too-wide line");
    // One row too many: refused at that row.
    let tall = b"#\n".repeat(side + 1);
    let e = parse_ascii(&tall).unwrap_err();
    assert_eq!(e.line, side + 1, "{e}");
    // Sizes on the command line: refused by the parser, never allocated.
    for size in ["1025x1024", "100000x100000", "18446744073709551615x2", "4294967296x20"] {
        let args = ["delve", "--size", size, "--ascii"].map(OsString::from);
        let (r, peak) = peak_during(|| cli::parse(args));
        assert!(r.is_err(), "{size} accepted");
        assert!(peak < 1 << 20, "{peak} bytes to refuse {size}");
    }
}

/// A real save to mangle: a run on level 2 of a two-level dungeon, a few turns in; its parts.
fn save_parts() -> (Vec<u8>, Vec<Option<Vec<u8>>>) {
    use delve_core::rules::Act;
    use delve_core::run::RunSpec;
    let mut run = RunSpec::seeded(GenParams::new(5, 80, 50, CorridorStyle::Mixed))
        .begin()
        .unwrap()
        .with_sight(8);
    for _ in 0..5 {
        let _ = run.play(Act::Wait);
    }
    let save = delve_core::save::encode(&delve_core::save::SavedRun::capture(&run));
    delve_core::save::format::parts_of(&save).unwrap()
}

/// `bytes` as postcard writes a count: seven bits a byte, low first.
fn varint(mut n: u64) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let byte = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(byte);
            return out;
        }
        out.push(byte | 0x80);
    }
}

/// A mangling of one part of a save.
#[derive(Clone, Debug)]
enum Mangle {
    /// Bytes overwritten at these places.
    Overwrite(Vec<(usize, u8)>),
    /// A count (a length, a number of levels...) put in at a place.
    Count(usize, u64),
    /// A long run of one byte put in at a place (a run of `None`s, of zero counts).
    Run(usize, u8, usize),
    /// Cut short.
    Cut(usize),
}

fn mangle() -> impl Strategy<Value = Mangle> {
    prop_oneof![
        3 => prop::collection::vec((any::<usize>(), any::<u8>()), 1..6).prop_map(Mangle::Overwrite),
        2 => (any::<usize>(), prop_oneof![any::<u64>(), 1u64..100_000, Just(u64::MAX)])
            .prop_map(|(at, n)| Mangle::Count(at, n)),
        2 => (any::<usize>(), prop_oneof![Just(0u8), Just(1), any::<u8>()], 1usize..(1 << 20))
            .prop_map(|(at, b, n)| Mangle::Run(at, b, n)),
        1 => any::<usize>().prop_map(Mangle::Cut),
    ]
}

fn apply(part: &mut Vec<u8>, mangle: &Mangle) {
    let at = |i: usize, len: usize| if len == 0 { 0 } else { i % (len + 1) };
    match mangle {
        Mangle::Overwrite(bytes) => {
            for &(i, b) in bytes {
                if !part.is_empty() {
                    let i = i % part.len();
                    part[i] = b;
                }
            }
        }
        Mangle::Count(i, n) => {
            let i = at(*i, part.len());
            part.splice(i..i, varint(*n));
        }
        Mangle::Run(i, b, n) => {
            let i = at(*i, part.len());
            part.splice(i..i, std::iter::repeat_n(*b, *n));
        }
        Mangle::Cut(i) => part.truncate(at(*i, part.len())),
    }
}

/// Decodes and checks `bytes`; whatever they hold, no panic, a message when refused, and memory
/// within a small multiple of what the parts inflate to.
fn save_is_safe(bytes: &[u8], inflated: usize) -> Result<(), TestCaseError> {
    let (result, peak) = peak_during(|| delve_core::save::parse_run(bytes));
    prop_assert!(
        peak <= 8 * inflated + (1 << 20),
        "{peak} bytes to decode parts inflating to {inflated}"
    );
    if let Err(e) = result {
        prop_assert!(e.len() > 10, "message too short: {e:?}");
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(160))]

    /// Structure-aware: a real save's run or level part mangled, behind a valid header.
    #[test]
    fn a_mangled_save_is_refused_or_restored_never_a_panic(
        which in 0usize..3,
        mangles in prop::collection::vec(mangle(), 1..3),
    ) {
        let (mut run, mut levels) = save_parts();
        {
            let made: Vec<usize> = (0..levels.len()).filter(|&i| levels[i].is_some()).collect();
            let part = match which {
                0 => &mut run,
                _ => levels[made[which % made.len()]].as_mut().unwrap(),
            };
            for m in &mangles {
                apply(part, m);
            }
        }
        let inflated = run.len() + levels.iter().flatten().map(Vec::len).sum::<usize>();
        let bytes = delve_core::save::format::from_parts(&run, &levels);
        save_is_safe(&bytes, inflated)?;
    }

    /// Random parts behind a valid header.
    #[test]
    fn random_parts_are_no_save(run in prop::collection::vec(any::<u8>(), 0..2000), slots in 0usize..12) {
        let levels: Vec<Option<Vec<u8>>> = (0..slots).map(|i| (i % 2 == 0).then(|| run.clone())).collect();
        let bytes = delve_core::save::format::from_parts(&run, &levels);
        let inflated = run.len() * (1 + levels.len());
        save_is_safe(&bytes, inflated)?;
    }
}

#[test]
fn a_huge_count_behind_a_real_save_s_first_bytes_is_refused_in_little_memory() {
    // What crashed format 1: a real run's first bytes, then a count of billions and zeros.
    let (run, levels) = save_parts();
    for count in [u64::from(u32::MAX), 1 << 40, u64::MAX] {
        let mut part = run[..20].to_vec();
        part.extend(varint(count));
        part.extend(std::iter::repeat_n(0u8, 6 << 20));
        let bytes = delve_core::save::format::from_parts(&part, &levels);
        assert!(bytes.len() < 100_000, "a small file: {}", bytes.len());
        let (result, peak) = peak_during(|| delve_core::save::parse_run(&bytes));
        assert!(result.is_err(), "count {count}");
        assert!(peak < 64 << 20, "{peak} bytes to refuse count {count}");
    }
    // The same in a format 1 save (still read, to migrate it): the golden one's first bytes.
    let golden = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/core/tests/data/golden-v1.sav")).unwrap();
    let header = &golden[..delve_core::save::HEADER];
    let payload = miniz_oxide::inflate::decompress_to_vec_zlib(&golden[header.len()..]).unwrap();
    for count in [u64::from(u32::MAX), u64::MAX] {
        let mut part = payload[..40].to_vec();
        part.extend(varint(count));
        part.extend(std::iter::repeat_n(0u8, 32 << 20));
        let mut bytes = header.to_vec();
        bytes.extend(miniz_oxide::deflate::compress_to_vec_zlib(&part, 6));
        assert!(bytes.len() < 100_000, "a small file: {}", bytes.len());
        let (result, peak) = peak_during(|| delve_core::save::parse_run(&bytes));
        assert!(result.is_err(), "count {count}");
        assert!(peak < 8 * part.len(), "{peak} bytes to refuse a format 1 count {count}");
    }
}
