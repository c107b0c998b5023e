//! Words more than one part of the playing screen says of the same thing: what the player fights
//! with and the states it is in (the HUD, the sidebar), a known item's numbers (the pack, looking).

use delve_core::world::{Class, Item, Player};

/// "sword, chain mail | hasted 12, poisoned 3": what the player fights with and the states it is
/// in ("bare hands" and nothing else at the start).
pub fn gear_line(player: &Player) -> String {
    let names = |i: Option<Item>| {
        i.map(|i| match i.plus {
            p if p == 0 || !i.plus_known() => player.lore.name(i.kind),
            p => format!("{p:+} {}", player.lore.name(i.kind)),
        })
    };
    let mut line = names(player.pack.wielded_item()).unwrap_or_else(|| "bare hands".into());
    if let Some(armour) = names(player.pack.worn_item()) {
        line.push_str(&format!(", {armour}"));
    }
    for (_, ring) in player.pack.rings_worn() {
        if let Some(ring) = names(Some(ring)) {
            line.push_str(&format!(", {ring}"));
        }
    }
    let s = player.status;
    let states: Vec<String> = s
        .all()
        .into_iter()
        .filter(|&(_, t)| t > 0)
        .map(|(name, t)| format!("{name} {t}"))
        .collect();
    if !states.is_empty() {
        line.push_str(&format!("  |  {}", states.join(", ")));
    }
    line
}

/// A known item's numbers against yours (a weapon's blows, armour's cover, a throw's or a bolt's
/// damage, a wand's charges): what the pack and looking at it both say. `None` for an unknown
/// item, and for potions and scrolls (their words say it all).
pub fn numbers(item: Item, player: &Player) -> Option<String> {
    let kind = item.kind;
    let s = kind.stats();
    if !player.lore.knows(kind) {
        return None;
    }
    match kind.class() {
        Class::Weapon => {
            let bare = player.attack_with(None);
            let with = player.attack_with(Some(item));
            let plus = i32::from(item.plus);
            Some(format!(
                "To hit {:+}%, damage +{}-{}. Wielding it, you hit {}% of the time for {}-{} (bare-handed: {}% for {}-{}).",
                s.to_hit + plus * delve_core::world::ENCHANT_TO_HIT,
                s.damage.0 + plus,
                s.damage.1 + plus,
                with.to_hit,
                with.damage.0,
                with.damage.1,
                bare.to_hit,
                bare.damage.0,
                bare.damage.1
            ))
        }
        Class::Armour => Some(format!(
            "Takes 0-{} off every hit (never the whole hit).{}",
            s.armour + i32::from(item.plus),
            // Armour that spoils no aim says nothing of it.
            if s.to_hit == 0 {
                String::new()
            } else {
                format!(" Your aim {:+}%.", s.to_hit)
            }
        )),
        Class::Thrown => {
            let thrown = player.throw_attack(kind);
            Some(format!(
                "Damage {}-{}; you hit {}% of the time. It stops at the first monster, wall or shut door on its way.",
                s.damage.0, s.damage.1, thrown.to_hit
            ))
        }
        Class::Wand => {
            let mut out = format!("{} charge{} left.", item.count, if item.count == 1 { "" } else { "s" });
            if s.damage.1 > 0 {
                out.push_str(&format!(" A bolt does {}-{} damage.", s.damage.0, s.damage.1));
            }
            Some(out)
        }
        Class::Ring if item.plus_known() => Some(format!("Its plus: {:+}.", item.plus)),
        Class::Ring => Some(format!(
            "Its plus is not yet known: worn {} turns more, you will know it (or read identify, or drink detect magic).",
            item.wait
        )),
        Class::Staff => {
            let mut out = format!(
                "Level {}: {} of {} charges; a charge comes back every {} turns.",
                item.plus,
                item.count,
                item.most_charges(),
                item.recharge_quarters() / delve_core::world::QUARTERS
            );
            if s.damage.1 > 0 {
                let (lo, hi) = delve_core::rules::staff_damage(kind, item.plus);
                out.push_str(&format!(" Its bolt does {lo}-{hi} damage."));
            }
            Some(out)
        }
        Class::Charm => Some(format!(
            "Level {}: {}; it recharges in {} turns.",
            item.plus,
            if item.count > 0 { "ready" } else { "recharging" },
            item.recharge_quarters() / delve_core::world::QUARTERS
        )),
        Class::Potion | Class::Scroll | Class::Food => None,
    }
}
