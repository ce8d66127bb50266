/**
 * The toy rules plus the optional hooks GM overrides use: damage rules (armour subtracts, 0 HP is down),
 * a place in the order for newcomers (right after the current turn), a decision for the GM (`dare`:
 * heads or tails), and what the roster carries back. Engine tests only.
 */
import type { Ruleset } from '../ruleset.ts';
import { toy } from './toy.ts';

export const toyGm: Ruleset = {
  ...toy,
  applyDamage(ctx, unit, amount, damageType, source) {
    const armour = Number(ctx.unit(unit).data.armour ?? 0);
    const dealt = damageType === 'psychic' ? amount : Math.max(0, amount - armour);
    ctx.damage(unit, dealt, { ...(damageType ? { damageType } : {}), ...(source ? { source } : {}), rule: 'TOY-ARMOUR' });
    if (ctx.unit(unit).pools.hp.value === 0 && ctx.unit(unit).status === 'active') ctx.emit({ type: 'unit.status', unit, status: 'down', cause: 'beaten' });
  },
  placeInOrder(ctx, unit) {
    const { order, index } = ctx.state.turn;
    ctx.emit({ type: 'turn.order', order: [...order.slice(0, index + 1), { unit }, ...order.slice(index + 1)], index, why: 'newcomers act next' });
  },
  answer(ctx, pending, choice) {
    ctx.note(`${String(pending.data.who)} called ${String(choice)}`);
  },
  carryOver: ['scars'],
  carryPools: ['hp', 'mana'],
  commands: {
    ...toy.commands,
    dare: {
      resolve(ctx, cmd) {
        ctx.openPending({ kind: 'coin', answeredBy: 'gm', prompt: 'heads or tails?', options: ['heads', 'tails'], data: { who: cmd.actor ?? '?' } });
      },
    },
  },
};
