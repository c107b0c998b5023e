// Delve by touch and by ear: the action bar (the actions with no gesture, as buttons), the d-pad, the map's gestures (swipe to step, long-press to look, pinch to zoom; a tap
// travels or attacks, which the game reads itself), and "Where am I?" (the w key or the button),
// which reads out what the game writes in #delve-where. The bar shows the buttons of the screen
// that has the keys (<body data-screen>, marked by the game).
//
// A button names what it does (`data-action="pack"`, the names of src/web/contract.rs), never a
// key: the game marks on <body data-keys> the key that does each on the screen it shows, through
// the player's own bindings, and the button presses that key. An action rebound in Settings keeps
// its button.

const canvas = document.getElementById("delve-canvas");
const bar = document.getElementById("delve-actions");
const pad = document.getElementById("delve-pad");
const body = document.body;

/// Presses a key in the game as the keyboard would: down, then up a moment later (the game
/// plays every press, however short: src/player/presses.rs).
export function press(key, code, shift = false) {
  const send = (type, k, c, s) =>
    canvas.dispatchEvent(new KeyboardEvent(type, { key: k, code: c, shiftKey: s, bubbles: true, cancelable: true }));
  if (shift) send("keydown", "Shift", "ShiftLeft", true);
  send("keydown", key, code, shift);
  setTimeout(() => {
    send("keyup", key, code, shift);
    if (shift) send("keyup", "Shift", "ShiftLeft", false);
  }, 60);
}

/// The key that does `action` (a page name) on the screen shown, as the game marks it:
/// [key, code, shift], or undefined for an action with no key.
function keyOf(action) {
  try {
    return JSON.parse(body.dataset.keys || "{}")[action];
  } catch {
    return undefined;
  }
}

/// Presses what does `action` (a page name: "pack", "move-n", "ok"), if anything does.
export function pressAction(action) {
  const key = keyOf(action);
  if (key) press(key[0], key[1], key[2]);
}

// Which rows a screen shows: the map its actions (and "more"), a menu or an overlay the arrows,
// OK and Back, the summary its three choices.
function showRows() {
  const screen = body.dataset.screen || "";
  const on = ["title", "playing"].includes(body.dataset.delve) || screen === "ended";
  // While the game loads the bar keeps its place, unseen: the canvas is not made smaller once it
  // has started (each change of the canvas's size makes the game's drawing buffer again).
  bar.hidden = !on && body.dataset.delve !== "loading";
  bar.style.visibility = on ? "" : "hidden";
  const more = bar.dataset.more === "on";
  for (const row of bar.querySelectorAll(".delve-row")) {
    const kind = row.dataset.for;
    row.hidden = !(
      (kind === "map" && screen === "map") ||
      (kind === "more" && screen === "map" && more) ||
      (kind === "menu" && !["map", "ended", ""].includes(screen)) ||
      (kind === "ended" && screen === "ended")
    );
  }
  for (const button of bar.querySelectorAll("[data-only]")) {
    button.hidden = !button.dataset.only.split(" ").includes(screen);
  }
  pad.hidden = !(pad.dataset.on === "on" && screen === "map");
  if (!more) keepHeight();
}

// The bar grows to the tallest set of rows a screen has shown it with and does not shrink back
// while the window keeps its width, so that the canvas keeps its size as screens change (the map
// does not jump when the pack opens). Menu's second row is let go when it closes.
let keptFor = 0;
function keepHeight() {
  if (keptFor !== innerWidth) {
    keptFor = innerWidth;
    bar.style.minHeight = "";
  }
  const height = bar.getBoundingClientRect().height;
  if (height > (parseFloat(bar.style.minHeight) || 0)) bar.style.minHeight = `${height}px`;
}
addEventListener("resize", showRows);
new MutationObserver(showRows).observe(body, { attributes: true, attributeFilter: ["data-screen", "data-delve"] });
showRows();

