// Getting the game's code: delve_bg.wasm fetched and compiled as it arrives (streaming), with
// the bytes counted for the loader's progress bar. The loader and the start-up probe of the
// end-to-end test (web/test/probe.html) both use this, so that the probe measures exactly the
// module's own fetch and compile that the page waits for.

/// Fetches and compiles the module at `url`; `progress(got, total, done)` is called as bytes
/// arrive (`total` 0 when unknown: a compressed response's length is not what arrives) and once
/// more, `done`, when the last has. From the
/// service worker's cache the response is compiled as it is, which lets the browser reuse the
/// code it compiled on an earlier visit.
export async function fetchModule(url, progress = () => {}) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${response.statusText}`);
  const encoded = !!response.headers.get("content-encoding");
  const total = encoded ? 0 : Number(response.headers.get("content-length")) || 0;
  if (!response.body || typeof WebAssembly.compileStreaming !== "function") {
    const bytes = await response.arrayBuffer();
    progress(bytes.byteLength, total, true);
    return WebAssembly.compile(bytes);
  }
  if (navigator.serviceWorker && navigator.serviceWorker.controller) {
    // From the cache: no download to show, and the browser's code cache applies.
    progress(0, 0, true);
    return WebAssembly.compileStreaming(response);
  }
  const [counted, compiled] = response.body.tee();
  const count = (async () => {
    const reader = counted.getReader();
    let got = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return progress(got, total, true);
      got += value.length;
      progress(got, total, false);
    }
  })();
  const module = WebAssembly.compileStreaming(new Response(compiled, { headers: { "content-type": "application/wasm" } }));
  await count;
  return module;
}
