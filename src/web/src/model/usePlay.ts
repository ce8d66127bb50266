/**
 * Playing one unit's turn: fetch its legal actions from the server whenever the log moves, let the
 * player pick a kind of action, aim it on the board, read the server's odds, then send the command.
 * An aim survives events that leave its option on offer (a GM's note, another unit's move): it is
 * dropped, with the reason, only when the option is gone. A decision the rules ask of the unit (a
 * reaction, a dramatic blow) is answered here too, its squares tapped on the board.
 * Errors land here, next to the action that caused them.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ActionOption, Cell, Command, EncounterState, Json, UnitId } from '../../../engine/index.ts';
import type { Api } from '../api/http.ts';
import type { PreviewJson } from '../api/types.ts';
import type { BoardMarks } from '../board/marks.ts';
import { key } from '../board/marks.ts';
import { cellOf, costOf, groupActions, rangeOf, type ActionChoice } from './actions.ts';
import { decisionFor, type Decision } from './decision.ts';
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
  /** A decision this unit must answer now, instead of acting. */
  decision?: Decision;
  /** Why the aim in progress was dropped (its option is no longer on offer). */
  dropped?: string;
  error?: Problem;
  sending: boolean;
  marks: BoardMarks;
  choose(c: ActionChoice | undefined): void;
  pick(o: OptionWithPreview): void;
  confirm(dice?: number[]): Promise<boolean>;
  cancel(): void;
  clearError(): void;
  clearDropped(): void;
  answer(option: Json): Promise<boolean>;
  onUnit(id: UnitId): boolean;
  onCell(c: Cell): boolean;
  onZone(z: string): boolean;
  /** Send any command for this encounter (GM tools use it too), errors shown here. */
  send(cmd: Command, dice?: number[]): Promise<boolean>;
  /** Play is held (the GM paused it): nothing is aimed or sent, the buttons are off. */
  held: boolean;
}

const same = (a: Command, b: Command) => JSON.stringify(a) === JSON.stringify(b);

/** Why an option left the list, in the table's words: what happened to its target, else that it is gone. */
function whyGone(o: ActionOption, state: EncounterState | undefined, latest: string | undefined): string {
  const t = typeof o.command.target === 'string' ? state?.units[o.command.target] : undefined;
  if (o.command.target !== undefined && !t) return `${o.label}: the target is no longer on the board.`;
  if (t && t.status !== 'active') return `${o.label}: ${t.name} is ${t.status}.`;
  return `${o.label} is no longer possible${latest ? ` after “${latest}”` : ''}.`;
}

/**
 * `held`: the GM paused play (for a player's unit): the page sends nothing and offers nothing to tap —
 * the server refuses a player's command while paused, and a GM acting for a player's unit waits too.
 */
