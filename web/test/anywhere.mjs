// End-to-end test of Delve played anywhere, by anyone (issue 43), in headless Chromium:
//   A. a phone (360x640, touch only): the page's layout fits (nothing overlaps, nothing cut off),
//      a run starts from the title by touch, the pack opens and closes from the action bar, and
//      touch alone (the bar's buttons, swipes, the boon's OK) takes the player to level 2;
//   B. offline: the page loaded once plays again with the network gone, its run continued;
//   C. an update: a newer build installs over an older one while a run is played, says so, and
//      the run goes on under it;
//   D. by ear: a script that reads only the page's accessible text (the accessibility tree, not
//      the canvas) and presses keys starts a run from the title, and reaches the stairs of
//      level 1 on 20 seeds;
//   F. a rebound action keeps its button: "the pack" rebound in Settings (from i to o) opens
//      from the bar's Pack on a touch screen, and its old key no longer does;
//   E. the start-up ratios: the first drawn level against the module's own fetch, compile and
//      instantiate (web/test/probe.html), side by side, cold and from the service worker's cache,
//      printed with their breakdown (figures, not assertions).
// Usage: node web/test/anywhere.mjs   (serves web/dist; DELVE_SHOTS: a folder for screenshots)
import { createServer } from "node:http";
import { cpSync, mkdtempSync, readFileSync, writeFileSync, rmSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { fileFor, sendFile } from "../serve.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, "..", "dist");
const shots = process.env.DELVE_SHOTS || join(here, "..");
const only = (process.env.DELVE_ONLY || "ABCDFE").split("");

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

// The build served: web/dist, or (section C) a newer build of it. The probe page is the test's own.
let served = dist;
const server = createServer(async (req, res) => {
  const path = new URL(req.url, "http://x").pathname;
  if (path === "/probe.html") {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    res.end(readFileSync(join(here, "probe.html")));
    return;
  }
  await sendFile(req, res, fileFor(served, path));
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const base = `http://127.0.0.1:${server.address().port}/`;

const launch = (extra = []) => chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--disable-background-networking",
    "--no-first-run", "--disable-component-update", "--disable-sync", ...extra],
});
const browser = await launch();
// A phone's screen has two device pixels to a CSS pixel. Emulating the ratio alone is not enough:
// Chromium then reports a canvas's device-pixel box (ResizeObserver's devicePixelContentBoxSize,
// which winit sizes the game by) in CSS pixels while devicePixelRatio says 2, so the game would lay
// itself out in half the width (playwright issue 18591). A browser whose screen has the ratio
// reports both as a phone does.
const phone = { viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
let phoneBrowser = null;

/// A page of a new context (its own storage, cache and service worker), its console watched.
async function open(options = {}, on = browser) {
  const context = await on.newContext(options);
  const page = await context.newPage();
  const lines = [];
  page.on("console", (m) => lines.push(`${m.type()}: ${m.text()}`));
  page.on("pageerror", (e) => lines.push(`pageerror: ${e.message}`));
  page.errors = () => lines.filter((l) => /^error|pageerror|panicked/.test(l));
  return { context, page };
}

const screen = (page) => page.getAttribute("body", "data-screen");
const until = (page, fn, arg, timeout = 60000) => page.waitForFunction(fn, arg, { timeout }).then(() => true, () => false);

/// Boxes of the page's visible parts at its size: the header, the canvas, every visible button.
async function layout(page) {
  return page.evaluate(() => {
    const box = (el) => { const r = el.getBoundingClientRect(); return { x: r.left, y: r.top, w: r.width, h: r.height }; };
    const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
    const parts = [];
    for (const el of [document.getElementById("delve-bar"), document.getElementById("delve-canvas")]) {
      if (shown(el)) parts.push({ name: el.id, ...box(el), cut: false });
    }
    for (const el of document.querySelectorAll("#delve-actions button, #delve-pad button")) {
      if (shown(el)) parts.push({ name: `button ${el.textContent.trim()}`, ...box(el), cut: el.scrollWidth > el.clientWidth + 1 });
    }
    return { parts, width: innerWidth, height: innerHeight, scrollW: document.documentElement.scrollWidth,
      scrollH: document.documentElement.scrollHeight };
  });
}

function layoutProblems({ parts, width, height, scrollW, scrollH }) {
  const problems = [];
  if (scrollW > width || scrollH > height) problems.push(`the page scrolls (${scrollW}x${scrollH} in ${width}x${height})`);
  for (const p of parts) {
    if (p.x < -0.5 || p.y < -0.5 || p.x + p.w > width + 0.5 || p.y + p.h > height + 0.5) problems.push(`${p.name} is cut off by the window`);
    if (p.cut) problems.push(`${p.name}'s words are cut off`);
    if (p.w < 1 || p.h < 1) problems.push(`${p.name} has no size`);
  }
  const buttons = parts.filter((p) => p.name.startsWith("button"));
  const canvas = parts.find((p) => p.name === "delve-canvas");
  const overlap = (a, b) => a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5;
  const pad = (p) => p.name.length <= 8 && /[↖↑↗←·→↙↓↘]/.test(p.name);
  for (let i = 0; i < parts.length; i++) {
    for (let j = i + 1; j < parts.length; j++) {
      const [a, b] = [parts[i], parts[j]];
      // The d-pad stands over the map on purpose; nothing else may cover anything.
      if ((a === canvas && pad(b)) || (b === canvas && pad(a))) continue;
      if (overlap(a, b)) problems.push(`${a.name} overlaps ${b.name}`);
    }
  }
  if (canvas && canvas.h < height * 0.5) problems.push(`the map gets only ${canvas.h}px of ${height}`);
  if (!buttons.length) problems.push("no button is shown");
  return problems;
}

/// A swipe on the canvas by touch events alone (Chromium's touch input, as a finger's).
async function swipe(page, cdp, dx, dy) {
  const box = await page.locator("#delve-canvas").boundingBox();
  const x = box.x + box.width / 2, y = box.y + box.height / 2;
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
  for (let i = 1; i <= 4; i++) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: x + (dx * i) / 4, y: y + (dy * i) / 4 }] });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

