//! The pack overlay (`i`, or `f` for what can be thrown or zapped): every slot by its letter; a
//! letter or a click shows the item with its numbers and what can be done with it, and a key or a
//! click does it. It takes the keyboard while open. What to do is decided by `press`, plain
//! logic the tests call directly.

use crate::ui::spoken::Spoken;
use bevy::ecs::system::SystemParam;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use delve_core::rules::Act;
use delve_core::world::{Class, Item, ItemKind, Player, SLOTS, capitalised, letter};
use leafwing_input_manager::prelude::*;

use super::aim::begin_aim;
use crate::action::Action;
use crate::actor::Player as PlayerEntity;
use crate::player::command::PlayerCommand;
use crate::screens::playing::floor::words::numbers;
use crate::screens::scroll::{ScrollByKeys, scroll_list};
use crate::state::Focus;
use crate::turn::{Game, TurnSet};
use crate::ui::palette;
use crate::ui::scale;
use crate::ui::widgets::{full_window, label, overlay_panel};

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            (choose_in_pack, click_pack_rows).chain(),
            open_pack.run_if(in_state(Focus::Map)),
        )
            .chain()
            .after(super::aim::steer_aim)
            .in_set(TurnSet::Input),
    )
    .add_systems(Update, show_pack.in_set(TurnSet::Show));
}

/// What the pack overlay shows: the pack's own data, on its root entity, which is there exactly
/// while the pack is open (spawned as it opens, gone leaving `Focus::Pack`).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PackMenu(pub Page);

/// The page the pack shows, if it is open (for tests and tools).
pub fn pack_page(world: &mut World) -> Option<Page> {
    world.query::<&PackMenu>().iter(world).next().map(|m| m.0)
}

/// Opens the pack on `page`: its root, until its focus is left.
fn open_on(commands: &mut Commands, focus: &mut NextState<Focus>, page: Page) {
    commands.spawn((Name::new("Pack open"), PackMenu(page), DespawnOnExit(Focus::Pack)));
    focus.set(Focus::Pack);
}

/// A page of the pack overlay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    /// Every slot; `aiming` when a letter chooses what to throw or zap.
    List { aiming: bool },
    /// One item: its description and what can be done with it.
    Item(u8),
    /// The weapons and armour, to choose which the scroll of enchanting in this slot improves.
    Enchant(u8),
}

/// What a key on the pack overlay comes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Show this page (or the same one again).
    Show(Page),
    /// Close the overlay.
    Close,
    /// Close it and play this.
    Play(Act),
    /// Close it and aim what is in this slot.
    Aim(u8),
    /// Nothing happens (a key that means nothing here).
    Ignore,
}

/// A key pressed on the overlay: a character typed, or Esc.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuKey {
    Char(char),
    Back,
}

/// Whether an item can be enchanted.
fn enchantable(item: Item) -> bool {
    matches!(
        item.kind.class(),
        Class::Weapon | Class::Armour | Class::Ring | Class::Staff | Class::Charm
    )
}

/// Whether an item is thrown or zapped.
fn aimed(item: Item) -> bool {
    matches!(
        item.kind.class(),
        Class::Thrown | Class::Wand | Class::Staff | Class::Potion
    )
}

