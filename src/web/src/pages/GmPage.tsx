/**
 * The GM's page: load encounters, invite players and hand them units, place and move anything on the
 * board, act for the NPCs (any legal action, with the odds), undo and redo, hide and reveal, roll in secret,
 * override values, effects, the turn order and rolls, settle players' suggestions,
 * and run a quick simulation of the fight from where it stands.
 */
import { useEffect, useState } from 'react';
import type { Cell } from '../../../engine/index.ts';
import { currentEncounter, useFeed, useSession } from '../api/session.ts';
import { Board } from '../board/Board.tsx';
import { ActionPanel } from '../components/ActionPanel.tsx';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { FightSummary } from '../components/FightSummary.tsx';
import { LogPanel } from '../components/LogPanel.tsx';
import { TableGone } from '../components/TableGone.tsx';
import { TopBar } from '../components/TopBar.tsx';
import { TurnOrder } from '../components/TurnOrder.tsx';
import { UnitDetails } from '../components/UnitDetails.tsx';
import { ChatPanel } from '../chat/ChatPanel.tsx';
import { DeleteTable } from '../gm/DeleteTable.tsx';
import { EncounterLoader } from '../gm/EncounterLoader.tsx';
import { EncounterTabs } from '../gm/EncounterTabs.tsx';
import { FogPanel } from '../gm/FogPanel.tsx';
import { GmControls } from '../gm/GmControls.tsx';
import { MapArtTab } from '../gm/MapArtTab.tsx';
import { InvitePanel } from '../gm/InvitePanel.tsx';
import { PendingPanel } from '../gm/PendingPanel.tsx';
import { DicePrompt } from '../components/DicePrompt.tsx';
import { RosterPanel } from '../gm/RosterPanel.tsx';
import { SimulationPanel } from '../gm/SimulationPanel.tsx';
import { UnitTools } from '../gm/UnitTools.tsx';
import { OverrideContext } from '../gm/overrides/context.ts';
import { RollTools } from '../gm/overrides/RollTools.tsx';
import { RoundControls } from '../gm/overrides/RoundControls.tsx';
import { SlotTools } from '../gm/overrides/SlotTools.tsx';
import { Suggestions } from '../gm/overrides/Suggestions.tsx';
import { activeUnit, blockingPending } from '../model/turn.ts';
import { usePlay } from '../model/usePlay.ts';
import { useFights } from '../model/useFights.ts';
import { problemOf, useSender } from '../model/useSender.ts';
import { go } from '../route.ts';
import { loadToken, saveToken } from '../tokens.ts';
import { playedBy, playerNamer } from '../model/players.ts';
import '../table.css';

/** The tools under the board, one shown at a time so the page stays about a screen and a half tall. */
const TOOL_TABS = [
  ['unit', 'Unit'],
  ['roster', 'Roster'],
  ['simulation', 'Simulation'],
  ['map', 'Map art'],
  ['fog', 'Fog of war'],
] as const;
type ToolTab = (typeof TOOL_TABS)[number][0];

