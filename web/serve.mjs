// A tiny static file server for Delve's browser build that sends the precompressed files
// web/compress.mjs writes: NAME.br to browsers that accept brotli, NAME.gz to those that accept
// gzip, with Content-Encoding, Vary and the type of NAME (application/wasm for the module).
//   node web/serve.mjs [PORT] [DIR]      (defaults: 8080, web/dist), listens on 127.0.0.1
// The end-to-end test serves the build through sendFile too.
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, dirname } from "node:path";
import { fileURLToPath } from "node:url";

export const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".wasm": "application/wasm",
  ".png": "image/png",
  ".webmanifest": "application/manifest+json",
};

async function exists(path) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/// The file under `dir` that the URL path names (never outside `dir`), index.html for a folder.
export function fileFor(dir, urlPath) {
  const path = normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, "");
  return join(dir, path.endsWith("/") ? path + "index.html" : path);
}

/// Sends `file` with the best encoding the request accepts and a precompressed copy exists for.
export async function sendFile(req, res, file) {
  const accepts = String(req.headers["accept-encoding"] || "");
  const headers = { "content-type": types[extname(file)] || "application/octet-stream", vary: "accept-encoding" };
  let path = file;
  for (const [encoding, suffix] of [["br", ".br"], ["gzip", ".gz"]]) {
    if (new RegExp(`\\b${encoding}\\b`).test(accepts) && (await exists(file + suffix))) {
      headers["content-encoding"] = encoding;
      path = file + suffix;
      break;
    }
  }
  try {
    const body = await readFile(path);
    headers["content-length"] = body.length;
    res.writeHead(200, headers).end(body);
  } catch {
    res.writeHead(404, { "content-type": "text/plain" }).end("not found");
  }
}

const main = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (main) {
  const port = Number(process.argv[2] || 8080);
  const dir = process.argv[3] || join(dirname(fileURLToPath(import.meta.url)), "dist");
  createServer((req, res) => sendFile(req, res, fileFor(dir, new URL(req.url, "http://x").pathname))).listen(
    port,
    "127.0.0.1",
    () => console.log(`Delve: http://127.0.0.1:${port}/ (serving ${dir}, precompressed where it can)`),
  );
}
