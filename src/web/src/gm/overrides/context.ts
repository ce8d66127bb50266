/**
 * Where the GM's override controls send: the page provides its API, encounter and log version once, and
 * each control holds its own sender, so a refusal shows beside the control that caused it.
 */
import { createContext, useContext } from 'react';
import type { Command } from '../../../../engine/index.ts';
import type { Api } from '../../api/http.ts';
import { useSender, type Sender } from '../../model/useSender.ts';

export interface OverrideTarget {
  api?: Api;
  /** The table, for what is the table's rather than the encounter's (its roster). */
  tableId?: string;
  encounterId?: string;
  version: number;
  /** The table's players (id and name), for the unit form's "Played by". */
  players?: { id: string; name: string }[];
}

export const OverrideContext = createContext<OverrideTarget>({ version: 0 });

/** A sender of its own for one override control. */
export function useOverrideSender(): Sender {
  const t = useContext(OverrideContext);
  return useSender(t.api, t.encounterId, t.version);
}

/**
 * The command with the GM's reason, when one was typed. `fallback` is for overrides whose events the log
 * files as bookkeeping (a pool set, an effect's rounds): with a reason they get a line of their own.
 */
export function withReason(cmd: Command, reason: string, fallback?: string): Command {
  const r = reason.trim() || fallback || '';
  return r ? { ...cmd, reason: r.slice(0, 500) } : cmd;
}
