/** The encounter's own fields: name, description, sides, the map's size, ships, settings... (not its units or gear). */
import type { MapImage } from '../../../../engine/index.ts';
import { MapArt } from '../../components/MapArt.tsx';
import { useFormEnv } from '../form/env.ts';
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
  const env = useFormEnv();
  const map = (doc.map ?? {}) as { width?: unknown; height?: unknown; image?: MapImage };
  const art = map.image;
  const grid = typeof map.width === 'number' && typeof map.height === 'number' ? { width: map.width, height: map.height } : undefined;
  // the art is the file's map.image: what the builder saves and loads names it by the address the server gave
  const setArt = (image: MapImage | null) =>
    change((cur) => {
      const { image: _old, ...rest } = (cur.map ?? {}) as Record<string, unknown>;
      return { ...cur, map: image ? { ...rest, image } : rest };
    }, 'map');
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
          <ObjectFields node={mapNode} path={['map']} value={doc.map} required skip={['terrain', 'image']} onChange={set('map')} />
          {env.uploadMap && <MapArt image={art} {...(grid ? { grid } : {})} upload={env.uploadMap} apply={async (image) => (setArt(image), true)} />}
        </fieldset>
      )}
      {top.filter((k) => k !== 'name' && k !== 'description').map((k) => (
        <Field key={k} node={schema.properties![k]} name={k} path={[k]} value={doc[k]} required={schema.required?.includes(k)} onChange={set(k)} />
      ))}
      <TablePlayers />
    </div>
  );
}
