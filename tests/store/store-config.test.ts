import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config.js';
import { resolveStore, storeUrl } from '../../src/store/store-config.js';

describe('storeUrl', () => {
  it.each([
    ['http://127.0.0.1:8890/sparql', 'http://127.0.0.1:8890/sparql'],
    ['HTTPS://Example.org:443/sparql', 'https://example.org/sparql'],
    [' http://h/sparql?x=1 ', 'http://h/sparql?x=1'],
    ['ftp://h/sparql', undefined],
    ['file:///etc/passwd', undefined],
    ['javascript:alert(1)', undefined],
    ['http://user:pw@h/sparql', undefined],
    ['http://h/sparql#frag', undefined],
    ['/sparql', undefined],
    ['', undefined],
  ])('%j → %j', (text, expected) => {
    expect(storeUrl(text)).toBe(expected);
  });
});

describe('the store: section', () => {
  it.each([
    [{ query_url: 'http://h/sparql' }, undefined],
    [{ query_url: 'http://h/sparql', graph_store_url: 'http://h/gsp', concurrency: 8, timeout_ms: 1000, max_response_bytes: 2048 }, undefined],
    [{ query_url: 'http://h/sparql', auth: { scheme: 'digest', user_env: 'U', password_env: 'P' } }, undefined],
    [{ query_url: 'http://h/sparql', auth: { scheme: 'bearer', token_env: 'T' } }, undefined],
    ['http://h/sparql', "'store' must be a mapping"],
    [{}, "'store.query_url' must be an absolute http(s) URL"],
    [{ query_url: 'ftp://h/sparql' }, "'store.query_url' must be an absolute http(s) URL"],
    [{ query_url: 'http://u:p@h/sparql' }, "'store.query_url' must be an absolute http(s) URL"],
    [{ query_url: 'http://h/sparql', graph_store_url: 5 }, "'store.graph_store_url' must be an absolute http(s) URL"],
    [{ query_url: 'http://h/sparql', querry_url: 'x' }, "unknown key 'store.querry_url' (did you mean 'store.query_url'?)"],
    [{ query_url: 'http://h/sparql', concurrency: 0 }, "'store.concurrency' must be an integer from 1 to 64"],
    [{ query_url: 'http://h/sparql', concurrency: 65 }, "'store.concurrency' must be an integer from 1 to 64"],
    [{ query_url: 'http://h/sparql', timeout_ms: 1.5 }, "'store.timeout_ms' must be an integer"],
    [{ query_url: 'http://h/sparql', auth: 'dba:dba' }, "'store.auth' must be a mapping"],
    [{ query_url: 'http://h/sparql', auth: { scheme: 'ntlm' } }, "'store.auth.scheme' must be digest, basic or bearer"],
    [{ query_url: 'http://h/sparql', auth: { scheme: 'digest', user_env: 'U' } }, "'store.auth.password_env' is required with scheme digest"],
    [{ query_url: 'http://h/sparql', auth: { scheme: 'bearer', token_env: 'T', user_env: 'U' } }, "'store.auth.user_env' does not go with scheme bearer"],
    [
      { query_url: 'http://h/sparql', auth: { scheme: 'basic', user_env: 'U', password_env: 'not a name' } },
      "'store.auth.password_env' must name an environment variable",
    ],
    [{ query_url: 'http://h/sparql', auth: { scheme: 'basic', user_env: 'U', password_env: 'P', password: 'x' } }, "unknown key 'store.auth.password'"],
  ])('%j', (store, error) => {
    const check = (): unknown => validateConfig({ store }, 'mdkg.config.yaml');
    if (error === undefined) expect(check()).toEqual({ store });
    else expect(check).toThrow(expect.objectContaining({ code: 'MDKG_CONFIG_INVALID', message: expect.stringContaining(error) }));
  });
});

describe('resolveStore', () => {
  it('takes --endpoint over store.query_url, defaults the Graph Store URL to Virtuoso’s, and reads secrets from the environment', () => {
    const config = { query_url: 'http://a/sparql', auth: { scheme: 'digest' as const, user_env: 'U', password_env: 'P' } };
    expect(resolveStore(config, 'http://b:8890/sparql', { U: 'mdkg', P: 'pw' })).toEqual({
      queryUrl: 'http://b:8890/sparql',
      graphStoreUrl: 'http://b:8890/sparql-graph-crud-auth',
      auth: { scheme: 'digest', user: 'mdkg', password: 'pw' },
      concurrency: 4,
      timeoutMs: 60_000,
      maxBytes: 64 * 1024 * 1024,
    });
    expect(resolveStore(undefined, undefined, {})).toBeUndefined();
    expect(resolveStore({ query_url: 'http://a/sparql', auth: { scheme: 'bearer', token_env: 'T' } }, undefined, { T: 't' })?.auth).toEqual({
      scheme: 'bearer',
      token: 't',
    });
  });

  it.each([
    [undefined, 'file:///etc/passwd', {}, 'MDKG_USAGE'],
    [undefined, 'http://u:p@h/sparql', {}, 'MDKG_USAGE'],
    [{ query_url: 'http://a/sparql', auth: { scheme: 'digest' as const, user_env: 'U', password_env: 'P' } }, undefined, { U: 'x' }, 'MDKG_STORE_AUTH'],
    [{ query_url: 'http://a/sparql', auth: { scheme: 'bearer' as const, token_env: 'T' } }, undefined, { T: '' }, 'MDKG_STORE_AUTH'],
  ])('refuses %j %j', (config, endpoint, env, code) => {
    expect(() => resolveStore(config, endpoint, env)).toThrow(expect.objectContaining({ code }));
  });
});
