//! What looking at a tile tells: the monster there with its numbers (its health and what it is
//! about, its habit, its chance to hit you and for how much through your armour, its speed, and
//! your chance to hit it and how many blows it takes), else the item or the tile. Plain text from
//! the run, no engine.

use delve_core::explore::{self as plan, Known};
use delve_core::geom::Pos;
use delve_core::run::Run;
use delve_core::world::{Mind, Monster, NORMAL_SPEED, article, capitalised};

use crate::screens::playing::floor::seen::state;
use crate::screens::playing::floor::words::numbers;

/// What its speed means, in words.
fn speed(speed: i32) -> &'static str {
    match speed {
        s if s >= 2 * NORMAL_SPEED => "fast: two moves to your one",
        s if s > NORMAL_SPEED => "quick: three moves to your two",
        s if s == NORMAL_SPEED => "as fast as you",
        _ => "slow: a move to your two",
    }
}

/// A monster, with its numbers against yours (an ally's: its blow and its kills).
pub fn monster(run: &Run, m: &Monster) -> String {
    let s = m.kind.stats();
    let name = m.kind.name();
    if let Mind::Ally { kills, .. } = m.mind {
        let a = m.attack();
        let grown = match m.grade() {
            0 => String::new(),
            g => format!(", grown {g} {} stronger", if g == 1 { "grade" } else { "grades" }),
        };
        return format!(
            "Your ally, {} {name} ({}/{} hit points), {}. {} {}\nIt hits {}% of the time, for {}-{}. Speed: {}. It has killed {kills}{grown}.",
            article(name),
            m.hp,
            m.max_hp(),
            state(m.mind),
            s.about,
            s.habit.sentence(),
            a.to_hit.min(100),
            a.damage.0,
            a.damage.1,
            speed(s.speed),
        );
    }
    let called = match m.champion {
        Some(c) => format!("{} the {name}, a champion (stronger than its kind)", c.name()),
        None => format!("{} {name}", capitalised(article(name))),
    };
    let mut text = format!(
        "{called} ({}/{} hit points), {}. {} {}",
        m.hp,
        m.max_hp(),
        state(m.mind),
        s.about,
        s.habit.sentence()
    );
    if m.is_captive() {
        text.push_str(" Walk into it to free it: a few turns' work, and it will fight at your side.");
    }
    let blow = m.attack();
    let (lo, hi) = blow.damage;
    if s.to_hit > 0 && hi > 0 {
        let armour = run.player().armour();
        let through = if armour > 0 {
            format!(" ({}-{hi} through your armour)", (lo - armour).max(1))
        } else {
            String::new()
        };
        text.push_str(&format!(
            "\nIt hits you {}% of the time, for {lo}-{hi}{through}.",
            blow.to_hit.min(100)
        ));
    }
    let you = run.player().attack();
    let mean = f64::from(you.damage.0 + you.damage.1) / 2.0;
    let blows = (f64::from(m.hp) / mean).ceil() as u32;
    text.push_str(&format!(
        "\nSpeed: {}. You hit it {}% of the time, for {}-{}: about {blows} {} to kill it.",
        speed(s.speed),
        you.to_hit.min(100),
        you.damage.0,
        you.damage.1,
        if blows == 1 { "blow" } else { "blows" },
    ));
    text
}

/// What looking at `at` shows.
pub fn look_at(run: &Run, at: Pos) -> String {
    let level = run.dungeon().level();
    let depth = run.dungeon().depth();
    let seen = run.sight().is_visible(at);
    if at == run.player().at {
        return format!(
            "You: {}/{} hit points, wielding {}.",
            run.player().health.hp,
            run.player().health.max,
            run.player()
                .pack
                .wielded()
                .map_or_else(|| "nothing".to_owned(), |k| run.player().lore.name(k))
        );
    }
    if let Some(m) = level.monster_at(at).filter(|m| run.sees(m)) {
        return monster(run, m);
    }
    let Some(memory) = run.player().memory.level(depth) else {
        return "You know nothing of there.".into();
    };
    let known = Known { level, memory };
    let held = run.player().keys.doors_on(depth);
    let Some(tile) = plan::describe(&known, at, &held) else {
        return "You have not seen there.".into();
    };
    let item = level.item_at(at).filter(|_| seen || memory.is_explored(at)).map(|f| {
        let altar = match (f.altar, f.sealed) {
            (Some(_), true) => ", caged on its altar",
            (Some(_), false) => ", on an altar",
            _ => "",
        };
        format!("{}{altar}, on {tile}", run.player().lore.describe(f.item))
    });
    // What an item would do for you, before you choose it (a vault's altar above all).
    let numbers = level
        .item_at(at)
        .filter(|_| item.is_some())
        .and_then(|f| numbers(f.item, run.player()));
    let gold = level
        .gold
        .get(&at)
        .filter(|_| seen || memory.is_explored(at))
        .map(|n| format!("{n} gold, on {tile}"));
    let what = item.or(gold).unwrap_or(tile);
    let what = capitalised(&what);
    let mut what = if seen {
        format!("{what}.")
    } else {
        format!("{what} (remembered).")
    };
    // What the terrain does, a found trap, and the fire or gas in view: a sentence each.
    if let Some(remembered) = memory.get(at)
        && let Some(sentence) = remembered.sentence()
    {
        what.push(' ');
        what.push_str(sentence);
    }
    if let Some(t) = level.trap_at(at).filter(|t| !t.hidden) {
        let name = t.kind.name();
        what.push_str(&format!(
            " {} {name}: {}",
            delve_core::world::capitalised(delve_core::world::article(name)),
            t.kind.stats().words
        ));
    }
    if seen && level.fire.contains_key(&at) {
        what.push_str(" It is on fire: fire burns whoever stands in it.");
    } else if seen && level.gas.contains_key(&at) {
        what.push_str(" Poison gas hangs here: breathing it hurts.");
    }
    match numbers {
        Some(numbers) => format!("{what} {numbers}"),
        None => what,
    }
}
