/**
 * Map art, put under the board from the page (the GM's table and the builder alike): upload a PNG, JPEG or
 * WebP (the server checks it and keeps it once; the encounter names it by address), then fit it — two clicks
 * on opposite corners of one square drawn in the art make that square one cell (model/mapFit.ts), or type
 * its size and offset in cells — and take it away.
 */
import { useEffect, useState, type MouseEvent } from 'react';
import type { MapImage } from '../../../engine/index.ts';
import type { UploadedMap } from '../api/http.ts';
import { problemOf } from '../model/useSender.ts';
import type { Problem } from '../model/errors.ts';
import { cells, fitFromSquare, type Pixel } from '../model/mapFit.ts';
import { ErrorNote } from './ErrorNote.tsx';
import './map-art.css';

interface Props {
  image?: MapImage;
  /** The board's size in cells; absent on a zone board (no grid to fit to). */
  grid?: { width: number; height: number };
  upload(file: File): Promise<UploadedMap>;
  /** Put this art under the board (null: take it away); false when it was refused (the caller shows why). */
  apply(image: MapImage | null): Promise<boolean>;
  error?: Problem;
}

const num = (s: string) => (s.trim() === '' ? undefined : Number(s.replace('−', '-')));

export function MapArt({ image, grid, upload, apply, error }: Props) {
  const [natural, setNatural] = useState<{ width: number; height: number }>();
  const [clicks, setClicks] = useState<Pixel[]>([]);
  const [said, setSaid] = useState('');
  const [problem, setProblem] = useState<Problem>();
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState({ width: '', height: '', x: '', y: '', opacity: '' });
  useEffect(() => {
    const v = (n: number | undefined) => (n === undefined ? '' : String(n));
    setFields({ width: v(image?.width), height: v(image?.height), x: v(image?.x), y: v(image?.y), opacity: v(image?.opacity) });
  }, [image?.width, image?.height, image?.x, image?.y, image?.opacity, image?.src]);

  const put = async (next: MapImage | null, words: string) => {
    setProblem(undefined);
    if (await apply(next)) setSaid(words);
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setProblem(undefined);
    setSaid('');
    try {
      const kept = await upload(file);
      setNatural({ width: kept.width, height: kept.height });
      setClicks([]);
      // fitted to the whole board until the GM fits it; what else the art had (opacity, credit) goes with the old art
      await put({ src: kept.src }, `${file.name} (${kept.width} × ${kept.height} pixels) is under the board.${grid ? ' Now fit it: click one corner of a square drawn on the map, then the opposite corner.' : ''}`);
    } catch (err) {
      setProblem(problemOf(err));
    } finally {
      setBusy(false);
    }
  };

  const onPreviewClick = (e: MouseEvent<HTMLImageElement>) => {
    if (!grid || !image) return;
    const img = e.currentTarget;
    const size = natural ?? { width: img.naturalWidth, height: img.naturalHeight };
    const rect = img.getBoundingClientRect();
    const at = { x: ((e.clientX - rect.left) * size.width) / rect.width, y: ((e.clientY - rect.top) * size.height) / rect.height };
    if (clicks.length === 0) {
      setClicks([at]);
      setSaid('Now click the opposite corner of the same square.');
      return;
    }
    setClicks([]);
    const r = fitFromSquare(size, clicks[0], at);
    if (!r.ok) {
      setSaid(r.why);
      return;
    }
    const { fit, square } = r;
    void put({ ...image, ...fit }, `One square of the art is ${square.width} × ${square.height} pixels: the art is now ${cells(fit.width)} × ${cells(fit.height)} cells, its top left corner at ${cells(fit.x)}, ${cells(fit.y)}.`);
  };

  const applyFields = () => {
    if (!image) return;
    const next: MapImage = { src: image.src, ...(image.credit ? { credit: image.credit } : {}) };
    for (const k of ['width', 'height', 'x', 'y', 'opacity'] as const) {
      const n = num(fields[k]);
      if (n !== undefined && Number.isFinite(n)) next[k] = n;
    }
    void put(next, 'The map art is placed as you typed it.');
  };

  const field = (k: keyof typeof fields, label: string, step = '0.05') => (
    <label key={k}>
      {label}
      <input className="short" type="number" step={step} value={fields[k]} onChange={(e) => setFields({ ...fields, [k]: e.target.value })} placeholder={k === 'opacity' ? '1' : k === 'width' && grid ? String(grid.width) : k === 'height' && grid ? String(grid.height) : '0'} />
    </label>
  );

  const size = natural;
  return (
    <section className="map-art-panel" aria-label="Map art">
      <label className="map-art-upload">
        <span>{busy ? 'Uploading…' : image ? 'Upload other map art' : 'Upload map art'}</span>
        <input type="file" accept="image/png,image/jpeg,image/webp" disabled={busy} onChange={(e) => void onFile(e.target.files?.[0]).then(() => (e.target.value = ''))} data-testid="map-upload" />
      </label>
      <p className="hint">A PNG, JPEG or WebP image, at most 1.4 MB. Every page shows it under the board.</p>
      {image && (
        <>
          {grid && <p className="small-text">To fit it to the grid, click one corner of a square drawn on the map, then the opposite corner: that square becomes one cell.</p>}
          <div className={`map-art-preview${grid ? ' calibrating' : ''}`}>
            <img src={image.src} alt={grid ? 'The map art: click two opposite corners of one square' : 'The map art'} onLoad={(e) => size ?? setNatural({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })} onClick={onPreviewClick} data-testid="map-preview" />
            {clicks.map((c, i) => size && <span key={i} className="map-art-click" style={{ left: `${(c.x / size.width) * 100}%`, top: `${(c.y / size.height) * 100}%` }} aria-hidden />)}
          </div>
          {grid && (
            <div className="row map-art-fields">
              {field('width', 'Width (cells)')}
              {field('height', 'Height (cells)')}
              {field('x', 'Left (cells)')}
              {field('y', 'Top (cells)')}
              {field('opacity', 'Opacity', '0.1')}
            </div>
          )}
          <div className="buttons">
            {grid && <button type="button" onClick={applyFields}>Apply</button>}
            <button type="button" className="secondary" onClick={() => void put(null, 'The map art is taken away.')}>Remove the map art</button>
          </div>
        </>
      )}
      {said && <p role="status" className="map-art-said">{said}</p>}
      <ErrorNote problem={problem ?? error} onDismiss={() => setProblem(undefined)} />
    </section>
  );
}
