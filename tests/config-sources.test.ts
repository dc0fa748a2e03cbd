import { describe, expect, it } from 'vitest';
import { validateConfig } from '../src/config.js';

describe('config: servers, sources, hints', () => {
  it('accepts the documented shape', () => {
    const config = {
      servers: {
        memory: { command: 'node', args: ['server.js'], env: { A: '1' }, timeout_ms: 5000, description: 'my memory: people and projects' },
        remote: { url: 'http://127.0.0.1:8931/mcp', headers: { Authorization: 'x' }, description: 'the team wiki' },
      },
      sources: { petstore: { openapi: 'specs/petstore.yaml', description: 'the pet shop' }, fs: { mcp_tools: 'tools/filesystem.json' } },
      hints: { 'petstore/findPetsByStatus': { aliases: ['pets by status'], keywords: ['availability'] } },
      tools_out: 'graphs/tools',
    };
    expect(validateConfig(config, 'c.yaml')).toEqual(config);
  });

  it.each([
    [
      { servers: { 'a/b': { command: 'x' } } },
      "c.yaml: 'servers.a/b': a source id is letters, digits, '.', '_' and '-' (it names a folder and an IRI segment)",
    ],
    [{ servers: { m: { args: ['x'] } } }, "c.yaml: 'servers.m' needs a 'command' (stdio) or a 'url' (Streamable HTTP)"],
    [{ servers: { m: { url: 'file:///x' } } }, "c.yaml: 'servers.m.url' must be an http(s) URL"],
    [{ servers: { m: { command: 'x', shell: true } } }, "c.yaml: unknown key 'servers.m.shell'"],
    [{ servers: { m: { command: 'x', args: 'a b' } } }, "c.yaml: 'servers.m.args' must be a list of strings"],
    [{ servers: { m: { command: 'x', timeout_ms: 0 } } }, "c.yaml: 'servers.m.timeout_ms' must be a positive integer"],
    [{ sources: { p: { openapi: 'a', mcp_tools: 'b' } } }, "c.yaml: 'sources.p' needs exactly one of 'openapi: <file>' or 'mcp_tools: <file>'"],
    [{ sources: { p: { graphql: 'a' } } }, "c.yaml: unknown key 'sources.p.graphql'"],
    [{ sources: { p: { description: 'the pet shop' } } }, "c.yaml: 'sources.p' needs exactly one of 'openapi: <file>' or 'mcp_tools: <file>'"],
    [{ sources: { p: { openapi: 'a', description: 3 } } }, "c.yaml: 'sources.p.description' must be a non-empty string"],
    [{ servers: { m: { command: 'x', description: ' ' } } }, "c.yaml: 'servers.m.description' must be a non-empty string"],
    [{ servers: { m: { url: 'http://h/mcp', description: ['a'] } } }, "c.yaml: 'servers.m.description' must be a non-empty string"],
    [{ servers: { m: { command: 'x', description: 'x'.repeat(4097) } } }, "c.yaml: 'servers.m.description' is 4097 characters, over the 4096 allowed"],
    [{ hints: { nosource: { aliases: ['x'] } } }, "c.yaml: 'hints.nosource': the key must be '<source>/<tool name>'"],
    [{ hints: { 'p/t': { aliases: 'x' } } }, "c.yaml: 'hints.p/t.aliases' must be a list of strings"],
    [{ servers: { p: { command: 'x' } }, sources: { p: { openapi: 'a' } } }, "c.yaml: source id 'p' is used by both a server and a source file"],
  ])('refuses %j', (value, message) => {
    expect(() => validateConfig(value, 'c.yaml')).toThrow(message);
  });
});
