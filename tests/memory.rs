//! A long session must not grow: a headless game takes 10,000 turns of random play, and the heap
//! it holds live and its entity count are the same after the last turn as after the first
//! thousand (a meter on the allocator counts live bytes). Prints the figures with --nocapture.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};

use bevy::prelude::*;
use delve::generation::rng::GenRng;
use delve::generation::{CorridorStyle, GenParams, LevelSource};
use delve::player::PlayerCommand;
use delve::player::rules::Dir8;
use delve::turn::TurnCount;

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
    let mut app = delve::app::headless_app(LevelSource::Generate(GenParams {
        seed: 11,
        width: 80,
        height: 50,
        style: CorridorStyle::Mixed,
    }));
    let mut rng = GenRng::new(11);
    let mut play_until = |app: &mut App, turns: u64| {
        let mut actions = 0;
        while app.world().resource::<TurnCount>().0 < turns {
            app.world_mut().write_message(command(&mut rng));
            app.update();
            actions += 1;
            assert!(actions < 10 * turns, "the player is stuck");
        }
    };
    let entities = |app: &mut App| app.world_mut().query::<Entity>().iter(app.world()).count();
    let start = LIVE.load(Ordering::Relaxed);
    play_until(&mut app, 1_000);
    let (heap_1k, entities_1k) = (LIVE.load(Ordering::Relaxed), entities(&mut app));
    play_until(&mut app, 10_000);
    let (heap_10k, entities_10k) = (LIVE.load(Ordering::Relaxed), entities(&mut app));
    println!(
        "heap live: {} KiB at the start, {} KiB after 1,000 turns, {} KiB after 10,000; entities {entities_1k} → {entities_10k}",
        start / 1024,
        heap_1k / 1024,
        heap_10k / 1024
    );
    assert_eq!(entities_1k, entities_10k, "entities piled up");
    // Nine thousand more turns may not add even 8 bytes a turn.
    assert!(
        heap_10k - heap_1k < 64 * 1024,
        "the heap grew by {} bytes in 9,000 turns",
        heap_10k - heap_1k
    );
}
