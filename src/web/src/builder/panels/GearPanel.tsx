/**
 * The encounter's gear library (`content`): weapons, spells, gadgets, abilities, skills, items — each
 * entry in full, made from the schema. Units name these by id.
 */
import { Field } from '../form/Field.tsx';
import type { Doc } from '../model/paths.ts';
import { encounterSchemaOf, nodeAt } from '../model/schema.ts';

export function GearPanel({ doc, change, open }: { doc: Doc; change(next: Doc | ((doc: Doc) => Doc | undefined), field?: string): void; open?: { category: string; id: string } }) {
  const node = nodeAt(encounterSchemaOf(String(doc.ruleset)), ['content']);
  const content = (doc.content ?? {}) as Record<string, unknown>;
  if (!node?.properties) return <p className="hint">This ruleset's files have no gear library.</p>;
  return (
    <div className="b-gear-panel" data-open-gear={open ? `${open.category}/${open.id}` : undefined}>
      <p className="hint">Gear listed here once; each unit names what it carries (its weapons, spells... in the unit's form).</p>
      {Object.entries(node.properties).map(([k, n]) => (
        <Field
          key={k}
          node={n}
          name={k}
          path={['content', k]}
          value={content[k]}
          onChange={(next) => {
            change((cur) => {
              const c = { ...((cur.content ?? {}) as Record<string, unknown>) };
              if (next === undefined) delete c[k];
              else c[k] = next;
              const d = { ...cur };
              if (Object.keys(c).length) d.content = c;
              else delete d.content;
              return d;
            }, `content.${k}`);
          }}
        />
      ))}
    </div>
  );
}
