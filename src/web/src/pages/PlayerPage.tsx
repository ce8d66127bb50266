/**
 * A player's page: the board and turn order as the server projects them for this player, and — when
 * one of the player's units may act — its actions, aimed on the board with the odds shown before sending.
 * It only ever uses the player's own token: nothing here can ask for what the GM sees.
 */
import { useEffect, useMemo, useState } from 'react';
import { useFeed, useSession } from '../api/session.ts';
import { Board } from '../board/Board.tsx';
import { ActionPanel } from '../components/ActionPanel.tsx';
import { DicePrompt } from '../components/DicePrompt.tsx';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { FightList } from '../components/FightList.tsx';
import { FightSummary } from '../components/FightSummary.tsx';
import { LogPanel } from '../components/LogPanel.tsx';
import { TableGone } from '../components/TableGone.tsx';
import { TopBar } from '../components/TopBar.tsx';
import { TurnOrder } from '../components/TurnOrder.tsx';
import { SuggestForm } from '../components/SuggestForm.tsx';
import { UnitDetails } from '../components/UnitDetails.tsx';
import { ChatPanel } from '../chat/ChatPanel.tsx';
import { activeUnit, blockingPending } from '../model/turn.ts';
import { usePlay } from '../model/usePlay.ts';
import { useSender } from '../model/useSender.ts';
import { loadToken } from '../tokens.ts';
import { playerNamer } from '../model/players.ts';
import { turnNotice } from '../model/useTurnNotice.ts';
import { useFightTitle, useFights, useShownFight } from '../model/useFights.ts';
import '../table.css';

export function PlayerPage({ tableId }: { tableId: string }) {
  const token = loadToken('player', tableId);
  const { session, table, link, tableError, ended } = useSession(token, tableId);
  // every fight of the table as this player sees it; the one shown follows what needs them, never the GM's tab
  const fights = useFights(session, table);
  const shown = useShownFight(fights);
  const encounter = table?.encounters.find((e) => e.id === shown.id);
  const feed = useFeed(session, encounter?.id);
  const state = feed.state;
  const me = table?.role === 'player' ? table.playerId : undefined;
  const mine = useMemo(() => (state ? state.unitOrder.filter((id) => state.units[id]?.controller === me) : []), [state, me]);
  const active = activeUnit(state);
  const pending = blockingPending(state);
  const [selected, setSelected] = useState<string>();
  // act for: the unit a decision waits on, else the unit whose turn it is, when either is mine
  const actor = pending && mine.includes(pending.answeredBy) ? pending.answeredBy : active && mine.includes(active) ? active : undefined;
  const latest = feed.lines.findLast((l) => !l.bookkeeping)?.text;
  const play = usePlay(session?.api, encounter?.id, state, feed.version, actor, latest, feed.paused);
  const myName = table?.players.find((p) => p.playerId === me)?.name;
  const playerName = playerNamer(table);
  // "It's your turn" on the page; "● Your turn in <fight>" in the tab's title, from any fight of the table
  const notice = turnNotice(state, actor, !!play.decision);
  useFightTitle(fights, encounter?.id, table?.name);
  const suggestions = useSender(session?.api, encounter?.id, feed.version);
  // a unit picked in one fight means nothing in another
  useEffect(() => setSelected(undefined), [encounter?.id]);
  useEffect(() => {
    if (actor) setSelected(actor);
  }, [actor]);

  if (!token) {
    return (
      <main className="home">
        <h1>Not joined</h1>
        <p>This browser has no seat at this table. Open the invite link your GM gave you.</p>
      </main>
    );
  }

  if (ended) return <TableGone role="player" why={ended} tableId={tableId} name={table?.name} />;

  return (
    <div className="page page-player">
      <TopBar title={table?.name ?? 'Table'} subtitle={state?.name} role={myName ? `Player ${myName}` : 'Player'} link={link} />
      <ErrorNote problem={tableError} />
      <FightList fights={fights} shown={encounter?.id} onOpen={shown.open} />
      {!encounter && table && <p className="panel waiting">Waiting for the GM to set up an encounter…</p>}
      {feed.paused && (
        <p className="panel banner banner-paused" role="status" data-testid="paused-banner">
          Paused: the GM has paused the fight; wait for the GM to resume it.
        </p>
      )}
      {notice && !feed.paused && (
        <p className="panel your-turn" role="status" data-testid="your-turn">
          {notice}
        </p>
      )}
      {feed.dice && <DicePrompt api={session?.api} encounterId={encounter?.id} roll={feed.dice} />}
      {state?.status === 'ended' && encounter && (
        <FightSummary name={encounter.name} state={state} events={feed.events} undone={feed.undone} onMoveOn={fights.length > 1 ? () => shown.moveOn(encounter.id) : undefined} />
      )}
      {state && (
        <main className="layout" data-version={feed.version} data-status={state.status} data-encounter={encounter?.id}>
          <div className="main-col">
            <Board
              state={state}
              marks={play.marks}
              active={active}
              selected={selected}
              onUnit={(id) => play.onUnit(id) || setSelected(id)}
              onCell={(c) => void play.onCell(c)}
              onZone={(z) => void play.onZone(z)}
            />
            <UnitDetails state={state} id={selected} playerName={playerName} />
          </div>
          <aside className="side-col">
            <TurnOrder state={state} active={active} selected={selected} onSelect={setSelected} />
            {actor ? (
              <ActionPanel play={play} state={state} unitName={state.units[actor]?.name ?? 'Your unit'} actor={actor} />
            ) : (
              <section className="panel actions" aria-label="Actions">
                <p className="muted" data-testid="waiting">
                  {state.status === 'ended'
                    ? 'The fight is over.'
                    : state.status === 'setup'
                      ? 'The GM is setting up the fight.'
                      : pending
                        ? `Waiting for ${pending.answeredBy === 'gm' ? 'the GM' : state.units[pending.answeredBy]?.name ?? 'someone'}: ${pending.prompt}`
                        : `Waiting — ${active ? `${state.units[active]?.name}'s turn` : 'between turns'}.`}
                </p>
                {mine.length === 0 && (
                  <p className="muted">{fights.some((f) => f.mine.length) ? 'None of your units is in this fight.' : 'You control no unit yet; the GM assigns them.'}</p>
                )}
                <ErrorNote problem={play.error} onDismiss={play.clearError} />
              </section>
            )}
            <SuggestForm state={state} mine={mine} sender={suggestions} />
            <LogPanel lines={feed.lines} undone={feed.undone} state={state} playerName={playerName} />
            <ChatPanel session={session} table={table} />
          </aside>
        </main>
      )}
      {!state && <ChatPanel session={session} table={table} />}
    </div>
  );
}
