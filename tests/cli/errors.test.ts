import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { runCli, spawnCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

const TOOLS = fileURLToPath(new URL('../fixtures/bench/tiny/files.tools.json', import.meta.url));
const TINY = fileURLToPath(new URL('../fixtures/bench/tiny', import.meta.url));
const files = {
  'graphs/a.md': '---\nid: concept:a\ntype: Concept\ntitle: Alpha\n---\n',
  'q.rq': 'SELECT * WHERE { ?s ?p ?o }',
  'request.txt': 'read a file',
};

async function fixture(): Promise<string> {
  const dir = await tempDir(files);
  await mkdir(join(dir, 'folder'));
  return dir;
}

/** A coded failure on one line: no stack frame, no "unexpected error". */
function expectCoded(stderr: string, pattern: RegExp): void {
  expect(stderr).toMatch(pattern);
  expect(stderr).not.toMatch(/unexpected error|\n\s+at /);
}

describe('bad paths give coded errors, never a stack trace', () => {
  it.each([
    { argv: ['query', '--file', 'missing.rq'], code: 1, stderr: /^mdkg query: MDKG_NOT_FOUND .*missing\.rq: no such file or folder \(ENOENT, open\)\n$/ },
    { argv: ['query', '--file', 'folder'], code: 1, stderr: /^mdkg query: MDKG_FILE_READ folder: is a folder, not a file\n$/ },
    { argv: ['query', '--file', 'q.rq/x'], code: 1, stderr: /^mdkg query: MDKG_FILE_READ .*q\.rq\/x: a part of the path is not a folder \(ENOTDIR, open\)\n$/ },
    { argv: ['query', '--file', `${'n'.repeat(300)}.rq`], code: 1, stderr: /^mdkg query: MDKG_FILE_READ .*: file name too long \(ENAMETOOLONG, open\)\n$/ },
    { argv: ['query', '--file', 'nul\0.rq'], code: 2, stderr: /^mdkg query: MDKG_USAGE a path must not contain a NUL byte\n$/ },
    { argv: ['search', '--file', 'missing.txt'], code: 1, stderr: /^mdkg search: MDKG_NOT_FOUND .*missing\.txt: no such file or folder/ },
    { argv: ['search', '--file', 'folder'], code: 1, stderr: /^mdkg search: MDKG_FILE_READ folder: is a folder, not a file\n$/ },
    { argv: ['export', '--format', 'ttl', '--out', 'folder'], code: 1, stderr: /^mdkg export: MDKG_FILE_WRITE --out folder: is a folder; give a file path\n$/ },
    {
      argv: ['export', '--format', 'ttl', '--out', 'q.rq/out.ttl'],
      code: 1,
      stderr: /^mdkg export: MDKG_FILE_WRITE --out q\.rq\/out\.ttl: .*q\.rq is not a folder\n$/,
    },
    { argv: ['export', '--format', 'ttl', '--out', ''], code: 2, stderr: /^mdkg export: MDKG_USAGE --out needs a file path\n$/ },
    { argv: ['bench', TINY, '--json', 'folder'], code: 1, stderr: /^mdkg bench: MDKG_FILE_WRITE --json folder: is a folder; give a file path\n$/ },
    { argv: ['bench', TINY, '--svg', 'q.rq/chart.svg'], code: 1, stderr: /^mdkg bench: MDKG_FILE_WRITE --svg q\.rq\/chart\.svg: .*q\.rq is not a folder\n$/ },
    {
      argv: ['bench', 'q.rq'],
      code: 2,
      stderr: /^mdkg bench: skipping q\.rq: not a dataset folder \(not a folder\)\nmdkg bench: MDKG_USAGE no dataset folder among the arguments/,
    },
    {
      argv: ['generate', 'tools', TOOLS, '--source-id', 'files', '--out', 'q.rq'],
      code: 1,
      stderr: /^files: error MDKG_PATH_ESCAPE source "files" not written: .*q\.rq is not a folder: documents are never written through it\n/,
    },
    { argv: ['validate', 'q.rq/x'], code: 1, stderr: /^mdkg validate: MDKG_(FILE_READ|NOT_FOUND) / },
  ])('$argv exits $code', async ({ argv, code, stderr }) => {
    const r = await runCli(argv, await fixture());
    expect(r.code).toBe(code);
    expectCoded(r.stderr, stderr);
  });

  it('export --out <existing folder> as a binary: exit 1, one coded line (it printed a Node stack)', async () => {
    const dir = await fixture();
    const r = spawnCli(['export', '--format', 'ttl', '--out', 'folder', '--no-cache'], dir);
    expect(r).toEqual({ code: 1, stdout: '', stderr: 'mdkg export: MDKG_FILE_WRITE --out folder: is a folder; give a file path\n' });
  });
});

describe('an unexpected error (a bug)', () => {
  const failingIo = (debug: boolean) => {
    let stderr = '';
    const io = {
      stdout: () => {
        throw new TypeError('cannot write \u001b[2J here');
      },
      stderr: (t: string) => (stderr += t),
      cwd: '',
      isTTY: false,
      debug,
    };
    return { io, err: () => stderr };
  };

  it('is one line and a request to report it; no stack unless MDKG_DEBUG=1', async () => {
    const { io, err } = failingIo(false);
    io.cwd = await fixture();
    expect(await main(['schema', '--no-cache'], io)).toBe(1);
    expect(err()).toBe(
      'mdkg schema: unexpected error: TypeError: cannot write \\x1b[2J here\nThis is a bug in mdkg: please report it with the command that caused it and the output of MDKG_DEBUG=1 mdkg ...\n',
    );
  });

  it.each([
    ['a string', 'boom\u001b[2J', 'boom\\x1b[2J'],
    ['an object without a prototype', Object.create(null) as unknown, '[object Object]'],
    ['undefined', undefined, 'undefined'],
  ])('a thrown %s is reported in one line too', async (_, thrown, shown) => {
    let stderr = '';
    const io = {
      stdout: () => {
        throw thrown;
      },
      stderr: (t: string) => (stderr += t),
      cwd: await fixture(),
      isTTY: false,
    };
    expect(await main(['schema', '--no-cache'], io)).toBe(1);
    expect(stderr.split('\n')[0]).toBe(`mdkg schema: unexpected error: ${shown}`);
  });

  it('with MDKG_DEBUG=1 the stack follows', async () => {
    const { io, err } = failingIo(true);
    io.cwd = await fixture();
    expect(await main(['schema', '--no-cache'], io)).toBe(1);
    expect(err()).toMatch(
      /^mdkg schema: unexpected error: TypeError: cannot write \\x1b\[2J here\nThis is a bug in mdkg: please report it with the command that caused it\.\nTypeError: cannot write \\x1b\[2J here\n\s+at /,
    );
  });
});
