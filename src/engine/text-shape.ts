/**
 * How deep and how large a text's data would be, read in one pass over its characters before any parser
 * sees it. The YAML parser spends about 30 µs a node and far more on deep nesting (`x: [[[…]]]` of 78 KB
 * took seconds), so a file past these bounds is refused before it is parsed.
 *
 * For JSON the count is exact. For YAML it is an estimate that errs high: every `[` and `{` counts, even
 * in text, while a `]` or `}` counts only outside quotes and comments and never below zero, and quotes are
 * recognised only where YAML starts a quoted scalar. So text can make a file look deeper than it is
 * (a very odd file), never shallower. Block nesting counts indentation steps and compact `- - x` items.
 */

/** Nesting a file may have (a sane encounter has under ten levels). */
export const MAX_DEPTH = 64;
/** Values a file may hold (a 1,000-unit encounter has about 30,000). */
export const MAX_NODES = 200_000;

export interface Shape {
  depth: number;
  nodes: number;
  /** 1-based line where the depth was greatest. */
  line: number;
}

const NL = 10, SPACE = 32, TAB = 9, CR = 13;
const Q2 = 34, Q1 = 39, HASH = 35, BACKSLASH = 92;
const OPEN_SQ = 91, CLOSE_SQ = 93, OPEN_CU = 123, CLOSE_CU = 125, COMMA = 44, COLON = 58, DASH = 45, QMARK = 63;

/** The shape of JSON text (exact for valid JSON; anything else is left to the parser to refuse). */
export function jsonShape(text: string): Shape {
  let depth = 0, max = 0, nodes = 1, line = 1, at = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === Q2) inString = false;
      continue;
    }
    if (c === Q2) inString = true;
    else if (c === OPEN_SQ || c === OPEN_CU) {
      if (++depth > max) {
        max = depth;
        at = line;
      }
      nodes++;
    } else if (c === CLOSE_SQ || c === CLOSE_CU) depth--;
    else if (c === COMMA || c === COLON) nodes++;
    else if (c === NL) line++;
  }
  return { depth: max, nodes, line: at };
}

/** The shape of YAML text, erring high (see above). */
export function yamlShape(text: string): Shape {
  let flow = 0, max = 0, nodes = 1, line = 1, at = 1;
  let quote = 0; // the quote character of the scalar we are in, or 0
  let comment = false;
  let lineStart = true; // only spaces so far on this line
  let indent = 0;
  let compact = 0; // `- ` items opened on this line before its content
  let prev = NL; // the last character that is not a space (across lines in flow; NL: a block line's start)
  const indents: number[] = [];
  const deepest = () => {
    const d = flow + indents.length + compact;
    if (d > max) {
      max = d;
      at = line;
    }
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === NL) {
      line++;
      comment = false;
      lineStart = true;
      indent = 0;
      compact = 0;
      continue;
    }
    if (comment) continue;
    if (quote) {
      lineStart = false;
      if (quote === Q2 && c === BACKSLASH) i++;
      else if (c === quote) {
        if (quote === Q1 && text.charCodeAt(i + 1) === Q1) i++;
        else {
          quote = 0;
          prev = c;
        }
      }
      continue;
    }
    if (c === SPACE || c === TAB || c === CR) {
      if (lineStart) indent++;
      continue;
    }
    if (lineStart) {
      lineStart = false;
      if (c === HASH) {
        comment = true;
        continue;
      }
      if (flow === 0) {
        // a new line of block content: its indentation is its depth, and a value may start here
        prev = NL;
        while (indents.length && indents[indents.length - 1] >= indent) indents.pop();
        indents.push(indent);
        nodes++;
        deepest();
      }
    }
    if (c === HASH && (text.charCodeAt(i - 1) === SPACE || text.charCodeAt(i - 1) === TAB)) {
      comment = true;
      continue;
    }
    const next = text.charCodeAt(i + 1);
    const spaced = next === SPACE || next === NL || next === TAB || next === CR || Number.isNaN(next);
    if (c === Q2 || c === Q1) {
      // a quoted scalar starts only where a value or key may start; elsewhere it is text of a plain scalar
      const starts = prev === NL ? flow === 0 : prev === OPEN_SQ || prev === OPEN_CU || prev === COMMA || prev === COLON || prev === QMARK || prev === DASH;
      if (starts) {
        quote = c;
        continue;
      }
    } else if (c === OPEN_SQ || c === OPEN_CU) {
      flow++;
      nodes++;
      deepest();
    } else if (c === CLOSE_SQ || c === CLOSE_CU) {
      if (flow > 0) flow--;
    } else if (c === COMMA) nodes++;
    else if ((c === DASH || c === QMARK) && spaced && flow === 0 && (prev === NL || prev === DASH || prev === QMARK)) {
      compact++;
      nodes++;
      deepest();
    } else if (c === COLON && spaced) nodes++;
    prev = c;
  }
  return { depth: max, nodes, line: at };
}
