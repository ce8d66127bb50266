/** The GM's overrides on the selected unit, each folded under its name so the panel stays short. */
import type { EncounterState, Unit } from '../../../../engine/index.ts';
import { AdjustPool } from './AdjustPool.tsx';
import { DamageHeal } from './DamageHeal.tsx';
import { EffectsEditor } from './EffectsEditor.tsx';
import { LinksEditor } from './LinksEditor.tsx';
import { SetSide } from './SetSide.tsx';
import { SetStat } from './SetStat.tsx';
import { linksShown } from '../../model/links.ts';

export function UnitOverrides({ state, unit }: { state: EncounterState; unit: Unit }) {
  const effects = state.effects.filter((f) => f.target === unit.id).length;
  const links = linksShown(state, unit.id).length;
  return (
    <div className="overrides" role="group" aria-label={`Overrides for ${unit.name}`}>
      <details>
        <summary>Adjust</summary>
        <AdjustPool unit={unit} ruleset={state.ruleset} />
      </details>
      <details>
        <summary>Damage / Heal</summary>
        <DamageHeal unit={unit} />
      </details>
      <details>
        <summary>Effects{effects ? ` (${effects})` : ''}</summary>
        <EffectsEditor state={state} unit={unit} />
      </details>
      <details>
        <summary>Set stat</summary>
        <SetStat unit={unit} ruleset={state.ruleset} />
      </details>
      <details>
        <summary>Side</summary>
        <SetSide state={state} unit={unit} />
      </details>
      <details>
        <summary>Links{links ? ` (${links})` : ''}</summary>
        <LinksEditor state={state} unit={unit} />
      </details>
    </div>
  );
}