export function usePlay(api: Api | undefined, encounterId: string | undefined, state: EncounterState | undefined, version: number, unit: UnitId | undefined, latest?: string, held = false): Play {
  const [options, setOptions] = useState<OptionWithPreview[]>([]);
  const [choicesVersion, setChoicesVersion] = useState(-1);
  // bumped to ask again after a network failure (the server restarting): the version alone may not move
  const [retry, setRetry] = useState(0);
  const [choiceKey, setChoiceKey] = useState<string>();
  const [option, setOption] = useState<OptionWithPreview>();
  const [preview, setPreview] = useState<PreviewJson>();
  const [previewLoading, setPreviewLoading] = useState(false);
  const [dropped, setDropped] = useState<string>();
  const sender = useSender(api, encounterId, version);
  const { error, setError, sending } = sender;
  const send = useCallback((cmd: Command, dice?: number[]) => (held ? Promise.resolve(false) : sender.send(cmd, dice)), [held, sender.send]);
  // read inside the fetch without making it run again
  const aim = useRef<{ choiceKey?: string; option?: OptionWithPreview }>({});
  aim.current = { choiceKey, option };
  const context = useRef({ state, latest });
  context.current = { state, latest };
  // while our own command is on its way its events arrive first: its option going is no drop to report
  const confirming = useRef(false);
  // the last command this page sent for the unit: its option going (used up: the last javelin thrown) is
  // no drop either, even when the answer to it came late or was lost on the way
  const sent = useRef<Command | undefined>(undefined);

  // another unit's turn, or another encounter: nothing of the aim carries over
  useEffect(() => {
    setChoiceKey(undefined);
    setOption(undefined);
    setPreview(undefined);
    setDropped(undefined);
  }, [unit, encounterId]);

  // legal actions for the unit at this version of the log; the aim kept while its option still is
  useEffect(() => {
    if (!api || !encounterId || !unit || state?.status !== 'active') {
      setOptions([]);
      setChoiceKey(undefined);
      setOption(undefined);
      return;
    }
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    api.actions(encounterId, unit).then(
      (r) => {
        if (!live) return;
        const next = r.actions as OptionWithPreview[];
        setOptions(next);
        setChoicesVersion(version);
        const { option: was, choiceKey: wasKey } = aim.current;
        const { state: now, latest: last } = context.current;
        if (confirming.current) return;
        if (was) {
          const again = next.find((o) => same(o.command, was.command));
          if (again) {
            setOption(again);
            if (again.preview) setPreview(again.preview);
          } else {
            setOption(undefined);
            setPreview(undefined);
            setChoiceKey(undefined);
            if (!(sent.current && same(was.command, sent.current))) setDropped(whyGone(was, now, last));
          }
        } else if (wasKey && now && !groupActions(next, now).some((c) => c.key === wasKey)) {
          setChoiceKey(undefined);
          if (!sent.current) setDropped(`That action is no longer possible${last ? ` after “${last}”` : ''}.`);
        }
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
  const choice = choiceKey ? choices.find((c) => c.key === choiceKey) : undefined;
  const decision = useMemo(() => decisionFor(state, unit), [state, unit]);

  const pick = useCallback(
    (o: OptionWithPreview) => {
      // a new aim: whatever goes from here on was not sent
      sent.current = undefined;
      aim.current = { ...aim.current, option: o };
      setOption(o);
      setError(undefined);
      setDropped(undefined);
      if (o.preview) {
        setPreview(o.preview);
        return;
      }
      setPreview(undefined);
      if (!api || !encounterId) return;
      setPreviewLoading(true);
      api.preview(encounterId, o.command).then(
        (r) => setPreview(r.preview),
        () => setPreview(undefined),
      ).finally(() => setPreviewLoading(false));
    },
    [api, encounterId, setError],
  );

  const choose = useCallback(
    (c: ActionChoice | undefined) => {
      // the ref follows at once: an answer read before the next render must not see the old aim
      aim.current = c ? { choiceKey: c.key } : {};
      if (c) sent.current = undefined;
      setChoiceKey(c?.key);
      setOption(undefined);
      setPreview(undefined);
      setError(undefined);
      setDropped(undefined);
      if (c && c.options.length === 1 && c.aim !== 'cell') pick(c.options[0]);
    },
    [pick, setError],
  );

  const cancel = useCallback(() => choose(undefined), [choose]);

  const confirm = useCallback(
    async (dice?: number[]) => {
      if (!option) return false;
      confirming.current = true;
      sent.current = option.command;
      try {
        const ok = await send(option.command, dice);
        if (ok) cancel();
        return ok;
      } finally {
        confirming.current = false;
      }
    },
    [option, send, cancel],
  );

  const answer = useCallback(
    async (choiceOption: Json) => {
      if (!decision || !unit) return false;
      return send({ type: 'answer', actor: unit, pending: decision.pending.id, choice: choiceOption });
    },
    [decision, unit, send],
  );

  const moveChoice = choices.find((c) => c.aim === 'cell');
  const activeChoice = choice;

  const marks = useMemo<BoardMarks>(() => {
    const m: BoardMarks = {};
    if (held) return m;
    if (decision) {
      // a decision comes first: its squares and units are what a tap answers
      if (decision.cells.length) m.choices = new Map(decision.cells.map((c) => [key(c.cell!), c.label]));
      const units = [...decision.cells, ...decision.buttons].filter((c) => c.unit).map((c) => c.unit!);
      if (units.length) m.targets = new Set(units);
      return m;
    }
    const mover = unit ? state?.units[unit] : undefined;
    // moves are always offered on the board while nothing else is being aimed
    const cellChoice = activeChoice?.aim === 'cell' ? activeChoice : !activeChoice ? moveChoice : undefined;
    if (cellChoice) {
      m.moves = new Map();
      for (const o of cellChoice.options) {
        const c = cellOf(o);
        if (c) m.moves.set(key(c), { cost: costOf(o) });
      }
    }
    // an aimed move: its path drawn (the option's own, else the shortest) and its end ringed, until Confirm
    const end = option ? cellOf(option) : undefined;
    if (end && cellChoice && mover?.position) {
      m.aimedMove = { from: mover.position, to: end, path: option?.move?.path ?? [] };
    }
    if (activeChoice?.aim === 'unit') {
      m.targets = new Set(activeChoice.options.map((o) => o.command.target as string));
      const r = rangeOf(activeChoice.options[0]);
      if (r !== undefined && mover && mover.position) m.range = { from: mover.position, cells: r };
    }
    if (activeChoice?.aim === 'zone') m.zones = new Set(activeChoice.options.map((o) => o.command.zone as string));
    if (option && typeof option.command.target === 'string') m.targets = new Set([option.command.target]);
    if (option?.area?.length) m.area = new Set(option.area.map(key));
    // everyone the odds say it affects, allies too: typed targets first, else the preview's list
    const hit = option?.targets?.length ? option.targets : preview?.affected?.map((a) => a.unit);
    if (option && hit?.length && mover) {
      m.affected = new Map(hit.filter((id) => state?.units[id]).map((id) => [id, state!.units[id].side === mover.side ? 'ally' : 'foe'] as const));
    }
    return m;
  }, [held, decision, activeChoice, moveChoice, option, preview, state, unit]);

  const onUnit = useCallback(
    (id: UnitId) => {
      if (held) return false;
      if (decision) {
        const c = [...decision.buttons, ...decision.cells].find((x) => x.unit === id);
        if (!c) return false;
        void answer(c.option);
        return true;
      }
      if (activeChoice?.aim !== 'unit') return false;
      const o = activeChoice.options.find((x) => x.command.target === id);
      if (!o) return false;
      pick(o);
      return true;
    },
    [held, decision, answer, activeChoice, pick],
  );

  const onZone = useCallback(
    (z: string) => {
      if (held || activeChoice?.aim !== 'zone') return false;
      const o = activeChoice.options.find((x) => x.command.zone === z);
      if (!o) return false;
      pick(o);
      return true;
    },
    [held, activeChoice, pick],
  );

  const onCell = useCallback(
    (c: Cell) => {
      if (held) return false;
      if (decision) {
        const d = decision.cells.find((x) => x.cell!.x === c.x && x.cell!.y === c.y);
        if (!d) return false;
        void answer(d.option);
        return true;
      }
      if (choicesVersion !== version) return false;
      const cellChoice = activeChoice?.aim === 'cell' ? activeChoice : !activeChoice ? moveChoice : undefined;
      const o = cellChoice?.options.find((x) => {
        const at = cellOf(x);
        return at && at.x === c.x && at.y === c.y;
      });
      if (!o) return false;
      // a move is aimed like any other option: its path, cost and odds shown, sent on Confirm
      if (!activeChoice && cellChoice) setChoiceKey(cellChoice.key);
      pick(o);
      return true;
    },
    [held, decision, answer, activeChoice, moveChoice, pick, choicesVersion, version],
  );

  return {
    choices,
    choicesVersion,
    stale: choicesVersion !== version,
    choice,
    option,
    preview,
    previewLoading,
    decision,
    dropped,
    error,
    sending,
    marks,
    choose,
    pick,
    confirm,
    cancel,
    clearError: () => setError(undefined),
    clearDropped: () => setDropped(undefined),
    answer,
    onUnit,
    onCell,
    onZone,
    send,
    held,
  };
}
