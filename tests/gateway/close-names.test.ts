// Close names of a tool reference that matched none (get_tool_schema, call_tool), over the real
// tool names of the three reference servers (their documents in graphs/tools/): by edit distance,
// source-qualified or bare, a case-only difference first, a name holding the other after; bounded.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closeNames, MAX_CANDIDATES, MAX_NAME_LENGTH, type NamedTool } from '../../src/gateway/close-names.js';
import { REPO } from '../helpers/cli.js';

const TOOLS: NamedTool[] = ['everything', 'filesystem', 'memory'].flatMap((source) =>
  readdirSync(join(REPO, 'graphs', 'tools', source))
    .filter((f) => f.endsWith('.md') && !f.startsWith('_'))
    .map((f) => ({ source, name: f.slice(0, -3), id: `tool:${source}/${f.slice(0, -3)}` })),
);

describe('closeNames', () => {
  it('knows the 36 tools of the reference servers', () => {
    expect(TOOLS.length).toBe(36);
  });

  it.each([
    ['a qualified name one letter short', 'filesystem/read_fil', ['tool:filesystem/read_file']],
    ['a bare name one letter short', 'read_fil', ['tool:filesystem/read_file']],
    ['a singular for a plural', 'memory/delete_entity', ['tool:memory/delete_entities', 'tool:memory/delete_relations']],
    ['an id with a typo', 'tool:memory/delete_entity', ['tool:memory/delete_entities', 'tool:memory/delete_relations']],
    ['a case difference', 'memory/Delete_Entities', ['tool:memory/delete_entities', 'tool:memory/create_entities', 'tool:memory/delete_relations']],
    ['a bare case difference', 'READ_GRAPH', ['tool:memory/read_graph']],
    ['a misspelt source', 'filesytem/write_file', ['tool:filesystem/write_file', 'tool:filesystem/edit_file']],
    ['a short name for the source', 'fs/read_file', ['tool:filesystem/read_file']],
    ['the name under another source', 'memory/read_fil', ['tool:filesystem/read_file']],
    ['a part of a name', 'write', ['tool:filesystem/write_file']],
    ['an underscore for a hyphen', 'get_sum', ['tool:everything/get-sum']],
    ['nothing close', 'launch_rocket', []],
  ])('%s: %s', (_, ref, expected) => {
    expect(closeNames(ref, TOOLS, 3)).toEqual(expected);
  });

  it('bounds the work: a name is cut at MAX_NAME_LENGTH, and only the first MAX_CANDIDATES tools are compared', () => {
    expect(closeNames(`memory/${'x'.repeat(100_000)}`, TOOLS)).toEqual([]);
    // What follows the cut is never read: two names that differ only past it get the same answer.
    const near = `filesystem/read_fil${'_'.repeat(MAX_NAME_LENGTH)}`;
    expect(closeNames(`${near}${'a'.repeat(100_000)}`, TOOLS)).toEqual(closeNames(`${near}${'b'.repeat(100_000)}`, TOOLS));
    expect(closeNames(`${near}${'a'.repeat(100_000)}`, TOOLS)).toEqual(closeNames(near.slice(0, MAX_NAME_LENGTH), TOOLS));
    const many = Array.from({ length: MAX_CANDIDATES + 10 }, (_, i) => ({ source: 's', name: `tool_${i}`, id: `tool:s/tool_${i}` }));
    expect(closeNames(`s/tool_${MAX_CANDIDATES + 5}x`, many, 1)).not.toEqual([`tool:s/tool_${MAX_CANDIDATES + 5}`]);
    expect(closeNames('s/tool_17x', many, 1)).toEqual(['tool:s/tool_17']);
  });
});
