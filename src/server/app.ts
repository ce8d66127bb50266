/**
 * The Skirmish server: one HTTP server for the API (/api/*), the WebSocket hub (/api/ws) and the
 * web page, over one store: a SQLite file (one process), or a PostgreSQL database that several
 * processes share (what one commits reaches the others' connections through the store's changes).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openStore, type Store, type Synchronous } from '../store/index.ts';
import type { Context } from './context.ts';
import { apiHandler } from './http.ts';
import { Hub } from './hub.ts';
import { DEFAULT_LIMITS, type Limits } from './limits.ts';
import { LiveCache } from './live.ts';
import { openApiDocument } from './openapi.ts';
import { routes } from './routes.ts';
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
  webDist?: string;
  /** Reproducible server dice (tests, benchmarks). Never in play. */
  testDiceSeed?: string;
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
  const ctx: Context = { store, cache, limits, publisher: hub, ...(options.testDiceSeed !== undefined ? { testDiceSeed: options.testDiceSeed } : {}) };
  hub.ctx = ctx;
  cache.listener = hub;
  const unlisten = store.onChange((change) => hub.storeChanged(change));
  let doc: Record<string, unknown> | undefined;
  const list = routes(ctx, { openapi: () => (doc ??= openApiDocument(list, '0.1.0')) });
  const api = apiHandler(list, { maxBody: limits.httpBodyBytes, rate: limits.httpRate, burst: limits.httpBurst });
  const webDist = options.webDist ?? WEB_DIST;

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) void api(req, res, url);
    else serveStatic(req, res, url, webDist);
  });
  server.on('upgrade', (req, socket, head) => hub.handleUpgrade(req, socket, head));
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
      hub.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      unlisten();
      await store.close();
    },
  };
}
