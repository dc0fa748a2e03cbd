/**
 * SPARQL lets a prefixed name escape characters in its local part (`tool:fs\/read_file` is
 * `<https://w3id.org/mdkg/tool/fs/read_file>`). Comunica 5's parser keeps the backslash in the
 * IRI, so such names are rewritten to full IRIs before the query reaches the engine.
 */
import { own } from '../util/own.js';

const NAME_CHAR = /[\w\-.:\u00B7\u00C0-\uFFFF]/;
// PN_PREFIX? ':' PN_LOCAL, where PN_LOCAL may hold %XX and \-escapes and no trailing dot.
const PNAME_LN =
  /([A-Za-z\u00C0-\uFFFF](?:[\w.\-\u00B7\u00C0-\uFFFF]*[\w\-\u00B7\u00C0-\uFFFF])?)?:((?:[\w:\-\u00B7\u00C0-\uFFFF]|%[0-9A-Fa-f]{2}|\\[_~.\-!$&'()*+,;=/?#@%]|\.(?=[\w:\-\u00B7\u00C0-\uFFFF%\\.]))+)/y;
const IRIREF = /<[^<>"{}|^`\\\u0000-\u0020]*>/y;

/** End of the string literal starting at `i` (any of the four quote forms). */
function stringEnd(text: string, i: number): number {
  const quote = text[i] ?? '"';
  const long = text.startsWith(quote.repeat(3), i);
  const close = long ? quote.repeat(3) : quote;
  let j = i + close.length;
  while (j < text.length) {
    if (text[j] === '\\') j += 2;
    else if (text.startsWith(close, j)) return j + close.length;
    else if (!long && (text[j] === '\n' || text[j] === '\r')) return j;
    else j += 1;
  }
  return text.length;
}

/**
 * Copies a query, skipping comments, strings and IRIs, and lets `rewrite` replace each prefixed
 * name (`m` is its PNAME_LN match, `end` where it stops). `rewrite` returns the replacement and
 * where copying resumes, or undefined to keep the name as it is.
 */
function rewriteNames(query: string, rewrite: (m: RegExpExecArray, end: number) => { text: string; end: number } | undefined): string {
  let out = '';
  let i = 0;
  while (i < query.length) {
    const c = query[i] ?? '';
    let end = i + 1;
    if (c === '#') {
      end = query.slice(i).search(/[\n\r]/);
      end = end < 0 ? query.length : i + end;
    } else if (c === '"' || c === "'") {
      end = stringEnd(query, i);
    } else if (c === '<') {
      IRIREF.lastIndex = i;
      if (IRIREF.exec(query) !== null) end = IRIREF.lastIndex;
    } else if (!NAME_CHAR.test(query[i - 1] ?? ' ')) {
      PNAME_LN.lastIndex = i;
      const m = PNAME_LN.exec(query);
      if (m !== null) {
        end = PNAME_LN.lastIndex;
        const replaced = rewrite(m, end);
        if (replaced !== undefined) {
          out += replaced.text;
          i = replaced.end;
          continue;
        }
      }
    }
    out += query.slice(i, end);
    i = end;
  }
  return out;
}

/** Rewrites every prefixed name with a `\`-escape into `<full IRI>`; other text is unchanged. */
export function expandEscapedNames(query: string, prefixes: Readonly<Record<string, string>>): string {
  if (!query.includes('\\')) return query;
  return rewriteNames(query, (m, end) => {
    const ns = own(prefixes, m[1] ?? '');
    const local = m[2] ?? '';
    return local.includes('\\') && ns !== undefined ? { text: `<${ns}${local.replace(/\\(.)/g, '$1')}>`, end } : undefined;
  });
}

/** What may follow a `/` when it is the property-path operator rather than part of a name. */
const PATH_STEP = /^(?:[A-Za-z\u00C0-\uFFFF][\w.\-\u00B7\u00C0-\uFFFF]*:|:|[\^(<!?$]|a\b)/;
const LOCAL_TAIL = /[\w\-\u00B7\u00C0-\uFFFF]+(?:[\w.\-\u00B7\u00C0-\uFFFF]*[\w\-\u00B7\u00C0-\uFFFF])?/y;

/**
 * mdkg ids read like `tool:petstore/getPetById`, which SPARQL only accepts as
 * `tool:petstore\\/getPetById`. This escapes such slashes inside prefixed names so both forms
 * work. A `/` followed by a prefixed name, `:`, `^`, `(`, `<`, `!`, a variable or `a` stays the
 * property-path operator (`schema:knows/schema:name`).
 */
export function escapeSlashesInNames(query: string): string {
  if (!query.includes('/')) return query;
  return rewriteNames(query, (m, start) => {
    let name = m[0];
    let end = start;
    while (query[end] === '/' && !PATH_STEP.test(query.slice(end + 1, end + 80))) {
      LOCAL_TAIL.lastIndex = end + 1;
      const tail = LOCAL_TAIL.exec(query);
      if (tail === null) break;
      name += `\\/${tail[0]}`;
      end = LOCAL_TAIL.lastIndex;
    }
    return { text: name, end };
  });
}
