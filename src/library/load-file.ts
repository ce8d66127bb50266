/** Reading an encounter or scenario file from disk (Node only): every problem comes back as a value, with file:line:col. */
import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { MAX_DOCUMENT_BYTES, type Loaded } from '../engine/index.ts';
import { loadText, type LoadedScenario } from '../rulesets/load.ts';

/** The file's text; throws a one-line reason when it is missing or past the size limit. */
function read(file: string): string {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    throw new Error('no such file');
  }
  if (size > MAX_DOCUMENT_BYTES) throw new Error(`${size} bytes; the limit is ${MAX_DOCUMENT_BYTES}`);
  return readFileSync(file, 'utf8');
}

/**
 * Load and validate an encounter or scenario file (YAML or JSON); a scenario's `encounter: other.yaml`
 * is read beside it. A bad file throws nothing: `{ ok: false, problems }` says what and where.
 */
export function loadEncounterFile(file: string): Loaded<LoadedScenario> {
  let text: string;
  try {
    text = read(file);
  } catch (err) {
    return { ok: false, problems: [{ file, line: 1, column: 1, path: '', message: `cannot read "${file}": ${(err as Error).message}` }] };
  }
  return loadText(text, file, (name) => {
    const path = resolve(dirname(file), name);
    return { text: read(path), file: path };
  });
}
