// What seeking in a replay and a death's review cost in the browser (issue 61): headless
// Chromium over web/dist, as web/test/e2e.mjs drives it. Not a test (nothing is asserted): it
// prints figures for docs/performance.md.
//
//   1. A bot's 20,000-turn recording (seed 114 at 100x60, made by DELVE_BIN --autoplay) opened
//      as `?replay=…&turn=N`: the page seeks to N before its first frame. Loaded at turn 10 and at
//      turn 19,990, five times each, interleaved: the difference of the medians of the first drawn
//      level is the seek across the whole recording with nothing kept yet.
//   2. In the replay (paused on turn 10,000): PageDown, PageUp and `,` pressed 20 times each,
//      each timed from the key to the turn the page marks (a frame or two of the page included).
//   3. Seed 251 played by waiting until a kobold kills the player (turn 47), then `v`: the time
//      from the key to the review's line playing (`data-replay`), frames included.
//
// Usage: DELVE_BIN=…/delve node web/test/seek-bench.mjs   (after bash web/build.sh)

import { createServer } from "node:http";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { execFileSync } from "node:child_process";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { fileFor, sendFile } from "../serve.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, "..", "dist");
const native = process.env.DELVE_BIN || join(here, "..", "..", "target", "debug", "delve");
const dir = mkdtempSync(join(tmpdir(), "delve-seek-"));
const file = join(dir, "s114.delverec");
execFileSync(native, ["--autoplay", "--seed", "114", "--size", "100x60", "--turns", "20000", "--record", file, "--save-dir", join(dir, "saves")]);
const b64 = readFileSync(file).toString("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

const server = createServer(async (req, res) => sendFile(req, res, fileFor(dist, new URL(req.url, "http://x").pathname)));
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--no-first-run"],
});
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const most = (xs) => Math.max(...xs);

try {
  // 1. Loads at turn 10 and at turn 19,990.
  const drawn = { 10: [], 19990: [] };
  for (let i = 0; i < 5; i++) {
    for (const turn of [10, 19990]) {
      const context = await browser.newContext({ viewport: { width: 1024, height: 600 } });
      const page = await context.newPage();
      const t0 = Date.now();
      await page.goto(`${base}?replay=${b64}&turn=${turn}`);
      await page.waitForFunction((t) => Number(document.body.dataset.turn || "-1") >= t, turn, { timeout: 120000 });
      drawn[turn].push(Date.now() - t0);
      await context.close();
    }
  }
  console.log(`loaded at turn 10: median ${median(drawn[10])} ms; at turn 19,990: median ${median(drawn[19990])} ms; the seek across the recording: about ${median(drawn[19990]) - median(drawn[10])} ms`);

  // 2. Seeks by key in a replay paused on turn 10,000.
  const context = await browser.newContext({ viewport: { width: 1024, height: 600 } });
  const page = await context.newPage();
  await page.goto(`${base}?replay=${b64}&turn=10000`);
  await page.waitForFunction(() => Number(document.body.dataset.turn || "0") >= 10000, null, { timeout: 120000 });
  await page.locator("#delve-canvas").focus();
  // The scout keys the rest of the recording meanwhile.
  await page.waitForTimeout(8000);
  const timed = async (key) => {
    const before = await page.getAttribute("body", "data-turn");
    const t0 = Date.now();
    await page.keyboard.press(key);
    await page.waitForFunction((b) => document.body.dataset.turn !== b, before, { timeout: 30000 });
    return Date.now() - t0;
  };
  for (const key of ["PageDown", "PageUp", ","]) {
    const times = [];
    for (let i = 0; i < 20; i++) times.push(await timed(key));
    console.log(`${key}: median ${median(times)} ms, most ${most(times)} ms (key to the turn marked, frames included)`);
  }
  await context.close();

  // 3. A death's review.
  const reviews = [];
  for (let i = 0; i < 3; i++) {
    const ctx = await browser.newContext({ viewport: { width: 1024, height: 600 } });
    const p = await ctx.newPage();
    await p.goto(`${base}?seed=251`);
    await p.waitForSelector('body[data-delve="playing"]', { timeout: 120000 });
    await p.locator("#delve-canvas").focus();
    for (let t = 0; t < 80 && (await p.getAttribute("body", "data-screen")) !== "ended"; t++) {
      await p.keyboard.press(".");
      await p.waitForTimeout(60);
    }
    const t0 = Date.now();
    await p.keyboard.press("v");
    await p.waitForFunction(() => !!document.body.dataset.replay, null, { timeout: 60000 });
    reviews.push(Date.now() - t0);
    await ctx.close();
  }
  console.log(`a death's review (seed 251, killed on turn 47): ${reviews.join(", ")} ms from the key to its line playing`);
} finally {
  await browser.close();
  server.close();
}
