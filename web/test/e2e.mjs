// End-to-end test of Delve in the browser: serves web/dist on localhost, drives Debian's headless
// Chromium (WebGL2 through SwiftShader) with playwright-core, and checks that
//   1. the browser generates exactly the levels `delve --ascii` prints, for several seeds/styles,
//      and the golden-level fingerprints of `cargo test` (`?golden`);
//   2. the game starts with no error or panic on the console, shows a dungeon (not a blank or
//      single-colour canvas), and the picture changes when movement keys are pressed;
//   3. a bad URL parameter is reported on the page and a random seed is played instead;
//   4. a missing or a corrupt tileset is named on the page;
//   5. the player walks to a key, unlocks the door it opens, and takes the stairs down (the page
//      reports depth and position on <body data-depth data-pos>);
//   6. walking from the start toward a monster, the player sees it (<body data-monsters>);
//   7. a click on a tile the player sees moves the player there (travel);
//   8. the generator lab (?reveal): its panel shows, and "New level" plays the level it names,
//      and a 1024x1024 level in it is drawn whole and plays a turn,
//      the keys staying with the canvas;
//  11. a script of keys gives the desktop's state hash, and the browser's save verifies there;
//  12. twenty desktop recordings replay in the browser (`?replay=`) to the desktop's hashes, and
//      `?daily` plays the day's seed;
//  13. a run ended in the page is submitted to a board (delve-board, started here), ranked on its
//      page, and replayed from its link to the desktop's hash; the desktop's --submit lands there;
//   0. the module is within its size budget (raw and brotli), served precompressed as
//      web/serve.mjs serves it; the time from page load to the first level is reported.
// Usage: node web/test/e2e.mjs   (DELVE_BIN: the native delve binary; DELVE_SHOT: screenshot path)
import { createServer } from "node:http";
import { createHmac } from "node:crypto";
import { writeFile, stat } from "node:fs/promises";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { execFileSync, spawn } from "node:child_process";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { inflateSync } from "node:zlib";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, "..", "dist");
const native = process.env.DELVE_BIN;
// Plays a command script with the game's own rules natively and prints it and its state hash.
const scriptHash = process.env.DELVE_SCRIPT_HASH;
// The board server (delve-board), for the board's part.
const boardBin = process.env.DELVE_BOARD_BIN;
const shotPath = process.env.DELVE_SHOT || join(dist, "..", "e2e-screenshot.png");
import { fileFor, sendFile } from "../serve.mjs";

// What a player may download, and the module itself (issue: at most 4 MB over the wire; the
// module no more than 15 % above Bevy's own floor of 17.1 MB with Delve's features).
const BUDGET = { raw: 19_600_000, brotli: 4_000_000 };

let failures = 0;
let passed = 0;
function check(ok, what) {
  if (ok) {
    passed++;
    console.log(`ok: ${what}`);
  } else {
    failures++;
    console.log(`FAILED: ${what}`);
  }
}

// A static file server for web/dist on 127.0.0.1, any free port.
// Under /missing-asset/ the tileset is not found, under /corrupt-asset/ it is garbage: the page
// must say so, not hang or show a blank canvas.
const server = createServer(async (req, res) => {
  let path = new URL(req.url, "http://x").pathname;
  const broken = /^\/(missing|corrupt)-asset\//.exec(path);
  if (broken) path = path.slice(broken[0].length - 1);
  if (broken && path.endsWith("tileset.png")) {
    if (broken[1] === "missing") res.writeHead(404).end("not found");
    else res.writeHead(200, { "content-type": "image/png" }).end(Buffer.from("this is not a PNG file at all"));
    return;
  }
  await sendFile(req, res, fileFor(dist, path));
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const base = `http://127.0.0.1:${server.address().port}/`;

// Decodes an 8-bit RGB or RGBA PNG (what Chromium's screenshots are) into pixel rows.
function decodePng(buf) {
  let pos = 8, width = 0, height = 0, channels = 0;
  const idat = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos), type = buf.toString("ascii", pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    if (type === "IHDR") {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      channels = { 2: 3, 6: 4 }[data[9]];
      if (data[8] !== 8 || !channels) throw new Error("unsupported PNG");
    } else if (type === "IDAT") idat.push(data);
    pos += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat)), stride = width * channels, px = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)], src = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? px[y * stride + x - channels] : 0, b = y ? px[(y - 1) * stride + x] : 0;
      const c = x >= channels && y ? px[(y - 1) * stride + x - channels] : 0;
      const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
      const pred = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][f];
      px[y * stride + x] = (src[x] + pred) & 255;
    }
  }
  return { width, height, channels, px };
}

function colours(png) {
  const seen = new Set();
  for (let i = 0; i < png.px.length; i += png.channels) seen.add((png.px[i] << 16) | (png.px[i + 1] << 8) | png.px[i + 2]);
  return seen.size;
}

// Lit pixels (not the near-black background) in the box of `side` pixels round the canvas's
// centre, where the camera keeps the player: the tiles around it, drawn. The player's sprite
// alone lights about 150.
function litNearCentre(png, side = 256) {
  let n = 0;
  const x0 = Math.max(0, (png.width - side) >> 1), y0 = Math.max(0, (png.height - side) >> 1);
  for (let y = y0; y < Math.min(png.height, y0 + side); y++) {
    for (let x = x0; x < Math.min(png.width, x0 + side); x++) {
      const i = (y * png.width + x) * png.channels;
      if (png.px[i] + png.px[i + 1] + png.px[i + 2] > 90) n++;
    }
  }
  return n;
}

function differingPixels(a, b) {
  let n = 0;
  for (let i = 0; i < Math.min(a.px.length, b.px.length); i += a.channels) {
    if (a.px[i] !== b.px[i] || a.px[i + 1] !== b.px[i + 1] || a.px[i + 2] !== b.px[i + 2]) n++;
  }
  return n;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--disable-background-networking",
    "--no-first-run", "--disable-component-update", "--disable-sync"],
});