function wire(container) {
  // A button pressed leaves the keyboard with the game (pointerdown would otherwise focus it).
  container.addEventListener("pointerdown", (event) => {
    if (event.target.closest("button")) event.preventDefault();
  });
  container.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.hasAttribute("data-more")) {
      bar.dataset.more = bar.dataset.more === "on" ? "off" : "on";
      showRows();
    } else if (button.hasAttribute("data-pad")) {
      pad.dataset.on = pad.dataset.on === "on" ? "off" : "on";
      showRows();
    } else if (button.id === "delve-where-button") {
      sayWhere();
      return;
    } else if (button.dataset.action) {
      pressAction(button.dataset.action);
    }
    // A keyboard user (a screen reader's) stays on the button; a finger gives the keys back.
    if (event.detail > 0) canvas.focus({ preventScroll: true });
  });
}
wire(bar);
wire(pad);

/// Reads out where the player is: the text the game keeps in #delve-where, into an assertive
/// live region (emptied first, so the same words twice are read twice).
export function sayWhere() {
  const said = document.getElementById("delve-where-said");
  const where = document.getElementById("delve-where").textContent;
  said.textContent = "";
  setTimeout(() => { said.textContent = where || "Nothing to say yet: no run is being played."; }, 30);
}
document.addEventListener("keydown", (event) => {
  if (event.key === "w" && !event.ctrlKey && !event.altKey && !event.metaKey && event.target === canvas) {
    sayWhere();
  }
}, true);

// The map's gestures. The game sees the touches too: it travels on a tap (a touch let go where
// it began), which none of these is.
const view = document.getElementById("delve-view");
const touches = new Map();
let pinch = null;
let held = null;
const SWIPE = 30; // CSS pixels a finger must travel for a step
const LONG_PRESS = 500; // milliseconds held still for a look

function directionOf(dx, dy) {
  // Eight ways, by the angle: east first, clockwise (y grows downward).
  const ways = ["move-e", "move-se", "move-s", "move-sw", "move-w", "move-nw", "move-n", "move-ne"];
  const sector = Math.round(Math.atan2(dy, dx) / (Math.PI / 4));
  return ways[(sector + 8) % 8];
}

view.addEventListener("pointerdown", (event) => {
  if (event.pointerType !== "touch") return;
  touches.set(event.pointerId, { x: event.clientX, y: event.clientY, x0: event.clientX, y0: event.clientY, t: event.timeStamp });
  clearTimeout(held);
  if (touches.size === 1) {
    held = setTimeout(() => {
      const t = touches.get(event.pointerId);
      if (t && Math.hypot(t.x - t.x0, t.y - t.y0) < 10 && body.dataset.screen === "map") {
        t.looked = true;
        pressAction("look");
      }
    }, LONG_PRESS);
  } else if (touches.size === 2) {
    const [a, b] = [...touches.values()];
    pinch = Math.hypot(a.x - b.x, a.y - b.y);
  }
});
view.addEventListener("pointermove", (event) => {
  const t = touches.get(event.pointerId);
  if (!t) return;
  t.x = event.clientX;
  t.y = event.clientY;
  if (touches.size === 2 && pinch) {
    const [a, b] = [...touches.values()];
    const now = Math.hypot(a.x - b.x, a.y - b.y);
    if (now > pinch * 1.3 || now < pinch / 1.3) {
      pressAction(now > pinch ? "zoom-in" : "zoom-out");
      pinch = now;
    }
  }
});
function lift(event) {
  const t = touches.get(event.pointerId);
  if (!t) return;
  touches.delete(event.pointerId);
  clearTimeout(held);
  const wasPinch = pinch !== null;
  if (touches.size < 2) pinch = null;
  if (event.type !== "pointerup" || wasPinch || t.looked || touches.size > 0) return;
  const dx = t.x - t.x0, dy = t.y - t.y0;
  if (Math.hypot(dx, dy) >= SWIPE && event.timeStamp - t.t < 800 && body.dataset.screen === "map") {
    pressAction(directionOf(dx, dy));
  }
}
view.addEventListener("pointerup", lift);
view.addEventListener("pointercancel", lift);
