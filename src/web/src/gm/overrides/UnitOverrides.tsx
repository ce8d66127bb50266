/** The GM's overrides on the selected unit, each folded under its name so the panel stays short. */
import type { EncounterState, Unit } from '../../../../engine/index.ts';
import { AdjustPool } from './AdjustPool.tsx';
import { DamageHeal } from './DamageHeal.tsx';
import { EffectsEditor } from './EffectsEditor.tsx';
import { SetStat } from './SetStat.tsx';

export function UnitOverrides({ state, unit }: { state: EncounterState; unit: Unit }) {
  const effects = state.effects.filter((f) => f.target === unit.id).length;
  return (
    <div className="overrides" role="group" aria-label={`Overrides for ${unit.name}`}>
      <details>
        <summary>Adjust</summary>
        <AdjustPool unit={unit} />
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
        <SetStat unit={unit} />
      </details>
    </div>
  );
}