try {
  // 0. The module's size, against the budget.
  const size = async (name) => (await stat(join(dist, name))).size;
  const raw = await size("delve_bg.wasm"), br = await size("delve_bg.wasm.br"), gz = await size("delve_bg.wasm.gz");
  console.log(`delve_bg.wasm: ${raw} bytes raw, ${br} brotli, ${gz} gzip`);
  check(raw <= BUDGET.raw, `the module is within its budget: ${(raw / 1e6).toFixed(2)} MB of ${BUDGET.raw / 1e6} MB`);
  check(br <= BUDGET.brotli, `a player downloads at most ${BUDGET.brotli / 1e6} MB: ${(br / 1e6).toFixed(2)} MB with brotli`);

  // One context (one origin's storage) for every page, so that a second tab shares the first's.
  const context = await browser.newContext({ viewport: { width: 1024, height: 700 } });
  const page = await context.newPage();
  const encodings = new Map();
  page.on("response", (r) => encodings.set(new URL(r.url()).pathname.split("/").pop(), r.headers()["content-encoding"] || "none"));
  const consoleLines = [];
  page.on("console", (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
  page.on("pageerror", (e) => consoleLines.push(`pageerror: ${e.message}`));

  // 1. Same seed, same level, in the browser and on the desktop.
  const cases = [[1, "80x50", "mixed", 1], [42, "20x15", "nethack", 1], [7, "123x71", "hallways", 1], [2024, "64x40", "chunked", 1],
    [99, "80x50", "deadzone", 1], [5, "40x30", "lshaped", 1], [18446744073709551615n, "33x21", "astar", 1],
    [42, "80x50", "mixed", 3], [11, "60x40", "pipe", 10]];
  for (const [seed, size, style, depth] of cases) {
    await page.goto(`${base}?ascii&seed=${seed}&size=${size}&corridors=${style}&depth=${depth}`);
    await page.waitForSelector('body[data-delve="ascii"]', { timeout: 60000 });
    const web = await page.textContent("#delve-ascii");
    if (native) {
      const desktop = execFileSync(native, ["--ascii", "--seed", String(seed), "--size", size, "--corridors", style, "--depth", String(depth)], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
      check(web === desktop, `seed ${seed} ${size} ${style} depth ${depth}: the browser's level equals the desktop's`);
    } else {
      check(web.split("\n").length > 10, `seed ${seed} ${size} ${style} depth ${depth}: level printed (no DELVE_BIN to compare)`);
    }
  }

  // 1b. The golden-level vectors (tests/data/golden-levels.txt), checked by the wasm build itself
  // (the test hands them to the page: a player's module does not carry them).
  const vectors = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "..", "..", "core", "tests", "data", "golden-levels.txt"), "utf8");
  await page.addInitScript((v) => { window.delveGolden = v; }, vectors);
  await page.goto(`${base}?golden`);
  await page.waitForSelector('body[data-delve="golden"]', { timeout: 60000 });
  const golden = await page.textContent("#delve-ascii");
  check(/^golden: all \d+ levels match$/.test(golden.trim()), `the browser reproduces every golden level (${golden.trim().split("\n")[0]})`);

  // 2. The game itself. Web Audio is watched: each audio context made, each sound started.
  await page.addInitScript(() => {
    const heard = (window.delveHeard = { contexts: [], started: 0 });
    const Context = window.AudioContext;
    window.AudioContext = class extends Context {
      constructor(...args) { super(...args); heard.contexts.push(this); }
    };
    const start = AudioBufferSourceNode.prototype.start;
    AudioBufferSourceNode.prototype.start = function (...args) { heard.started++; return start.apply(this, args); };
  });
  consoleLines.length = 0;
  const t0 = Date.now();
  await page.goto(`${base}?seed=42&corridors=mixed`);
  await page.waitForSelector('body[data-delve="playing"]', { timeout: 180000 });
  // The game marks "playing" on entering its first level, drawn on that same frame; the loader
  // marks the next frame's start (data-t-drawn). Each step of starting up is marked on <body>.
  await page.waitForSelector("body[data-t-drawn]", { timeout: 30000 });
  const marks = await page.evaluate(() => ({ ...document.body.dataset }));
  const at = (name) => Number(marks["t" + name[0].toUpperCase() + name.slice(1)]);
  const firstLevelMs = at("drawn") - t0;
  console.log(`time from page load to the first drawn level: ${firstLevelMs} ms (seen by the test after ${Date.now() - t0} ms)`);
  const steps = [["download", t0, at("downloaded")], ["compile", at("downloaded"), at("compiled")],
    ["instantiate", at("compiled"), at("main")], ["Bevy's plugins and renderer", at("main"), at("startup")],
    ["loading", at("startup"), at("loaded")], ["entering the level", at("loaded"), at("playing")],
    ["first frame", at("playing"), at("drawn")]];
  console.log("  " + steps.map(([name, from, to]) => `${name} ${to - from} ms`).join(", "));
  check(steps.every(([, from, to]) => to >= from && from >= t0), `the start-up steps were each marked, in order (${JSON.stringify(steps.map(([n, f, t]) => [n, t - f]))})`);
  await page.waitForTimeout(1500);
  check(encodings.get("delve_bg.wasm") === "br", `the module came compressed (content-encoding: ${encodings.get("delve_bg.wasm")})`);
  const before = decodePng(await page.locator("#delve-canvas").screenshot());
  check(colours(before) > 8, `the canvas shows a dungeon (${colours(before)} colours), not a blank`);
  check(litNearCentre(before) > 3000, `the map's tiles round the player are drawn (${litNearCentre(before)} lit pixels near the centre)`);
  check(await page.evaluate(() => document.activeElement && document.activeElement.id) === "delve-canvas", "the canvas has keyboard focus");
  check(await page.evaluate(() => window.delveHeard.contexts.length) === 0, "no sound before the first key");
  // Held briefly, as a person presses a key (quicker presses: the script of section 11).
  for (const key of ["ArrowRight", "ArrowRight", "ArrowDown", "ArrowDown", "l", "j", "ArrowLeft"]) {
    await page.keyboard.down(key);
    await page.waitForTimeout(90);
    await page.keyboard.up(key);
    await page.waitForTimeout(200);
  }
  await page.waitForTimeout(1500);
  // Sound: no audio context before the first key (browsers allow none), then one made by it,
  // running, and the steps' and the ambience's sounds started through it.
  const heard = await page.evaluate(() => ({ contexts: window.delveHeard.contexts.map((c) => c.state), started: window.delveHeard.started }));
  check(heard.contexts.length === 1 && heard.contexts[0] === "running", `the first key starts Web Audio (${JSON.stringify(heard.contexts)})`);
  check(heard.started >= 5, `sounds are played through Web Audio while playing (${heard.started} started)`);
  const afterBuf = await page.locator("#delve-canvas").screenshot();
  const after = decodePng(afterBuf);
  await writeFile(shotPath, afterBuf);
  check(differingPixels(before, after) > 200, `moving changed the picture (${differingPixels(before, after)} pixels)`);
  check(await page.evaluate(() => window.scrollY === 0 && document.documentElement.scrollHeight <= window.innerHeight), "no scrolling, no scrollbars");
  // 2b. The pack: `i` opens it over the map (it takes the keyboard: a move under it moves
  // nothing), Esc closes it.
  const tap = async (key) => {
    await page.keyboard.down(key);
    await page.waitForTimeout(90);
    await page.keyboard.up(key);
    await page.waitForTimeout(400);
  };
  const turnBefore = Number(await page.getAttribute("body", "data-turn"));
  await tap("i");
  const packBuf = await page.locator("#delve-canvas").screenshot();
  await writeFile(shotPath.replace(/\.png$/, "-pack.png"), packBuf);
  const pack = decodePng(packBuf);
  check(differingPixels(after, pack) > 2000, `i opens the pack over the map (${differingPixels(after, pack)} pixels)`);
  await tap("l");
  check(Number(await page.getAttribute("body", "data-turn")) === turnBefore, "a move key under the open pack plays no turn");
  await tap("Escape");
  const closed = decodePng(await page.locator("#delve-canvas").screenshot());
  check(differingPixels(after, closed) < differingPixels(after, pack) / 4, `Esc closes it (${differingPixels(after, closed)} pixels differ from before)`);
  const bad = consoleLines.filter((l) => /^error|pageerror|panicked/.test(l));
  check(bad.length === 0, `no error or panic on the console${bad.length ? ": " + bad.join(" | ") : ""}`);
  check((await page.textContent("#delve-seed")).includes("seed 42"), "the page shows the seed");

  // 3. A bad parameter is explained and a random seed is played.
  await page.goto(`${base}?seed=banana&corridors=spiral`);
  await page.waitForSelector('body[data-delve="playing"]', { timeout: 180000 });
  const message = await page.textContent("#delve-message");
  check(message.includes('"banana"') && message.includes("random seed") && message.includes("spiral"), `bad parameters are named on the page: ${message}`);
  check(/seed \d+/.test(await page.textContent("#delve-seed")), "and a random seed is shown and played");

  // 3b. A bad depth is named too, and the run starts on the first level.
  await page.goto(`${base}?seed=4&depth=11`);
  await page.waitForSelector('body[data-delve="playing"]', { timeout: 180000 });
  check((await page.textContent("#delve-message")).includes('depth "11"'), "a bad depth is named on the page");
  check(await page.getAttribute("body", "data-depth") === "1", "and the run starts on level 1");

  // 3c. A run in a mode: the page's seed line names it, as the HUD does.
  await page.goto(`${base}?seed=3&mode=hard&challenge=darkness`);
  await page.waitForSelector('body[data-delve="playing"]', { timeout: 180000 });
  const moded = (await page.textContent("#delve-seed")) || "";
  check(moded.includes("seed 3") && moded.includes("[hard, darkness]"), `the seed line names the run's mode (${moded})`);

  // 5. Down a level whose stairs lie behind a locked door: fetch the key, unlock, descend.
  if (native) {
    const level = (seed) => JSON.parse(execFileSync(native, ["--json", "--seed", String(seed), "--depth", "2"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }));
    // 4-way shortest path over the level as generated, locked doors passable only with their key.
    const route = (lv, from, held, goal) => {
      // Over ground a walk that avoids harm may cross (the legend's "walkable"; a locked door
      // with its key held), round every trap.
      const trapped = new Set((lv.traps || []).map((t) => `${t.at}`));
      const w = lv.width, seen = new Map([[from[1] * w + from[0], null]]), queue = [from];
      while (queue.length) {
        const p = queue.shift();
        if (goal(p)) {
          const path = [p];
          for (let q = seen.get(p[1] * w + p[0]); q; q = seen.get(q[1] * w + q[0])) path.unshift(q);
          return path;
        }
        for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
          const q = [p[0] + dx, p[1] + dy], c = lv.rows[q[1]][q[0]];
          const ground = c === "*" ? held.has(`${q}`) : lv.legend[c].walkable;
          if (seen.has(q[1] * w + q[0]) || !ground || (trapped.has(`${q}`) && !goal(q))) continue;
          seen.set(q[1] * w + q[0], p);
          queue.push(q);
        }
      }
      return null;
    };
    const same = (a, b) => a[0] === b[0] && a[1] === b[1];
    let seed = 1, lv = level(seed);
    while (route(lv, lv.start, new Set(), (p) => same(p, lv.stairs_down)) || !lv.keys.length) lv = level(++seed);
    await page.goto(`${base}?seed=${seed}&depth=2`);
    await page.waitForSelector('body[data-delve="playing"]', { timeout: 180000 });
    await page.waitForTimeout(1000);
    const pos = async () => (await page.getAttribute("body", "data-pos")).split(",").map(Number);
    const held = new Set();
    let presses = 0, unlocked = false;
    const keyFor = { "1,0": "l", "-1,0": "h", "0,1": "j", "0,-1": "k" };
    // One step at a time, planned again from where the page says the player is.
    for (let here = await pos(); !same(here, lv.stairs_down) && presses < 800; presses++) {
      for (const k of lv.keys) if (same(k.at, here)) held.add(`${k.opens}`);
      const path = route(lv, here, held, (p) => same(p, lv.stairs_down))
        || route(lv, here, held, (p) => lv.keys.some((k) => same(k.at, p) && !held.has(`${k.opens}`)));
      if (!path || path.length < 2) break;
      const next = path[1];
      if (lv.rows[next[1]][next[0]] === "*") unlocked = true;
      await page.keyboard.down(keyFor[`${next[0] - here[0]},${next[1] - here[1]}`]);
      await page.waitForTimeout(40);
      await page.keyboard.up(keyFor[`${next[0] - here[0]},${next[1] - here[1]}`]);
      for (let t = 0; t < 10 && same(await pos(), here); t++) await page.waitForTimeout(40);
      here = await pos();
    }
    check(same(await pos(), lv.stairs_down), `seed ${seed} depth 2: walked to the stairs down (${presses} presses)`);
    check(held.size > 0 && unlocked, "on the way a key was picked up and its locked door opened");
    // '>' as a person types it: Shift held, then the '.' key (the binding is Shift+Period).
    await page.keyboard.down("Shift");
    await page.keyboard.down("Period");
    await page.waitForTimeout(60);
    await page.keyboard.up("Period");
    await page.keyboard.up("Shift");
    await page.waitForFunction(() => document.body.dataset.depth === "3", null, { timeout: 20000 }).catch(() => {});
    check(await page.getAttribute("body", "data-depth") === "3", "'>' on the stairs took the player down to level 3");
    const three = JSON.parse(execFileSync(native, ["--json", "--seed", String(seed), "--depth", "3"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }));
    check(same(await pos(), three.stairs_up), `and arrived on level 3's stairs up (${await pos()})`);
    const shot = await page.locator("#delve-canvas").screenshot();
    await writeFile(shotPath.replace(/\.png$/, "-level3.png"), shot);

    // 6. A monster comes into view: on a first level with a sleeping monster a short walk from the
    // start (never in sight of it), walk toward it until the page reports it. (A wanderer may walk
    // off with its group before the player gets there.)
    const one = (seed) => JSON.parse(execFileSync(native, ["--json", "--seed", String(seed)], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }));
    let mseed = 1, mlv = one(mseed), way = null;
    for (; mseed < 200; mlv = one(++mseed)) {
      way = mlv.monsters.filter((m) => m.asleep).map((m) => route(mlv, mlv.start, new Set(), (p) => same(p, m.at))).filter((r) => r && r.length <= 14)[0];
      if (way) break;
    }
    check(way && mlv.monsters.length > 0, `seed ${mseed}: a monster lies ${way && way.length - 1} steps from the start`);
    await page.goto(`${base}?seed=${mseed}`);
    await page.waitForSelector('body[data-delve="playing"]', { timeout: 180000 });
    await page.waitForTimeout(1000);
    const seen = async () => (await page.getAttribute("body", "data-monsters")) || "";
    check((await seen()) === "", "no monster is in view where the player arrives");
    for (let step = 0; way && step < 40 && (await seen()) === ""; step++) {
      // From wherever the player stands on the way (bumping a door open takes a turn, not a step).
      const here = await pos(), at = way.findIndex((p) => same(p, here));
      if (at < 0 || at + 1 >= way.length) break;
      const next = way[at + 1], key = keyFor[`${next[0] - here[0]},${next[1] - here[1]}`];
      await page.keyboard.down(key);
      await page.waitForTimeout(40);
      await page.keyboard.up(key);
      for (let t = 0; t < 10 && same(await pos(), here) && (await seen()) === ""; t++) await page.waitForTimeout(40);
    }
    const kinds = new Set(mlv.monsters.map((m) => m.kind));
    const inView = (await seen()).split(" ").filter(Boolean);
    check(inView.length > 0 && inView.every((m) => kinds.has(m.split("@")[0])), `a monster of the level came into view: ${inView.join(", ")}`);
    await page.waitForTimeout(500);
    await writeFile(shotPath.replace(/\.png$/, "-monster.png"), await page.locator("#delve-canvas").screenshot());

    // 7. A click on a tile the player sees travels there: a floor tile of the first room, three
    // tiles from the start. The camera centres the player in the map right of the sidebar (250
    // pixels wide at the default text size, so the player stands 125 right of the canvas's
    // middle), 16-pixel tiles at zoom 2.
    const first = one(42);
    const [sx, sy] = first.start;
    const target = [[-3, 0], [3, 0], [0, 2], [0, -2], [-2, 1], [2, -1]].map(([dx, dy]) => [sx + dx, sy + dy])
      .find(([x, y]) => first.rows[y][x] === "." && route(first, first.start, new Set(), (p) => same(p, [x, y])).length <= 4);
    await page.goto(`${base}?seed=42`);
    await page.waitForSelector('body[data-delve="playing"]', { timeout: 180000 });
    await page.waitForTimeout(1500);
    const box = await page.locator("#delve-canvas").boundingBox();
    const tilePx = 16 * 2;
    const sidebar = 250;
    await page.mouse.move(box.x + (box.width + sidebar) / 2 + (target[0] - sx) * tilePx, box.y + box.height / 2 + (target[1] - sy) * tilePx);
    await page.waitForTimeout(300);
    await page.mouse.down();
    await page.waitForTimeout(60);
    await page.mouse.up();
    await page.waitForFunction((t) => document.body.dataset.pos === t, `${target}`, { timeout: 20000 }).catch(() => {});
    check(same(await pos(), target), `a click on tile ${target} took the player there from ${first.start} (now at ${await pos()})`);

    // 8. The generator lab: its panel beside the canvas makes the level it names.
    await page.goto(`${base}?seed=5&reveal`);
    await page.waitForSelector('body[data-delve="playing"]', { timeout: 180000 });
    await page.waitForTimeout(1500);
    check(await page.isVisible("#delve-lab") && (await page.getAttribute("body", "data-lab")) === "on", "?reveal opens the lab with its panel");
    check((await page.getAttribute("#lab-link", "href")).includes("seed=5") && (await page.inputValue("#lab-seed")) === "5", "the panel shows the run and its share link");
    const labBefore = decodePng(await page.locator("#delve-canvas").screenshot());
    await writeFile(shotPath.replace(/\.png$/, "-lab.png"), await page.screenshot());
    await page.selectOption("#lab-style", "nethack");
    await page.fill("#lab-size", "60x40");
    await page.fill("#lab-seed", "77");
    await page.click("#lab-new");
    await page.waitForFunction(() => (document.body.dataset.run || "").includes("seed=77"), null, { timeout: 30000 }).catch(() => {});
    const run = (await page.getAttribute("body", "data-run")) || "";
    check(run.includes("seed=77") && run.includes("size=60x40") && run.includes("corridors=nethack"), `"New level" plays the level the panel names (${run})`);
    check((await page.evaluate(() => location.search)).includes("seed=77"), "the address is the new level's share link");
    check(await page.evaluate(() => document.activeElement && document.activeElement.id) === "delve-canvas", "the canvas keeps the keyboard focus");
    await page.waitForTimeout(1500);
    const labAfter = await page.locator("#delve-canvas").screenshot();
    check(differingPixels(labBefore, decodePng(labAfter)) > 1000, "and the canvas shows the new level");
    await writeFile(shotPath.replace(/\.png$/, "-lab-new.png"), await page.screenshot());

    // 8b. A 1024x1024 level in the lab, every tile of it drawn (in chunks): it opens, draws,
    // and plays a turn.
    const bigStart = Date.now();
    await page.goto(`${base}?seed=9&size=1024x1024&reveal`);
    await page.waitForSelector('body[data-delve="playing"]', { timeout: 180000 });
    const bigMs = Date.now() - bigStart;
    await page.waitForTimeout(1500);
    const big = decodePng(await page.locator("#delve-canvas").screenshot());
    check(colours(big) > 8 && litNearCentre(big) > 20000, `a 1024x1024 level in the lab is drawn whole (${litNearCentre(big)} lit pixels near the centre, page to level in ${bigMs} ms)`);
    const bigTurn = Number((await page.getAttribute("body", "data-turn")) || "0");
    await page.keyboard.down(".");
    await page.waitForTimeout(90);
    await page.keyboard.up(".");
    await page.waitForFunction((t) => Number(document.body.dataset.turn || "0") > t, bigTurn, { timeout: 20000 }).catch(() => {});
    check(Number((await page.getAttribute("body", "data-turn")) || "0") > bigTurn, "and plays a turn with the whole level shown");
    await writeFile(shotPath.replace(/\.png$/, "-lab-1024.png"), await page.screenshot());
  }

  // 4. The tileset is built into the module: a server without it (or with a broken one) still
  // plays, and the page never asks for it.
  for (const kind of ["missing", "corrupt"]) {
    const asked = [];
    const listen = (r) => asked.push(r.url());
    page.on("request", listen);
    await page.goto(`${base}${kind}-asset/?seed=3`);
    const state = await page.waitForSelector('body[data-delve="playing"], body[data-delve="failed"]', { timeout: 180000 })
      .then(() => page.getAttribute("body", "data-delve"));
    page.off("request", listen);
    check(state === "playing" && !asked.some((u) => u.includes("tileset.png")), `with the tileset ${kind} on the server the game plays (${state}) without asking for it`);
  }

  // 9. The title screen, and a run kept in the page's storage: a run started from the title,
  // a few steps, the page reloaded: Continue goes on from the same place.
  const where = async () => (await page.getAttribute("body", "data-pos")) || "";
  await page.goto(base);
  await page.waitForSelector('body[data-delve="title"]', { timeout: 180000 });
  await page.evaluate(() => localStorage.clear()); // the runs played above
  await page.reload();
  await page.waitForSelector('body[data-delve="title"]', { timeout: 180000 });
  await page.waitForTimeout(800);
  await writeFile(shotPath.replace(/\.png$/, "-title.png"), await page.screenshot());
  check(!(await page.isVisible("#delve-status")), "the loader makes way for the title screen, which has the keyboard");
  const press = async (key) => { await page.keyboard.down(key); await page.waitForTimeout(80); await page.keyboard.up(key); await page.waitForTimeout(250); };
  await press("Enter"); // New run
  for (const d of "31337") await press(d);
  await press("Enter"); // start, seed 31337
  await page.waitForSelector('body[data-delve="playing"]', { timeout: 180000 });
  await page.waitForTimeout(1000);
  for (const key of ["x", "x"]) { await press(key); await page.waitForTimeout(1500); }
  await press("Escape"); // any key stops exploring
  await page.waitForTimeout(1000);
  const left = await where();
  const runKeys = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("delve.run.")));
  const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("delve.run.")).map((k) => localStorage.getItem(k).length));
  check(stored.length === 1 && stored[0] > 100, `the run is in the page's local storage after a few turns, in a save of its own (${stored} characters)`);
  await page.goto(base);
  await page.waitForSelector('body[data-delve="title"]', { timeout: 180000 });
  await page.waitForTimeout(800);
  check(!(await page.isVisible("#delve-status")), "after a reload too, the title screen has the page and the keyboard");
  await press("Enter"); // Continue
  await page.waitForSelector('body[data-delve="playing"]', { timeout: 60000 }).catch(() => {});
  await page.waitForTimeout(1500);
  check(left !== "" && (await where()) === left, `Continue goes on where the run was left (${left}, now ${await where()})`);
  check((await page.getAttribute("body", "data-run") || "").includes("seed=31337"), "the continued run is seed 31337");

  // 10. A page opened from a link plays that run in a save of its own; reloading the page (F5,
  // a restored tab) continues it rather than starting it again; a second tab on the same link
  // finds the run held by the first and starts another save, leaving the first's alone.
  await page.goto(`${base}?seed=31338`);
  await page.waitForSelector('body[data-delve="playing"]', { timeout: 180000 });
  await page.waitForTimeout(1000);
  const arrived = await where();
  for (const key of ["x", "x"]) { await press(key); await page.waitForTimeout(1500); }
  await press("Escape");
  await page.waitForTimeout(1000);
  const linkLeft = await where();
  check(linkLeft !== arrived, `the link's run was played away from where it starts (${arrived} to ${linkLeft})`);
  check((await runKeys()).length === 2, "the link's run has a save of its own beside the title's run");
  await page.reload();
  await page.waitForSelector('body[data-delve="playing"]', { timeout: 180000 });
  await page.waitForTimeout(1500);
  check((await where()) === linkLeft, `reloading the link's page continues its run (${linkLeft}, now ${await where()})`);
  check((await runKeys()).length === 2, "and made no new save");
  // As a duplicated tab, it even remembers the first's run (its session storage copied).
  const tabRun = await page.evaluate(() => [sessionStorage.getItem("delve.tab-query"), sessionStorage.getItem("delve.tab-run")]);
  check(tabRun[0] === "?seed=31338" || (tabRun[0] || "").includes("seed=31338"), `the tab remembers which run its address plays (${tabRun})`);
  const second = await context.newPage();
  await second.addInitScript(([q, id]) => {
    sessionStorage.setItem("delve.tab-query", q);
    sessionStorage.setItem("delve.tab-run", id);
  }, tabRun);
  await second.goto(`${base}${tabRun[0]}`);
  await second.waitForSelector('body[data-delve="playing"]', { timeout: 180000 });
  await second.waitForTimeout(1500);
  check((await second.getAttribute("body", "data-pos")) === arrived, `a second tab on the link starts the run afresh (${await second.getAttribute("body", "data-pos")})`);
  check((await runKeys()).length === 3, "in a save of its own");
  await second.close();
  await page.waitForTimeout(500);
  check((await where()) === linkLeft, "the first tab's run is where it was");

  // 10b. What a save after a turn costs in the browser (encoding and writing local storage), at
  // 80x50 and 256x256: the median of twenty turns' saves, printed for the docs.
  for (const size of ["80x50", "256x256"]) {
    await page.goto(`${base}?seed=9&size=${size}`);
    await page.waitForSelector('body[data-delve="playing"]', { timeout: 180000 });
    await page.waitForTimeout(1000);
    const costs = [];
    for (let i = 0; i < 20; i++) {
      const before = await page.getAttribute("body", "data-turn");
      // Cleared before each turn: the turn's save marks it again. (A fast save may read 0 us:
      // the page's clock moves in steps of 100 us where the page is not cross-origin isolated.)
      await page.evaluate(() => document.body.removeAttribute("data-save-us"));
      await press(i % 2 ? "." : "Space");
      await page.waitForFunction((t) => document.body.dataset.turn !== t, before, { timeout: 10000 }).catch(() => {});
      await page.waitForTimeout(100);
      const cost = await page.getAttribute("body", "data-save-us");
      costs.push(cost === null ? NaN : Number(cost));
    }
    costs.sort((a, b) => a - b);
    console.log(`browser: a save after a turn at ${size}: median ${costs[10]} us (${costs[0]} to ${costs[19]})`);
    check(costs.every((c) => Number.isInteger(c) && c >= 0), `at ${size} every turn was saved, its cost marked (${costs.join(" ")})`);
  }

  // 11. The same commands give the same game in the browser as on the desktop: a script of
  // moves and waits (each one taking a turn, as played natively) pressed in the page ends in the
  // state hash the desktop computes for it.
  if (scriptHash) {
    for (const [seed, scriptSeed] of [[2026, 1], [77, 2]]) {
      const [keys, hash] = execFileSync(scriptHash, [String(seed), String(scriptSeed), "60"], { encoding: "utf8" }).trim().split("\n");
      await page.goto(`${base}?seed=${seed}`);
      await page.waitForSelector('body[data-delve="playing"]', { timeout: 180000 });
      await page.evaluate(() => { document.body.dataset.wantHash = ""; });
      await page.waitForTimeout(1000);
      const turn = async () => Number(await page.getAttribute("body", "data-turn"));
      // As fast as a person types and faster: each key held 10 ms, the next 30 ms after, never
      // waiting for the turn. Every press must still be a turn, however slow the frames.
      for (const key of keys) {
        const code = key === "." ? "Period" : key;
        await page.keyboard.down(code);
        await page.waitForTimeout(10);
        await page.keyboard.up(code);
        await page.waitForTimeout(30);
      }
      await page.waitForFunction((n) => Number(document.body.dataset.turn) >= n, keys.length, { timeout: 30000 }).catch(() => {});
      await page.waitForTimeout(300);
      // A last change of the game marks the hash (the page asked after the first frame).
      const shown = await page.getAttribute("body", "data-hash");
      check(await turn() === keys.length && shown === hash, `seed ${seed}: ${keys.length} keys in the browser give the desktop's state hash (${shown}, desktop ${hash}, turn ${await turn()})`);
      // The other way round: the browser's save of this run (local storage, with its recording)
      // replays on the desktop to the hash the browser shows.
      if (native) {
        const save = await page.evaluate(() => {
          const text = localStorage.getItem(`delve.run.${sessionStorage.getItem("delve.tab-run")}`) || "";
          return Array.from(text, (c) => c.charCodeAt(0));
        });
        const file = join(mkdtempSync(join(tmpdir(), "delve-save-")), "browser.sav");
        writeFileSync(file, Buffer.from(save));
        let verdict = null;
        try {
          verdict = JSON.parse(execFileSync(native, ["--verify", file], { encoding: "utf8" }));
        } catch (e) {
          console.log(`delve --verify: ${e.stderr || e}`);
        }
        check(verdict && verdict.ok && verdict.hash === shown && verdict.turns === await turn(),
          `seed ${seed}: the browser's saved run verifies on the desktop (${verdict && verdict.hash}, browser ${shown})`);
      }
    }
  }

  // 12. Recordings made on the desktop (the bot's, `delve --autoplay --record`) replay in the
  // browser from a share link (`?replay=`, the recording in URL-safe base64) to the state hash
  // `--autoplay` printed; and `?daily` plays the day's seed, as `delve --daily` does.
  if (native) {
    const dir = mkdtempSync(join(tmpdir(), "delve-recordings-"));
    let matched = 0;
    const RECORDINGS = 20;
    for (let i = 1; i <= RECORDINGS; i++) {
      const seed = i * 7919;
      const file = join(dir, `seed-${seed}.delverec`);
      const played = JSON.parse(execFileSync(native, ["--autoplay", "--seed", String(seed), "--turns", String(150 + 20 * i), "--record", file], { encoding: "utf8" }));
      const link = `${base}?replay=${readFileSync(file).toString("base64url")}`;
      await page.goto(link);
      await page.waitForSelector('body[data-delve="playing"]', { timeout: 180000 });
      await page.waitForTimeout(300);
      // 0: jump to level 10, which plays the whole recording at once.
      await press("0");
      await page.waitForFunction(() => ["done", "astray"].includes(document.body.dataset.replay), null, { timeout: 60000 }).catch(() => {});
      const state = await page.getAttribute("body", "data-replay");
      const shown = await page.getAttribute("body", "data-hash");
      if (state === "done" && shown === played.hash) matched++;
      else console.log(`seed ${seed}: the browser's replay is ${state} at ${shown}, the desktop's ${played.hash} (turn ${played.turns})`);
      if (i === RECORDINGS) {
        await page.screenshot({ path: join(dist, "..", "e2e-screenshot-replay.png") });
        const address = await page.evaluate(() => location.search);
        check(address.startsWith("?replay="), `the replay's page keeps its address (a reload replays it again): ${address.slice(0, 30)}…`);
      }
    }
    check(matched === RECORDINGS, `${matched} of ${RECORDINGS} desktop recordings replay in the browser to the desktop's state hash`);
    // A run that ends in the page offers its recording: downloaded, it verifies on the desktop
    // (seed 20 from level 10: an orc the explorer meets ends it within a few dozen turns, the
    // same way on the desktop; standing still, the orc finds the player within 200 turns).
    await page.goto(`${base}?seed=20&depth=10`);
    await page.waitForSelector('body[data-delve="playing"]', { timeout: 180000 });
    await page.waitForTimeout(500);
    // A boon owed (a kill that brings a level) opens the boon screen: `1` takes the first.
    const owed = async () => ((await page.getAttribute("body", "data-boon")) || "") !== "";
    let chose = 0;
    const chooseIfOwed = async () => {
      if (await owed()) {
        await press("1");
        chose++;
        check(!(await owed()), "the boon screen takes 1 for the first boon offered, and closes");
      }
    };
    for (let i = 0; i < 6; i++) { await press("x"); await page.waitForTimeout(700); await chooseIfOwed(); }
    for (let i = 0; i < 400 && !(await page.isVisible("#delve-recording")); i++) { await chooseIfOwed(); await press("."); }
    if (chose > 0) console.log(`(chose ${chose} boons on the way)`);
    const offered = await page.isVisible("#delve-recording");
    const href = (await page.getAttribute("#delve-download", "href")) || "";
    const prefix = "data:application/octet-stream;base64,";
    let ended = null;
    if (offered && href.startsWith(prefix)) {
      const file = join(dir, "from-the-page.delverec");
      writeFileSync(file, Buffer.from(href.slice(prefix.length), "base64"));
      try {
        ended = JSON.parse(execFileSync(native, ["--verify", file], { encoding: "utf8" }));
      } catch (e) {
        console.log(`delve --verify: ${e.stderr || e}`);
      }
    }
    check(offered && ended && ended.ok && ended.outcome === "died",
      `a run that ends in the page offers its recording, which verifies on the desktop (${JSON.stringify(ended)})`);
    const share = (await page.getAttribute("#delve-share", "href")) || "";
    const shareText = (await page.textContent("#delve-share-text")) || "";
    check(share.startsWith("?replay=") && shareText.includes("seed 20"),
      `and a link that replays it, and a line to share (${share.slice(0, 24)}…)`);
    const pageScore = /score (\d+)/.exec(shareText);
    check(pageScore && ended && Number(pageScore[1]) === ended.score,
      `the page's score is the one --verify prints for its recording (${pageScore && pageScore[1]} and ${ended && ended.score})`);
    await page.screenshot({ path: join(dist, "..", "e2e-screenshot-ended.png") });
    // The seed is read as text: a u64 does not fit a JavaScript number.
    const daily = { seed: /"seed":(\d+)/.exec(execFileSync(native, ["--daily", "--json"], { encoding: "utf8" }))[1] };
    await page.goto(`${base}?daily`);
    await page.waitForSelector('body[data-delve="playing"]', { timeout: 180000 });
    await page.waitForTimeout(500);
    const dailyRun = (await page.getAttribute("body", "data-run")) || "";
    check(dailyRun.includes(`seed=${daily.seed}&`), `?daily plays the day's seed, as delve --daily does (${dailyRun}, ${daily.seed})`);
  }

  // 13. The board of the day (delve-board, started here over a SQLite file, serving this build):
  // a run played to its end in the page is submitted from the page, ranked on the board's page,
  // and replayed from the board's link to the state hash the desktop's --verify gives its
  // recording; a run played live from one page is followed from the board's list by another to
  // the same hash; the desktop's --submit lands its own run of the seed on the same board, and
  // the page's run again is refused as one already there.
  if (native && boardBin) {
    const dir = mkdtempSync(join(tmpdir(), "delve-board-"));
    const boardProc = spawn(boardBin, ["--listen", "127.0.0.1:0", "--database", `sqlite://${join(dir, "board.sqlite3")}`, "--web", dist],
      { stdio: ["ignore", "pipe", "inherit"] });
    try {
      const line = await new Promise((ok, fail) => {
        let out = "";
        boardProc.stdout.on("data", (d) => { out += d; if (out.includes("\n")) ok(out.split("\n")[0]); });
        boardProc.on("exit", (code) => fail(new Error(`delve-board exited (${code})`)));
      });
      const boardBase = `http://${line.replace("listening on ", "").trim()}`;
      check(/^listening on 127\.0\.0\.1:\d+$/.test(line), `delve-board prints where it listens (${line})`);
      // Seed 251: a player who only waits is killed on level 1 within 47 turns.
      await page.goto(`${boardBase}/?seed=251`);
      await page.waitForSelector('body[data-delve="playing"]', { timeout: 180000 });
      await page.waitForTimeout(500);
      for (let i = 0; i < 300 && !(await page.isVisible("#delve-recording")); i++) await press(".");
      await page.waitForSelector("#delve-submit:not([hidden])", { timeout: 10000 }).catch(() => {});
      check(await page.isVisible("#delve-submit"), "a run that ends on a page a board serves offers \"Submit to the board\"");
      await page.fill("#delve-name", "Page player");
      const posting = page.waitForRequest((r) => r.url().endsWith("/api/runs") && r.method() === "POST", { timeout: 60000 }).catch(() => null);
      await page.click("#delve-submit-button");
      const posted = await posting;
      await page.waitForFunction(() => !!document.body.dataset.boardRank || /Not submitted/.test(document.getElementById("delve-submit-status").textContent), null, { timeout: 60000 }).catch(() => {});
      const said = (await page.textContent("#delve-submit-status")) || "";
      check(/^Ranked 1 with \d+ points/.test(said), `the page submits the run and shows the rank that came back (${said})`);
      const kept = await page.evaluate(() => JSON.parse(localStorage.getItem("delve.board.identity") || "{}"));
      check(kept.name === "Page player" && /^[0-9a-f]{32}$/.test(kept.secret || "") && kept.legacy === false, "the page keeps the name and its own secret");
      // The board was sent the secret made for it alone, as the desktop makes it: HMAC-SHA256 of
      // its origin keyed by the name's own secret (which is never sent).
      const sent = posted ? JSON.parse(posted.postData() || "{}") : {};
      const made = createHmac("sha256", kept.secret || "").update(`delve board secret\0${new URL(boardBase).origin}`).digest("hex");
      check(sent.secret === made && sent.secret !== kept.secret,
        `the page sends the board the secret made for its origin, not the name's own (${sent.secret && sent.secret.slice(0, 8)}…)`);
      await page.click("#delve-board-link");
      await page.waitForSelector("table", { timeout: 10000 }).catch(() => {});
      const row = await page.$('tr:has(th:text("Page player"))');
      check(!!row, "the board's page ranks the run by its name");
      // As a screen reader finds it: by roles and accessible names (the accessibility tree).
      const table = page.getByRole("table", { name: /best run of each player/ });
      const rowHeader = table.getByRole("rowheader", { name: "Page player" });
      const watch = page.getByRole("link", { name: "Watch the run of Page player" });
      check(await table.count() === 1 && await rowHeader.count() === 1 && await watch.count() === 1
        && await page.getByRole("columnheader", { name: "Attempts" }).count() === 1,
        "through the accessibility tree: a named table, the name as a row header, a named Watch link, an Attempts column");
      const heading = await page.textContent("h1").catch(() => "");
      check(/seed 251/.test(heading || ""), `it is seed 251's board (${heading})`);
      const runId = row ? await row.getAttribute("data-run") : null;
      const recording = runId ? Buffer.from(await (await fetch(`${boardBase}/api/runs/${runId}/recording`)).arrayBuffer()) : Buffer.alloc(0);
      const file = join(dir, "from-the-board.delverec");
      writeFileSync(file, recording);
      let desktop = null;
      try {
        desktop = JSON.parse(execFileSync(native, ["--verify", file], { encoding: "utf8" }));
      } catch (e) {
        console.log(`delve --verify: ${e.stderr || e}`);
      }
      check(desktop && desktop.ok && desktop.outcome === "died", `the board's recording verifies on the desktop (${JSON.stringify(desktop)})`);
      // Watch it from the board's link: the page fetches it and replays it.
      if (row) await row.$("a:text('Watch')").then((a) => a && a.click());
      await page.waitForSelector('body[data-delve="playing"]', { timeout: 180000 }).catch(() => {});
      await page.waitForTimeout(500);
      await press("0");
      await page.waitForFunction(() => ["done", "astray"].includes(document.body.dataset.replay), null, { timeout: 60000 }).catch(() => {});
      const replayed = await page.getAttribute("body", "data-hash");
      check((await page.getAttribute("body", "data-replay")) === "done" && desktop && replayed === desktop.hash,
        `the board's link replays the run in the page to the desktop's hash (${replayed}, ${desktop && desktop.hash})`);
      // Step back three turns, then take the run over there: the page plays it on by the
      // player's keys, a branch of the board's run.
      const endTurn = Number(await page.getAttribute("body", "data-turn"));
      for (let i = 0; i < 3; i++) await press(",");
      await page.waitForTimeout(300);
      const seekTurn = Number(await page.getAttribute("body", "data-turn"));
      check(seekTurn < endTurn && seekTurn >= endTurn - 6, `, steps the replay back a turn at a time (turn ${endTurn} to ${seekTurn}, three steps)`);
      await press("t");
      await page.waitForTimeout(500);
      await press(".");
      await page.waitForFunction((t) => Number(document.body.dataset.turn || "0") > t, seekTurn, { timeout: 20000 }).catch(() => {});
      check(Number(await page.getAttribute("body", "data-turn")) === seekTurn + 1, `t takes the replay over: a key plays turn ${seekTurn + 1} of the branch`);
      // "Survive this": `?from=ID&turn=N` hands anyone the run's position on turn N, theirs to play.
      await page.goto(`${boardBase}/?from=${runId}&turn=40`);
      await page.waitForSelector('body[data-delve="playing"]', { timeout: 180000 }).catch(() => {});
      await page.waitForFunction(() => document.body.dataset.turn !== undefined, null, { timeout: 20000 }).catch(() => {});
      const fromTurn = Number(await page.getAttribute("body", "data-turn"));
      check(fromTurn >= 40 && fromTurn < 45 && !(await page.getAttribute("body", "data-replay")),
        `?from=${runId}&turn=40 begins the board's run on turn 40, in play, not a replay (turn ${fromTurn})`);
      await page.locator("#delve-canvas").focus().catch(() => {});
      await press(".");
      await page.waitForFunction((t) => Number(document.body.dataset.turn || "0") > t, fromTurn, { timeout: 20000 }).catch(() => {});
      check(Number(await page.getAttribute("body", "data-turn")) === fromTurn + 1, "and plays on by the player's keys");
      // The board's Race link: a new run of the dungeon with that run's ghost beside it.
      await page.goto(`${boardBase}/?race=${runId}`);
      await page.waitForSelector('body[data-delve="playing"]', { timeout: 180000 }).catch(() => {});
      await page.waitForFunction(() => document.body.dataset.ghost !== undefined, null, { timeout: 20000 }).catch(() => {});
      const ghostAt = await page.getAttribute("body", "data-ghost");
      const startAt = await page.getAttribute("body", "data-pos");
      check(ghostAt === `1:${startAt}` && Number(await page.getAttribute("body", "data-turn")) === 0,
        `?race=${runId} begins a new run of the seed with the ghost where it began (${ghostAt}, the player at ${startAt})`);
      await page.locator("#delve-canvas").focus().catch(() => {});
      for (let i = 0; i < 6; i++) await press(".");
      await page.waitForFunction(() => Number(document.body.dataset.turn || "0") >= 6, null, { timeout: 20000 }).catch(() => {});
      const ghostLater = await page.getAttribute("body", "data-ghost");
      check(/^\d+:\d+,\d+$/.test(ghostLater || "") && Number(await page.getAttribute("body", "data-turn")) >= 6,
        `the ghost walks on as turns pass (${ghostAt} to ${ghostLater})`);
      // Watching a run live: one page plays seed 251 live to the board ("Play live on the
      // board", off until ticked); another follows it from the board's "Being played now"
      // (`?watch=ID`), turn by turn, and ends where the player's recording verifies to.
      const player = await context.newPage();
      const pressOn = async (p, key) => { await p.keyboard.down(key); await p.waitForTimeout(80); await p.keyboard.up(key); await p.waitForTimeout(250); };
      await player.goto(`${boardBase}/?seed=251`);
      await player.waitForSelector('body[data-delve="playing"]', { timeout: 180000 });
      check(await player.isVisible("#delve-live-box") && !(await player.isChecked("#delve-live-box")),
        "the page offers to play live on the board, off until ticked");
      await player.check("#delve-live-box");
      await player.locator("#delve-canvas").focus();
      for (let i = 0; i < 5; i++) await pressOn(player, ".");
      await player.waitForFunction(() => !!document.body.dataset.liveRun, null, { timeout: 20000 }).catch(() => {});
      const liveId = await player.getAttribute("body", "data-live-run");
      const listed = await (await fetch(`${boardBase}/api/live`)).json();
      check(liveId && listed.live.some((r) => String(r.id) === liveId),
        `ticked, the run is live on the board (run ${liveId}; live: ${JSON.stringify(listed.live.map((r) => r.id))})`);
      await page.goto(`${boardBase}/board`);
      const watchLive = page.locator(`li[data-live="${liveId}"] a`);
      check(await watchLive.count() === 1, "the board's page lists it under \"Being played now\" with a Watch link");
      await watchLive.click();
      await page.waitForSelector('body[data-delve="playing"]', { timeout: 180000 }).catch(() => {});
      await page.waitForFunction(() => document.body.dataset.replay !== undefined, null, { timeout: 20000 }).catch(() => {});
      const joinedAt = Number(await page.getAttribute("body", "data-turn"));
      for (let i = 0; i < 5; i++) await pressOn(player, ".");
      const playerTurn = Number(await player.getAttribute("body", "data-turn"));
      await page.waitForFunction((t) => Number(document.body.dataset.turn || "0") >= t, playerTurn, { timeout: 20000 }).catch(() => {});
      check(joinedAt > 0 && joinedAt <= 5 && Number(await page.getAttribute("body", "data-turn")) >= playerTurn,
        `the spectator joins where the run stands on the board and follows it as it is played (turn ${joinedAt}, then ${playerTurn})`);
      await page.screenshot({ path: join(dist, "..", "e2e-screenshot-live.png") });
      for (let i = 0; i < 300 && !(await player.isVisible("#delve-recording")); i++) await pressOn(player, ".");
      check((await player.getAttribute("body", "data-outcome")) === "died",
        "the summary marks how the run ended (data-outcome=\"died\": \"Could I have lived?\" is offered after a death only)");
      const liveHref = (await player.getAttribute("#delve-download", "href")) || "";
      const liveFile = join(dir, "played-live.delverec");
      writeFileSync(liveFile, Buffer.from(liveHref.slice(liveHref.indexOf(",") + 1), "base64"));
      let livePlayed = null;
      try {
        livePlayed = JSON.parse(execFileSync(native, ["--verify", liveFile], { encoding: "utf8" }));
      } catch (e) {
        console.log(`delve --verify: ${e.stderr || e}`);
      }
      await page.waitForFunction(() => ["done", "astray"].includes(document.body.dataset.replay), null, { timeout: 30000 }).catch(() => {});
      const liveHash = await page.getAttribute("body", "data-hash");
      check((await page.getAttribute("body", "data-replay")) === "done" && livePlayed && livePlayed.outcome === "died" && liveHash === livePlayed.hash,
        `the spectator's replay ends with the run, on the hash the player's recording verifies to (${liveHash}, ${livePlayed && livePlayed.hash})`);
      const ended = await (await fetch(`${boardBase}/api/live`)).json();
      check(!ended.live.some((r) => String(r.id) === liveId), "and the board lists it no longer");
      await player.evaluate(() => localStorage.setItem("delve.live", "0"));
      await player.close();
      // The desktop: the same run again is refused; its own run of the seed lands beside it.
      const saveDir = join(dir, "desktop");
      let again = null;
      try {
        execFileSync(native, ["--submit", file, "--board", boardBase, "--name", "Desk", "--save-dir", saveDir], { encoding: "utf8", stdio: "pipe" });
      } catch (e) {
        again = e;
      }
      check(again && again.status === 1 && /already/.test(String(again.stderr)), "the desktop's --submit of the same run is refused as one already on the board");
      const own = join(dir, "desktop-251.delverec");
      execFileSync(native, ["--autoplay", "--seed", "251", "--record", own], { encoding: "utf8" });
      let landed = null;
      try {
        landed = JSON.parse(execFileSync(native, ["--submit", own, "--board", boardBase, "--name", "Desk", "--save-dir", saveDir], { encoding: "utf8", stdio: "pipe" }));
      } catch (e) {
        console.log(`delve --submit: ${e.stderr || e}`);
      }
      const seedBoard = await (await fetch(`${boardBase}/api/seeds/251`)).json();
      const names = seedBoard.entries.map((e) => e.name);
      check(landed && landed.id > 0 && names.includes("Desk") && names.includes("Page player"),
        `the desktop's --submit lands its run of seed 251 on the same board (${JSON.stringify(landed)}; ${names})`);
    } finally {
      boardProc.kill();
    }
  }
} finally {
  await browser.close();
  server.close();
}

console.log(`${passed} passed, ${failures} failed`);
process.exit(failures ? 1 : 0);
