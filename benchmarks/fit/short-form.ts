// Short negatives for the calibration fits (calibration-stage.ts, vector-calibration.ts): a
// request cut to its object noun, searched in a foreign catalog, is a short request no tool there
// answers, the kind whose one word a tool happens to use ("time" of "what time is it").
import { requestObject } from '../../src/search/request/request-object.js';
import { terms, tokenize } from '../../src/search/text/tokenize.js';

/** The word of a request that is its object noun (request-object.ts), as written; none without one. */
export function shortForm(request: string): string | undefined {
  const object = requestObject(request);
  if (object === undefined) return undefined;
  return tokenize(request).find((t) => t.kind === 'word' && terms(t.surface)[0] === object)?.surface;
}
