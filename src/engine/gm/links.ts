/**
 * Links between units (a pet and its owner, a rider and a mount), started and ended by the GM. They are
 * kept as unit data `links` on both units, so a ruleset reads them without knowing who made them:
 * `[{ with: 'wolf', kind: 'pet', lead: true }]` on the owner, `lead: false` on the pet.
 */
import { fail } from '../rejection.ts';
import type { Resolution } from '../resolution.ts';
import type { CommandHandler, Ruleset } from '../ruleset.ts';
import type { Json, Unit } from '../types.ts';
import { gmCommand, stringArg, unitArg } from './command.ts';

export interface Link {
  /** The other unit. */
  with: string;
  /** 'pet', 'mount', 'bond'...: the rulesets give it meaning. */
  kind: string;
  /** true on the unit that leads (owner, rider); false on the other. */
  lead: boolean;
}

export function linksOf(unit: Unit): Link[] {
  const raw = unit.data.links;
  return Array.isArray(raw) ? (raw as unknown as Link[]) : [];
}

function setLinks(ctx: Resolution, unit: Unit, links: Link[]): void {
  ctx.setData(unit.id, 'links', links.length ? (links as unknown as Json) : undefined);
}

export function linkCommands(ruleset: Ruleset): Record<string, CommandHandler> {
  return {
    /** {unit, other, kind}: `unit` leads (owner, rider). */
    'gm.link': gmCommand(ruleset, (ctx, cmd) => {
      const a = unitArg(ctx, cmd);
      const b = unitArg(ctx, cmd, 'other');
      const kind = stringArg(cmd, 'kind');
      if (a.id === b.id) fail('gm/self_link', 'a unit cannot be linked to itself', 'other');
      if (linksOf(a).some((l) => l.with === b.id && l.kind === kind)) fail('gm/already_linked', `${a.name} and ${b.name} are already linked (${kind})`, 'other');
      setLinks(ctx, a, [...linksOf(a), { with: b.id, kind, lead: true }]);
      setLinks(ctx, b, [...linksOf(b), { with: a.id, kind, lead: false }]);
    }),

    /** {unit, other, kind?}: without a kind, every link between the two ends. */
    'gm.unlink': gmCommand(ruleset, (ctx, cmd) => {
      const a = unitArg(ctx, cmd);
      const b = unitArg(ctx, cmd, 'other');
      const kind = stringArg(cmd, 'kind', true);
      const hit = (l: Link, other: string) => l.with === other && (kind === undefined || l.kind === kind);
      if (!linksOf(a).some((l) => hit(l, b.id))) fail('gm/not_linked', `${a.name} and ${b.name} are not linked${kind ? ` (${kind})` : ''}`, 'other');
      setLinks(ctx, a, linksOf(a).filter((l) => !hit(l, b.id)));
      setLinks(ctx, b, linksOf(b).filter((l) => !hit(l, a.id)));
    }),
  };
}
