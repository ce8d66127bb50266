// The roster (characters between encounters) and the library (reusable entries): pure logic and types.
export * from './types.ts';
export { carryBack, acceptCarryBack, CONSUMABLES, type CarryRules } from './carry.ts';
export { applyRoster, rosterSetupCommands, rosterEntry, type ApplyOptions } from './next.ts';
export { newcomers, unitsAsAdded, type EntryRules, type Newcomer, type NewcomerSources } from './joins.ts';
export { checkWritten, type CheckRules } from './verify.ts';
export { parseEntry, plainEntry, cellOf, derivedPools, entryHead, entryNotes, notWritable } from './write.ts';
export { exportLibrary, importLibrary, libraryEntrySchema, LIBRARY_FORMAT, LIBRARY_VERSION, type LibraryEntry, type Imported } from './library.ts';