/// What `key` on `page` does, for a player carrying `player`'s pack.
pub fn press(page: Page, key: MenuKey, player: &Player) -> Outcome {
    let pack = &player.pack;
    match (page, key) {
        (Page::List { .. }, MenuKey::Back) => Outcome::Close,
        (Page::Item(_), MenuKey::Back) => Outcome::Show(Page::List { aiming: false }),
        (Page::Enchant(scroll), MenuKey::Back) => Outcome::Show(Page::Item(scroll)),
        (Page::Enchant(scroll), MenuKey::Char(c)) => {
            let slot = (c as u32).wrapping_sub('a' as u32);
            match (slot < SLOTS as u32).then(|| pack.get(slot as usize)).flatten() {
                Some(item) if enchantable(item) => Outcome::Play(Act::Enchant {
                    scroll,
                    item: slot as u8,
                }),
                _ => Outcome::Ignore,
            }
        }
        (Page::List { aiming }, MenuKey::Char(c)) => {
            let slot = (c as u32).wrapping_sub('a' as u32);
            let Some(item) = (slot < SLOTS as u32).then(|| pack.get(slot as usize)).flatten() else {
                return Outcome::Ignore;
            };
            match (aiming, aimed(item)) {
                (true, true) => Outcome::Aim(slot as u8),
                (true, false) => Outcome::Ignore,
                (false, _) => Outcome::Show(Page::Item(slot as u8)),
            }
        }
        (Page::Item(slot), MenuKey::Char(c)) => {
            let Some(item) = pack.get(slot as usize) else {
                return Outcome::Show(Page::List { aiming: false });
            };
            let worn = pack.is_equipped(slot as usize);
            let known_enchanting = item.kind == ItemKind::Enchanting && player.lore.knows(item.kind);
            match (c, item.kind.class()) {
                // Known, a scroll of enchanting asks what it improves; unknown, reading it
                // tells what it is.
                ('u', Class::Scroll) if known_enchanting => Outcome::Show(Page::Enchant(slot)),
                ('u', Class::Potion | Class::Scroll | Class::Charm) | ('e', Class::Food) => {
                    Outcome::Play(Act::Use(slot))
                }
                ('u', Class::Staff) if unaimed(item, player) => Outcome::Play(Act::Use(slot)),
                ('w', Class::Weapon | Class::Armour | Class::Ring) if !worn => Outcome::Play(Act::Equip(slot)),
                ('r', Class::Weapon | Class::Armour | Class::Ring) if worn => Outcome::Play(Act::Unequip(slot)),
                ('d', _) => Outcome::Play(Act::Drop(slot)),
                ('t', _) if aimed(item) => Outcome::Aim(slot),
                _ => Outcome::Ignore,
            }
        }
    }
}

/// Whether a staff is used where you stand, not aimed (a known staff of conjuration).
fn unaimed(item: Item, player: &Player) -> bool {
    item.kind == ItemKind::Conjuration && player.lore.knows(item.kind)
}

/// The choices an item's page offers: key and words.
pub fn choices(item: Item, worn: bool, player: &Player) -> Vec<(char, &'static str)> {
    let mut out = Vec::new();
    if item.kind.class() == Class::Potion {
        out.push(('u', "drink"));
        out.push(('t', "throw"));
        out.push(('d', "drop"));
        return out;
    }
    match item.kind.class() {
        Class::Ring if worn => out.push(('r', "take off")),
        Class::Ring => out.push(('w', "put on")),
        Class::Staff if unaimed(item, player) => out.push(('u', "use")),
        Class::Staff => out.push(('t', "zap")),
        Class::Charm => out.push(('u', "use")),
        Class::Potion => out.push(('u', "drink")),
        Class::Scroll => out.push(('u', "read")),
        Class::Weapon if worn => out.push(('r', "put away")),
        Class::Weapon => out.push(('w', "wield")),
        Class::Armour if worn => out.push(('r', "take off")),
        Class::Armour => out.push(('w', "wear")),
        Class::Thrown => out.push(('t', "throw")),
        Class::Wand => out.push(('t', "zap")),
        Class::Food => out.push(('e', "eat")),
    }
    out.push(('d', "drop"));
    out
}

