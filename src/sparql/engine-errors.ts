// Engine errors as users read them: one line, coded, naming the endpoint or function at fault and
// never the engine's internals (actor names, bus dumps, a remote server's body over many lines).
// run-here.ts maps every error of an evaluation through here; the worker pool maps the rest.

/** Longest engine message kept (after the rewrite below), in characters. */
export const MAX_ENGINE_MESSAGE = 300;

/** Known engine messages and the sentence a user gets instead. */
const KNOWN: Array<[RegExp, (m: RegExpMatchArray) => string]> = [
  [/(?:Could not retrieve|Invalid SPARQL endpoint response from) (\S+) \(HTTP status (\d+)\)/, (m) => `the SPARQL endpoint ${m[1]} answered HTTP ${m[2]}`],
  [/Missing context link header for media type (\S+) on (\S+)/, (m) => `the SPARQL endpoint ${m[2]} answered with ${m[1]}, not SPARQL results`],
  [/Unknown SPARQL results content type: (\S+)/, (m) => `a SPARQL endpoint answered with ${m[1]}, not SPARQL results`],
  [/Multiple JSON-LD context link headers were found on (\S+)/, (m) => `the SPARQL endpoint ${m[1]} answered with JSON-LD, not SPARQL results`],
  [/evaluate function (\S+)/, (m) => `unknown function <${m[1]}>: only SPARQL 1.1 built-in functions are evaluated`],
  [/^fetch failed$/, () => 'a SPARQL endpoint could not be reached'],
];

/** Text no user needs: where the engine starts listing its actors. */
const INTERNALS = /\s*(?:Error messages of failing actors|Actor urn:comunica|urn:comunica:)[\s\S]*$/;

/** One line, control characters (a remote body's newlines and escapes) as spaces, capped. */
export function oneLine(text: string, max = MAX_ENGINE_MESSAGE): string {
  const flat = text
    .replace(/\\[nrt]/g, ' ')
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/** What an engine error says, for a user: `SPARQL evaluation failed: <one clear line>`. */
export function engineMessage(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  for (const [pattern, say] of KNOWN) {
    const m = raw.match(pattern);
    if (m !== null) return `SPARQL evaluation failed: ${oneLine(say(m))}`;
  }
  const text = oneLine(raw.replace(INTERNALS, '').replace(/:\s*$/, ''));
  return `SPARQL evaluation failed: ${text === '' ? 'the engine gave no reason' : text}`;
}
