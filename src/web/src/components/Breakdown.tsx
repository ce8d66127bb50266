/** A resolution's arithmetic, term by term: each die face (dropped ones struck), each named modifier, the comparison and the rule ids. */
import type { Breakdown, Term } from '../../../engine/index.ts';
import { RuleRef } from './Words.tsx';

function TermRow({ t }: { t: Term }) {
  switch (t.kind) {
    case 'dice':
      return (
        <tr>
          <th scope="row">{t.label}</th>
          <td>
            {t.faces.map((f, i) => (
              <span key={i} className={`die${t.dropped?.includes(i) ? ' die-dropped' : ''}`} title={t.dropped?.includes(i) ? 'dropped' : undefined}>
                {f}
              </span>
            ))}
          </td>
          <td className="num">{t.value}</td>
        </tr>
      );
    case 'mod':
      return (
        <tr>
          <th scope="row">{t.name}</th>
          <td />
          <td className="num">{t.value >= 0 ? `+${t.value}` : `−${-t.value}`}</td>
        </tr>
      );
    case 'mult':
      return (
        <tr>
          <th scope="row">{t.name}</th>
          <td />
          <td className="num">×{t.factor}</td>
        </tr>
      );
    case 'step':
      return (
        <tr>
          <th scope="row">{t.name}</th>
          <td>→</td>
          <td className="num">{t.value}</td>
        </tr>
      );
    case 'note':
      return (
        <tr>
          <td colSpan={3} className="muted">{t.text}</td>
        </tr>
      );
  }
}

export function BreakdownTable({ b, dice }: { b?: Breakdown; dice?: { sides: number; face: number; label?: string }[] }) {
  return (
    <div className="breakdown">
      {b && (
        <table>
          <caption>{b.label}</caption>
          <tbody>
            {b.terms.map((t, i) => <TermRow key={i} t={t} />)}
            <tr className="total">
              <th scope="row">Total</th>
              <td />
              <td className="num">{b.total}</td>
            </tr>
            {b.against && (
              <tr>
                <th scope="row">against {b.against.name ?? ''}</th>
                <td>{b.against.op}</td>
                <td className="num">{b.against.value}</td>
              </tr>
            )}
            {b.outcome && (
              <tr>
                <th scope="row">Outcome</th>
                <td colSpan={2}>{b.outcome}</td>
              </tr>
            )}
          </tbody>
        </table>
      )}
      {dice && dice.length > 0 && (
        <p className="dice-drawn">
          Dice drawn: {dice.map((d, i) => <span key={i} className="die" title={d.label ? `${d.label}: d${d.sides} shows ${d.face}` : undefined}>{d.face} <span className="muted">on d{d.sides}</span></span>)}
        </p>
      )}
      {b?.rules && b.rules.length > 0 && <p className="rules">Rules: {b.rules.map((r) => <RuleRef key={r} id={r} />)}</p>}
    </div>
  );
}
