/**
 * The HTTP plumbing: a small router over node:http with bounded JSON bodies, structured errors,
 * per-address rate limiting and no-store caching. Before a body is read, its route's size limit is
 * checked against what the client declares and the caller's token against what the route needs, so
 * no one without the right token can make the server read (or parse) a byte of a body. Routes are data (routes.ts) so the OpenAPI
 * document is generated from the same list that serves requests.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { ApiError, asApiError } from './errors.ts';
import { parseJson } from './json.ts';
import { sendJsonInSlices } from './json-slices.ts';
import { tableAccess, type Principal } from './policy.ts';
import { TokenBucket } from './rate.ts';

export interface RequestCtx {
  req: IncomingMessage;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed body (a `raw` route's: its bytes, a Uint8Array, to be decoded and parsed off the main thread). */
  body: unknown;
  token: string | undefined;
  /** Who the token stands for, known before the body was read (routes that need a token). */
  principal?: Principal;
}

export interface Reply {
  status?: number;
  body: unknown;
  /** Offered as a file download (exports). */
  filename?: string;
  /** Written in slices (json-slices.ts): a body that may be megabytes of JSON. */
  sliced?: boolean;
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  summary: string;
  /** Who may call it; for docs (each handler checks for itself). */
  auth: 'none' | 'member' | 'gm' | 'invite';
  tag: string;
  body?: z.ZodType;
  query?: Record<string, { schema: z.ZodType; description: string; required?: boolean }>;
  /** Largest body this route takes (default: limits.httpBodyBytes), checked before reading. */
  maxBody?: number;
  /** Values (JSON nodes) its body may hold (default MAX_REQUEST_NODES). */
  maxNodes?: number;
  /** The handler takes the body's bytes (a Uint8Array) and parses them itself (off the main thread); `body` is for the docs. */
  raw?: boolean;
  /** The body is bytes of one of these content types (an upload), handed over as a Buffer; `tooLarge` words a declared size past maxBody. */
  bytes?: { types: string[]; tooLarge(declared: number): ApiError };
  /** Response description for the docs. */
  returns: string;
  status?: number;
  handle(c: RequestCtx): Reply | Promise<Reply>;
}

interface Compiled {
  route: Route;
  re: RegExp;
  names: string[];
}

export function compile(routes: Route[]): Compiled[] {
  return routes.map((route) => {
    const names: string[] = [];
    const re = new RegExp(
      '^' +
        route.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z]+)/g, (_, n: string) => {
          names.push(n);
          return '([A-Za-z0-9_-]{1,100})';
        }) +
        '$',
    );
    return { route, re, names };
  });
}

function jsonHeaders(filename?: string): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };
  if (filename) headers['content-disposition'] = `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`;
  return headers;
}

export function sendJson(res: ServerResponse, status: number, body: unknown, filename?: string): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...jsonHeaders(filename), 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export function sendError(res: ServerResponse, err: unknown): void {
  const e = asApiError(err);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(res, e.status, e.body());
}

/**
 * Read a body up to `max` bytes; past that the request is refused without reading the rest. As bytes,
 * copied in as they come (a raw route's: the reader thread decodes and parses them, the buffer moved to
 * it, not copied: a 30 MB body decoded and posted here held the loop 60–70 ms), or as text.
 */
function readBytes(req: IncomingMessage, max: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > max) {
      reject(new ApiError('PAYLOAD_TOO_LARGE', `the body is larger than ${max} bytes`));
      return;
    }
    // one buffer of the declared size, filled chunk by chunk: no copy of the whole at the end
    let buf = new Uint8Array(Number.isSafeInteger(declared) && declared > 0 ? declared : 65_536);
    let size = 0;
    req.on('data', (c: Buffer) => {
      if (size + c.length > max) {
        reject(new ApiError('PAYLOAD_TOO_LARGE', `the body is larger than ${max} bytes`));
        req.removeAllListeners('data');
        req.resume();
        return;
      }
      if (size + c.length > buf.length) {
        const grown = new Uint8Array(Math.min(max, Math.max(buf.length * 2, size + c.length)));
        grown.set(buf.subarray(0, size));
        buf = grown;
      }
      buf.set(c, size);
      size += c.length;
    });
    req.on('end', () => resolve(size === buf.length ? buf : buf.subarray(0, size)));
    req.on('error', reject);
  });
}

