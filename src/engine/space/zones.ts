/**
 * Zone battlefields (frontline): a row of named zones along the battle line, `spacing` apart. The names and
 * which end belongs to which side are the ruleset's choice; these helpers only know the order.
 */
import type { ZoneMap } from '../types.ts';

/** Position of the zone along the line (0 = first), or -1 when the map has no such zone. */
export function zoneIndex(map: ZoneMap, zone: string): number {
  return map.zones.indexOf(zone);
}

/** How many zones apart a and b are (0 = same zone), or undefined when either is unknown. */
export function zoneSteps(map: ZoneMap, a: string, b: string): number | undefined {
  const i = zoneIndex(map, a);
  const j = zoneIndex(map, b);
  return i < 0 || j < 0 ? undefined : Math.abs(i - j);
}

/** Distance between two zones: zones apart × spacing (frontline: 20 m per step), or undefined when either is unknown. */
export function zoneDistance(map: ZoneMap, a: string, b: string): number | undefined {
  const steps = zoneSteps(map, a, b);
  return steps === undefined ? undefined : steps * map.spacing;
}

/** The zones strictly between a and b, in order going from a to b ([] when same or neighbouring or unknown). */
export function zonesBetween(map: ZoneMap, a: string, b: string): string[] {
  const i = zoneIndex(map, a);
  const j = zoneIndex(map, b);
  if (i < 0 || j < 0) return [];
  return i < j ? map.zones.slice(i + 1, j) : map.zones.slice(j + 1, i).reverse();
}

/** The zones next to this one (the one before first, then the one after), [] when unknown. */
export function adjacentZones(map: ZoneMap, zone: string): string[] {
  const i = zoneIndex(map, zone);
  if (i < 0) return [];
  return [map.zones[i - 1], map.zones[i + 1]].filter((z): z is string => z !== undefined);
}

/** The next zone on the way from `zone` toward `target` (zone itself when already there), undefined when unknown. */
export function zoneToward(map: ZoneMap, zone: string, target: string): string | undefined {
  const i = zoneIndex(map, zone);
  const j = zoneIndex(map, target);
  if (i < 0 || j < 0) return undefined;
  return map.zones[i + Math.sign(j - i)];
}

/** The zone at the given end of the line ('first' = zones[0]), e.g. each side's rearguard. */
export function endZone(map: ZoneMap, end: 'first' | 'last'): string | undefined {
  return end === 'first' ? map.zones[0] : map.zones[map.zones.length - 1];
}
