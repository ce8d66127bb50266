/**
 * Text as the rules word it, each rule id in it a button that opens the rule's text from the catalogue
 * shipped with the page: "… → hit [P20-ATK-2]" opens "P20-ATK-2: Attack roll: d20 + …".
 */
import { useState, type MouseEvent } from 'react';
import { splitRuleIds } from '../model/catalogue.ts';
import { ruleText } from '../model/rules.ts';

function RuleRef({ id }: { id: string }) {
  const [open, setOpen] = useState(false);
  const text = ruleText(id);
  if (!text) return <span className="rule-id is-unknown">{id}</span>;
  const toggle = (e: MouseEvent) => {
    // inside a log line's summary: open the rule, not the line
    e.preventDefault();
    e.stopPropagation();
    setOpen((v) => !v);
  };
  return (
    <span className="rule-ref">
      <button type="button" className="rule-id" aria-expanded={open} aria-label={`Rule ${id}`} onClick={toggle} data-rule={id}>
        {id}
      </button>
      {open && (
        <span className="rule-text" role="note" data-testid="rule-text">
          <strong>{id}</strong> {text}
        </span>
      )}
    </span>
  );
}

export function Words({ text }: { text: string }) {
  const parts = splitRuleIds(text);
  if (parts.length === 1 && !parts[0].rule) return <>{text}</>;
  return (
    <>
      {parts.map((p, i) => (p.rule ? <RuleRef key={i} id={p.text} /> : <span key={i}>{p.text}</span>))}
    </>
  );
}

export { RuleRef };