async function readBody(req: IncomingMessage, max: number): Promise<string> {
  const bytes = await readBytes(req, max);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}

export function bearer(req: IncomingMessage): string | undefined {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return undefined;
  const m = /^Bearer\s+(\S{1,200})$/i.exec(h.trim());
  return m ? m[1] : undefined;
}

export interface ApiHandlerOptions {
  maxBody: number;
  rate: number;
  burst: number;
  /** Work between two turns of the event loop when a reply is written in slices (limits.replySliceMs). */
  sliceMs: number;
  /** The principal of a bearer token (UNAUTHENTICATED for one that is present and unknown). */
  authenticate(token: string | undefined): Promise<Principal>;
}

/** Who may send a body to `route`: a 401 or 403 before a byte of it is read. */
async function admit(route: Route, params: Record<string, string>, token: string | undefined, opts: ApiHandlerOptions): Promise<Principal | undefined> {
  if (route.auth !== 'member' && route.auth !== 'gm') return undefined;
  const p = await opts.authenticate(token);
  const denied = tableAccess(p, params.tableId ?? (p.role === 'anonymous' ? '' : p.tableId), route.auth);
  if (denied) throw denied;
  return p;
}

/** The /api/* request handler: rate limit, route, parse, run, reply — every failure as structured JSON. */
export function apiHandler(routes: Route[], opts: ApiHandlerOptions) {
  const compiled = compile(routes);
  const buckets = new Map<string, TokenBucket>();
  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    try {
      const addr = req.socket.remoteAddress ?? '?';
      let bucket = buckets.get(addr);
      if (!bucket) {
        if (buckets.size > 10_000) buckets.clear();
        bucket = new TokenBucket(opts.rate, opts.burst);
        buckets.set(addr, bucket);
      }
      if (!bucket.take()) throw new ApiError('RATE_LIMITED', 'too many requests; slow down');
      let pathMatched = false;
      for (const c of compiled) {
        const m = c.re.exec(url.pathname);
        if (!m) continue;
        pathMatched = true;
        if (c.route.method !== req.method) continue;
        const params: Record<string, string> = {};
        c.names.forEach((n, i) => (params[n] = m[i + 1]));
        const token = bearer(req);
        let body: unknown = undefined;
        let principal: Principal | undefined;
        if (c.route.bytes) {
          const type = String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
          if (!c.route.bytes.types.includes(type)) throw new ApiError('UNSUPPORTED_MEDIA_TYPE', `send the image as ${c.route.bytes.types.join(', ')} (the file's own type)`);
          const max = c.route.maxBody ?? opts.maxBody;
          const declared = Number(req.headers['content-length'] ?? 0);
          if (declared > max) throw c.route.bytes.tooLarge(declared);
          principal = await admit(c.route, params, token, opts);
          body = await readBytes(req, max).catch((err: unknown) => {
            throw err instanceof ApiError && err.code === 'PAYLOAD_TOO_LARGE' ? c.route.bytes!.tooLarge(max + 1) : err;
          });
        } else if (c.route.body) {
          const type = String(req.headers['content-type'] ?? '');
          if (!/^application\/json\b/i.test(type)) throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'send the body as application/json');
          const max = c.route.maxBody ?? opts.maxBody;
          const declared = Number(req.headers['content-length'] ?? 0);
          if (declared > max) throw new ApiError('PAYLOAD_TOO_LARGE', `the body is larger than ${max} bytes`);
          principal = await admit(c.route, params, token, opts);
          body = c.route.raw ? await readBytes(req, max) : parseJson(await readBody(req, max), max, c.route.maxNodes);
        }
        const reply = await c.route.handle({ req, params, query: url.searchParams, body, token, ...(principal ? { principal } : {}) });
        const status = reply.status ?? c.route.status ?? 200;
        if (reply.sliced) await sendJsonInSlices(res, status, reply.body, jsonHeaders(reply.filename), opts.sliceMs);
        else sendJson(res, status, reply.body, reply.filename);
        return;
      }
      throw pathMatched ? new ApiError('METHOD_NOT_ALLOWED', `${req.method} is not allowed here`) : new ApiError('NOT_FOUND', `no endpoint ${url.pathname}`);
    } catch (err) {
      // a body refused unread (too large, or the wrong token) is not read to its end either: close after replying
      if (!req.complete && !res.headersSent) res.setHeader('Connection', 'close');
      sendError(res, err);
    }
  };
}
