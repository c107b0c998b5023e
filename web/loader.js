// Delve's loader: checks for WebGL2, downloads the game with a progress bar, starts it, and shows
// a readable message if anything fails. The game marks <body data-delve="playing"> when it runs.
import init from "./delve.js";

const text = document.getElementById("delve-status-text");
const bar = document.getElementById("delve-progress");

function fail(message) {
  document.body.dataset.delve = "failed";
  text.textContent = message;
  console.error("delve: " + message);
}

function webgl2() {
  try {
    return !!document.createElement("canvas").getContext("webgl2");
  } catch {
    return false;
  }
}

async function download(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${response.statusText}`);
  const total = Number(response.headers.get("content-length")) || 0;
  if (!response.body || !total) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const chunks = [];
  let got = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    got += value.length;
    bar.value = got / total;
    text.textContent = `Downloading Delve… ${(got / 1e6).toFixed(1)} of ${(total / 1e6).toFixed(1)} MB`;
  }
  const bytes = new Uint8Array(got);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.length;
  }
  return bytes;
}

async function start() {
  if (!webgl2()) {
    fail("Delve needs WebGL2, which this browser does not offer (or has turned off). Try a current Firefox, Chrome or Safari.");
    return;
  }
  let bytes;
  try {
    bytes = await download("delve_bg.wasm");
  } catch (e) {
    fail(`Delve could not be downloaded: ${e.message}`);
    return;
  }
  text.textContent = "Starting Delve…";
  bar.removeAttribute("value");
  try {
    await init({ module_or_path: bytes });
  } catch (e) {
    // winit hands control to the browser by throwing this on purpose; the game keeps running.
    if (!String(e && e.message).includes("Using exceptions for control flow")) {
      fail(`Delve could not start: ${e && e.message ? e.message : e}`);
    }
  }
}

new MutationObserver(() => {
  if (document.body.dataset.delve === "playing") document.getElementById("delve-canvas").focus();
}).observe(document.body, { attributes: true, attributeFilter: ["data-delve"] });

start();
