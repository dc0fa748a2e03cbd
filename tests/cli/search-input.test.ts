import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { TERMINAL_UNSAFE } from '../../src/util/terminal-text.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

const MAIL = fileURLToPath(new URL('../fixtures/bench/tiny/graphs/mail/send_email.md', import.meta.url));
const INVALID_UTF8 = Uint8Array.from([0x73, 0x65, 0x6e, 0x64, 0x20, 0xff, 0xfe, 0x20, 0x6d, 0x61, 0x69, 0x6c]);

async function graph(extra: Record<string, string | Uint8Array> = {}): Promise<string> {
  return tempDir({
    'graphs/send_email.md': await readFile(MAIL, 'utf8'),
    'request.txt': 'send an email\n',
    'bad.txt': INVALID_UTF8,
    'bad.rq': INVALID_UTF8,
    ...extra,
  });
}

/** Runs the CLI in process with stdin given as bytes, as bin/mdkg.js gives it. */
async function run(argv: string[], cwd: string, stdin?: Uint8Array, stdinIsTTY = false): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    cwd,
    isTTY: false,
    stdinIsTTY,
    ...(stdin === undefined ? {} : { readStdin: async () => stdin }),
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

describe('mdkg search reads the request from --file or stdin, like mdkg query', () => {
  it('words, --file, "-" and piped stdin with no words give the same result', async () => {
    const dir = await graph();
    const words = await run(['search', 'send an email', '--json'], dir);
    expect(words.code).toBe(0);
    const bytes = new TextEncoder().encode('send an email\n');
    for (const r of [
      await run(['search', '--file', 'request.txt', '--json'], dir),
      await run(['search', '-', '--json'], dir, bytes),
      await run(['search', '--json'], dir, bytes),
    ]) {
      expect(r.code).toBe(0);
      expect((JSON.parse(r.stdout) as { hits: { id: string }[] }).hits.map((h) => h.id)).toEqual(['tool:mail/send_email']);
    }
  });

  it.each([
    {
      name: 'invalid UTF-8 in --file',
      argv: ['search', '--file', 'bad.txt'],
      stdin: undefined,
      code: 1,
      stderr: 'mdkg search: MDKG_BINARY_FILE bad.txt is not UTF-8 text\n',
    },
    {
      name: 'invalid UTF-8 on stdin',
      argv: ['search', '-'],
      stdin: INVALID_UTF8,
      code: 1,
      stderr: 'mdkg search: MDKG_BINARY_FILE standard input is not UTF-8 text\n',
    },
    {
      name: 'invalid UTF-8 in a query file',
      argv: ['query', '--file', 'bad.rq'],
      stdin: undefined,
      code: 1,
      stderr: 'mdkg query: MDKG_BINARY_FILE bad.rq is not UTF-8 text\n',
    },
    {
      name: 'invalid UTF-8 in a query on stdin',
      argv: ['query', '-'],
      stdin: INVALID_UTF8,
      code: 1,
      stderr: 'mdkg query: MDKG_BINARY_FILE standard input is not UTF-8 text\n',
    },
    {
      name: 'words and --file',
      argv: ['search', 'send', '--file', 'request.txt'],
      stdin: undefined,
      code: 2,
      stderr: 'mdkg search: MDKG_USAGE give the request as words or with --file, not both\n',
    },
    {
      name: 'an empty request file',
      argv: ['search', '--file', 'empty.txt'],
      stdin: undefined,
      code: 2,
      stderr: `mdkg search: MDKG_USAGE no query: mdkg search "<what you want to do>", --file <path>, or - for stdin (see 'mdkg help search')\n`,
    },
    {
      name: 'a request file over 1 MiB',
      argv: ['search', '--file', 'big.txt'],
      stdin: undefined,
      code: 1,
      stderr: 'mdkg search: MDKG_FILE_TOO_LARGE big.txt has more than 1048576 bytes\n',
    },
    {
      name: 'a request on stdin over 1 MiB',
      argv: ['search', '-'],
      stdin: new Uint8Array(1024 * 1024 + 1).fill(0x61),
      code: 1,
      stderr: 'mdkg search: MDKG_FILE_TOO_LARGE standard input has more than 1048576 bytes\n',
    },
  ])('$name', async ({ argv, stdin, code, stderr }) => {
    const dir = await graph({ 'empty.txt': '', 'big.txt': 'a'.repeat(1024 * 1024 + 1) });
    expect(await run(argv, dir, stdin)).toEqual({ code, stdout: '', stderr });
  });

  it('a terminal on stdin and no words is a usage error, not a wait for input', async () => {
    const dir = await graph();
    const r = await run(['search'], dir, new Uint8Array(), true);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('MDKG_USAGE no query');
  });
});

describe('human output escapes what input controls', () => {
  const evil = '\u001b[2J\u001b]0;owned\u0007\u202e';
  const shown = '\\x1b[2J\\x1b]0;owned\\x07\\u202e';

  it('search table, explain and diagnostics: a request and a tool with escape sequences', async () => {
    const doc = `---\nid: tool:mail/wipe\ntype: Tool\ntitle: "Send ${evil} email"\nname: wipe\nsource: mail\nsummary: "send email ${evil}"\n---\n`;
    const dir = await graph({ 'graphs/wipe.md': doc });
    const r = await runCli(['search', `send email ${evil}`, '--explain'], dir);
    expect(r.code).toBe(0);
    for (const line of `${r.stdout}${r.stderr}`.split('\n')) expect(line).not.toMatch(TERMINAL_UNSAFE);
    expect(r.stdout).toContain('tool:mail/wipe');
  });

  it('validate: diagnostics that quote document text and file names with control characters stay one line each', async () => {
    const dir = await tempDir({ [`graphs/a${'\u001b'}[31m\u202e.md`]: `---\nid: "concept:${evil}"\ntitle: x\n"key${evil}": 1\n---\n` });
    const r = await runCli(['validate', '--no-cache'], dir);
    const lines = r.stdout.split('\n');
    for (const line of lines) expect(line).not.toMatch(TERMINAL_UNSAFE);
    expect(r.stdout).toContain('a\\x1b[31m\\u202e.md');
    const json = await runCli(['validate', '--json', '--no-cache'], dir);
    expect(JSON.stringify(JSON.parse(json.stdout))).toContain('\\u001b[31m\u202e.md');
  });

  it('errors quoting input are escaped: unknown command, usage errors', async () => {
    const r = await runCli([`x${evil}`], process.cwd());
    expect(r.stderr).toBe(
      `mdkg: unknown command 'x${shown}'. Commands: query, validate, schema, export, push, generate, bench, search, plan, graph-search, serve, view, init, search-code, search-by-symbol, get-file-structure, get-repo-map, get-similar-patterns, reindex-codebase, learn-pair, validate-symbol-relevance, help\n`,
    );
    const q = await runCli(['query', '--bogus\u001b[2J'], process.cwd());
    expect(q.stderr).toMatch(/^mdkg query: Unknown option '--bogus\\x1b\[2J'/);
  });
});
