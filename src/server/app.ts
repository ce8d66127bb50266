/**
 * The Skirmish server: one HTTP server for the API (/api/*), the WebSocket hub (/api/ws) and the
 * web page, over one store: a SQLite file (one process), or a PostgreSQL database that several
 * processes share (what one commits reaches the others' connections through the store's changes).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openStore, type Store, type Synchronous } from '../store/index.ts';
import { requirePrincipal, type Context } from './context.ts';
import { apiHandler, sendError, sendJson } from './http.ts';
import { listExamples } from './examples.ts';
import { hostChecker } from './hosts.ts';
import { Upkeep } from './upkeep.ts';
import { Hub } from './hub.ts';
import { DEFAULT_LIMITS, type Limits } from './limits.ts';
import { LiveCache } from './live.ts';
import { openApiDocument } from './openapi.ts';
import { routes } from './routes.ts';
import { serveImage } from './map-images.ts';
import { closeQuickSimulationThreads } from './simulate.ts';
import { serveStatic, WEB_DIST } from './static.ts';

export const DEFAULT_PORT = 8080;
export const DEFAULT_DB = 'data/skirmish.sqlite';

export interface ServerOptions {
  port?: number;
  host?: string;
  /** The store: a SQLite file (':memory:' for tests) or a postgres:// connection string. */
  db?: string;
  synchronous?: Synchronous;
  limits?: Partial<Limits>;
  /** Extra origins allowed to open the WebSocket (the server's own host always is). */
  allowedOrigins?: string[];
  /** Host names answered besides IP addresses, localhost and the listening host (hosts.ts); '*': any. */
  allowedHosts?: string[];
  webDist?: string;
  /** Reproducible server dice (tests, benchmarks). Never in play. */
  testDiceSeed?: string;
  /** The wall clock tables' activity and expiry are reckoned by (tests move it). */
  clock?: () => number;
}

export interface RunningServer {
  url: string;
  port: number;
  server: Server;
  ctx: Context;
  hub: Hub;
  close(): Promise<void>;
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const store: Store = await openStore(options.db ?? DEFAULT_DB, { synchronous: options.synchronous ?? 'full' });
  const hub = new Hub({ allowedOrigins: options.allowedOrigins ?? [] }, limits.wsFrameBytes);
  const cache = new LiveCache(store, limits.liveEncounters);
  const upkeep = new Upkeep(options.clock);
  const ctx: Context = { store, cache, limits, publisher: hub, upkeep, ...(options.testDiceSeed !== undefined ? { testDiceSeed: options.testDiceSeed } : {}) };
  upkeep.ctx = ctx;
  hub.ctx = ctx;
  cache.listener = hub;
  const unlisten = store.onChange((change) => hub.storeChanged(change));
  // the examples' list parses every example (150–230 ms): read now, not in the first request that names one
  listExamples();
  let doc: Record<string, unknown> | undefined;
  const list = routes(ctx, { openapi: () => (doc ??= openApiDocument(list, '0.1.0')) });
  const api = apiHandler(list, { maxBody: limits.httpBodyBytes, rate: limits.httpRate, burst: limits.httpBurst, sliceMs: limits.replySliceMs, authenticate: (token) => requirePrincipal(ctx, token) });
  const webDist = options.webDist ?? WEB_DIST;

  const hostAllowed = hostChecker(options.host, options.allowedHosts ?? []);
  const server = createServer((req, res) => {
    if (!hostAllowed(req.headers.host)) {
      sendJson(res, 421, { error: { code: 'MISDIRECTED', message: `this server does not answer to the host "${req.headers.host ?? ''}" (see --allowed-hosts)` } });
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const stored = /^\/maps\/([0-9a-f]{64})$/.exec(url.pathname);
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) void api(req, res, url);
    else if (stored) serveImage(ctx, req, res, stored[1]).catch((err: unknown) => sendError(res, err));
    else serveStatic(req, res, url, webDist);
  });
  server.on('upgrade', (req, socket, head) => {
    if (hostAllowed(req.headers.host)) hub.handleUpgrade(req, socket, head);
    else socket.end('HTTP/1.1 421 Misdirected Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;
  // slow-loris and idle sockets: keep-alive connections are closed after a while
  server.keepAliveTimeout = 10_000;

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? DEFAULT_PORT, options.host ?? '127.0.0.1', () => resolve());
    });
  } catch (err) {
    unlisten();
    await store.close();
    throw err;
  }
  ctx.upkeep.start((err) => console.error(`skirmish: looking for idle tables failed: ${(err as Error).message}`));
  const port = (server.address() as AddressInfo).port;
  const host = options.host && options.host !== '0.0.0.0' && options.host !== '::' ? options.host : 'localhost';
  let closed = false;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host === '127.0.0.1' ? 'localhost' : host}:${port}`,
    port,
    server,
    ctx,
    hub,
    async close() {
      if (closed) return;
      closed = true;
      ctx.upkeep.stop();
      hub.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      unlisten();
      await closeQuickSimulationThreads();
      await store.close();
    },
  };
}
