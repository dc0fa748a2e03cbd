import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, validateConfig } from '../src/config.js';
import { tempDir } from './helpers/temp-dir.js';

describe('config', () => {
  it.each([
    ['not a mapping', [1, 2], 'x.yaml: the config must be a mapping'],
    ['an unknown key', { graph: 'g' }, "x.yaml: unknown key 'graph' (did you mean 'graphs'?)"],
    ['graphs not a string', { graphs: 3 }, "x.yaml: 'graphs' must be a folder path"],
    ['an unknown sparql key', { sparql: { timeout: 3 } }, "x.yaml: unknown key 'sparql.timeout' (did you mean 'sparql.timeout_ms'?)"],
    ['a non-http service', { sparql: { allow_services: ['file:///etc/passwd'] } }, "x.yaml: 'sparql.allow_services' must be a list of http(s) endpoint IRIs"],
    ['a negative timeout', { sparql: { timeout_ms: -1 } }, "x.yaml: 'sparql.timeout_ms' must be a positive integer"],
    ['a fractional limit', { sparql: { limit: 1.5 } }, "x.yaml: 'sparql.limit' must be a positive integer"],
    ...[0, -0.5, 1.01, '0.5', null, Number.NaN].map((share): [string, unknown, string] => [
      `a long query share of ${String(share)}`,
      { sparql: { long_query_share: share } },
      "x.yaml: 'sparql.long_query_share' must be a number above 0 and at most 1",
    ]),
    ['learned not a mapping', { learned: 30 }, "x.yaml: 'learned' must be a mapping"],
    ['a TTL of 0 days', { learned: { ttl_days: 0 } }, "x.yaml: 'learned.ttl_days' must be an integer from 1 to 3650"],
    ['a fractional TTL', { learned: { ttl_days: 1.5 } }, "x.yaml: 'learned.ttl_days' must be an integer from 1 to 3650"],
    ['an unknown learned key', { learned: { ttl: 3 } }, "x.yaml: unknown key 'learned.ttl'"],
  ])('refuses %s', (_name, value, message) => {
    expect(() => validateConfig(value, 'x.yaml')).toThrow(message);
  });

  // Typos get a did-you-mean, like unknown SPARQL terms; a key close to nothing gets none.
  it.each([
    [{ server: {} }, "unknown key 'server' (did you mean 'serve' or 'servers'?)"],
    [{ Servers: {} }, "unknown key 'Servers' (did you mean 'servers'?)"],
    [{ sevrers: {} }, "unknown key 'sevrers' (did you mean 'servers'?)"],
    [{ source: {} }, "unknown key 'source' (did you mean 'sources'?)"],
    [{ tools_dir: 'x' }, "unknown key 'tools_dir' (did you mean 'tools_out'?)"],
    [{ hint: {} }, "unknown key 'hint' (did you mean 'hints'?)"],
    [{ serach: {} }, "unknown key 'serach' (did you mean 'search'?)"],
    [{ sparql: { allow_service: [] } }, "unknown key 'sparql.allow_service' (did you mean 'sparql.allow_services'?)"],
    [{ sparql: { limt: 3 } }, "unknown key 'sparql.limt' (did you mean 'sparql.limit'?)"],
    [{ search: { weight: {} } }, "unknown key 'search.weight' (did you mean 'search.weights'?)"],
    [{ search: { zzz: {} } }, "unknown key 'search.zzz' (known: fields, weights, thesaurus)"],
    [{ servers: { a: { comand: 'x' } } }, "unknown key 'servers.a.comand' (did you mean 'servers.a.command'?)"],
    [{ completely_different: 1 }, "x.yaml: unknown key 'completely_different'"],
    [{ constructor: 1 }, "x.yaml: unknown key 'constructor'"],
  ])('suggests the key meant for %j', (value, message) => {
    expect(() => validateConfig(value, 'x.yaml')).toThrow(message);
  });

  it('accepts a full config and an empty one', () => {
    const full = { graphs: 'kg', sparql: { allow_services: ['http://127.0.0.1:1/sparql'], timeout_ms: 5, limit: 7, long_query_share: 0.5 } };
    expect(validateConfig(full, 'x.yaml')).toEqual(full);
    expect(validateConfig(null, 'x.yaml')).toEqual({});
  });

  it('finds mdkg.config.yaml, reads JSON, and reports unreadable files with a code', async () => {
    const dir = await tempDir({
      'mdkg.config.yaml': 'graphs: kg\n',
      'other.json': '{"graphs": "g2"}',
      'bad.yaml': 'a: [\n',
      'bomb.yaml': 'a: &a [1,1,1,1,1,1,1,1]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b]\nd: [*c,*c,*c,*c,*c,*c,*c,*c]\n',
    });
    expect(await loadConfig(dir)).toEqual({ config: { graphs: 'kg' }, file: join(dir, 'mdkg.config.yaml'), dir });
    expect((await loadConfig(dir, 'other.json')).config).toEqual({ graphs: 'g2' });
    await expect(loadConfig(dir, 'bad.yaml')).rejects.toMatchObject({ code: 'MDKG_CONFIG_INVALID' });
    await expect(loadConfig(dir, 'bomb.yaml')).rejects.toMatchObject({ code: 'MDKG_CONFIG_INVALID' });
    await expect(loadConfig(dir, 'missing.yaml')).rejects.toMatchObject({ code: 'MDKG_CONFIG_INVALID' });
    expect(await loadConfig(join(dir, 'nowhere-else'))).toEqual({ config: {}, dir: join(dir, 'nowhere-else') });
  });
});
