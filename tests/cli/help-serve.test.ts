// `mdkg help serve` names every meta-tool the gateway can list (a new meta-tool without a word in
// the help fails here), and the ways to set it up: mdkg init, MDKG_CONFIG, /health.
import { describe, expect, it } from 'vitest';
import { HELP } from '../../src/cli/help.js';
import { CODE_TOOLS, REINDEX_TOOL } from '../../src/gateway/code-tools.js';
import { META_TOOLS } from '../../src/gateway/meta-tools.js';

describe('mdkg help serve', () => {
  const text = HELP.serve ?? '';
  it.each([...META_TOOLS, ...CODE_TOOLS, REINDEX_TOOL].map((t) => t.name))('names the meta-tool %s', (name) => {
    expect(new RegExp(`\\b${name}\\b`).test(text)).toBe(true);
  });

  it.each(['mdkg init', 'MDKG_CONFIG', '/health', 'serve.expose', 'serve.profiles', 'confirm: true'])('says %s', (words) => {
    expect(text.includes(words)).toBe(true);
  });
});