/// Taps the action bar's (or the d-pad's) button that reads `label`.
async function tapButton(page, label) {
  const button = page.locator("#delve-actions, #delve-pad").getByRole("button", { name: label, exact: true }).locator("visible=true").first();
  await button.tap();
}

// The steps of a swipe toward a neighbour.
const WAYS = { "-1,-1": [-60, -60], "0,-1": [0, -60], "1,-1": [60, -60], "-1,0": [-60, 0], "1,0": [60, 0], "-1,1": [-60, 60], "0,1": [0, 60], "1,1": [60, 60] };

try {
  // A. A phone, by touch only.
  if (only.includes("A")) {
    // The page picks a random seed for a new run: a seeded stand-in for the browser's randomness
    // makes the run the same each time (seed chosen by the same code the page runs).
    phoneBrowser = await launch(["--force-device-scale-factor=2"]);
    const { context, page } = await open(phone, phoneBrowser);
    await context.addInitScript(() => {
      let s = 0x2545f491;
      crypto.getRandomValues = (array) => {
        const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
        for (let i = 0; i < bytes.length; i++) {
          s ^= s << 13; s ^= s >>> 17; s ^= s << 5;
          bytes[i] = s & 255;
        }
        return array;
      };
    });
    const cdp = await context.newCDPSession(page);
    await page.goto(base);
    check(await until(page, () => document.body.dataset.screen === "title", null, 180000), "a phone: the title screen opens");
    await page.waitForTimeout(1500);
    await page.screenshot({ path: join(shots, "phone-title.png") });
    // The game lays itself out in the canvas's CSS size, drawn at the screen's density.
    const sizes = await page.evaluate(() => {
      const c = document.getElementById("delve-canvas");
      return { view: document.body.dataset.view, css: `${c.clientWidth}x${c.clientHeight}`, ratio: devicePixelRatio, store: `${c.width}x${c.height}` };
    });
    const [viewSize, viewScale] = (sizes.view || "").split("@");
    const near = (a, b) => a.length === 2 && b.length === 2 && a.every((n, i) => Math.abs(n - b[i]) <= 1);
    const [view, css, store] = [viewSize || "", sizes.css, sizes.store].map((t) => t.split("x").map(Number));
    check(near(view, css) && Number(viewScale) === sizes.ratio && near(store, css.map((n) => n * sizes.ratio)),
      `a phone: the game lays out in the canvas's ${sizes.css} CSS pixels at ${sizes.ratio} device pixels each (the game: ${sizes.view}; the canvas: ${sizes.store})`);
    let problems = layoutProblems(await layout(page));
    check(problems.length === 0, `a phone: at 360x640 the title's page fits (${problems.join("; ") || "nothing overlaps or is cut off"})`);
    // "New run" by touch (the bar's OK), then its page's "Start".
    await tapButton(page, "OK");
    await page.waitForTimeout(700);
    const startRow = (await page.textContent("#delve-screen")) || "";
    await tapButton(page, "OK");
    const started = await until(page, () => document.body.dataset.screen === "map", null, 60000);
    check(started, `a phone: a tap on OK, then another, starts a new run (${startRow.split("\n").slice(0, 3).join(" / ")})`);
    await page.waitForTimeout(1200);
    await page.screenshot({ path: join(shots, "phone-map.png") });
    problems = layoutProblems(await layout(page));
    check(problems.length === 0, `a phone: at 360x640 the map's page fits (${problems.join("; ") || "nothing overlaps or is cut off"})`);
    // The pack from the bar, and back.
    await tapButton(page, "Pack");
    check(await until(page, () => document.body.dataset.screen === "pack", null, 10000), "a phone: the bar's Pack opens the pack");
    await page.screenshot({ path: join(shots, "phone-pack.png") });
    problems = layoutProblems(await layout(page));
    check(problems.length === 0, `a phone: the pack's page fits (${problems.join("; ") || "nothing overlaps or is cut off"})`);
    await tapButton(page, "Back");
    check(await until(page, () => document.body.dataset.screen === "map", null, 10000), "a phone: the bar's Back closes it");
    // A swipe steps.
    const before = await page.getAttribute("body", "data-turn");
    const at = await page.getAttribute("body", "data-pos");
    for (const [dx, dy] of [[60, 0], [0, 60], [-60, 0], [0, -60]]) {
      await swipe(page, cdp, dx, dy);
      await page.waitForTimeout(350);
    }
    check(Number(await page.getAttribute("body", "data-turn")) > Number(before),
      `a phone: swipes step (turn ${before} to ${await page.getAttribute("body", "data-turn")}, from ${at} to ${await page.getAttribute("body", "data-pos")})`);
    // To level 2 by touch: Explore and Stairs from the bar, a swipe at a monster beside the
    // player, OK for a boon, Pack then Back now and then.
    let usedPack = 0;
    for (let i = 0; i < 400 && (await page.getAttribute("body", "data-depth")) === "1"; i++) {
      const now = await screen(page);
      if (now === "boon") {
        await tapButton(page, "OK");
      } else if (now === "ended") {
        break;
      } else if (now !== "map") {
        await tapButton(page, "Back");
      } else {
        const [px, py] = (await page.getAttribute("body", "data-pos")).split(",").map(Number);
        const near = ((await page.getAttribute("body", "data-monsters")) || "").split(" ").filter(Boolean)
          .map((m) => m.split("@")[1].split(",").map(Number)).find(([mx, my]) => Math.max(Math.abs(mx - px), Math.abs(my - py)) === 1);
        if (near) {
          await swipe(page, cdp, ...WAYS[`${near[0] - px},${near[1] - py}`]);
        } else if (i % 25 === 5) {
          await tapButton(page, "Pack");
          await page.waitForTimeout(400);
          usedPack += (await screen(page)) === "pack" ? 1 : 0;
          await tapButton(page, "Back");
        } else {
          const log = (await page.textContent("#delve-log")) || "";
          const known = /The stairs down: (?!not found)/.test((await page.textContent("#delve-where")) || "");
          await tapButton(page, known || /Explored/.test(log.slice(-200)) ? "Stairs" : "Explore");
        }
      }
      await page.waitForTimeout(500);
    }
    await page.screenshot({ path: join(shots, "phone-level2.png") });
    check((await page.getAttribute("body", "data-depth")) === "2" && usedPack > 0,
      `a phone: touch alone reaches depth 2 (depth ${await page.getAttribute("body", "data-depth")}, turn ${await page.getAttribute("body", "data-turn")}, the pack opened ${usedPack} times on the way)`);
    check(page.errors().length === 0, `a phone: no error on the console ${page.errors().join(" | ")}`);
    await context.close();
  }

  // A2. A newcomer's phone: the tutorial by touch (a fresh browser, as a first visit).
  if (only.includes("A")) {
    const { context, page } = await open(phone, phoneBrowser);
    const cdp = await context.newCDPSession(page);
    await page.goto(base);
    check(await until(page, () => document.body.dataset.screen === "title", null, 180000), "a newcomer's phone: the title screen opens");
    await page.waitForTimeout(1500);
    let problems;
    // The tutorial by touch: offered to a newcomer at the foot of the menu (Up from its first
    // row), begun with OK; its first prompt names the swipe and waits; swipes open the lesson's
    // door and the next prompt is said; Menu, then Esc twice, leaves it for the title.
    const offered = (await page.textContent("#delve-screen")) || "";
    check(/Learn to play: the tutorial/.test(offered), `a phone: the title offers a newcomer the tutorial (${offered.replace(/\s+/g, " ").slice(0, 160)})`);
    await tapButton(page, "Up");
    await page.waitForTimeout(400);
    await tapButton(page, "OK");
    const inLesson = await until(page, () => document.body.dataset.screen === "map", null, 60000);
    await page.waitForTimeout(1000);
    let lessonLog = (await page.textContent("#delve-log")) || "";
    check(inLesson && /Lesson 1 of 5/.test(lessonLog) && /or a swipe on the map/.test(lessonLog),
      `a phone: OK on "Learn to play" begins the tutorial, its prompt naming the swipe (${lessonLog.slice(-160)})`);
    for (let i = 0; i < 6 && !/Walking into a closed door opens it/.test(lessonLog); i++) {
      await swipe(page, cdp, 60, 0);
      await page.waitForTimeout(450);
      lessonLog = (await page.textContent("#delve-log")) || "";
    }
    check(/Walking into a closed door opens it/.test(lessonLog), `a phone: swipes open the lesson's door and its next prompt is said (${lessonLog.slice(-120)})`);
    await page.screenshot({ path: join(shots, "phone-tutorial.png") });
    problems = layoutProblems(await layout(page));
    check(problems.length === 0, `a phone: the tutorial's page fits (${problems.join("; ") || "nothing overlaps or is cut off"})`);
    await tapButton(page, "Menu");
    await page.waitForTimeout(300);
    await tapButton(page, "Esc");
    await page.waitForTimeout(300);
    await tapButton(page, "Esc");
    check(await until(page, () => document.body.dataset.screen === "title", null, 20000), "a phone: Menu, then Esc twice, leaves the tutorial for the title");
    await page.waitForTimeout(800);
    check(page.errors().length === 0, `a newcomer's phone: no error on the console ${page.errors().join(" | ")}`);
    await context.close();
  }

  // B. Offline.
  if (only.includes("B")) {
    const { context, page } = await open({ viewport: { width: 1024, height: 700 } });
    await page.goto(`${base}?seed=7`);
    await until(page, () => document.body.dataset.delve === "playing", null, 180000);
    const ready = await until(page, () => document.body.dataset.offline === "ready" && navigator.serviceWorker.controller, null, 60000);
    check(ready, "offline: the service worker has the build and controls the page");
    const cdp = await context.newCDPSession(page);
    // (Playwright's contexts are incognito, which Chromium names too: a property of the test's
    // browser, not of the page.)
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    const missing = installabilityErrors.filter((e) => e.errorId !== "in-incognito");
    check(missing.length === 0, `installable: Chromium finds nothing missing in the page (${JSON.stringify(installabilityErrors)})`);
    const manifest = await (await page.request.get(`${base}manifest.webmanifest`)).json();
    check(manifest.name === "Delve" && manifest.icons.some((i) => i.sizes === "512x512") && manifest.display === "standalone",
      "installable: the manifest names the game, its icons and a standalone window");
    for (const key of ["l", "l", "j"]) {
      await page.keyboard.down(key);
      await page.waitForTimeout(80);
      await page.keyboard.up(key);
      await page.waitForTimeout(250);
    }
    const turn = Number(await page.getAttribute("body", "data-turn"));
    await context.setOffline(true);
    await page.reload();
    const again = await until(page, () => document.body.dataset.delve === "playing", null, 120000);
    const continued = Number(await page.getAttribute("body", "data-turn"));
    check(again && continued === turn, `offline: the page reloads with the network gone and continues its run (turn ${turn}, then ${continued})`);
    await page.keyboard.down("Period");
    await page.waitForTimeout(80);
    await page.keyboard.up("Period");
    check(await until(page, (t) => Number(document.body.dataset.turn) > t, continued, 10000), "offline: and plays on");
    // A fresh page of the same site, offline: the title from the cache.
    const other = await context.newPage();
    await other.goto(base);
    check(await until(other, () => document.body.dataset.delve === "title", null, 120000), "offline: a new tab opens the title from the cache");
    check(page.errors().length === 0, `offline: no error on the console ${page.errors().join(" | ")}`);
    await context.close();
  }

  // C. A newer build over an older one, with a run in progress.
  if (only.includes("C")) {
    const newer = mkdtempSync(join(tmpdir(), "delve-newer-"));
    cpSync(dist, newer, { recursive: true });
    const old = readFileSync(join(dist, "sw.js"), "utf8").match(/const BUILD = "([^"]+)"/)[1];
    const next = `${old}-next`;
    for (const name of ["sw.js", "index.html"]) {
      const text = readFileSync(join(newer, name), "utf8").replace(`const BUILD = "${old}"`, `const BUILD = "${next}"`)
        .replace(`content="${old}"`, `content="${next}"`);
      writeFileSync(join(newer, name), text);
      writeFileSync(join(newer, `${name}.br`), brotliCompressSync(text));
      writeFileSync(join(newer, `${name}.gz`), gzipSync(text));
    }
    const { context, page } = await open({ viewport: { width: 1024, height: 700 } });
    served = dist;
    await page.goto(`${base}?seed=9`);
    await until(page, () => document.body.dataset.delve === "playing", null, 180000);
    await until(page, () => document.body.dataset.offline === "ready" && navigator.serviceWorker.controller, null, 60000);
    for (const key of ["l", "j", "l", "j"]) {
      await page.keyboard.down(key);
      await page.waitForTimeout(80);
      await page.keyboard.up(key);
      await page.waitForTimeout(250);
    }
    const turn = Number(await page.getAttribute("body", "data-turn"));
    const pos = await page.getAttribute("body", "data-pos");
    served = newer;
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    const offered = await until(page, () => document.body.dataset.update === "ready", null, 120000);
    const said = (await page.textContent("#delve-update")).trim();
    check(offered && /new version/.test(said), `an update: the page says a new build is ready ("${said.replace(/\s+/g, " ")}")`);
    await page.screenshot({ path: join(shots, "update-ready.png") });
    await page.click("#delve-update-button");
    await until(page, (b) => document.querySelector('meta[name="delve-build"]').content === b && document.body.dataset.delve === "playing", next, 120000);
    const build = await page.evaluate(() => document.querySelector('meta[name="delve-build"]').content);
    const after = { turn: Number(await page.getAttribute("body", "data-turn")), pos: await page.getAttribute("body", "data-pos") };
    check(build === next && after.turn === turn && after.pos === pos,
      `an update: the newer build took over (${old} to ${build}) and the run continued (turn ${turn} at ${pos}, then turn ${after.turn} at ${after.pos})`);
    const note = (await page.textContent("#delve-update-text")).trim();
    check(/updated/.test(note), `an update: the page says it was updated ("${note.replace(/\s+/g, " ")}")`);
    const caches = await page.evaluate(() => caches.keys());
    check(caches.length === 1 && caches[0] === `delve-${next}`, `an update: only the newer build's cache is kept (${caches})`);
    await context.close();
    served = dist;
    rmSync(newer, { recursive: true, force: true });
  }

  // D. By ear: only the accessible text, and keys.
  if (only.includes("D")) {
    const seeds = (process.env.DELVE_A11Y_SEEDS || "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20").split(",").map(Number);
    // What a screen reader has of `page`, and the keys a person presses there.
    const byEar = (page) => {
      // The accessibility tree's text of the page.
      const heard = async () => (await page.locator("body").ariaSnapshot()) || "";
      // A key pressed as a person does; then the page is given until what it says settles (a
      // walk takes many frames).
      const settle = async () => {
        let last = "";
        for (let i = 0; i < 40; i++) {
          await page.waitForTimeout(150);
          const tree = await heard();
          const now = region(tree, "Where you are") + region(tree, "What the screen shows");
          if (now === last) break;
          last = now;
        }
      };
      const key = async (k) => {
        await page.keyboard.down(k);
        await page.waitForTimeout(50);
        await page.keyboard.up(k);
        await settle();
      };
      return { heard, settle, key };
    };
    // A region's text (the tree gives it on one line: `region "NAME": "TEXT"`), a log's lines.
    const region = (tree, name) => {
      const line = tree.split("\n").find((l) => l.includes(`region "${name}":`)) || "";
      return line.slice(line.indexOf(":", line.indexOf(`"${name}"`) + name.length + 2) + 1).trim().replace(/^"|"$/g, "");
    };
    const logLines = (tree) => {
      const lines = tree.split("\n");
      const at = lines.findIndex((l) => l.includes('log "Messages"'));
      if (at < 0) return [];
      const out = [];
      for (const l of lines.slice(at + 1)) {
        const m = /^\s+- paragraph: "?(.*?)"?$/.exec(l);
        if (!m) break;
        out.push(m[1]);
      }
      return out;
    };
    // A small window: nothing here is looked at, and software rendering's cost (a walk is drawn a
    // step a frame) grows with the pixels: at 1024x700 a step took 110 ms, at 400x300 21 ms.
    const { context, page } = await open({ viewport: { width: 400, height: 300 } });
    const { heard, key } = byEar(page);
    // From the title, by its announced text: the cursor's row is read out ("> New run").
    await page.goto(base);
    await page.waitForTimeout(500);
    let tree = "";
    for (let i = 0; i < 120 && !/> New run/.test(tree); i++) {
      await page.waitForTimeout(500);
      tree = await heard();
    }
    check(/> New run/.test(tree), "by ear: the title's menu is read out, its cursor on \"New run\"");
    // Travel and explore at once, as a player who wants only where a walk stops (the Settings
    // page, by ear: down to "Settings", in, down to the row, right to "instant", back out).
    // The row under the cursor, as it is read out first ("> sight radius < 8 > …").
    const cursor = async () => ((await heard()).split("\n").find((l) => l.includes('text: "> ')) || "").replace(/^.*?text: "> /, "");
    const downTo = async (what) => {
      for (let i = 0; i < 80 && !what.test(await cursor()); i++) await key("ArrowDown");
      return what.test(await cursor());
    };
    let paced = await downTo(/^Settings/);
    if (paced) {
      await key("Enter");
      paced = await downTo(/^travel and explore/);
      for (let i = 0; i < 3 && paced && !/^travel and explore\s*< instant >/.test(await cursor()); i++) await key("ArrowRight");
      paced = paced && /^travel and explore\s*< instant >/.test(await cursor());
      await key("Escape");
    }
    check(paced, `by ear: the Settings page reads out its rows, and travel and explore is set to instant${paced ? "" : ` (heard: ${(await cursor()).slice(0, 200)})`}`);
    for (let i = 0; i < 20 && !/^New run/.test(await cursor()); i++) await key("ArrowUp");
    await key("Enter");
    await page.waitForTimeout(500);
    await key("Enter");
    for (let i = 0; i < 40 && !/Depth 1 of/.test(region(tree, "Where you are")); i++) {
      await page.waitForTimeout(300);
      tree = await heard();
    }
    check(/Depth 1 of 10/.test(region(tree, "Where you are")), `by ear: Enter twice starts a run, and where you are is said (${region(tree, "Where you are").slice(0, 60)}…)`);
    await key("w");
    await page.waitForTimeout(200);
    const spoken = await page.locator("#delve-where-said").ariaSnapshot();
    check(/Health \d+ of \d+/.test(spoken), `by ear: w reads out where you are, in a live region (${spoken.split("\n")[0].slice(0, 80)})`);

    const dirKey = { "-1,-1": "y", "0,-1": "k", "1,-1": "u", "-1,0": "h", "1,0": "l", "-1,1": "b", "0,1": "j", "1,1": "n" };
    const offset = (words) => {
      let dx = 0, dy = 0;
      for (const [, n, way] of words.matchAll(/(\d+) (east|west|north|south)/g)) {
        if (way === "east") dx = +n;
        if (way === "west") dx = -n;
        if (way === "south") dy = +n;
        if (way === "north") dy = -n;
      }
      return [dx, dy];
    };
    /// Plays `seed` on `page` by ear to the stairs of level 1 and down: whether it got there, and
    /// the lines to print.
    const playByEar = async (page, seed) => {
      const { heard, settle, key } = byEar(page);
      const said = [];
      const began = Date.now();
      await page.goto(`${base}?seed=${seed}`);
      let where = "", tree = "";
      for (let i = 0; i < 120 && !/Depth 1 of/.test(where); i++) {
        await page.waitForTimeout(300);
        where = region(await heard(), "Where you are");
      }
      const loaded = Date.now();
      let done = false, keys = 0, searched = 0, stuck = 0, lastTurn = -1;
      for (let step = 0; step < 500 && !done; step++) {
        tree = await heard();
        where = region(tree, "Where you are");
        const shows = region(tree, "What the screen shows");
        const log = logLines(tree).slice(-4).join(" ");
        if (/Depth 2 of/.test(where)) {
          done = true;
          break;
        }
        if (/choose a boon \(/.test(shows)) {
          // A boon offered: its panel is read out ("choose a boon (1-3 …)"); 1 takes the first.
          await key("1");
          keys++;
          continue;
        }
        // The nearest monster in view ("A rat, 1 east and 1 north, hunting, 3 of 6 health."):
        // exploring will not walk on while one is in sight, so the player goes for it.
        const monster = [...where.matchAll(/(?:^|\. )An? [a-z -]+, ([^,]+), (?:hunting|wandering|asleep|fleeing)/g)]
          .map((m) => offset(m[1]))[0];
        const turn = Number((/turn (\d+)/.exec(where) || [])[1]);
        stuck = turn === lastTurn ? stuck + 1 : 0;
        lastTurn = turn;
        let toward = null;
        if (monster && (Math.max(...monster.map(Math.abs)) === 1 || stuck > 1)) {
          const [sx, sy] = monster.map(Math.sign);
          // Straight at it, else (a wall in the way) along one axis or the other.
          const tries = [[sx, sy], [sx, 0], [0, sy], [sx, -sy || 1], [-sx || 1, sy]].filter(([x, y]) => x || y);
          toward = tries[stuck % tries.length];
        }
        if (/The stairs down: here/.test(where)) {
          await page.keyboard.press("Shift+Period");
          await settle();
        } else if (toward) {
          await key(dirKey[`${toward[0]},${toward[1]}`]);
        } else if (monster) {
          // Look (the cursor starts on the nearest monster), and Enter travels to it.
          await key("v");
          await key("Enter");
        } else if (/The stairs down: \d/.test(where)) {
          await page.keyboard.press("Shift+Period");
          await settle();
        } else if (/Explored\./.test(log) && searched < 12) {
          await key("e");
          searched++;
          await key("x");
        } else {
          await key("x");
        }
        keys++;
        if (process.env.DELVE_DEBUG) said.push(`    ${step} @${((Date.now() - loaded) / 1000).toFixed(1)}: ${await page.getAttribute("body", "data-screen")} ${where.slice(0, 90)} | ${log.slice(-80)}`);
      }
      if (!done) said.push(`    last heard: ${where} | ${logLines(tree).slice(-3).join(" / ")}`);
      said.push(`  seed ${seed}: ${done ? "reached the stairs and went down" : "did not reach the stairs"} in ${keys} keys (${((loaded - began) / 1000).toFixed(1)} s to load, ${((Date.now() - loaded) / 1000).toFixed(1)} s to play)`);
      return { done, said };
    };
    // One page, one seed after another: pages played at once take turns at the keyboard's focus
    // (a page in the background hears no keys), and share one renderer.
    const reached = [];
    for (const seed of seeds) {
      const { done, said } = await playByEar(page, seed);
      for (const line of said) console.log(line);
      reached.push(done);
    }
    const n = reached.filter(Boolean).length;
    check(n === seeds.length, `by ear: reading only the accessible text, the player reaches the stairs of depth 1 on ${n} of ${seeds.length} seeds`);
    check(page.errors().length === 0, `by ear: no error on the console ${page.errors().join(" | ")}`);
    await context.close();
  }

  // F. A rebound action keeps its button: the buttons name actions, and the game marks which key
  // does each (<body data-keys>) through the player's bindings.
  if (only.includes("F")) {
    const { context, page } = await open({ viewport: { width: 480, height: 640 }, isMobile: true, hasTouch: true });
    await page.goto(base);
    check(await until(page, () => document.body.dataset.screen === "title", null, 180000), "rebound: the title screen opens");
    // The cursor's row, as the page mirrors the title's menu ("> Settings").
    const cursor = async () => ((await page.textContent("#delve-screen")) || "").split("\n").find((l) => l.startsWith("> ")) || "";
    // Moves the cursor one row at a time until its row matches `what`, each press waited for
    // until the page's mirror shows the cursor moved: a press read against a mirror a frame old
    // overshoots the row (and the menu wraps round).
    const moveTo = async (key, what) => {
      for (let i = 0; i < 80; i++) {
        const was = await cursor();
        if (what.test(was)) return true;
        await page.keyboard.press(key);
        await until(page, (was) => {
          const text = document.getElementById("delve-screen")?.textContent || "";
          return (text.split("\n").find((l) => l.startsWith("> ")) || "") !== was;
        }, was, 5000);
      }
      return what.test(await cursor());
    };
    const downTo = (what) => moveTo("ArrowDown", what);
    await page.locator("#delve-canvas").focus();
    let rebound = await downTo(/^> Settings/);
    if (rebound) {
      await page.keyboard.press("Enter");
      await page.waitForTimeout(200);
      rebound = await downTo(/^> your pack/);
      await page.keyboard.press("Enter");
      await page.waitForTimeout(200);
      await page.keyboard.press("o");
      await page.waitForTimeout(300);
      rebound = rebound && /your pack[^\n]*\bo\b/.test(await cursor());
      await page.keyboard.press("Escape");
      await page.waitForTimeout(300);
    }
    const marked = await page.evaluate(() => JSON.parse(document.body.dataset.keys || "{}").pack);
    check(rebound && marked && marked[1] === "KeyO",
      `rebound: "your pack" is put on o in Settings, and the game marks the Pack button's key as it (${JSON.stringify(marked)}; ${await cursor()})`);
    const atNewRun = await moveTo("ArrowUp", /^> New run/);
    const titleText = await page.textContent("#delve-screen");
    await page.keyboard.press("Enter");
    const newRunPage = await until(page, (was) => document.getElementById("delve-screen")?.textContent !== was, titleText, 10000);
    await page.waitForTimeout(300);
    await page.keyboard.press("Enter");
    const started = await until(page, () => document.body.dataset.screen === "map", null, 60000);
    await page.waitForTimeout(500);
    await page.keyboard.press("i");
    await page.waitForTimeout(600);
    const oldKey = await screen(page);
    if (!started) throw new Error(`rebound: no run started (on New run: ${atNewRun}, its page opened: ${newRunPage}, the page shows ${await screen(page)})`);
    await tapButton(page, "Pack");
    const opened = await until(page, () => document.body.dataset.screen === "pack", null, 10000);
    if (opened) await tapButton(page, "Back");
    const closed = opened && await until(page, () => document.body.dataset.screen === "map", null, 10000);
    check(started && oldKey === "map" && opened && closed,
      `rebound: on the map, i no longer opens the pack (${oldKey}), the bar's Pack does (${opened}) and its Back closes it (${closed})`);
    check(page.errors().length === 0, `rebound: no error on the console ${page.errors().join(" | ")}`);
    await context.close();
  }

  // E. The start-up ratios.
  if (only.includes("E")) {
    const loads = Number(process.env.DELVE_LOADS || 7);
    const results = { cold: [], cached: [] };
    const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
    for (let i = 0; i < loads; i++) {
      for (const mode of ["cold", "cached"]) {
        const { context, page } = await open({ viewport: { width: 1024, height: 700 } });
        if (mode === "cached") {
          // A first visit installs the service worker; the measured loads are the next ones.
          await page.goto(`${base}?seed=42`);
          await until(page, () => document.body.dataset.offline === "ready" && navigator.serviceWorker.controller, null, 180000);
        }
        let t0 = Date.now();
        await page.goto(`${base}probe.html`);
        await until(page, () => document.body.dataset.tReady, null, 120000);
        const probe = await page.evaluate(() => ({ ...document.body.dataset }));
        const floor = Number(probe.tReady) - t0;
        t0 = Date.now();
        await page.goto(`${base}?seed=42`);
        await until(page, () => document.body.dataset.tDrawn, null, 180000);
        const m = await page.evaluate(() => ({ ...document.body.dataset }));
        const at = (name) => Number(m["t" + name[0].toUpperCase() + name.slice(1)]);
        results[mode].push({
          floor, floorCompile: Number(probe.tCompiled) - t0, drawn: at("drawn") - t0,
          steps: { "fetch and compile": at("compiled") - t0, instantiate: at("main") - at("compiled"),
            "Bevy's plugins and renderer": at("startup") - at("main"), loading: at("loaded") - at("startup"),
            "entering the level": at("playing") - at("loaded"), "first frame": at("drawn") - at("playing") },
        });
        await context.close();
      }
    }
    for (const mode of ["cold", "cached"]) {
      const rs = results[mode];
      const floor = median(rs.map((r) => r.floor)), drawn = median(rs.map((r) => r.drawn));
      const steps = Object.keys(rs[0].steps).map((k) => `${k} ${median(rs.map((r) => r.steps[k]))} ms`).join(", ");
      console.log(`start-up, ${mode} (median of ${loads}): first drawn level ${drawn} ms; the module alone (fetch, compile, instantiate) ${floor} ms; ratio ${(drawn / floor).toFixed(2)}`);
      console.log(`  ${steps}`);
      console.log(`  each load (drawn/floor): ${rs.map((r) => `${r.drawn}/${r.floor}`).join(" ")}`);
    }
    check(results.cold.every((r) => r.drawn > 0 && r.floor > 0) && results.cached.every((r) => r.drawn > 0 && r.floor > 0),
      "start-up: every load drew its first level and every probe instantiated the module");
  }
} finally {
  await browser.close();
  await phoneBrowser?.close();
  server.close();
}

console.log(`${passed} passed, ${failures} failed`);
process.exit(failures ? 1 : 0);
