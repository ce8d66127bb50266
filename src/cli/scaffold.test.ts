// The scaffold's pieces: which ids it takes, and the registration line it adds (the whole path, from
// new-ruleset to a fight at the table, is test/docs/writing-a-ruleset.test.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rulesets } from '../rulesets/index.ts';
import { badId, register } from './scaffold.ts';

const root = join(import.meta.dirname, '../..');

describe('new-ruleset', () => {
  it('adds one import and one entry to the registry, after the others', () => {
    const text = readFileSync(join(root, 'src/rulesets/index.ts'), 'utf8');
    const out = register(text, 'skirmage')!;
    expect(out.split('\n').length).toBe(text.split('\n').length + 2);
    // after the last import and the last entry, whichever rulesets this checkout registers
    const lastImport = [...text.matchAll(/^import \{ \w+ \} from '\.\/\w+\/index\.ts';$/gm)].at(-1)![0];
    expect(out).toContain(`${lastImport}\nimport { skirmage } from './skirmage/index.ts';\n`);
    expect(out).toContain(`  ${Object.keys(rulesets).at(-1)},\n  skirmage,\n};`);
    expect(register('export const x = 1;\n', 'skirmage')).toBeUndefined();
  });

  it('takes a new lower-case id and a free prefix, and says why not otherwise', () => {
    // an id and a prefix this checkout has not taken (a checkout may have registered its own skirmage)
    const id = ['skirmage', 'skirmish2', 'zzfresh'].find((x) => !Object.hasOwn(rulesets, x) && !existsSync(join(root, 'src/rulesets', x)))!;
    const prefix = ['SKIR', 'ZQX', 'ZQY'].find((p) => !Object.values(rulesets).some((r) => r.rulePrefix === p))!;
    expect(badId(id, prefix, root)).toBeUndefined();
    expect(badId('phase20', 'PHAS', root)).toBe('there is already a ruleset "phase20"');
    expect(badId('My-Game', 'MYGA', root)).toMatch(/^"My-Game" cannot be a ruleset id: use 2 to 20 lower-case letters and digits/);
    expect(badId('toString', 'TOST', root)).toMatch(/cannot be a ruleset id/);
    expect(badId('outer', 'OUT', root)).toBe("the rule-id prefix OUT is outerah's; choose another with --prefix");
    expect(badId(id, 'sk', root)).toMatch(/^"sk" cannot be a rule-id prefix/);
  });
});
