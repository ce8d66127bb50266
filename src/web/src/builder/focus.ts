/**
 * Put the cursor in the field a problem is about (issue 36): the form's element for that field, or for the
 * nearest field holding it (a unit's id is not shown: its form instead), its folds opened, scrolled to.
 */
import { pathOf } from './model/words.ts';
import { pathText } from './model/paths.ts';

const FOCUSABLE = 'input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';

function fieldElement(root: ParentNode, field: string): HTMLElement | undefined {
  const path = pathOf(field);
  for (let n = path.length; n > 0; n--) {
    const el = root.querySelector<HTMLElement>(`[data-field="${CSS.escape(pathText(path.slice(0, n)))}"]`);
    if (el) return el;
  }
  return undefined;
}

/** Focus the field; true when there was one to focus. */
export function focusField(root: ParentNode, field: string): boolean {
  const el = fieldElement(root, field);
  if (!el) return false;
  for (let d = el.closest('details'); d; d = d.parentElement?.closest('details') ?? null) d.open = true;
  if (el instanceof HTMLDetailsElement) el.open = true;
  const target = el.matches(FOCUSABLE) ? el : el.querySelector<HTMLElement>(FOCUSABLE);
  el.scrollIntoView({ block: 'center' });
  target?.focus({ preventScroll: true });
  el.classList.add('b-focused');
  setTimeout(() => el.classList.remove('b-focused'), 2000);
  return true;
}
