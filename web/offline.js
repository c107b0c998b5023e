// Delve installed and offline: registers the service worker (sw.js), which keeps this build's
// files so that the page starts from them and plays with the network gone. A newer build found
// on a later visit waits until the player takes it ("Update now"), or until every tab of Delve
// has closed; either way the page says so. Nothing of a run is lost by an update: the game saves
// every turn, and the page reloaded under the new build continues the run this tab played.

const banner = document.getElementById("delve-update");
const text = document.getElementById("delve-update-text");
const button = document.getElementById("delve-update-button");
const build = document.querySelector('meta[name="delve-build"]').content;
const UPDATED = "delve.updated-from";

function say(message, offerUpdate) {
  text.textContent = message;
  button.hidden = !offerUpdate;
  banner.hidden = false;
}

// Said once after an update: from which build to which.
const from = sessionStorage.getItem(UPDATED);
if (from) {
  sessionStorage.removeItem(UPDATED);
  if (from !== build) {
    say(`Delve was updated (build ${from} to ${build}). Your run continues where it was.`, false);
    setTimeout(() => { banner.hidden = true; }, 8000);
  }
}
document.body.dataset.build = build;

function offer(worker) {
  say("A new version of Delve is ready. Your run is saved: updating continues it.", true);
  document.body.dataset.update = "ready";
  button.onclick = () => {
    sessionStorage.setItem(UPDATED, build);
    worker.postMessage("take-over");
  };
}

// Registered once the game has started (its title or a run is on the screen): the first visit's
// install downloads the whole build again into the cache, which would otherwise compete with the
// page's own download, compile and start for the network and the processor.
function whenStarted(then) {
  const started = () => ["title", "playing", "ascii"].includes(document.body.dataset.delve);
  if (started()) return then();
  const watch = new MutationObserver(() => {
    if (started()) {
      watch.disconnect();
      then();
    }
  });
  watch.observe(document.body, { attributes: true, attributeFilter: ["data-delve"] });
}

if ("serviceWorker" in navigator && location.protocol !== "file:") whenStarted(() => {
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // The first install takes the page over quietly; a newer build reloads it, as asked.
    if (!reloading && sessionStorage.getItem(UPDATED)) {
      reloading = true;
      location.reload();
    }
  });
  navigator.serviceWorker.register("sw.js").then((registration) => {
    const watch = (worker) => worker.addEventListener("statechange", () => {
      if (worker.state === "installed" && navigator.serviceWorker.controller) offer(worker);
      if (worker.state === "activated") document.body.dataset.offline = "ready";
    });
    if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
    if (registration.installing) watch(registration.installing);
    if (registration.active) document.body.dataset.offline = "ready";
    registration.addEventListener("updatefound", () => watch(registration.installing));
  }).catch((e) => console.warn(`delve: no offline play: ${e.message}`));
});
