// The start-up floor Bevy sets, side by side with Delve (web/size-floor.sh --start runs this):
// loads, interleaved and each in a fresh browser context (cold), Delve's page to its first drawn
// level and an empty Bevy app with a camera and one text (web/dist-floor) to its first frame,
// each beside its own module's fetch, compile and instantiate (web/test/probe.html). Prints the
// medians, the ratios and each one's steps. Figures, not assertions. DELVE_LOADS: how many (7).
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { fileFor, sendFile } from "../serve.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const web = join(here, "..");
const loads = Number(process.env.DELVE_LOADS || 7);

const server = createServer(async (req, res) => {
  const path = new URL(req.url, "http://x").pathname;
  if (path === "/probe.html" || path === "/floor/probe.html") {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    res.end(readFileSync(join(here, "probe.html")));
    return;
  }
  const floor = path.startsWith("/floor/");
  await sendFile(req, res, fileFor(join(web, floor ? "dist-floor" : "dist"), floor ? path.slice("/floor".length) : path));
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--disable-background-networking",
    "--no-first-run", "--disable-component-update", "--disable-sync"],
});

/// The page at `url` in a fresh context, to `<body data-t-{last}>`: each mark's time from the start.
async function load(url, last) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 700 } });
  const page = await context.newPage();
  const t0 = Date.now();
  await page.goto(url);
  await page.waitForFunction((key) => document.body.dataset[key], "t" + last[0].toUpperCase() + last.slice(1), { timeout: 180000 });
  const marks = await page.evaluate(() => ({ ...document.body.dataset }));
  await context.close();
  const at = {};
  for (const [key, value] of Object.entries(marks)) if (/^t[A-Z]/.test(key)) at[key[1].toLowerCase() + key.slice(2)] = Number(value) - t0;
  return at;
}

const apps = {
  Delve: { probe: `${base}probe.html`, page: `${base}?seed=42`, steps: [["fetch and compile", "compiled"], ["instantiate", "main"],
    ["Bevy's plugins and renderer", "startup"], ["loading", "loaded"], ["entering the level", "playing"], ["first frame", "drawn"]] },
  "an empty Bevy app": { probe: `${base}floor/probe.html?module=start_floor_bg.wasm`, page: `${base}floor/floor.html`,
    steps: [["fetch and compile", "compiled"], ["instantiate", "main"], ["Bevy's plugins and renderer", "startup"], ["first frame", "drawn"]] },
};
const results = Object.fromEntries(Object.keys(apps).map((name) => [name, []]));
try {
  for (let i = 0; i < loads; i++) {
    for (const [name, app] of Object.entries(apps)) {
      const floor = (await load(app.probe, "ready")).ready;
      const page = await load(app.page, "drawn");
      results[name].push({ floor, page });
    }
  }
} finally {
  await browser.close();
  server.close();
}
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
for (const [name, app] of Object.entries(apps)) {
  const rs = results[name];
  const floor = median(rs.map((r) => r.floor)), drawn = median(rs.map((r) => r.page.drawn));
  console.log(`${name}, cold (median of ${loads}): first frame ${drawn} ms; its module alone (fetch, compile, instantiate) ${floor} ms; ratio ${(drawn / floor).toFixed(2)}; beyond its module ${drawn - floor} ms`);
  const steps = app.steps.map(([label, mark], i) => {
    const before = i === 0 ? () => 0 : (r) => r.page[app.steps[i - 1][1]];
    return `${label} ${median(rs.map((r) => r.page[mark] - before(r)))} ms`;
  });
  console.log(`  ${steps.join(", ")}`);
  console.log(`  each load (drawn/floor): ${rs.map((r) => `${r.page.drawn}/${r.floor}`).join(" ")}`);
}