/// An item's description: what it is, what it does, and its numbers against yours.
pub fn describe(item: Item, player: &Player) -> String {
    let lore = player.lore;
    let kind = item.kind;
    let mut out = format!("{}\n\n", capitalised(&lore.describe(item)));
    if !lore.knows(kind) {
        out.push_str(&format!(
            "An unknown {}: {} it{} to learn what it is. Unknown {}s look different in every run.",
            kind.class().name(),
            match kind.class() {
                Class::Potion => "drink",
                Class::Ring => "put",
                Class::Staff => "zap",
                _ => "read",
            },
            if kind.class() == Class::Ring { " on" } else { "" },
            kind.class().name()
        ));
        return out;
    }
    out.push_str(kind.about());
    if let Some(numbers) = numbers(item, player) {
        out.push_str("\n\n");
        out.push_str(&numbers);
    }
    out
}

/// `i` opens the pack, `f` the things to throw or zap (saying so when there are none).
fn open_pack(
    actions: Single<&ActionState<Action>, With<PlayerEntity>>,
    mut commands: Commands,
    mut focus: ResMut<NextState<Focus>>,
    mut game: ResMut<Game>,
) {
    if actions.just_pressed(&Action::Inventory) {
        open_on(&mut commands, &mut focus, Page::List { aiming: false });
    } else if actions.just_pressed(&Action::Throw) {
        if game.player().pack.items().any(|(_, i)| aimed(i)) {
            open_on(&mut commands, &mut focus, Page::List { aiming: true });
        } else {
            game.say("You have nothing to throw or zap.");
        }
    }
}

/// What the pack's systems change: its page, the focus, the commands played, the aim.
#[derive(SystemParam)]
struct PackWrites<'w, 's> {
    menu: Query<'w, 's, &'static mut PackMenu>,
    focus: ResMut<'w, NextState<Focus>>,
    commands: MessageWriter<'w, PlayerCommand>,
    spawn: Commands<'w, 's>,
}

impl PackWrites<'_, '_> {
    /// The page shown, if the pack is open.
    fn page(&self) -> Option<Page> {
        self.menu.single().ok().map(|m| m.0)
    }

    /// Does what `outcome` says (leaving the pack gives the keyboard back to the map, or to
    /// the aim).
    fn follow(&mut self, outcome: Outcome, game: &Game) {
        match outcome {
            Outcome::Show(page) => {
                if let Ok(mut menu) = self.menu.single_mut() {
                    menu.0 = page;
                }
            }
            Outcome::Close => self.focus.set(Focus::Map),
            Outcome::Play(act) => {
                self.focus.set(Focus::Map);
                self.commands.write(PlayerCommand::Item(act));
            }
            Outcome::Aim(slot) => {
                begin_aim(&mut self.spawn, game, slot);
                self.focus.set(Focus::Aim);
            }
            Outcome::Ignore => {}
        }
    }
}

/// Keys on the open overlay: letters as typed (whatever the keyboard's layout), Esc (Cancel)
/// back or closed, `i` again closes. Reads every frame, so no key pressed before it opened is
/// taken for a choice.
fn choose_in_pack(
    mut typed: MessageReader<KeyboardInput>,
    actions: Single<&ActionState<Action>, With<PlayerEntity>>,
    focus: Option<Res<State<Focus>>>,
    mut writes: PackWrites,
    game: Res<Game>,
) {
    let keys: Vec<char> = typed
        .read()
        .filter(|k| k.state.is_pressed())
        .filter_map(|k| match &k.logical_key {
            Key::Character(s) => s.chars().next().filter(|_| s.chars().count() == 1),
            _ => None,
        })
        .collect();
    if focus.is_none_or(|f| *f.get() != Focus::Pack) {
        return; // (read all the same: no key typed before it opened is taken for a choice)
    }
    let Some(page) = writes.page() else { return };
    // A letter that names an item chooses it, even the pack's own key (`i` is the ninth slot's
    // letter): that key closes the list only where no item has its letter.
    let names_an_item = keys.first().is_some_and(|&c| holds(game.player(), c));
    let key = if actions.just_pressed(&Action::Cancel) {
        Some(MenuKey::Back)
    } else if actions.just_pressed(&Action::Inventory) && matches!(page, Page::List { .. }) && !names_an_item {
        writes.focus.set(Focus::Map);
        return;
    } else {
        keys.first().map(|&c| MenuKey::Char(c.to_ascii_lowercase()))
    };
    if let Some(key) = key {
        writes.follow(press(page, key, game.player()), &game);
    }
}

