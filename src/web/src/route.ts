/**
 * Hash routes, so the server only has to serve one index.html:
 *   #/                    home: create a table, reopen one
 *   #/gm/<table>          the GM's page (token kept in this browser)
 *   #/join/<invite>       a player's invite link: redeemed once, then…
 *   #/play/<table>        …the player's page (token kept in this browser)
 *   #/build/<table>       the GM's encounter builder: new, or ?example=<path> / ?saved=<id> to edit one
 */
import { useEffect, useState } from 'react';

export type Route =
  | { page: 'home' }
  | { page: 'gm'; table: string; token?: string }
  | { page: 'join'; invite: string }
  | { page: 'play'; table: string }
  | { page: 'build'; table: string; example?: string; saved?: string };

export function parseRoute(hash: string): Route {
  const [path, query = ''] = hash.replace(/^#\/?/, '').split('?');
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  const token = new URLSearchParams(query).get('token') ?? undefined;
  if (parts[0] === 'gm' && parts[1]) return token ? { page: 'gm', table: parts[1], token } : { page: 'gm', table: parts[1] };
  if (parts[0] === 'join' && parts[1]) return { page: 'join', invite: parts[1] };
  if (parts[0] === 'play' && parts[1]) return { page: 'play', table: parts[1] };
  if (parts[0] === 'build' && parts[1]) {
    const q = new URLSearchParams(query);
    const example = q.get('example') ?? undefined;
    const saved = q.get('saved') ?? undefined;
    return { page: 'build', table: parts[1], ...(example ? { example } : {}), ...(saved ? { saved } : {}) };
  }
  return { page: 'home' };
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const on = () => setRoute(parseRoute(location.hash));
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  return route;
}

export function go(path: string, replace = false): void {
  const url = `${location.pathname}${location.search}#${path}`;
  if (replace) {
    history.replaceState(null, '', url);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  } else location.hash = path;
}

/** The link a player opens to join: this page's address with the invite route. */
export function inviteLink(invite: string): string {
  return `${location.origin}${location.pathname}#/join/${encodeURIComponent(invite)}`;
}

/** The encounter builder's address: a new encounter, or one to edit. */
export function builderPath(table: string, from?: { example: string } | { saved: string }): string {
  const q = from ? `?${new URLSearchParams(from as Record<string, string>).toString()}` : '';
  return `/build/${encodeURIComponent(table)}${q}`;
}
