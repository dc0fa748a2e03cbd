/**
 * SPARQL lets a prefixed name escape characters in its local part (`tool:fs\/read_file` is
 * `<https://w3id.org/mdkg/tool/fs/read_file>`). Comunica 5's parser keeps the backslash in the
 * IRI, so such names are rewritten to full IRIs before the query reaches the engine.
 */

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

/** Rewrites every prefixed name with a `\`-escape into `<full IRI>`; other text is unchanged. */
export function expandEscapedNames(query: string, prefixes: Readonly<Record<string, string>>): string {
  if (!query.includes('\\')) return query;
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
        const ns = prefixes[m[1] ?? ''];
        const local = m[2] ?? '';
        if (local.includes('\\') && ns !== undefined) {
          out += `<${ns}${local.replace(/\\(.)/g, '$1')}>`;
          i = end;
          continue;
        }
      }
    }
    out += query.slice(i, end);
    i = end;
  }
  return out;
}