/// A row of the overlay: a slot to choose, or an item's choice.
#[derive(Component, Clone, Copy, Debug)]
enum PackRow {
    Slot(u8),
    Choice(char),
    Back,
}

/// A click on a row does what its key does.
fn click_pack_rows(
    rows: Query<(&Interaction, &PackRow), Changed<Interaction>>,
    mut writes: PackWrites,
    game: Res<Game>,
) {
    for (interaction, row) in &rows {
        let Some(page) = writes.page() else { return };
        if *interaction != Interaction::Pressed {
            continue;
        }
        let key = match *row {
            PackRow::Slot(s) => MenuKey::Char(letter(s as usize)),
            PackRow::Choice(c) => MenuKey::Char(c),
            PackRow::Back => MenuKey::Back,
        };
        writes.follow(press(page, key, game.player()), &game);
    }
}

#[derive(Component)]
struct PackOverlay;

/// Whether `c` is the letter of a slot that holds an item.
fn holds(player: &Player, c: char) -> bool {
    let slot = (c.to_ascii_lowercase() as u32).wrapping_sub('a' as u32);
    slot < SLOTS as u32 && player.pack.get(slot as usize).is_some()
}

/// A slot's line on a list: "b - a +1 sword (wielded)".
fn slot_line(player: &Player, s: usize, item: Item) -> String {
    let worn = player.pack.worn_as(s).map_or_else(String::new, |w| format!(" ({w})"));
    format!("{} - {}{worn}", letter(s), player.lore.describe(item))
}

