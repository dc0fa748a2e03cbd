// The Markdown-LD document of one learned pair: `graphs/learned/<term>/<target>.md`, both parts
// reversible file names (file-names.ts), so one term may mean several targets and learning the
// same pair again replaces its document. Deterministic: the same pair gives the same bytes.
import { encodeFileName, iriSegment } from './file-names.js';
import type { DocumentModel } from '../markdown-ld/types.js';

/** The folder of learned pairs inside the graph folder. */
export const LEARNED_DIR = 'learned';

export interface LearnedPairInput {
  /** The term as learned (spaces collapsed). */
  term: string;
  /** The target's compact id (`tool:memory/delete_entities`, `code:src/a.ts#f`). */
  targetId: string;
  /** What the target is called, for people (`AuthService.signIn`). */
  targetLabel: string;
  targetKind: 'tool' | 'symbol';
  /** In [0, 1]. */
  similarity: number;
  evidence: string;
  /** ISO date-time (UTC). */
  learnedAt: string;
  targetHash: string;
}

/** A term as stored and matched: Unicode NFC, spaces collapsed, trimmed. */
export function normalizeTerm(term: string): string {
  return term.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** The pair's path relative to the graph folder: `learned/<term>/<target>.md`, each part a reversible file name (no `/`, no leading dot). */
export function learnedPairPath(term: string, targetId: string): string {
  return `${LEARNED_DIR}/${encodeFileName(term.toLowerCase())}/${encodeFileName(targetId)}.md`;
}

/** The pair's id: `doc:learned/<term>/<target>` (IRI-safe segments). */
export function learnedPairId(term: string, targetId: string): string {
  return `doc:learned/${iriSegment(term.toLowerCase())}/${iriSegment(targetId)}`;
}

/** Text for the body: on one line, and never a code fence, a jsonld block or a wiki link (the exact text is in the front matter). */
const inline = (s: string): string =>
  s
    .replace(/[\r\n]+/g, ' ')
    .replace(/`/g, "'")
    .replace(/\[\[/g, '[ [')
    .replace(/\]\]/g, '] ]');

export function learnedPairDocument(input: LearnedPairInput): DocumentModel {
  const frontMatter: Record<string, unknown> = {
    id: learnedPairId(input.term, input.targetId),
    type: 'LearnedPair',
    title: `${input.term} → ${input.targetLabel}`,
    term: input.term,
    target: input.targetId,
    similarity: input.similarity.toFixed(4).replace(/0+$/, '').replace(/\.$/, '.0'),
    evidence: input.evidence,
    learned_at: input.learnedAt,
    target_hash: input.targetHash,
  };
  const body = [
    `# ${inline(input.term)} → \`${inline(input.targetLabel)}\``,
    '',
    `A learned pair: requests that say "${inline(input.term)}" mean the ${input.targetKind} \`${inline(input.targetId)}\`.`,
    'Search ranks the target for such requests until the pair expires or the target changes.',
    '',
    '## Evidence',
    '',
    ...input.evidence.split(/\r?\n/).map((line) => `> ${inline(line)}`),
  ].join('\n');
  return { frontMatter, body };
}
