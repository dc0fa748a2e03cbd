// `mdkg view` arguments: usage errors exit 2 with their reason, before any graph is loaded.
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

describe('mdkg view arguments', () => {
  it.each([
    [['--port', 'abc'], "--port must be an integer from 0 to 65535, got 'abc'"],
    [['--port', '65536'], "--port must be an integer from 0 to 65535, got '65536'"],
    [['--port=-1'], "--port must be an integer from 0 to 65535, got '-1'"],
    [['--static', ' '], '--static needs a folder'],
    [['--static', 'site', '--port', '8080'], '--static writes files: it takes neither --port nor --open'],
    [['--static', 'site', '--open'], '--static writes files: it takes neither --port nor --open'],
  ])('mdkg view %j', async (args, message) => {
    const r = await runCli(['view', ...args], await tempDir());
    expect([r.code, r.stdout, r.stderr.split('\n')[0]]).toEqual([2, '', `mdkg view: MDKG_USAGE ${message}`]);
  });
});