export function GmPage({ tableId, linkToken }: { tableId: string; linkToken?: string }) {
  // a GM link carries the token once; keep it here and take it out of the address bar
  useEffect(() => {
    if (linkToken) {
      saveToken('gm', tableId, linkToken);
      go(`/gm/${tableId}`, true);
    }
  }, [linkToken, tableId]);
  const token = linkToken ?? loadToken('gm', tableId);
  const { session, table, link, tableError, presence, ended } = useSession(token, tableId);
  const [chosen, setChosen] = useState<string>();
  const [showLoader, setShowLoader] = useState(false);
  const encounter = table?.encounters.find((e) => e.id === chosen) ?? currentEncounter(table?.encounters);
  // the fight on screen stays there (an ended one too) until the GM picks another tab
  useEffect(() => {
    if (encounter && !chosen) setChosen(encounter.id);
  }, [encounter, chosen]);
  // every fight at a glance in the tabs: whose turn, waiting on whom, paused, ended
  const fights = useFights(session, table);
  const feed = useFeed(session, encounter?.id);
  const state = feed.state;
  const active = activeUnit(state);
  const pending = blockingPending(state);
  const actor = pending && pending.answeredBy !== 'gm' ? pending.answeredBy : active;
  const latest = feed.lines.findLast((l) => !l.bookkeeping)?.text;
  // while paused a player's unit waits, on the GM's page too: the GM's own units still act
  const play = usePlay(session?.api, encounter?.id, state, feed.version, actor, latest, feed.paused && !!(actor && state?.units[actor]?.controller));
  const playerName = playerNamer(table);
  const [tab, setTab] = useState<ToolTab>('unit');
  // one sender per panel, so each refusal shows beside the control that caused it
  const controls = useSender(session?.api, encounter?.id, feed.version);
  const tools = useSender(session?.api, encounter?.id, feed.version);
  const decisions = useSender(session?.api, encounter?.id, feed.version);
  const [selected, setSelected] = useState<string>();
  const [placing, setPlacing] = useState(false);
  useEffect(() => setPlacing(false), [selected]);
  // picking a unit brings up its tools
  useEffect(() => {
    if (selected) setTab('unit');
  }, [selected]);

  if (!token) {
    return (
      <main className="home">
        <h1>No GM access</h1>
        <p>This browser does not hold the GM key of this table. Open the GM link you saved when you created it.</p>
      </main>
    );
  }

  if (ended) return <TableGone role="gm" why={ended} tableId={tableId} name={table?.name} />;

  const deleteTable = session && table && (
    <DeleteTable
      api={session.api}
      tableId={tableId}
      tableName={table.name}
      onDeleted={() => session.end('tableDeleted')}
    />
  );
  const place = (to: { cell?: Cell; zone?: string }) => {
    if (!selected) return;
    void tools.send(to.cell ? { type: 'gm.move', unit: selected, to: [to.cell.x, to.cell.y] } : { type: 'gm.move', unit: selected, zone: to.zone! });
    setPlacing(false);
  };
  const setPaused = (p: boolean) => {
    if (session && encounter) session.api.pause(encounter.id, p).then(() => controls.setError(undefined), (err) => controls.setError(problemOf(err)));
  };
  const gmLink = `${location.origin}${location.pathname}#/gm/${tableId}?token=${encodeURIComponent(token)}`;

  return (
    <div className="page page-gm">
      <TopBar title={table?.name ?? 'Table'} subtitle={state?.name} role="GM" link={link}>
        <details className="gm-link">
          <summary>GM link</summary>
          <p className="hint">Opens this GM page on another device. Keep it secret.</p>
          <input readOnly value={gmLink} onFocus={(e) => e.target.select()} aria-label="GM link" />
        </details>
      </TopBar>
      <ErrorNote problem={tableError} />
      {table && (
        <EncounterTabs
          encounters={table.encounters}
          fights={fights}
          current={encounter?.id}
          onPick={(id) => {
            setChosen(id);
            setShowLoader(false);
          }}
          onNew={() => setShowLoader((v) => !v)}
          loaderOpen={showLoader || !encounter}
        />
      )}
      {session && table && (showLoader || !encounter) && (
        <EncounterLoader
          api={session.api}
          tableId={tableId}
          onLoaded={(id) => {
            setChosen(id);
            setShowLoader(false);
            void session.refreshTable();
          }}
        />
      )}
      {/* players are seated (named, invited) before any encounter: the builder hands them units */}
      {!state && session && table && (
        <InvitePanel api={session.api} table={table} presence={presence} onChanged={() => void session.refreshTable()}>
          {deleteTable}
        </InvitePanel>
      )}
      {feed.paused && (
        <p className="panel banner banner-paused" role="status" data-testid="paused-banner">
          Paused: players cannot send commands.
          <button type="button" className="small" onClick={() => setPaused(false)}>Resume</button>
        </p>
      )}
      {feed.dice && <DicePrompt api={session?.api} encounterId={encounter?.id} roll={feed.dice} gm />}
      {state?.status === 'ended' && encounter && <FightSummary name={encounter.name} state={state} events={feed.events} undone={feed.undone} />}
      {state && table && session && (
        <OverrideContext.Provider value={{ api: session.api, tableId, encounterId: encounter?.id, version: feed.version, players: table.players.map((p) => ({ id: p.playerId, name: p.name })) }}>
        <main className="layout" data-version={feed.version} data-status={state.status} data-encounter={encounter?.id}>
          <div className="main-col">
            <Board
              state={state}
              marks={placing ? {} : play.marks}
              active={active}
              selected={selected}
              placing={placing}
              onUnit={(id) => (!placing && play.onUnit(id)) || setSelected(id)}
              onCell={(c) => (placing ? place({ cell: c }) : void play.onCell(c))}
              onZone={(z) => (placing ? place({ zone: z }) : void play.onZone(z))}
            />
            <GmControls state={state} paused={feed.paused} send={controls.send} setPaused={setPaused} error={controls.error} clearError={() => controls.setError(undefined)} />
            <div className="gm-tabs" role="tablist" aria-label="GM tools">
              {TOOL_TABS.map(([id, label]) => (
                <button key={id} type="button" role="tab" id={`tab-${id}`} aria-selected={tab === id} aria-pressed={tab === id} aria-controls={`panel-${id}`} onClick={() => setTab(id)}>
                  {label}
                </button>
              ))}
            </div>
            <div className="gm-tab-panel" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
              {tab === 'unit' && (
                <div className="two-col">
                  <UnitTools state={state} unit={selected} table={table} placing={placing} setPlacing={setPlacing} send={tools.send} error={tools.error} clearError={() => tools.setError(undefined)} />
                  <UnitDetails state={state} id={selected} playerName={playerName} />
                </div>
              )}
              {tab === 'roster' && encounter && <RosterPanel api={session.api} tableId={tableId} encounterId={encounter.id} state={state} />}
              {tab === 'simulation' && encounter && <SimulationPanel api={session.api} encounterId={encounter.id} state={state} />}
              {tab === 'map' && <MapArtTab api={session.api} tableId={tableId} state={state} sender={tools} />}
              {tab === 'fog' && encounter && (
                <FogPanel api={session.api} encounterId={encounter.id} state={state} version={feed.version} players={table.players.map((p) => ({ id: p.playerId, name: p.name }))} send={tools.send} error={tools.error} clearError={() => tools.setError(undefined)} />
              )}
            </div>
          </div>
          <aside className="side-col">
            <TurnOrder
              state={state}
              active={active}
              selected={selected}
              onSelect={setSelected}
              slotTools={(slot, i) =>
                i !== undefined && state.status === 'active' && slot.unit === selected ? (
                  <SlotTools state={state} unit={slot.unit} slot={i} first={state.turn.order.findIndex((x) => x.unit === slot.unit) === i} />
                ) : null
              }
              footer={<RoundControls state={state} />}
            />
            <Suggestions state={state} playerName={playerName} />
            <PendingPanel state={state} send={decisions.send} error={decisions.error} clearError={() => decisions.setError(undefined)} />
            {actor && state.status === 'active' && (
              <ActionPanel play={play} state={state} unitName={state.units[actor]?.name ?? 'The unit'} playedBy={state.units[actor]?.controller ? playedBy(state.units[actor].controller, playerName) : undefined} actor={actor} />
            )}
            <InvitePanel api={session.api} table={table} presence={presence} onChanged={() => void session.refreshTable()}>
              {deleteTable}
            </InvitePanel>
            <LogPanel lines={feed.lines} undone={feed.undone} state={state} playerName={playerName} lineTools={(l) => <RollTools line={l} />} />
            <ChatPanel session={session} table={table} />
          </aside>
        </main>
        </OverrideContext.Provider>
      )}
      {!state && <ChatPanel session={session} table={table} />}
    </div>
  );
}
