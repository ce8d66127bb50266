/**
 * Who an anonymous table creator is: its network, not its address. One party commonly holds a whole
 * IPv4 /24 or IPv6 /64 (a home's or a cloud machine's prefix, the 127.0.0.0/8 of loopback), and can
 * send from any address in it: counted per address, 15 loopback addresses filled a server's tables.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** Expand an IPv6 address to its eight groups. */
function groups6(address: string): string[] {
  const [head, tail] = address.split('::');
  const h = head ? head.split(':') : [];
  const t = tail !== undefined && tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array<string>(8 - h.length - t.length).fill('0');
  return [...h, ...fill, ...t].map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''));
}

/** The network an address counts as: `a.b.c.0/24`, `127.0.0.0/8`, the first four groups of IPv6 `/64`, or the address itself. */
export function networkOf(address: string): string {
  const v4 = address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
  if (isIPv4(v4)) {
    const [a, b, c] = v4.split('.');
    return a === '127' ? '127.0.0.0/8' : `${a}.${b}.${c}.0/24`;
  }
  if (isIPv6(address)) {
    const g = groups6(address.replace(/%.*$/, ''));
    if (g.slice(0, 7).every((x) => x === '0')) return g[7] === '1' ? '::1/128' : `${address}/128`;
    return `${g.slice(0, 4).join(':')}::/64`;
  }
  return address;
}
