/** Every bound the server keeps, in one place (docs/server.md lists them). */
export interface Limits {
  /** Largest HTTP request body (an encounter file is at most 2 MB of text). */
  httpBodyBytes: number;
  /** Largest WebSocket frame a client may send. */
  wsFrameBytes: number;
  /** WebSocket messages per second per connection (token bucket), and the burst allowed. */
  wsRate: number;
  wsBurst: number;
  /** HTTP requests per second per client address, and the burst. */
  httpRate: number;
  httpBurst: number;
  /** Open WebSocket connections per table. */
  connectionsPerTable: number;
  /** Bytes queued to a client that stopped reading before it is disconnected. */
  wsBufferedBytes: number;
  /** Seconds a new WebSocket has to send its auth message. */
  wsAuthSeconds: number;
  /** Tables the server holds; past it, creating one is refused (429 LIMIT_REACHED). */
  tables: number;
  /** Tables one network (networks.ts: an IPv4 /24, an IPv6 /64) may create an hour (429 RATE_LIMITED past it). */
  tablesPerAddressHour: number;
  /** Tables one network may hold at once (429 LIMIT_REACHED past it). */
  tablesPerNetwork: number;
  /** Days a table may lie idle (no request of its GM or players) before it is deleted; 0: kept forever. */
  tableIdleDays: number;
  encountersPerTable: number;
  /**
   * Units one encounter holds here (a file's, an import's, the GM's added ones), below the engine's own
   * bound (BOUNDS.units, for simulations): each step's work grows with them, and at 1,000 a start or a
   * player's read held the loop 60 ms on a quiet machine, 130–470 ms on a loaded one.
   */
  encounterUnits: number;
  playersPerTable: number;
  /**
   * Tokens one player holds, invites not yet used and sessions: each invite for a player already there
   * added one, without end (a GM of a table anyone may make could fill the disk with them).
   */
  tokensPerPlayer: number;
  eventsPerEncounter: number;
  /** Encounters kept in memory. */
  liveEncounters: number;
  /** Events per WebSocket frame when catching up (the next frame waits for the client to take this one). */
  catchUpChunk: number;
  /** Events per page of `GET …/events` and `…/replay` when the request names no `limit`, and the most it may name. */
  eventsPage: number;
  eventsPageMax: number;
  /** Milliseconds of work writing a large reply (an export) before the event loop gets a turn. */
  replySliceMs: number;
  /** GM quick simulations running at once (each in slices, so the server keeps serving). */
  simulations: number;
  /** Milliseconds one quick simulation may take before it is cancelled (SIMULATION_STOPPED, no numbers): a safety net. */
  simulationMs: number;
  /** Units of dice work (about multiply-adds) one request's odds may take, all its options together. */
  oddsWork: number;
  /** Values of damage distributions one listing's odds may send, all its options together. */
  oddsValues: number;
  /** Characters (as JSON) of one library entry; entries and characters of a table's whole library. */
  libraryEntryBytes: number;
  libraryEntries: number;
  libraryBytes: number;
  /** Characters (entries) a table's roster keeps, and its size as JSON. */
  rosterEntries: number;
  rosterBytes: number;
  /** Map images a table may hold (each once, however many encounters show it), their bytes; and the bytes of every table's together. */
  mapImagesPerTable: number;
  mapImageBytesPerTable: number;
  mapImageBytesPerServer: number;
  /** Events one import may bring, all its encounters together (the main thread writes them). */
  importEvents: number;
  /**
   * Bytes of an import file, refused on the declared size before a byte is read (a 20,000-event export
   * is 1–10 MB; a 30 MB body read and refused held the loop 400–880 ms on a loaded machine, before the
   * reader thread took the parsing, and still 70–130 ms to read it).
   */
  importBytes: number;
  /** Values (JSON nodes) an import file may hold. */
  importNodes: number;
  /** Milliseconds the reader thread may spend on one file before it is stopped. */
  readMs: number;
  /** Files waiting for the reader thread before more are refused. */
  readQueue: number;
  /** Characters of one chat message; of a free roll's notation; dice a free roll may draw (explosions and rerolls count). */
  chatChars: number;
  chatNotationChars: number;
  chatRollDice: number;
  /** Chat messages a table keeps: past it the oldest are dropped. */
  chatKept: number;
  /** Chat messages per second one GM or player may send (token bucket), and the burst. */
  chatRate: number;
  chatBurst: number;
  /** Messages per page of `GET …/chat` when the request names no `limit`, and the most it may name. */
  chatPage: number;
  chatPageMax: number;
  /**
   * Where several processes share the database: milliseconds between checks that the encounters watched
   * here have not moved without a word (their process killed between a commit and its notification): one
   * still behind a version the check before saw is caught up, so within two checks. Nothing waits on it
   * otherwise: each append is told and caught up as it commits.
   */
  watchCheckMs: number;
}

export const DEFAULT_LIMITS: Limits = {
  httpBodyBytes: 2_200_000,
  wsFrameBytes: 64 * 1024,
  wsRate: 30,
  wsBurst: 60,
  // a whole table on one Wi-Fi (one address behind NAT) loading pages, odds and actions at once
  httpRate: 300,
  httpBurst: 600,
  connectionsPerTable: 64,
  wsBufferedBytes: 8 * 1024 * 1024,
  wsAuthSeconds: 10,
  tables: 10_000,
  tablesPerAddressHour: 20,
  tablesPerNetwork: 100,
  tableIdleDays: 90,
  encountersPerTable: 500,
  encounterUnits: 300,
  playersPerTable: 50,
  tokensPerPlayer: 20,
  eventsPerEncounter: 200_000,
  liveEncounters: 1000,
  catchUpChunk: 1000,
  eventsPage: 500,
  eventsPageMax: 2000,
  replySliceMs: 10,
  simulations: 4,
  simulationMs: 30_000,
  oddsWork: 20_000_000,
  oddsValues: 20_000,
  // a saved encounter with its map art fits one entry; the whole library reads and exports in a few ms
  libraryEntryBytes: 1_000_000,
  libraryEntries: 500,
  libraryBytes: 4_000_000,
  rosterEntries: 500,
  rosterBytes: 4_000_000,
  // an evening's maps at 1.5 MB each at most (map-image.ts); 100 tables of one network fill a fifth of the server's share
  mapImagesPerTable: 40,
  mapImageBytesPerTable: 25_000_000,
  mapImageBytesPerServer: 12_000_000_000,
  importEvents: 20_000,
  importBytes: 16_000_000,
  importNodes: 2_000_000,
  readMs: 10_000,
  readQueue: 16,
  watchCheckMs: 2000,
  // a long paragraph; any roll a table makes (4d6kh3, 8d6+4, 1d20+5 with advantage) with room to spare
  chatChars: 2000,
  chatNotationChars: 200,
  chatRollDice: 200,
  // an evening's talk or more; each at most a few KB (a roll of 200 dice about 8 KB)
  chatKept: 2000,
  chatRate: 1,
  chatBurst: 10,
  chatPage: 50,
  chatPageMax: 100,
};