/// The overlay, made again whenever the page or the pack changes.
fn show_pack(
    mut commands: Commands,
    menu: Option<Single<Ref<PackMenu>>>,
    (game, settings): (Res<Game>, Res<crate::settings::Settings>),
    open: Query<Entity, With<PackOverlay>>,
) {
    let Some(menu) = menu else { return };
    if !(menu.is_changed() || game.is_changed()) {
        return;
    }
    for entity in &open {
        commands.entity(entity).despawn();
    }
    let page = menu.0;
    let player = &game.player();
    let row = |row: PackRow, words: String, colour: Color| {
        (
            Button,
            row,
            Node {
                padding: UiRect::axes(px(6), px(1)),
                flex_shrink: 0.0,
                ..default()
            },
            children![label(words, scale::BODY, colour)],
        )
    };
    // What a screen reader is told: the same words.
    let mut spoken = Spoken::default();
    let mut pack = commands.spawn((
        Name::new("Pack"),
        PackOverlay,
        DespawnOnExit(Focus::Pack),
        full_window(),
    ));
    pack.with_children(|layer| {
        layer.spawn(overlay_panel(2.0)).with_children(|panel| match page {
            Page::List { aiming } => {
                let keys = &settings.bindings;
                let title = if aiming {
                    format!(
                        "Throw or zap which? (a letter or a click; {} closes)",
                        keys.key(Action::Cancel)
                    )
                } else {
                    // The pack's key closes it too, unless it is an item's letter.
                    let pack_key = keys.key(Action::Inventory);
                    let closes = match pack_key.chars().next().filter(|_| pack_key.chars().count() == 1) {
                        Some(c) if holds(player, c) => keys.key(Action::Cancel),
                        _ => format!("{pack_key} or {}", keys.key(Action::Cancel)),
                    };
                    format!("Your pack (a letter or a click for an item; {closes} closes)")
                };
                spoken.push(title.clone());
                panel.spawn(label(title, scale::HEADING, palette::GOLD));
                // A full pack at the largest text outgrows a short window: its rows scroll.
                panel
                    .spawn((scroll_list(Val::Auto, 0.0), ScrollByKeys))
                    .with_children(|list| {
                        let mut any = false;
                        for (s, item) in player.pack.items() {
                            if aiming && !aimed(item) {
                                continue;
                            }
                            any = true;
                            spoken.push(slot_line(player, s, item));
                            list.spawn(row(PackRow::Slot(s as u8), slot_line(player, s, item), palette::TEXT));
                        }
                        if !any {
                            spoken.push("Nothing.");
                            list.spawn(label("Nothing.", scale::BODY, palette::TEXT_DIM));
                        }
                    });
                let used = format!("{} of {SLOTS} slots used", player.pack.items().count());
                spoken.push(used.clone());
                panel.spawn(label(used, scale::SMALL, palette::TEXT_DIM));
            }
            Page::Item(slot) => {
                let Some(item) = player.pack.get(slot as usize) else {
                    return;
                };
                spoken.push(describe(item, player));
                panel.spawn(label(describe(item, player), scale::BODY, palette::TEXT));
                let worn = player.pack.is_equipped(slot as usize);
                for (key, words) in choices(item, worn, player) {
                    spoken.push(format!("{key} - {words}"));
                    panel.spawn(row(PackRow::Choice(key), format!("{key} - {words}"), palette::GOLD));
                }
                spoken.push("Esc - back");
                panel.spawn(row(PackRow::Back, "Esc - back".to_owned(), palette::TEXT_DIM));
            }
            Page::Enchant(_) => {
                let title = format!(
                    "Enchant which? (a weapon or armour: a letter or a click; {} goes back)",
                    settings.bindings.key(Action::Cancel)
                );
                spoken.push(title.clone());
                panel.spawn(label(title, scale::HEADING, palette::GOLD));
                let mut any = false;
                for (s, item) in player.pack.items().filter(|&(_, i)| enchantable(i)) {
                    any = true;
                    spoken.push(slot_line(player, s, item));
                    panel.spawn(row(PackRow::Slot(s as u8), slot_line(player, s, item), palette::TEXT));
                }
                if !any {
                    let none = "You carry no weapon or armour to enchant.";
                    spoken.push(none);
                    panel.spawn(label(none, scale::BODY, palette::TEXT_DIM));
                }
                spoken.push("Esc - back");
                panel.spawn(row(PackRow::Back, "Esc - back".to_owned(), palette::TEXT_DIM));
            }
        });
    });
    pack.insert(spoken);
}

#[cfg(test)]
mod tests {
    use super::*;
    use delve_core::geom::Pos;

