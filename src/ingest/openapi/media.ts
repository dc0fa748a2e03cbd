import { isObject, type Json } from './json.js';

/**
 * Picks the media type of a `content` map (3.x request bodies and responses): `application/json`,
 * then `application/*+json` (`application/merge-patch+json`, …), then the wildcard (star slash star),
 * then the first listed.
 * Media type parameters are ignored when comparing (`application/json; charset=utf-8` counts as
 * `application/json`); within one rank, a key without parameters wins, then the first listed.
 */
export function chooseMediaType(content: Json): [mediaType: string, value: Json] | undefined {
  return lowestRank(
    Object.entries(content).filter((e): e is [string, Json] => isObject(e[1])),
    mediaRank,
  );
}

/** The entry whose key ranks lowest; the first listed on a tie; none for an empty list. */
function lowestRank<V>(entries: readonly [string, V][], rank: (key: string) => number): [string, V] | undefined {
  let best: [string, V] | undefined;
  let bestRank = Number.POSITIVE_INFINITY;
  for (const entry of entries) {
    const r = rank(entry[0]);
    if (r < bestRank) {
      best = entry;
      bestRank = r;
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
  return lowestRank<unknown>(Object.entries(responses), statusRank);
}

function statusRank(status: string): number {
  if (/^2\d\d$/.test(status)) return Number(status);
  if (/^2xx$/i.test(status)) return 300;
  if (status === 'default') return 400;
  return Number.POSITIVE_INFINITY;
}
