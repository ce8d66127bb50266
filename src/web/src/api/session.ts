/**
 * A page's session at one table: the HTTP client and the live socket for its token, the table as the
 * server describes it, and one EncounterFeed per encounter watched. Pages read it through useSession.
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { EncounterFeed, type FeedView } from '../model/feed.ts';
import { Api } from './http.ts';
import { LiveSocket, type LinkStatus, type Presence, type SocketEnd } from './socket.ts';
import type { EncounterSummary, ServerError, TableInfo } from './types.ts';

export class Session {
  readonly api: Api;
  readonly socket: LiveSocket;
  private feeds = new Map<string, EncounterFeed>();
  /** Players named by the log whom the table was asked about once already (one who left stays unnamed). */
  private asked = new Set<string>();
  private listeners = new Set<() => void>();
  table?: TableInfo;
  tableError?: ServerError;
  link: LinkStatus = 'connecting';
  /** Who of the players is here (told to GM pages only). */
  presence?: Presence;
  /** Set once the table is gone for this page (deleted, or this seat taken back): the page says so instead of retrying. */
  ended?: SocketEnd;
  private snapshot: Snapshot = { table: undefined, link: 'connecting', tableError: undefined, presence: undefined, ended: undefined };

  constructor(readonly token: string, readonly tableId: string) {
    this.api = new Api(token);
    this.socket = new LiveSocket(token, {
      status: (s) => {
        this.link = s;
        this.changed();
      },
      welcome: () => void this.refreshTable(),
      encounter: (e) => this.upsertEncounter(e),
      presence: (p) => {
        this.presence = p;
        // a player who joined may be one the table does not list yet
        if (p.joined.some((id) => !this.table?.players.some((x) => x.playerId === id))) void this.refreshTable();
        this.changed();
      },
      events: (m) => {
        this.feeds.get(m.encounter)?.apply(m);
        // a unit handed to a player who joined after this page asked for the table: learn the name
        // ("Pell is now played by Ben", not "by a player"); presence, which would tell, goes to the GM only
        const unknown = m.events.some((e) => e.type === 'unit.controller' && e.controller && !this.table?.players.some((x) => x.playerId === e.controller) && !this.asked.has(e.controller));
        if (unknown) {
          for (const e of m.events) if (e.type === 'unit.controller' && e.controller) this.asked.add(e.controller);
          void this.refreshTable();
        }
      },
      dice: (encounter, roll) => this.feeds.get(encounter)?.setDice(roll),
      ended: (why) => this.end(why),
    });
    void this.refreshTable();
  }

  async refreshTable(): Promise<void> {
    try {
      this.table = await this.api.table(this.tableId);
      this.tableError = undefined;
    } catch (err) {
      // a table the server no longer knows is gone: say so, do not keep asking
      if ((err as { status?: number }).status === 404) return this.end('tableDeleted');
      this.tableError = (err as { error?: ServerError }).error ?? { code: 'net/offline', message: String(err) };
    }
    this.changed();
  }

  /** The table is over for this page: stop the live link and tell the page why. */
  end(why: SocketEnd): void {
    if (this.ended) return;
    this.ended = why;
    this.socket.close();
    this.link = 'offline';
    this.changed();
  }

  private upsertEncounter(e: EncounterSummary): void {
    if (!this.table) return void this.refreshTable();
    const list = this.table.encounters.filter((x) => x.id !== e.id);
    this.table = { ...this.table, encounters: [...list, e] };
    // a pause or resume comes as the encounter's summary: everyone's banner and buttons follow at once
    this.feeds.get(e.id)?.setPaused(e.paused);
    this.changed();
  }

  feed(id: string): EncounterFeed {
    let f = this.feeds.get(id);
    if (!f) {
      f = new EncounterFeed(id);
      this.feeds.set(id, f);
      this.socket.subscribe(id, 0);
    }
    return f;
  }

  close(): void {
    this.socket.close();
  }

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getSnapshot = () => this.snapshot;

  private changed() {
    this.snapshot = { table: this.table, link: this.link, tableError: this.tableError, presence: this.presence, ended: this.ended };
    for (const fn of this.listeners) fn();
  }
}

export function useSession(token: string | undefined, tableId: string) {
  // made in an effect, not a memo: the connection must be closed by the cleanup that pairs with it
  // (StrictMode mounts twice in development)
  const [session, setSession] = useState<Session>();
  useEffect(() => {
    if (!token) return;
    const s = new Session(token, tableId);
    setSession(s);
    return () => s.close();
  }, [token, tableId]);
  const snap = useSyncExternalStore(session?.subscribe ?? noopSubscribe, session?.getSnapshot ?? emptySnapshot);
  return { session, ...snap };
}

const noopSubscribe = () => () => {};
interface Snapshot {
  table?: TableInfo;
  link: LinkStatus;
  tableError?: ServerError;
  presence?: Presence;
  ended?: SocketEnd;
}

const EMPTY: Snapshot = { table: undefined, link: 'offline', tableError: undefined, presence: undefined, ended: undefined };
const emptySnapshot = () => EMPTY;

const EMPTY_FEED: FeedView = { events: [], lines: [], undone: new Set(), version: 0, lastSeq: 0, paused: false, dice: null };

export function useFeed(session: Session | undefined, encounterId: string | undefined): FeedView {
  const feed = useMemo(() => (session && encounterId ? session.feed(encounterId) : undefined), [session, encounterId]);
  return useSyncExternalStore(feed?.subscribe ?? noopSubscribe, feed?.getView ?? (() => EMPTY_FEED));
}

/**
 * Every encounter of the table, each as this page's own projection (its feed): what the fight list, the
 * GM's tabs and "Your turn in …" read. One subscription per encounter, kept while the page is open.
 */
export function useFeeds(session: Session | undefined, ids: readonly string[]): ReadonlyMap<string, FeedView> {
  const key = ids.join(' ');
  const store = useMemo(() => {
    if (!session || !key) return undefined;
    const feeds = key.split(' ').map((id) => session.feed(id));
    let views: FeedView[] = [];
    let snap: ReadonlyMap<string, FeedView> = new Map();
    return {
      subscribe: (fn: () => void) => {
        const offs = feeds.map((f) => f.subscribe(fn));
        return () => offs.forEach((off) => off());
      },
      // the same map until a feed changes: useSyncExternalStore compares snapshots by identity
      get: () => {
        const now = feeds.map((f) => f.getView());
        if (now.length !== views.length || now.some((v, i) => v !== views[i])) {
          views = now;
          snap = new Map(feeds.map((f, i) => [f.id, now[i]]));
        }
        return snap;
      },
    };
  }, [session, key]);
  return useSyncExternalStore(store?.subscribe ?? noopSubscribe, store?.get ?? emptyFeeds);
}

const NO_FEEDS: ReadonlyMap<string, FeedView> = new Map();
const emptyFeeds = () => NO_FEEDS;

/** Which encounter a page shows by default: the newest still running, else the newest. */
export function currentEncounter(encounters: readonly EncounterSummary[] | undefined): EncounterSummary | undefined {
  if (!encounters?.length) return undefined;
  const live = encounters.filter((e) => e.status !== 'ended');
  return (live.length ? live : encounters)[(live.length ? live : encounters).length - 1];
}

