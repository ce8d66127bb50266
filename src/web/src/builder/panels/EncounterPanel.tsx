/** The encounter's own fields: name, description, sides, the map's size, ships, settings... (not its units or gear). */
import { Field } from '../form/Field.tsx';
import { ObjectFields } from '../form/ObjectField.tsx';
import { TablePlayers } from '../form/SeatPlayer.tsx';
import type { Doc } from '../model/paths.ts';
import { encounterSchemaOf } from '../model/schema.ts';

export function EncounterPanel({ doc, change }: { doc: Doc; change(next: Doc | ((doc: Doc) => Doc | undefined), field?: string): void }) {
  const schema = encounterSchemaOf(String(doc.ruleset));
  const top = Object.keys(schema.properties ?? {}).filter((k) => !['ruleset', 'units', 'content', 'map'].includes(k));
  const set = (k: string) => (next: unknown) =>
    change((cur) => {
      const d = { ...cur };
      if (next === undefined) delete d[k];
      else d[k] = next;
      return d;
    }, k);
  const mapNode = schema.properties?.map;
  return (
    <div className="b-encounter-panel">
      <p className="muted small-text">Ruleset: {String(doc.ruleset)}</p>
      <ObjectFields node={schema} path={[]} value={doc} only={top.filter((k) => k === 'name' || k === 'description')} required onChange={(next) =>
          change((cur) => {
            const d = { ...cur };
            for (const k of ['name', 'description']) {
              const v = (next as Doc | undefined)?.[k];
              if (v === undefined) delete d[k];
              else d[k] = v;
            }
            return d;
          }, 'encounter')
        } />
      {mapNode?.properties && (
        <fieldset className="b-group b-map-size" data-field="map">
          <legend>Map</legend>
          <ObjectFields node={mapNode} path={['map']} value={doc.map} required skip={['terrain']} onChange={set('map')} />
        </fieldset>
      )}
      {top.filter((k) => k !== 'name' && k !== 'description').map((k) => (
        <Field key={k} node={schema.properties![k]} name={k} path={[k]} value={doc[k]} required={schema.required?.includes(k)} onChange={set(k)} />
      ))}
      <TablePlayers />
    </div>
  );
}
