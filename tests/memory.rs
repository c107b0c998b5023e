//! A long session must not grow: a headless game takes 10,000 turns of random play, and after the
//! last turn it holds the same entities and heap as after the first thousand, apart from the
//! tile entities of map tiles seen for the first time in between (a meter on the allocator
//! counts live bytes). Prints the figures with --nocapture.

// A global allocator that counts what it hands out: the one unsafe code in Delve.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};

use bevy::prelude::*;
use delve::player::command::PlayerCommand;
use delve::render::MapChunk;
use delve::turn::Game;
use delve_core::dungeon::Dungeon;
use delve_core::generation::{CorridorStyle, GenParams};
use delve_core::geom::Dir8;
use delve_core::rng::GenRng;

/// The system allocator, counting the bytes live in the whole process.
struct Meter;

static LIVE: AtomicIsize = AtomicIsize::new(0);

unsafe impl GlobalAlloc for Meter {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size() as isize, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size() as isize, Ordering::Relaxed);
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LIVE.fetch_add(new_size as isize - layout.size() as isize, Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static METER: Meter = Meter;

fn command(rng: &mut GenRng) -> PlayerCommand {
    match rng.below(10) {
        0..=7 => PlayerCommand::Step(Dir8::ALL[rng.below(8) as usize]),
        8 => PlayerCommand::CloseDoor,
        _ => PlayerCommand::Wait,
    }
}

#[test]
fn ten_thousand_turns_hold_no_more_memory_than_a_thousand() {
    let mut app = delve::app::headless_app(Dungeon::new(GenParams::new(11, 80, 50, CorridorStyle::Mixed)).unwrap());
    let mut rng = GenRng::new(11);
    let mut play_until = |app: &mut App, turns: u64| {
        let mut actions = 0;
        while app.world().resource::<Game>().turn() < turns {
            // Fed, and growing as offered: what is measured is memory, not hunger or choices.
            let mut game = app.world_mut().resource_mut::<Game>();
            game.player_mut().stomach = delve_core::world::STOMACH;
            if let Some(offer) = game.offer() {
                game.choose(offer[0]).unwrap();
            }
            app.world_mut().write_message(command(&mut rng));
            app.update();
            actions += 1;
            assert!(actions < 10 * turns, "the player is stuck");
        }
    };
    // Entities other than the map's chunks, and tiles drawn (one per tile seen so far).
    let entities = |app: &mut App| {
        let w = app.world_mut();
        let all = w.query::<Entity>().iter(w).count();
        let chunks = w.query::<&MapChunk>().iter(w).count();
        (all - chunks, delve::render::drawn(w).len())
    };
    let seen = |app: &mut App| {
        let game = app.world().resource::<Game>();
        let (view, memory) = (game.sight(), game.player().memory.level(1).unwrap());
        let map = &game.dungeon().level().map;
        (0..map.tiles().len())
            .map(|i| map.pos_of(i))
            .filter(|&p| memory.is_explored(p) || view.is_visible(p))
            .count()
    };
    let recorded = |app: &App| {
        let game = app.world().resource::<Game>();
        game.recording().map_or(0, |r| r.heap_bytes()) as isize
    };
    let start = LIVE.load(Ordering::Relaxed);
    play_until(&mut app, 1_000);
    let (heap_1k, (others_1k, tiles_1k)) = (LIVE.load(Ordering::Relaxed), entities(&mut app));
    let recording_1k = recorded(&app);
    assert_eq!(tiles_1k, seen(&mut app), "one tile drawn per tile seen");
    play_until(&mut app, 10_000);
    let (heap_10k, (others_10k, tiles_10k)) = (LIVE.load(Ordering::Relaxed), entities(&mut app));
    let recording_grew = recorded(&app) - recording_1k;
    assert_eq!(tiles_10k, seen(&mut app), "one tile drawn per tile seen");
    let new_tiles = tiles_10k - tiles_1k;
    println!(
        "heap live: {} KiB at the start, {} KiB after 1,000 turns, {} KiB after 10,000; other entities \
         {others_1k} → {others_10k}; tiles drawn {tiles_1k} → {tiles_10k}",
        start / 1024,
        heap_1k / 1024,
        heap_10k / 1024
    );
    assert_eq!(others_1k, others_10k, "entities piled up");
    // The recording grows by design (every command, about two bytes): it is counted apart, and
    // may take at most 8 bytes a turn with its spare capacity.
    assert!(
        recording_grew < 8 * 9_000,
        "the recording grew by {recording_grew} bytes in 9,000 turns"
    );
    // Beyond it, nine thousand more turns may not add even 8 bytes a turn, beyond an allowance
    // of 256 bytes for each newly seen tile (and the chunk it may start).
    let allowed = 64 * 1024 + 256 * new_tiles as isize;
    let grew = heap_10k - heap_1k - recording_grew;
    assert!(
        grew < allowed,
        "the heap grew by {grew} bytes in 9,000 turns besides the recording ({new_tiles} tiles first seen)"
    );
}