    #[test]
    fn letters_choose_and_keys_do() {
        let mut player = Player::new(Pos::new(1, 1));
        player.pack.add(Item::one(ItemKind::Sword));
        player.pack.add(Item {
            kind: ItemKind::Dart,
            count: 3,
            plus: 0,
            wait: 0,
        });
        player.pack.add(Item::one(ItemKind::Healing));
        let list = Page::List { aiming: false };
        assert_eq!(press(list, MenuKey::Char('a'), &player), Outcome::Show(Page::Item(0)));
        assert_eq!(press(list, MenuKey::Char('z'), &player), Outcome::Ignore);
        assert_eq!(press(list, MenuKey::Back, &player), Outcome::Close);
        assert_eq!(
            press(Page::Item(0), MenuKey::Char('w'), &player),
            Outcome::Play(Act::Equip(0))
        );
        assert_eq!(press(Page::Item(0), MenuKey::Char('u'), &player), Outcome::Ignore);
        assert_eq!(
            press(Page::Item(2), MenuKey::Char('u'), &player),
            Outcome::Play(Act::Use(2))
        );
        assert_eq!(press(Page::Item(1), MenuKey::Char('t'), &player), Outcome::Aim(1));
        assert_eq!(
            press(Page::Item(1), MenuKey::Char('d'), &player),
            Outcome::Play(Act::Drop(1))
        );
        assert_eq!(press(Page::Item(1), MenuKey::Back, &player), Outcome::Show(list));
        let aim = Page::List { aiming: true };
        assert_eq!(press(aim, MenuKey::Char('b'), &player), Outcome::Aim(1));
        assert_eq!(
            press(aim, MenuKey::Char('a'), &player),
            Outcome::Ignore,
            "a sword is not thrown"
        );
        player.pack.weapon = Some(0);
        assert_eq!(
            press(Page::Item(0), MenuKey::Char('r'), &player),
            Outcome::Play(Act::Unequip(0))
        );
        assert_eq!(
            choices(Item::one(ItemKind::Sword), true, &player),
            [('r', "put away"), ('d', "drop")]
        );
        // Descriptions give the numbers once known.
        let sword = describe(Item::one(ItemKind::Sword), &player);
        assert!(sword.contains("To hit +5%, damage +1-3"), "{sword}");
        let potion = describe(Item::one(ItemKind::Healing), &player);
        assert!(potion.contains("unknown potion"), "{potion}");
        // A scroll of enchanting: unknown, read; known, it asks which weapon or armour.
        let scroll = player.pack.add(Item::one(ItemKind::Enchanting)).unwrap() as u8;
        assert_eq!(
            press(Page::Item(scroll), MenuKey::Char('u'), &player),
            Outcome::Play(Act::Use(scroll))
        );
        player.lore.learn(ItemKind::Enchanting);
        let enchant = Page::Enchant(scroll);
        assert_eq!(
            press(Page::Item(scroll), MenuKey::Char('u'), &player),
            Outcome::Show(enchant)
        );
        assert_eq!(
            press(enchant, MenuKey::Char('a'), &player),
            Outcome::Play(Act::Enchant { scroll, item: 0 })
        );
        assert_eq!(
            press(enchant, MenuKey::Char('c'), &player),
            Outcome::Ignore,
            "not a potion"
        );
        assert_eq!(
            press(enchant, MenuKey::Back, &player),
            Outcome::Show(Page::Item(scroll))
        );
        // A ration is eaten.
        let ration = player.pack.add(Item::one(ItemKind::Ration)).unwrap() as u8;
        assert_eq!(
            choices(Item::one(ItemKind::Ration), false, &player),
            [('e', "eat"), ('d', "drop")]
        );
        assert_eq!(
            press(Page::Item(ration), MenuKey::Char('e'), &player),
            Outcome::Play(Act::Use(ration))
        );
        // A ring is put on and taken off; a staff zapped (a known staff of conjuration used
        // where you stand); a charm used.
        let ring = player.pack.add(Item::one(ItemKind::Stealth)).unwrap() as u8;
        assert_eq!(
            choices(Item::one(ItemKind::Stealth), false, &player),
            [('w', "put on"), ('d', "drop")]
        );
        assert_eq!(
            press(Page::Item(ring), MenuKey::Char('w'), &player),
            Outcome::Play(Act::Equip(ring))
        );
        player.pack.rings[0] = Some(ring);
        assert_eq!(
            press(Page::Item(ring), MenuKey::Char('r'), &player),
            Outcome::Play(Act::Unequip(ring))
        );
        let staff = player.pack.add(Item::one(ItemKind::Conjuration)).unwrap() as u8;
        assert_eq!(
            press(Page::Item(staff), MenuKey::Char('t'), &player),
            Outcome::Aim(staff)
        );
        player.lore.learn(ItemKind::Conjuration);
        assert_eq!(
            press(Page::Item(staff), MenuKey::Char('u'), &player),
            Outcome::Play(Act::Use(staff))
        );
        let charm = player.pack.add(Item::one(ItemKind::HasteCharm)).unwrap() as u8;
        assert_eq!(
            press(Page::Item(charm), MenuKey::Char('u'), &player),
            Outcome::Play(Act::Use(charm))
        );
        let words = describe(Item::one(ItemKind::HasteCharm), &player);
        assert!(words.contains("Level 1: ready"), "{words}");
    }
}
