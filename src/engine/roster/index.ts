// The roster (characters between encounters) and the library (reusable entries): pure logic and types.
export * from './types.ts';
export { carryBack, acceptCarryBack, CONSUMABLES, type CarryRules } from './carry.ts';
export { applyRoster, rosterSetupCommands, rosterEntry, type ApplyOptions } from './next.ts';
export { exportLibrary, importLibrary, libraryEntrySchema, LIBRARY_FORMAT, LIBRARY_VERSION, type LibraryEntry, type Imported } from './library.ts';
