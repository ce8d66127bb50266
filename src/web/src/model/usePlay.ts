/**
 * Playing one unit's turn: fetch its legal actions from the server whenever the log moves, let the
 * player pick a kind of action, aim it on the board, read the server's odds, then send the command.
 * Errors land here, next to the action that caused them.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ActionOption, Cell, Command, EncounterState, UnitId } from '../../../engine/index.ts';
import type { Api } from '../api/http.ts';
import type { PreviewJson } from '../api/types.ts';
import type { BoardMarks } from '../board/marks.ts';
import { key } from '../board/marks.ts';
import { cellOf, costOf, groupActions, rangeOf, type ActionChoice } from './actions.ts';
import type { Problem } from './errors.ts';
import { problemOf, useSender } from './useSender.ts';

type OptionWithPreview = ActionOption & { preview?: PreviewJson };

export interface Play {
  choices: ActionChoice[];
  /** The log version the choices were read at (tests wait on it; the page greys out stale ones). */
  choicesVersion: number;
  /** The log moved since the choices were read: new ones are on their way. */
  stale: boolean;
  choice?: ActionChoice;
  option?: OptionWithPreview;
  preview?: PreviewJson;
  previewLoading: boolean;
  error?: Problem;
  sending: boolean;
  marks: BoardMarks;
  choose(c: ActionChoice | undefined): void;
  pick(o: OptionWithPreview): void;
  confirm(dice?: number[]): Promise<boolean>;
  cancel(): void;
  clearError(): void;
  onUnit(id: UnitId): boolean;
  onCell(c: Cell): boolean;
  onZone(z: string): boolean;
  /** Send any command for this encounter (GM tools use it too), errors shown here. */
  send(cmd: Command, dice?: number[]): Promise<boolean>;
}

export function usePlay(api: Api | undefined, encounterId: string | undefined, state: EncounterState | undefined, version: number, unit: UnitId | undefined): Play {
  const [options, setOptions] = useState<OptionWithPreview[]>([]);
  const [choicesVersion, setChoicesVersion] = useState(-1);
  // bumped to ask again after a network failure (the server restarting): the version alone may not move
  const [retry, setRetry] = useState(0);
  const [choice, setChoice] = useState<ActionChoice>();
  const [option, setOption] = useState<OptionWithPreview>();
  const [preview, setPreview] = useState<PreviewJson>();
  const [previewLoading, setPreviewLoading] = useState(false);
  const { send, error, setError, sending } = useSender(api, encounterId, version);

  // legal actions for the unit at this version of the log
  useEffect(() => {
    setChoice(undefined);
    setOption(undefined);
    setPreview(undefined);
    if (!api || !encounterId || !unit || state?.status !== 'active') {
      setOptions([]);
      return;
    }
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    api.actions(encounterId, unit).then(
      (r) => {
        if (!live) return;
        setOptions(r.actions as OptionWithPreview[]);
        setChoicesVersion(version);
      },
      (err) => {
        if (!live) return;
        const problem = problemOf(err);
        if (problem.code === 'net/offline') {
          timer = setTimeout(() => setRetry((n) => n + 1), 1000);
          return;
        }
        // the choices are known to be none at this version: say why rather than wait forever
        setOptions([]);
        setChoicesVersion(version);
        setError(problem);
      },
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, encounterId, unit, version, state?.status, retry, setError]);

  const choices = useMemo(() => (state ? groupActions(options, state) : []), [options, state]);

  const pick = useCallback(
    (o: OptionWithPreview) => {
      setOption(o);
      setError(undefined);
      if (o.preview) {
        setPreview(o.preview);
        return;
      }
      setPreview(undefined);
      if (!api || !encounterId || o.group === 'move') return;
      setPreviewLoading(true);
      api.preview(encounterId, o.command).then(
        (r) => setPreview(r.preview),
        () => setPreview(undefined),
      ).finally(() => setPreviewLoading(false));
    },
    [api, encounterId],
  );

  const choose = useCallback(
    (c: ActionChoice | undefined) => {
      setChoice(c);
      setOption(undefined);
      setPreview(undefined);
      setError(undefined);
      if (c && c.options.length === 1 && c.aim !== 'cell') pick(c.options[0]);
    },
    [pick],
  );

  const cancel = useCallback(() => choose(undefined), [choose]);

  const confirm = useCallback(
    async (dice?: number[]) => {
      if (!option) return false;
      const ok = await send(option.command, dice);
      if (ok) cancel();
      return ok;
    },
    [option, send, cancel],
  );

  const moveChoice = choices.find((c) => c.aim === 'cell');
  const activeChoice = choice ?? undefined;

  const marks = useMemo<BoardMarks>(() => {
    const m: BoardMarks = {};
    const mover = unit && state?.units[unit];
    // moves are always offered on the board while nothing else is being aimed
    const cellChoice = activeChoice?.aim === 'cell' ? activeChoice : !activeChoice ? moveChoice : undefined;
    if (cellChoice) {
      m.moves = new Map();
      for (const o of cellChoice.options) {
        const c = cellOf(o.command);
        if (c) m.moves.set(key(c), { cost: costOf(o) });
      }
    }
    if (activeChoice?.aim === 'unit') {
      m.targets = new Set(activeChoice.options.map((o) => o.command.target as string));
      const r = rangeOf(mover || undefined, activeChoice.options[0].command);
      if (r !== undefined && mover && mover.position) m.range = { from: mover.position, cells: r };
    }
    if (activeChoice?.aim === 'zone') m.zones = new Set(activeChoice.options.map((o) => o.command.zone as string));
    if (option && typeof option.command.target === 'string') m.targets = new Set([option.command.target]);
    return m;
  }, [activeChoice, moveChoice, option, state, unit]);

  const onUnit = useCallback(
    (id: UnitId) => {
      if (activeChoice?.aim !== 'unit') return false;
      const o = activeChoice.options.find((x) => x.command.target === id);
      if (!o) return false;
      pick(o);
      return true;
    },
    [activeChoice, pick],
  );

  const onZone = useCallback(
    (z: string) => {
      if (activeChoice?.aim !== 'zone') return false;
      const o = activeChoice.options.find((x) => x.command.zone === z);
      if (!o) return false;
      pick(o);
      return true;
    },
    [activeChoice, pick],
  );

  const onCell = useCallback(
    (c: Cell) => {
      if (choicesVersion !== version) return false;
      const cellChoice = activeChoice?.aim === 'cell' ? activeChoice : !activeChoice ? moveChoice : undefined;
      const o = cellChoice?.options.find((x) => {
        const at = cellOf(x.command);
        return at && at.x === c.x && at.y === c.y;
      });
      if (!o) return false;
      // a move is its own preview: the cost is on the cell; send at once
      void send(o.command).then((ok) => ok && cancel());
      return true;
    },
    [activeChoice, moveChoice, send, cancel, choicesVersion, version],
  );

  return {
    choices,
    choicesVersion,
    stale: choicesVersion !== version,
    choice,
    option,
    preview,
    previewLoading,
    error,
    sending,
    marks,
    choose,
    pick,
    confirm,
    cancel,
    clearError: () => setError(undefined),
    onUnit,
    onCell,
    onZone,
    send,
  };
}
