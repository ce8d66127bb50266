/** The builder's top bar: back to the table, undo and redo, open another, save, download, start the fight. */
import type { ReactNode } from 'react';

interface Props {
  title: string;
  ruleset?: string;
  backHref: string;
  canUndo: boolean;
  canRedo: boolean;
  onUndo(): void;
  onRedo(): void;
  onOpen?(): void;
  onSave?(): void;
  onDownload?(): void;
  onStart?(): void;
  canStart: boolean;
  busy: boolean;
  children?: ReactNode;
}

export function BuilderBar(p: Props) {
  const has = p.onSave !== undefined;
  return (
    <header className="b-bar">
      <a className="b-back" href={p.backHref}>← Table</a>
      <h1>
        Encounter builder{p.title ? <span className="b-title">: {p.title}</span> : null}
        {p.ruleset && <span className="muted small-text"> ({p.ruleset})</span>}
      </h1>
      {has && (
        <div className="b-bar-actions" role="toolbar" aria-label="Encounter">
          <button type="button" className="small" onClick={p.onUndo} disabled={!p.canUndo} title="Ctrl+Z">Undo</button>
          <button type="button" className="small" onClick={p.onRedo} disabled={!p.canRedo} title="Ctrl+Shift+Z">Redo</button>
          <button type="button" className="small secondary" onClick={p.onOpen}>Open…</button>
          <button type="button" className="small" onClick={p.onSave} disabled={p.busy}>Save to the table</button>
          <button type="button" className="small" onClick={p.onDownload}>Download YAML</button>
          <button type="button" className="small primary" onClick={p.onStart} disabled={!p.canStart || p.busy} title={p.canStart ? undefined : 'Fix the problems first'}>
            Start the fight
          </button>
        </div>
      )}
      {p.children}
    </header>
  );
}
