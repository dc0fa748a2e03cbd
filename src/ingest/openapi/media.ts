import { isObject, type Json } from './json.js';

/**
 * Picks the media type of a `content` map (3.x request bodies and responses): `application/json`,
 * then `application/*+json` (`application/merge-patch+json`, …), then the wildcard (star slash star),
 * then the first listed.
 * Media type parameters are ignored when comparing (`application/json; charset=utf-8` counts as
 * `application/json`); within one rank, a key without parameters wins, then the first listed.
 */
export function chooseMediaType(content: Json): [mediaType: string, value: Json] | undefined {
  let best: [string, Json] | undefined;
  let bestRank = Number.POSITIVE_INFINITY;
  for (const [key, value] of Object.entries(content)) {
    if (!isObject(value)) continue;
    const rank = mediaRank(key);
    if (rank < bestRank) {
      best = [key, value];
      bestRank = rank;
    }
  }
  return best;
}

function mediaRank(key: string): number {
  const base = key.split(';')[0]?.trim().toLowerCase() ?? '';
  const withParameters = key.includes(';') ? 1 : 0;
  if (base === 'application/json') return withParameters;
  if (base.startsWith('application/') && base.endsWith('+json')) return 2 + withParameters;
  if (base === '*/*') return 4 + withParameters;
  return 6;
}

/**
 * Picks the response an operation's output is read from: the lowest 2xx status (`200` before `201`,
 * an exact code before a `2XX` range), or `default` when there is no 2xx one.
 */
export function chooseResponse(responses: Json): [status: string, value: unknown] | undefined {
  let best: [string, unknown] | undefined;
  let bestRank = Number.POSITIVE_INFINITY;
  for (const [status, value] of Object.entries(responses)) {
    const rank = statusRank(status);
    if (rank < bestRank) {
      best = [status, value];
      bestRank = rank;
    }
  }
  return best;
}

function statusRank(status: string): number {
  if (/^2\d\d$/.test(status)) return Number(status);
  if (/^2xx$/i.test(status)) return 300;
  if (status === 'default') return 400;
  return Number.POSITIVE_INFINITY;
}
