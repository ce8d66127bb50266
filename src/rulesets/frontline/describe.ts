/**
 * The log lines frontline words itself (the rest are the engine's): the ambush round, falling at 0 HP
 * (a character falls unconscious, an enemy is defeated: FRL-END-1), fleeing (FRL-ACT-5), and a change
 * of zone with its metres (FRL-ZONE-1: 20 m between zones). The action that caused a move says so in its own line just before.
 */
import type { EncounterState, GameEvent } from '../../engine/index.ts';
import { zoneDistance } from '../../engine/space/zones.ts';
import { ambushOf } from './initiative.ts';
import { isCharacter } from './model.ts';
import { zoneWords } from './reach.ts';

export function describe(e: GameEvent, state: EncounterState): string | undefined {
  const name = (id: string) => state.units[id]?.name ?? id;
  switch (e.type) {
    case 'round.started': {
      const a = ambushOf(state);
      return a && a.round === e.round ? `— Round ${e.round}: the ambush round (${a.ambushed} cannot act) [FRL-INIT-2] —` : undefined;
    }
    case 'unit.status': {
      const u = state.units[e.unit];
      if (!u) return undefined;
      if (e.status === 'down' && e.rule === 'FRL-END-1') return `${u.name} ${isCharacter(state, u) ? 'falls unconscious' : 'is defeated'} at 0 HP [FRL-END-1]`;
      if (e.status === 'fled' && e.rule === 'FRL-ACT-5') return `${u.name} escapes: out of the battle [FRL-ACT-5]`;
      return undefined;
    }
    case 'unit.zone': {
      const metres = e.metres ?? (e.from && state.map?.kind === 'zones' ? zoneDistance(state.map, e.from, e.to) : undefined);
      return `${name(e.unit)}: ${e.from ? `${zoneWords(e.from)} → ` : ''}${zoneWords(e.to)}${metres !== undefined ? ` (${metres} m)` : ''}`;
    }
    default:
      return undefined;
  }
}
