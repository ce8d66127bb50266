/** Reading encounter and scenario files from disk for the CLI; every problem is printed with file:line:col. */
import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { formatProblem, MAX_DOCUMENT_BYTES } from '../engine/index.ts';
import { loadText, type LoadedScenario } from '../rulesets/load.ts';
import { CliExit } from './exit.ts';

export function readText(file: string): string {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    throw new CliExit(2, `skirmish: cannot read "${file}": no such file`);
  }
  if (size > MAX_DOCUMENT_BYTES) throw new CliExit(2, `skirmish: ${file} is ${size} bytes; the limit is ${MAX_DOCUMENT_BYTES}`);
  return readFileSync(file, 'utf8');
}

/** Load and validate, or exit 2 listing every problem. */
export function loadFile(file: string): LoadedScenario {
  const r = loadText(readText(file), file, (name) => {
    const path = resolve(dirname(file), name);
    return { text: readText(path), file: path };
  });
  if (!r.ok) throw new CliExit(2, r.problems.map(formatProblem).join('\n'));
  return r.value;
}
