/**
 * The Host allowlist, against DNS rebinding: a page of an attacker's name that resolves to this server
 * sends its own name as Host. Answered are requests whose Host is an IP address (a rebinding needs a
 * name), `localhost`, the host the server listens on, or a name given with --allowed-hosts (`*`: any).
 * Anything else gets 421 before routing, the WebSocket upgrade too.
 */
import { isIP } from 'node:net';

export function hostChecker(listening: string | undefined, extra: readonly string[]): (host: string | undefined) => boolean {
  const names = new Set(['localhost', ...extra.map((h) => h.toLowerCase())]);
  if (listening) names.add(listening.toLowerCase());
  if (names.has('*')) return () => true;
  return (host) => {
    if (!host) return false;
    // "name:port", "[v6]:port"
    const name = (host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.replace(/:\d+$/, '')).toLowerCase();
    return isIP(name) !== 0 || names.has(name) || names.has(name.replace(/\.$/, ''));
  };
}
