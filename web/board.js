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
// `?watch=ID` follows the board's live run ID as it is played (`followLive`). "Play live on the
// board" (off unless ticked; kept in local storage) sends each run played here to the board as it
// is played, for anyone to watch (`playLive`).

import { board_secret, live_begin, live_event, live_piece } from "./delve.js";

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
  const watch = params.get("watch");
  if (watch && !params.has("replay")) return followLive(watch);
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

/// `?watch=ID`: the board's live run ID followed. Its stream (`/api/live/ID/events`) is opened;
/// its `begin` event's recording is put in the address as `?replay=…&watch=ID` before the game
/// reads it (resolving then, or once the stream cannot be had, with why said); every later
/// event (`piece`, `end`, `lost`) is handed to the game as it comes (`live_event`), held until the
/// game is running. The browser takes a broken stream up again after the last piece it had.
function followLive(id) {
  const message = document.getElementById("delve-message");
  const waiting = [];
  let retry = null;
  const deliver = () => {
    retry = null;
    while (waiting.length) {
      try {
        live_event(waiting[0][0], waiting[0][1]);
      } catch {
        // The game is not running yet: in a moment.
        retry = retry || setTimeout(deliver, 200);
        return;
      }
      waiting.shift();
    }
  };
  return found().then((found) => new Promise((resolve) => {
    const url = found || location.origin;
    const source = new EventSource(`${url}/api/live/${encodeURIComponent(id)}/events`);
    let begun = false;
    source.addEventListener("begin", (event) => {
      if (begun) return;
      begun = true;
      // Where the run stands now: the game goes there once the pieces before it have come.
      waiting.push(["joined", JSON.stringify({ commands: JSON.parse(event.data).commands })]);
      const b64url = JSON.parse(event.data).recording.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
      history.replaceState(null, "", `?replay=${b64url}&watch=${encodeURIComponent(id)}`);
      resolve();
    });
    for (const name of ["piece", "end", "lost"]) {
      source.addEventListener(name, (event) => {
        waiting.push([name, event.data]);
        if (name !== "piece") source.close();
        deliver();
      });
    }
    source.addEventListener("error", () => {
      if (begun) return;
      source.close();
      message.textContent = `The board's live run ${id} cannot be followed: it is not being played there, or the board cannot be reached.`;
      resolve();
    });
  }));
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

// Playing live: the run in play (the game's `live_begin`) begun on the board, then what it
// recorded since (`live_piece`) sent about once a second, its end with the last piece. A piece
// the board could not be reached for goes with the next; a run the board refuses is said.
const LIVE_KEY = "delve.live";
const liveLine = document.getElementById("delve-live");
const liveBox = document.getElementById("delve-live-box");
const liveStatus = document.getElementById("delve-live-status");
let live = null;
let liveBusy = false;

async function playLive() {
  if (!board || !liveBox.checked) return;
  if (!live) {
    let begin = "";
    try {
      begin = live_begin();
    } catch {
      return; // The game is not running yet.
    }
    if (!begin) return;
    const b = JSON.parse(begin);
    const reply = await fetch(`${board}/api/live`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ recording: b.recording }),
    });
    const body = await reply.json().catch(() => ({}));
    if (reply.status !== 201) {
      live = { key: b.key, refused: true };
      liveStatus.textContent = `Not live: ${body.error || `the board answered ${reply.status}`}.`;
      return;
    }
    live = { key: b.key, id: body.id, token: body.token, from: b.commands, last: Date.now() };
    const watch = body.watch || `${location.origin}${location.pathname}?watch=${body.id}&board=${encodeURIComponent(board)}`;
    liveStatus.textContent = `Live as run ${body.id}: watch it at ${new URL(watch, location.href).href}`;
    document.body.dataset.liveRun = String(body.id);
  }
  const piece = JSON.parse(live_piece(live.key, live.from));
  if (piece.gone) {
    live = null;
    return;
  }
  if (live.refused) return;
  // Nothing played: an empty piece a minute says the player is there (the board ends a run it
  // hears nothing of for five).
  if (!piece.commands && !piece.end && Date.now() - live.last < 60000) return;
  live.last = Date.now();
  const reply = await fetch(`${board}/api/live/${live.id}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token: live.token, from: live.from, commands: piece.commands, checkpoints: piece.checkpoints, end: piece.end }),
  });
  const body = await reply.json().catch(() => ({}));
  if (reply.status === 200) {
    live.from = body.commands;
    if (body.ended) {
      liveStatus.textContent = `The live run ${live.id} has ended (${body.ended}).`;
      live.refused = true;
    }
  } else if (reply.status === 409 && typeof body.commands === "number") {
    live.from = body.commands;
  } else {
    liveStatus.textContent = `No longer live: ${body.error || `the board answered ${reply.status}`}.`;
    live.refused = true;
  }
}

let liveTimer = null;
/// Starts sending once a board answers (asked only when playing live is on).
async function startLive() {
  if (liveTimer || !liveBox.checked) return;
  if (!(await found())) {
    liveStatus.textContent = "No board answers for this page (open it from a board, or with ?board=URL).";
    return;
  }
  liveTimer = setInterval(async () => {
    if (liveBusy) return;
    liveBusy = true;
    try {
      await playLive();
    } catch (e) {
      liveStatus.textContent = `Live: the board cannot be reached (${e.message}); trying again.`;
    } finally {
      liveBusy = false;
    }
  }, 1000);
}

liveBox.checked = localStorage.getItem(LIVE_KEY) === "1";
liveBox.addEventListener("change", () => {
  localStorage.setItem(LIVE_KEY, liveBox.checked ? "1" : "0");
  if (liveBox.checked) {
    liveStatus.textContent = "";
    startLive();
  } else if (live && !live.refused) {
    liveStatus.textContent = "Not sending: the board ends the live run when it hears nothing more.";
  }
});
// Not offered while watching another's run.
liveLine.hidden = params.has("watch");
if (!params.has("watch")) startLive();
