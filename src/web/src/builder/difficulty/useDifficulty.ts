/**
 * The difficulty as the GM builds: a fresh run in the worker a moment after each change that leaves the
 * draft valid (the last result stays on screen, marked as the previous version's, until the new one
 * comes), and the last finished result of the version before, to compare with.
 */
import { useEffect, useRef, useState } from 'react';
import type { LoadedScenario } from '../../../../rulesets/load.ts';
import type { Summary } from '../../../../sim/summary.ts';
import { specOf, type Update } from './play.ts';

export interface Difficulty {
  /** The run for the draft as it is (partial while `played` < `runs`). */
  now?: { summary: Summary; played: number; runs: number; done: boolean; text: string };
  /** The last finished run of an earlier version of the draft. */
  before?: { summary: Summary; text: string };
  error?: string;
  /** The draft changed and the new run has not reported yet. */
  stale: boolean;
}

/** Wait this long after a change before starting a run: typing a number is one change, not three. */
const SETTLE_MS = 300;

export function useDifficulty(loaded: LoadedScenario | undefined, text: string | undefined, runs: number, seed: number): Difficulty {
  const worker = useRef<Worker>(undefined);
  const seq = useRef(0);
  const [now, setNow] = useState<Difficulty['now']>();
  const [before, setBefore] = useState<Difficulty['before']>();
  const [error, setError] = useState<string>();
  const [stale, setStale] = useState(false);
  const shown = useRef<{ id: number; text: string }>(undefined);
  const finished = useRef<{ summary: Summary; text: string }>(undefined);

  useEffect(() => {
    const w = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    worker.current = w;
    w.onmessage = (e: MessageEvent<Update>) => {
      const u = e.data;
      if (u.id !== seq.current) return;
      setStale(false);
      if ('error' in u) {
        setError(u.error);
        return;
      }
      setError(undefined);
      const t = shown.current?.text ?? '';
      setNow({ summary: u.summary, played: u.played, runs: u.runs, done: u.done, text: t });
      if (u.done) {
        // the previous version's finished result becomes "before" once this one is in
        if (finished.current && finished.current.text !== t) setBefore(finished.current);
        finished.current = { summary: u.summary, text: t };
      }
    };
    return () => w.terminate();
  }, []);

  const key = loaded ? `${text}\u0000${runs}\u0000${seed}` : undefined;
  useEffect(() => {
    if (!loaded || !text) return;
    setStale(true);
    const timer = setTimeout(() => {
      const id = ++seq.current;
      shown.current = { id, text };
      worker.current?.postMessage({ id, spec: specOf(loaded, seed), runs });
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [key]);

  return { now, before, error, stale: stale || (!!now && !!text && now.text !== text) };
}
