import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.js';
import { MdkgError } from '../../errors.js';
import type { SourceReport, ToolSource } from '../../generate/generate-tools.js';
import { renderTable } from '../../util/table.js';
import { diagnosticLine, EXIT, type CliIo } from '../io.js';
import { readTextFile } from '../../util/read-file.js';
import { escapeForTerminal } from '../../util/terminal-text.js';

/** An OpenAPI/Swagger document has a top-level `openapi` or `swagger` key; anything else is a tool list. */
async function detectKind(path: string): Promise<'openapi' | 'mcp-tools'> {
  const { DEFAULT_MAX_TOOL_LIST_BYTES } = await import('../../ingest/mcp/read-tool-list.js');
  const text = await readTextFile(path, { maxBytes: DEFAULT_MAX_TOOL_LIST_BYTES }).catch(() => '');
  const trimmed = text.trimStart();
  if (trimmed.startsWith('[')) return 'mcp-tools';
  if (trimmed.startsWith('{')) {
    try {
      const value = JSON.parse(trimmed) as Record<string, unknown>;
      return 'openapi' in value || 'swagger' in value ? 'openapi' : 'mcp-tools';
    } catch {
      return 'mcp-tools';
    }
  }
  return /^["']?(openapi|swagger)["']?\s*:/m.test(text) ? 'openapi' : 'mcp-tools';
}

function hintSummary(r: SourceReport): string {
  const stats = r.annotations as Record<string, { explicit: number; inferred: number; unknown: number }> | undefined;
  if (stats === undefined) return '';
  const total = { explicit: 0, inferred: 0, unknown: 0 };
  for (const s of Object.values(stats)) {
    if (s === null || typeof s !== 'object' || typeof s.explicit !== 'number') continue;
    total.explicit += s.explicit;
    total.inferred += s.inferred;
    total.unknown += s.unknown;
  }
  return `${total.explicit}/${total.inferred}/${total.unknown}`;
}

export async function generateCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      config: { type: 'string' },
      out: { type: 'string' },
      'source-id': { type: 'string' },
      kind: { type: 'string' },
      json: { type: 'boolean' },
      graphs: { type: 'string' },
    },
  });
  const [what, file, ...extra] = positionals;
  if (what !== 'tools' && what !== 'code')
    throw new MdkgError('MDKG_USAGE', "what to generate: 'mdkg generate tools' or 'mdkg generate code' (see 'mdkg help generate')");
  if (extra.length > 0) throw new MdkgError('MDKG_USAGE', what === 'code' ? 'one folder at a time' : 'one source file at a time');
  const { config, dir } = await loadConfig(io.cwd, values.config ?? io.configFile);
  if (what === 'code') {
    if (values['source-id'] !== undefined || values.kind !== undefined) throw new MdkgError('MDKG_USAGE', '--source-id and --kind are for generate tools');
    // Loaded only here: tree-sitter and its grammars are not needed for tool documents.
    const { generateCodeCommand } = await import('./generate-code.js');
    return generateCodeCommand(
      {
        ...(file === undefined ? {} : { dir: file }),
        ...(values.out === undefined ? {} : { out: values.out }),
        json: values.json === true,
        projectDir: dir,
        graphs: values.graphs ?? config.graphs ?? 'graphs',
      },
      io,
    );
  }
  let sources: ToolSource[];
  let base = dir;
  if (file !== undefined) {
    const id = values['source-id'];
    if (id === undefined) throw new MdkgError('MDKG_USAGE', 'a source file needs --source-id <id> (the namespace of its tools)');
    const kind = values.kind ?? (await detectKind(resolve(io.cwd, file)));
    if (kind !== 'openapi' && kind !== 'mcp-tools') throw new MdkgError('MDKG_USAGE', `--kind must be openapi or mcp-tools, got '${kind}'`);
    sources = [{ id, kind, file }];
    base = io.cwd;
  } else {
    sources = [
      ...Object.entries(config.sources ?? {}).map(
        ([id, s]): ToolSource => ({
          ...('openapi' in s ? { id, kind: 'openapi', file: s.openapi } : { id, kind: 'mcp-tools', file: s.mcp_tools }),
          ...(s.description === undefined ? {} : { description: s.description }),
        }),
      ),
      ...Object.entries(config.servers ?? {}).map(([id, s]): ToolSource => {
        const { timeout_ms: timeoutMs, description, ...server } = s;
        return {
          id,
          kind: 'mcp-server',
          server,
          ...(timeoutMs === undefined ? {} : { timeoutMs }),
          ...(description === undefined ? {} : { description }),
        };
      }),
    ];
    if (sources.length === 0)
      throw new MdkgError('MDKG_USAGE', "no sources: give a file with --source-id, or list 'sources:' / 'servers:' in mdkg.config.yaml");
  }
  const outDir =
    values.out !== undefined ? resolve(io.cwd, values.out) : resolve(dir, config.tools_out ?? `${values.graphs ?? config.graphs ?? 'graphs'}/tools`);
  // Loaded here, not with the command: generate code needs none of the MCP and OpenAPI readers.
  const { generateTools } = await import('../../generate/generate-tools.js');
  const reports = await generateTools(sources, {
    outDir,
    cwd: base,
    hints: config.hints ?? {},
    ...(io.isTTY ? { onSource: (id: string, i: number, n: number) => io.stderr(`\rgenerating ${i + 1}/${n}: ${escapeForTerminal(id)}\u001b[K`) } : {}),
  });
  if (io.isTTY) io.stderr('\r\u001b[K');
  for (const r of reports) for (const d of r.diagnostics) io.stderr(`${escapeForTerminal(r.source)}: ${diagnosticLine(d)}\n`);
  if (values.json === true) io.stdout(`${JSON.stringify({ out: outDir, sources: reports }, null, 2)}\n`);
  else {
    const rows = reports.map((r) => [
      r.source,
      r.ok ? 'ok' : 'FAILED',
      String(r.tools),
      String(r.added.length),
      String(r.updated.length),
      String(r.removed.length),
      String(r.unchanged),
      String(r.kept.length),
      String(r.edges),
      hintSummary(r),
    ]);
    io.stdout(renderTable(['source', 'status', 'tools', 'added', 'updated', 'removed', 'unchanged', 'kept', 'edges', 'hints explicit/inferred/unknown'], rows));
    for (const r of reports) for (const path of r.removed) io.stdout(`removed ${escapeForTerminal(path)}\n`);
  }
  return reports.every((r) => r.ok) ? EXIT.ok : EXIT.failed;
}
