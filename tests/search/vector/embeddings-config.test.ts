import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../../src/config.js';
import { makeProvider } from '../../../src/search/vector/providers.js';
import { OpenAiCompatibleProvider } from '../../../src/search/vector/openai-compatible.js';
import { UseLiteProvider } from '../../../src/search/vector/use-lite.js';

const REMOTE = { provider: 'openai-compatible', base_url: 'http://127.0.0.1:11434', model: 'nomic-embed-text', dimensions: 768 };

describe('embeddings config', () => {
  it.each([
    ['not a mapping', 'use-lite', "x.yaml: 'embeddings' must be a mapping"],
    ['no provider', {}, "x.yaml: 'embeddings.provider' must be one of use-lite, openai-compatible, static"],
    ['an unknown provider', { provider: 'magic' }, "'embeddings.provider' must be one of use-lite, openai-compatible, static"],
    ['a static model without a path', { provider: 'static' }, "'embeddings.path' must name the static model's folder"],
    ['a path for use-lite', { provider: 'use-lite', path: 'm' }, "'embeddings.path' is for provider static, not use-lite"],
    ['a remote key for static', { provider: 'static', path: 'm', base_url: 'http://x' }, "'embeddings.base_url' is for provider openai-compatible, not static"],
    ['a typo', { provider: 'use-lite', stratgy: 'auto' }, "unknown key 'embeddings.stratgy' (did you mean 'embeddings.strategy'?)"],
    ['a lexical ablation as strategy', { provider: 'use-lite', strategy: 'bm25' }, "'embeddings.strategy' must be lexical, vector, hybrid or auto"],
    ['a remote key for use-lite', { provider: 'use-lite', model: 'x' }, "'embeddings.model' is for provider openai-compatible, not use-lite"],
    ['no base URL', { ...REMOTE, base_url: undefined }, "'embeddings.base_url' must be an http(s) URL without credentials"],
    ['credentials in the URL', { ...REMOTE, base_url: 'http://me:pw@host' }, "'embeddings.base_url' must be an http(s) URL without credentials"],
    ['no model', { ...REMOTE, model: '' }, "'embeddings.model' must name the server's model"],
    ['no dimensions', { ...REMOTE, dimensions: undefined }, "'embeddings.dimensions' is required for openai-compatible"],
    ['fractional dimensions', { ...REMOTE, dimensions: 1.5 }, "'embeddings.dimensions' must be an integer of at least 1"],
    ['negative retries', { ...REMOTE, retries: -1 }, "'embeddings.retries' must be an integer of at least 0"],
    ['a zero timeout', { ...REMOTE, timeout_ms: 0 }, "'embeddings.timeout_ms' must be an integer of at least 1"],
    ['a bad key variable', { ...REMOTE, api_key_env: 'not a name' }, "'embeddings.api_key_env' must be the name of an environment variable"],
  ])('refuses %s', (_name, embeddings, message) => {
    expect(() => validateConfig({ embeddings: JSON.parse(JSON.stringify(embeddings)) as unknown }, 'x.yaml')).toThrow(message);
  });

  it.each([
    { provider: 'use-lite' },
    { provider: 'use-lite', strategy: 'hybrid', timeout_ms: 100 },
    { ...REMOTE, api_key_env: 'EMBED_KEY', retries: 0, batch_size: 8 },
  ])('accepts %j', (embeddings) => {
    expect(validateConfig({ embeddings }, 'x.yaml')).toEqual({ embeddings });
  });

  it('makes the provider the config names, use-lite by default', async () => {
    expect((await makeProvider(undefined)).provider).toBeInstanceOf(UseLiteProvider);
    expect((await makeProvider({ provider: 'use-lite' })).provider).toBeInstanceOf(UseLiteProvider);
    const remote = (await makeProvider({ ...REMOTE, provider: 'openai-compatible', api_key_env: 'EMBED_KEY' }, { EMBED_KEY: 'k' })).provider;
    expect(remote).toBeInstanceOf(OpenAiCompatibleProvider);
    expect(remote?.dimensions).toBe(768);
  });

  it('turns vectors off, with a diagnostic, when the key variable is not set or the static model is missing', async () => {
    const missing = await makeProvider({ provider: 'static', path: 'no-such-model' }, {}, '/nonexistent');
    expect(missing.diagnostic).toMatchObject({ code: 'MDKG_EMBEDDINGS_UNAVAILABLE', severity: 'warning' });
    expect(missing.diagnostic?.message).toContain('the static model in /nonexistent/no-such-model cannot be used');
    expect(await makeProvider({ ...REMOTE, provider: 'openai-compatible', api_key_env: 'EMBED_KEY' }, {})).toEqual({
      diagnostic: {
        code: 'MDKG_EMBEDDINGS_UNAVAILABLE',
        severity: 'warning',
        message: 'embeddings.api_key_env names EMBED_KEY, which is not set; vectors are off',
      },
    });
  });
});
