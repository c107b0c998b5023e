// Delve's loader: checks for WebGL2, downloads the game with a progress bar, starts it, and shows
// a readable message if anything fails. The game marks <body data-delve="title"> at its title screen
// and <body data-delve="playing"> when a run is played.
import init from "./delve.js";
import { takeBoardRun } from "./board.js";
import { fetchModule } from "./module.js";

const text = document.getElementById("delve-status-text");
const bar = document.getElementById("delve-progress");

function fail(message) {
  document.body.dataset.delve = "failed";
  text.textContent = message;
  console.error("delve: " + message);
}

/// Whether the browser makes WebGL2 contexts. The context made to find out is let go at once.
function webgl2() {
  try {
    const gl = document.createElement("canvas").getContext("webgl2");
    gl?.getExtension("WEBGL_lose_context")?.loseContext();
    return !!gl;
  } catch {
    return false;
  }
}

async function start() {
  // Each step's end is marked on <body data-t-…> (Date.now()): the end-to-end test reports the
  // time from page load to the first level broken down (download, compile, start-up, first level).
  const mark = (name) => { document.body.dataset["t" + name[0].toUpperCase() + name.slice(1)] = String(Date.now()); };
  // The download and the compile overlap (streaming): "downloaded" is marked when the last
  // byte arrived, "compiled" when the module is ready. They start before the check for WebGL2,
  // which makes a context: a software renderer takes a few hundred milliseconds over that, and
  // the module arrives meanwhile.
  const getting = fetchModule("delve_bg.wasm", (got, total, done) => {
    if (document.body.dataset.delve === "failed") return;
    if (total) {
      bar.value = got / total;
      text.textContent = `Downloading Delve… ${(got / 1e6).toFixed(1)} of ${(total / 1e6).toFixed(1)} MB`;
    } else {
      bar.removeAttribute("value");
      text.textContent = `Downloading Delve… ${(got / 1e6).toFixed(1)} MB`;
    }
    if (done) mark("downloaded");
  });
  getting.catch(() => {}); // Said below, if it is still wanted.
  if (!webgl2()) {
    fail("Delve needs WebGL2, which this browser does not offer (or has turned off). Try a current Firefox, Chrome or Safari.");
    return;
  }
  let module;
  try {
    module = await getting;
  } catch (e) {
    fail(`Delve could not be downloaded or started: ${e && e.message ? e.message : e}`);
    return;
  }
  mark("compiled");
  try {
    await init({ module_or_path: module });
  } catch (e) {
    // winit hands control to the browser by throwing this on purpose; the game keeps running.
    if (!String(e && e.message).includes("Using exceptions for control flow")) {
      fail(`Delve could not start: ${e && e.message ? e.message : e}`);
    }
  }
}

const canvas = document.getElementById("delve-canvas");
new MutationObserver(() => {
  if (["playing", "title"].includes(document.body.dataset.delve)) canvas.focus();
  // The first level is drawn in the frame that entered it: marked when the next frame begins.
  if (document.body.dataset.delve === "playing" && !document.body.dataset.tDrawn) {
    requestAnimationFrame(() => { document.body.dataset.tDrawn = String(Date.now()); });
  }
}).observe(document.body, { attributes: true, attributeFilter: ["data-delve"] });

// The generator lab's panel: its fields follow the run the game plays (<body data-run>), and
// "New level" asks the game for another (<body data-request>), then gives the keys back to it.
const lab = {
  style: document.getElementById("lab-style"),
  size: document.getElementById("lab-size"),
  seed: document.getElementById("lab-seed"),
  link: document.getElementById("lab-link"),
};
function showRun() {
  const run = new URLSearchParams(document.body.dataset.run || "");
  if (run.has("corridors")) lab.style.value = run.get("corridors");
  if (run.has("size")) lab.size.value = run.get("size");
  if (run.has("seed")) lab.seed.value = run.get("seed");
  lab.link.href = document.body.dataset.run || "";
  // The address is the share link of what is played, after the lab's "New level" or `n` too;
  // but a page opened at the title screen keeps its plain address, so that reloading it comes
  // back to the title (and Continue) rather than starting that run afresh over the saved one.
  if (document.body.dataset.run && location.search && location.search !== document.body.dataset.run) {
    history.replaceState(null, "", document.body.dataset.run);
  }
}
new MutationObserver(showRun).observe(document.body, { attributes: true, attributeFilter: ["data-run"] });
document.getElementById("lab-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const query = new URLSearchParams({ size: lab.size.value.trim(), corridors: lab.style.value });
  const seed = lab.seed.value.trim();
  if (seed) query.set("seed", seed);
  document.body.dataset.request = "?" + query.toString() + "&reveal";
  canvas.focus();
});

// The run this tab plays is held by it (local storage "delve.lock.<run>" naming the tab, which
// the game writes on <body data-tab>): let go when the page is hidden for good or reloaded, so
// that the same tab reloaded, or another tab later, can open it. A page that comes back from the
// back-forward cache no longer holds it: the game says so and saves it no more (a reload goes on).
window.addEventListener("pagehide", () => {
  const tab = document.body.dataset.tab;
  if (!tab) return;
  for (let i = localStorage.length - 1; i >= 0; i--) {
    const key = localStorage.key(i);
    if (key && key.startsWith("delve.lock.") && (localStorage.getItem(key) || "").startsWith(tab + " ")) {
      localStorage.removeItem(key);
    }
  }
});

// A board's run (`?board-run=ID`) becomes a `?replay=` address before the game reads it.
takeBoardRun().then(start);
