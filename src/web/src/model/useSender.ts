/**
 * Sending commands to one encounter, with the error kept beside the part of the page that sent it:
 * each panel holds its own sender, so a refused undo shows under Undo and a refused attack under Attack.
 */
import { useCallback, useState } from 'react';
import type { Command } from '../../../engine/index.ts';
import type { Api } from '../api/http.ts';
import { toProblem, type Problem } from './errors.ts';

export interface Sender {
  send(cmd: Command, dice?: number[]): Promise<boolean>;
  error?: Problem;
  setError(p: Problem | undefined): void;
  sending: boolean;
}

/** Command ids: unique per attempt, so a retried request is recognised by the server and not run twice. */
export const newCommandId = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${performance.now().toString(36)}`).replace(/[^A-Za-z0-9_-]/g, '').slice(0, 60);

export function problemOf(err: unknown): Problem {
  return toProblem((err as { error?: Problem })?.error ?? err);
}

export function useSender(api: Api | undefined, encounterId: string | undefined, version: number): Sender {
  const [error, setError] = useState<Problem>();
  const [sending, setSending] = useState(false);
  const send = useCallback(
    async (cmd: Command, dice?: number[]) => {
      if (!api || !encounterId) return false;
      setSending(true);
      setError(undefined);
      try {
        await api.command(encounterId, { id: newCommandId(), expectedVersion: version, command: cmd, ...(dice && dice.length ? { dice } : {}) });
        return true;
      } catch (err) {
        setError(problemOf(err));
        return false;
      } finally {
        setSending(false);
      }
    },
    [api, encounterId, version],
  );
  return { send, error, setError, sending };
}
