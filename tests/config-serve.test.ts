// The `serve` section: expose (meta-tool names, with a did-you-mean), allow and deny globs over
// <source>/<tool>, and profiles (each with its own token variable); and what a profile hides.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { EXPOSABLE_TOOLS } from '../src/config-serve.js';
import { validateConfig } from '../src/config.js';
import { CODE_TOOLS, REINDEX_TOOL } from '../src/gateway/code-tools.js';
import { META_TOOLS } from '../src/gateway/meta-tools.js';
import { globRegExp, profileOf, profileTokens } from '../src/gateway/profiles.js';

describe('serve config', () => {
  it.each([
    ['an unknown meta-tool', { expose: ['search_tool'] }, "x.yaml: 'serve.expose' names no meta-tool 'search_tool' (did you mean 'search_tools'?)"],
    ['a meta-tool close to nothing', { expose: ['launch'] }, "x.yaml: 'serve.expose' names no meta-tool 'launch' (known: search_tools, get_tool_schema,"],
    ['an empty expose', { expose: [] }, "x.yaml: 'serve.expose' must be a list of meta-tool names"],
    ['a glob without a source', { deny: ['delete_*'] }, "x.yaml: 'serve.deny' entry 'delete_*' must be a glob over <source>/<tool> (e.g. \"delete_*/*\")"],
    ['allow not a list', { allow: 'memory/*' }, "x.yaml: 'serve.allow' must be a list of globs over <source>/<tool>"],
    ['an unknown serve key', { profile: {} }, "x.yaml: unknown key 'serve.profile' (did you mean 'serve.profiles'?)"],
    ['confirm not a boolean', { confirm_destructive: 'yes' }, "x.yaml: 'serve.confirm_destructive' must be true or false"],
    ['a profile without a token', { profiles: { core: { expose: ['call_tool'] } } }, "x.yaml: 'serve.profiles.core.token_env' is required"],
    [
      'an unknown profile key',
      { profiles: { core: { token_env: 'A', exposes: [] } } },
      "x.yaml: unknown key 'serve.profiles.core.exposes' (did you mean 'serve.profiles.core.expose'?)",
    ],
    [
      'a profile meta-tool typo',
      { profiles: { core: { token_env: 'A', expose: ['get_tool_schem'] } } },
      "'serve.profiles.core.expose' names no meta-tool 'get_tool_schem' (did you mean 'get_tool_schema'?)",
    ],
    ['a shared token', { token_env: 'A', profiles: { core: { token_env: 'A' } } }, "x.yaml: 'serve.profiles.core.token_env' is also the token of 'serve'"],
    ['a bad profile name', { profiles: { 'a b': { token_env: 'A' } } }, "x.yaml: 'serve.profiles.a b': a profile name is letters, digits"],
  ])('refuses %s', (_, serve, message) => {
    expect(() => validateConfig({ serve }, 'x.yaml')).toThrow(message);
  });

  it('accepts a full serve section', () => {
    const serve = {
      token_env: 'T',
      confirm_destructive: false,
      expose: ['search_tools', 'get_tool_schema', 'call_tool'],
      allow: ['filesystem/*', 'memory/*'],
      deny: ['*/delete_*'],
      profiles: { reader: { token_env: 'R', allow: ['memory/read_*'] } },
    };
    expect(validateConfig({ serve }, 'x.yaml')).toEqual({ serve });
  });

  it('the JSON Schema agrees: the full section passes, a wrong meta-tool, a glob without a source and a profile without a token do not', () => {
    const schema = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'schemas', 'config.schema.json'), 'utf8')) as object;
    const validate = new Ajv2020({ strict: false }).compile(schema);
    const serve = {
      token_env: 'T',
      confirm_destructive: false,
      expose: ['call_tool'],
      allow: ['memory/*'],
      deny: ['*/delete_*'],
      profiles: { r: { token_env: 'R' } },
    };
    const table: Array<[object, boolean]> = [
      [{ serve }, true],
      [{ serve: { expose: ['search_tool'] } }, false],
      [{ serve: { deny: ['delete_*'] } }, false],
      [{ serve: { profiles: { r: { expose: ['call_tool'] } } } }, false],
      [{ serve: { profiles: { r: { token_env: 'R', confirm_destructive: true } } } }, false],
    ];
    for (const [config, valid] of table) expect([config, validate(config)]).toEqual([config, valid]);
  });

  it('the JSON Schema and the validator accept the same full config: every serve key, and max_result_bytes and description on both kinds of server', () => {
    const schema = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'schemas', 'config.schema.json'), 'utf8')) as object;
    const validate = new Ajv2020({ strict: false }).compile(schema);
    const config = {
      servers: {
        a: { command: 'node', args: ['x.js'], timeout_ms: 1000, max_result_bytes: 1024, description: 'my notes' },
        b: { url: 'http://127.0.0.1:1/mcp', timeout_ms: 1000, max_result_bytes: 67108864, description: 'a remote one' },
      },
      serve: {
        token_env: 'T',
        confirm_destructive: true,
        normalize: false,
        expose: ['search_tools'],
        allow: ['a/*'],
        deny: ['*/delete_*'],
        profiles: { r: { token_env: 'R' } },
        max_sessions: 10,
        session_idle_ms: 60000,
      },
    };
    expect([validate(config), validate.errors ?? []]).toEqual([true, []]);
    expect(validateConfig(config, 'x.yaml')).toEqual(config);
  });

  it('can expose every meta-tool of the gateway, and only those', () => {
    expect([...EXPOSABLE_TOOLS].sort()).toEqual([...META_TOOLS, ...CODE_TOOLS, REINDEX_TOOL].map((t) => t.name).sort());
  });
});

