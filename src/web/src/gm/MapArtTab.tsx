/** The GM's map art at the table: upload, fit and remove, each an ordinary `gm.map_image` command every page follows. */
import type { EncounterState, Json } from '../../../engine/index.ts';
import type { Api } from '../api/http.ts';
import { MapArt } from '../components/MapArt.tsx';
import type { Sender } from '../model/useSender.ts';

export function MapArtTab({ api, tableId, state, sender }: { api: Api; tableId: string; state: EncounterState; sender: Sender }) {
  const map = state.map;
  if (!map) return <p className="muted">This encounter has no battlefield to put art under.</p>;
  return (
    <MapArt
      image={map.image}
      {...(map.kind === 'grid' ? { grid: { width: map.width, height: map.height } } : {})}
      upload={(file) => api.uploadMap(tableId, file)}
      apply={(image) => sender.send({ type: 'gm.map_image', image: image as Record<string, Json> | null })}
      {...(sender.error ? { error: sender.error } : {})}
    />
  );
}
