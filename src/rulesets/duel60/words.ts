/** The words of counted things in labels and notes: "1 Javelin", "2 Javelins", "3 Throwing Knives". */

/** The plural of a name in English, on its last word (knife → knives, axe → axes, glass → glasses). */
export function plural(name: string): string {
  if (/[^aeiou]y$/i.test(name)) return `${name.slice(0, -1)}ies`;
  if (/(?:[^f]f|fe)$/i.test(name) && !/(?:ief|oof)$/i.test(name)) return `${name.replace(/fe?$/i, '')}ves`;
  if (/(?:s|x|z|ch|sh)$/i.test(name)) return `${name}es`;
  return `${name}s`;
}

/** `n` of a thing, the name plural from 2 on: "1 Javelin", "2 Javelins". */
export const counted = (n: number, name: string): string => `${n} ${n === 1 ? name : plural(name)}`;
