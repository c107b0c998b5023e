// Delve's page and its board (delve-board, docs/board.md). A board is the page's own origin when
// the board serves the game (`delve-board --web web/dist`), or the one `?board=URL` names. At the
// end of a run the page offers "Submit to the board": the recording (the one the download link
// holds) is sent with the player's name and the secret that holds it on that board, and the rank
// that came back is shown with a link to the board. The name's own secret (made here once, kept
// in local storage) is never sent: each board gets one made for it from the name's and the
// board's origin (the game's `board_secret`, as the desktop makes it), so a `?board=` link to
// another board learns nothing that posts as the player anywhere else. A failure is said and can
// be tried again; the recording stays downloadable. `?board-run=ID` replays a run of the board:
// its recording is fetched and played as a `?replay=` link is. `?from=ID&turn=N` ("survive
// this") hands anyone that run's position on turn N: the recording is fetched and the page takes
// the run over there (`?replay=…&turn=N&take-over`), a branch of it that no main list ranks.
// `?race=ID` races that run's ghost: a new run of its dungeon (`?ghost=…`), ranked apart.

import { board_secret } from "./delve.js";

const IDENTITY_KEY = "delve.board.identity";
const params = new URLSearchParams(location.search);

/// The board's address (no trailing slash), or null when none answers.
async function findBoard() {
  const asked = params.get("board");
  const url = (asked || location.origin).replace(/\/+$/, "");
  try {
    const reply = await fetch(`${url}/api/board`, { cache: "no-store" });
    if (reply.ok && (await reply.json()).board === "delve-board") return url;
  } catch {
    // No board there: the page plays without one.
  }
  return null;
}

// Asked only when needed (a run's end, a board's run to replay): a page on a plain file host
// then asks once, not at every load.
let board = null;
let asked = null;
function found() {
  if (!asked) asked = findBoard().then((url) => { board = url; return url; });
  return asked;
}

/// `?board-run=ID`: the run's recording fetched from the board and put in the address as a
/// `?replay=` link, before the game reads the address; `?from=ID&turn=N`, as a link that takes
/// the run over on turn N. Resolves once the address is set (or the failure is shown).
export async function takeBoardRun() {
  const from = params.get("from");
  const race = params.get("race");
  const id = from || race || params.get("board-run");
  if (!id) return;
  const turn = params.get("turn");
  const tail = from ? `&turn=${encodeURIComponent(turn || "0")}&take-over` : "";
  const what = race ? "ghost" : "replay";
  const url = (await found()) || location.origin;
  const message = document.getElementById("delve-message");
  try {
    const reply = await fetch(`${url}/api/runs/${encodeURIComponent(id)}/recording`);
    if (!reply.ok) throw new Error(`the board answered ${reply.status}`);
    const bytes = new Uint8Array(await reply.arrayBuffer());
    let text = "";
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    const b64url = btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    history.replaceState(null, "", `?${what}=${b64url}${tail}`);
  } catch (e) {
    message.textContent = `The board's run ${id} cannot be fetched (${e.message}).`;
  }
}

/// The name kept here (`{name, secret, legacy, sentTo}`), or null.
function kept() {
  try {
    const found = JSON.parse(localStorage.getItem(IDENTITY_KEY) || "null");
    return found && typeof found.name === "string" && typeof found.secret === "string" ? found : null;
  } catch {
    return null;
  }
}

/// What `name` sends to the board at `url`: its name, and the secret made for that board. A
/// name kept before secrets were made per board (no `legacy` in it) sent its secret as it is:
/// that secret keeps going as it is to the page's own origin (the board it was used with when
/// the board serves the game) and to no other.
function identity(name, url) {
  let me = kept();
  if (!me || me.name.toLowerCase() !== name.toLowerCase()) {
    const random = crypto.getRandomValues(new Uint8Array(16));
    me = { name, secret: Array.from(random, (b) => b.toString(16).padStart(2, "0")).join(""), legacy: false };
  }
  if (me.legacy === undefined) me.legacy = true;
  if (me.legacy && !me.sentTo) me.sentTo = location.origin;
  localStorage.setItem(IDENTITY_KEY, JSON.stringify(me));
  const here = new URL(url).origin;
  const secret = me.legacy && me.sentTo === here ? me.secret : board_secret(me.secret, here);
  return { name: me.name, secret };
}

const form = document.getElementById("delve-submit");
const nameField = document.getElementById("delve-name");
const status = document.getElementById("delve-submit-status");
const button = document.getElementById("delve-submit-button");

nameField.value = (kept() || {}).name || "";

/// Shows the form when a run's recording is offered (and a board answers), hides it otherwise.
async function offer() {
  const shown = !document.getElementById("delve-recording").hidden;
  if (!shown) {
    form.hidden = true;
    return;
  }
  if (!(await found())) return;
  form.hidden = false;
  button.hidden = false;
  button.textContent = "Submit to the board";
  status.textContent = "";
}
new MutationObserver(offer).observe(document.getElementById("delve-recording"), {
  attributes: true,
  attributeFilter: ["hidden"],
});

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const name = nameField.value.trim();
  if (!name) {
    status.textContent = "A name, please.";
    nameField.focus();
    return;
  }
  const href = document.getElementById("delve-download").getAttribute("href") || "";
  const prefix = "data:application/octet-stream;base64,";
  if (!href.startsWith(prefix)) {
    status.textContent = "This run has no recording to submit.";
    return;
  }
  const me = identity(name, board);
  button.disabled = true;
  status.textContent = "Sending the run; the board replays it…";
  try {
    const reply = await fetch(`${board}/api/runs`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: me.name, secret: me.secret, recording: href.slice(prefix.length) }),
    });
    const body = await reply.json().catch(() => ({}));
    if (reply.status !== 201) throw new Error(body.error || `the board answered ${reply.status}`);
    // A run that raced a ghost is ranked on the raced list ("raced:seed:42").
    const named = String(body.board || "");
    const raced = named.startsWith("raced:");
    const [kind, key] = (raced ? named.slice("raced:".length) : named).split(":");
    const query = raced ? "?raced=1" : "";
    const page = kind === "day" ? `${board}/board/day/${key}${query}` : kind === "seed" ? `${board}/board/seed/${key}${query}` : `${board}/board`;
    status.replaceChildren(
      `Ranked ${body.rank} with ${body.score} points. `,
      Object.assign(document.createElement("a"), { href: page, textContent: "See the board", id: "delve-board-link" }),
    );
    document.body.dataset.boardRank = String(body.rank);
    button.hidden = true;
  } catch (e) {
    status.textContent = `Not submitted: ${e.message}. The recording is kept: try again, or download it.`;
    button.textContent = "Try again";
  } finally {
    button.disabled = false;
  }
});
