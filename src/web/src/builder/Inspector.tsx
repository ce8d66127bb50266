/** The right-hand column: the selected unit, the picked cell, the encounter's own fields, its gear library, a library character. */
import type { ReactNode } from 'react';
import type { Doc } from './model/paths.ts';
import type { Cell } from './model/units.ts';
import { CellPanel } from './panels/CellPanel.tsx';
import { EncounterPanel } from './panels/EncounterPanel.tsx';
import { GearPanel } from './panels/GearPanel.tsx';
import { UnitPanel } from './panels/UnitPanel.tsx';

export type Tab = 'unit' | 'cell' | 'encounter' | 'gear' | 'character';

interface Props {
  tab: Tab;
  setTab(t: Tab): void;
  doc: Doc;
  selected: string[];
  cell?: Cell;
  gear?: { category: string; id: string };
  change(next: Doc | ((doc: Doc) => Doc | undefined), field?: string): void;
  select(ids: string[]): void;
  onDuplicate(): void;
  onRemove(): void;
  onSave(kind: 'character' | 'monster'): void;
  /** A library character open for editing, in its own panel. */
  character?: ReactNode;
}

const TABS: { id: Tab; name: string }[] = [
  { id: 'unit', name: 'Unit' },
  { id: 'cell', name: 'Cell' },
  { id: 'encounter', name: 'Encounter' },
  { id: 'gear', name: 'Gear' },
  { id: 'character', name: 'Character' },
];

export function Inspector(p: Props) {
  const tabs = TABS.filter((t) => (t.id !== 'cell' || p.cell) && (t.id !== 'character' || p.character));
  const tab = tabs.some((t) => t.id === p.tab) ? p.tab : 'encounter';
  return (
    <aside className="b-inspector panel" aria-label="Inspector">
      <div className="b-tabs" role="tablist">
        {tabs.map((t) => (
          <button key={t.id} type="button" role="tab" className="small" aria-selected={tab === t.id} onClick={() => p.setTab(t.id)}>
            {t.name}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="b-tabpanel">
        {tab === 'unit' && <UnitPanel doc={p.doc} selected={p.selected} change={p.change} select={p.select} onDuplicate={p.onDuplicate} onRemove={p.onRemove} onSave={p.onSave} />}
        {tab === 'cell' && p.cell && <CellPanel doc={p.doc} cell={p.cell} change={p.change} />}
        {tab === 'encounter' && <EncounterPanel doc={p.doc} change={p.change} />}
        {tab === 'gear' && <GearPanel doc={p.doc} change={p.change} open={p.gear} />}
        {tab === 'character' && p.character}
      </div>
    </aside>
  );
}
