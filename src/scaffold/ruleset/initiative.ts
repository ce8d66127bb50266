/** Initiative (SKEL-INIT-1): every unit rolls a d20 once; highest first, ties in file order, the same order every round. */
import { byInitiative, type Resolution } from '../../engine/index.ts';

export function rollInitiative(ctx: Resolution): void {
  const slots = ctx.state.unitOrder.map((id) => {
    const face = ctx.roll(20, 'initiative');
    ctx.check({ label: 'initiative', terms: [{ kind: 'dice', label: 'd20', faces: [face], value: face }], total: face, rules: ['SKEL-INIT-1'] }, id);
    return { unit: id, initiative: face };
  });
  const order = byInitiative(slots, (a, b) => ctx.state.unitOrder.indexOf(a.unit) - ctx.state.unitOrder.indexOf(b.unit));
  ctx.emit({ type: 'turn.order', order, index: -1, why: 'initiative [SKEL-INIT-1]' });
}
