/**
 * Headers and hosts (issue 17, finding 7): before, the page had no Content-Security-Policy and no
 * frame-ancestors (any page could frame the GM's page, whose token loads from localStorage), and any
 * Host was answered (DNS rebinding reached the unauthenticated routes).
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './app.ts';
import { hostChecker } from './hosts.ts';

let srv: RunningServer;
beforeAll(async () => {
  srv = await startServer({ port: 0, db: ':memory:', allowedHosts: ['skirmish.lan'] });
});
afterAll(() => srv.close());

function get(path: string, host: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: srv.port, path, headers: { host, ...headers } }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the page', () => {
  it('carries a Content-Security-Policy that no other page may frame it under, and X-Frame-Options', async () => {
    const page = await get('/', `localhost:${srv.port}`);
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(page.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self';/);
    expect(page.headers['x-frame-options']).toBe('DENY');
  });
});

describe('the Host allowlist', () => {
  it('answers IP addresses, localhost and the names given; refuses any other name with 421, before routing', async () => {
    for (const host of [`127.0.0.1:${srv.port}`, `localhost:${srv.port}`, 'LOCALHOST', `[::1]:${srv.port}`, 'skirmish.lan:8080']) {
      expect((await get('/api/health', host)).status, host).toBe(200);
    }
    for (const host of ['attacker.example', `attacker.example:${srv.port}`, 'localhost.attacker.example', 'skirmish.lan.attacker.example']) {
      const r = await get('/api/health', host);
      expect(r.status, host).toBe(421);
      expect(JSON.parse(r.text).error.message).toBe(`this server does not answer to the host "${host}" (see --allowed-hosts)`);
    }
    expect((await get('/', 'attacker.example')).status).toBe(421);
    // the WebSocket's upgrade too
    const ws = await get('/api/ws', 'attacker.example', { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' });
    expect(ws.status).toBe(421);
  });

  it('the listening host is allowed; * allows any', () => {
    expect(hostChecker('skirmish.example', [])('skirmish.example:4000')).toBe(true);
    expect(hostChecker('127.0.0.1', [])('other.example')).toBe(false);
    expect(hostChecker('127.0.0.1', ['*'])('other.example')).toBe(true);
    expect(hostChecker(undefined, [])(undefined)).toBe(false);
  });
});
