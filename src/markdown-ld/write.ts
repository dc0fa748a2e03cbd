import { stringify } from 'yaml';
import { canonicalize } from './canonical.js';
import type { DocumentModel } from './types.js';
import { emitFrontMatter } from './yaml-emit.js';

export { canonicalize } from './canonical.js';

/** The `yaml` options of the front matter: the format every document is held to. */
export const YAML_OPTIONS = {
  indent: 2,
  lineWidth: 0,
  minContentWidth: 0,
  aliasDuplicateObjects: false,
  defaultKeyType: 'PLAIN',
  defaultStringType: 'PLAIN',
  version: '1.2',
} as const;

/**
 * The front matter as YAML text. The fast writer (yaml-emit.ts) gives the same bytes as `yaml`
 * for the shapes mdkg renders at a tenth of the cost; anything else goes through `yaml`.
 */
function frontMatterYaml(frontMatter: unknown): string {
  return emitFrontMatter(frontMatter) ?? stringify(canonicalize(frontMatter), YAML_OPTIONS);
}

/** C0 controls but tab and line feed, and DEL: never written into a body. */
const BODY_CONTROLS = /[\x00-\x08\x0b-\x1f\x7f]/g;

/** LF line endings, without leading and trailing blank lines (newlines only, as `^\n+|\n+$`). */
function normalizeBody(body: string): string {
  const lf = body.includes('\r') ? body.replace(/\r\n?/g, '\n') : body;
  let start = 0;
  let end = lf.length;
  while (start < end && lf.charCodeAt(start) === 10) start += 1;
  while (end > start && lf.charCodeAt(end - 1) === 10) end -= 1;
  return start === 0 && end === lf.length ? lf : lf.slice(start, end);
}

/**
 * Renders a document model as Markdown-LD text. Deterministic: the same model always gives
 * byte-identical text (canonical key order, fixed YAML and JSON formatting, LF line endings).
 */
export function writeDocument(model: DocumentModel): string {
  return documentText(frontMatterYaml(model.frontMatter), model);
}

/** The document text of a model whose front matter is already written as YAML (`yaml`). */
export function documentText(yaml: string, model: Omit<DocumentModel, 'frontMatter'>): string {
  const parts = [`---\n${yaml === '{}\n' ? '' : yaml}---\n`];
  // A control character (NUL above all) would make the file read as binary: shown as U+FFFD.
  const body = model.body === undefined ? '' : normalizeBody(model.body).replace(BODY_CONTROLS, '\uFFFD');
  if (body !== '') parts.push(`\n${body}\n`);
  for (const block of model.blocks ?? []) {
    parts.push(`\n\`\`\`jsonld\n${JSON.stringify(canonicalize(block), null, 2)}\n\`\`\`\n`);
  }
  return parts.join('');
}
