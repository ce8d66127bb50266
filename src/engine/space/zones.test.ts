import { describe, it, expect } from 'vitest';
import type { ZoneMap } from '../types.ts';
import { adjacentZones, endZone, zoneDistance, zoneIndex, zoneSteps, zoneToward, zonesBetween } from './index.ts';

const frontline: ZoneMap = { kind: 'zones', zones: ['rear_a', 'front', 'rear_b'], spacing: 20 };

describe('zones', () => {
  it('index, steps and distance', () => {
    expect(zoneIndex(frontline, 'front')).toBe(1);
    expect(zoneIndex(frontline, 'moon')).toBe(-1);
    expect(zoneSteps(frontline, 'rear_a', 'rear_b')).toBe(2);
    expect(zoneDistance(frontline, 'rear_a', 'rear_b')).toBe(40);
    expect(zoneDistance(frontline, 'front', 'front')).toBe(0);
    expect(zoneDistance(frontline, 'rear_b', 'front')).toBe(20);
    expect(zoneDistance(frontline, 'rear_b', 'moon')).toBeUndefined();
  });

  it('between, adjacent, toward, ends', () => {
    expect(zonesBetween(frontline, 'rear_a', 'rear_b')).toEqual(['front']);
    expect(zonesBetween(frontline, 'rear_b', 'rear_a')).toEqual(['front']);
    expect(zonesBetween(frontline, 'rear_a', 'front')).toEqual([]);
    const five: ZoneMap = { kind: 'zones', zones: ['a', 'b', 'c', 'd', 'e'], spacing: 5 };
    expect(zonesBetween(five, 'e', 'a')).toEqual(['d', 'c', 'b']);
    expect(adjacentZones(frontline, 'front')).toEqual(['rear_a', 'rear_b']);
    expect(adjacentZones(frontline, 'rear_a')).toEqual(['front']);
    expect(zoneToward(frontline, 'rear_a', 'rear_b')).toBe('front');
    expect(zoneToward(frontline, 'front', 'front')).toBe('front');
    expect(endZone(frontline, 'first')).toBe('rear_a');
    expect(endZone(frontline, 'last')).toBe('rear_b');
  });
});