describe('serve profiles', () => {
  it.each([
    ['memory/*', 'memory/delete_entities', true],
    ['memory/*', 'memorybank/x', false],
    ['*/delete_*', 'memory/delete_entities', true],
    ['*/delete_*', 'filesystem/read_file', false],
    ['*', 'github/repos/list', true],
    ['github/repos/*', 'github/repos/list', true],
    ['everything/get-?um', 'everything/get-sum', true],
    ['a.b/c', 'aXb/c', false],
    ['memory/(x)+', 'memory/(x)+', true],
    ['Memory/*', 'memory/read_graph', false],
  ])('glob %s on %s: %s', (glob, key, matches) => {
    expect(globRegExp(glob).test(key)).toBe(matches);
  });

  it('hides what deny names even when allow names it, and keeps the top level for keys a profile leaves out', () => {
    const config = validateConfig(
      {
        serve: {
          expose: ['search_tools', 'call_tool'],
          allow: ['filesystem/*', 'memory/*'],
          deny: ['*/delete_*'],
          profiles: { open: { token_env: 'OPEN', deny: [] }, reader: { token_env: 'READER', allow: ['memory/read_*'] } },
        },
      },
      'x.yaml',
    );
    const table: Array<[string | undefined, string, string, string | undefined]> = [
      [undefined, 'memory', 'read_graph', undefined],
      [undefined, 'memory', 'delete_entities', 'denied by serve profile "default" (deny: */delete_*)'],
      [undefined, 'everything', 'echo', 'not allowed by serve profile "default" (allow: filesystem/*, memory/*)'],
      ['open', 'memory', 'delete_entities', undefined],
      ['open', 'everything', 'echo', 'not allowed by serve profile "open" (allow: filesystem/*, memory/*)'],
      ['reader', 'memory', 'read_graph', undefined],
      ['reader', 'memory', 'create_entities', 'not allowed by serve profile "reader" (allow: memory/read_*)'],
      ['reader', 'memory', 'delete_entities', 'denied by serve profile "reader" (deny: */delete_*)'],
      ['nobody', 'memory', 'delete_entities', 'denied by serve profile "default" (deny: */delete_*)'],
    ];
    for (const [name, source, tool, why] of table)
      expect([name, source, tool, profileOf(config, name).denied(source, tool)]).toEqual([name, source, tool, why]);
    expect([...(profileOf(config, 'reader').expose ?? [])]).toEqual(['search_tools', 'call_tool']);
    expect(profileOf(config, 'reader')).toBe(profileOf(config, 'reader'));
  });

  it('reads each profile token from its variable, and names the profiles without one', () => {
    const config = validateConfig({ serve: { profiles: { a: { token_env: 'TA' }, b: { token_env: 'TB' }, c: { token_env: 'TC' } } } }, 'x.yaml');
    const { tokens, missing } = profileTokens(config, { TA: 'a-token-of-16-chars', TB: 'short' });
    expect([[...tokens], missing]).toEqual([[['a-token-of-16-chars', 'a']], ['b (TB)', 'c (TC)']]);
  });
});
