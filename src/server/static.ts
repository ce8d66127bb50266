/**
 * The web page: the built files of src/web/dist when that folder exists (single-page app: unknown
 * paths without an extension get index.html), else a plain placeholder at `/`. Paths are resolved
 * inside the folder only.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exampleMap } from './examples.ts';

// from the package root, so that src/server/ and its compiled copy dist/server/ find the same page
export const WEB_DIST = fileURLToPath(new URL('../../src/web/dist/', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
};

const PLACEHOLDER = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Skirmish</title></head>
<body><h1>Skirmish server</h1>
<p>The referee is running. The web page is not built yet (src/web/dist is missing).</p>
<p>API: <a href="/api/health">/api/health</a>, <a href="/api/openapi.json">/api/openapi.json</a>, <a href="/api/examples">/api/examples</a>; WebSocket at <code>/api/ws</code>. See docs/api.md.</p>
</body></html>
`;

// images: the page's own files, the examples' maps and the maps the GM uploaded (/maps/…), all same origin;
// no data: (an image reaches a page by address only, map-images.ts)
export const CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self'; connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

function send(res: ServerResponse, status: number, type: string, body: Buffer | string, head: boolean, cache: string): void {
  res.writeHead(status, {
    'content-type': type,
    'content-length': Buffer.byteLength(body),
    'cache-control': cache,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    // the page's own code only, and no other page may frame it (the GM's page holds the GM's token)
    'content-security-policy': CSP,
    'x-frame-options': 'DENY',
  });
  res.end(head ? undefined : body);
}

export function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL, root = WEB_DIST): void {
  const head = req.method === 'HEAD';
  if (req.method !== 'GET' && !head) {
    send(res, 405, 'text/plain; charset=utf-8', 'method not allowed\n', head, 'no-store');
    return;
  }
  // the shipped examples' map art, at the same-origin addresses their encounters name (examples.ts)
  const map = url.pathname.startsWith('/maps/') ? exampleMap(url.pathname) : undefined;
  if (map) {
    send(res, 200, map.type, map.body, head, 'public, max-age=3600');
    return;
  }
  if (!existsSync(join(root, 'index.html'))) {
    if (url.pathname === '/' || url.pathname === '/index.html') send(res, 200, TYPES['.html'], PLACEHOLDER, head, 'no-store');
    else send(res, 404, 'text/plain; charset=utf-8', 'not found\n', head, 'no-store');
    return;
  }
  let rel: string;
  try {
    rel = decodeURIComponent(url.pathname);
  } catch {
    send(res, 400, 'text/plain; charset=utf-8', 'bad path\n', head, 'no-store');
    return;
  }
  if (rel.includes('\0')) {
    send(res, 400, 'text/plain; charset=utf-8', 'bad path\n', head, 'no-store');
    return;
  }
  const base = root.endsWith(sep) ? root : root + sep;
  let file = normalize(join(base, rel));
  if (!file.startsWith(base) && file + sep !== base) {
    send(res, 404, 'text/plain; charset=utf-8', 'not found\n', head, 'no-store');
    return;
  }
  if (!existsSync(file) || statSync(file).isDirectory()) {
    if (existsSync(join(file, 'index.html'))) file = join(file, 'index.html');
    else if (!extname(file)) file = join(root, 'index.html');
    else {
      send(res, 404, 'text/plain; charset=utf-8', 'not found\n', head, 'no-store');
      return;
    }
  }
  const type = TYPES[extname(file)] ?? 'application/octet-stream';
  // hashed asset names may be cached; the page itself never
  const cache = file.endsWith('index.html') ? 'no-cache' : 'public, max-age=3600';
  send(res, 200, type, readFileSync(file), head, cache);
}
