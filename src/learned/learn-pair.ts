// learn_pair: records that a term means a tool or code symbol, as a Markdown-LD document under
// `<graphs>/learned/` (generate/learned-pair-document.ts), written atomically. Refused, with a
// coded error and nothing written: no evidence (MDKG_PAIR_EVIDENCE_MISSING), a target that is no
// tool or symbol of the graph (MDKG_PAIR_TARGET_UNKNOWN), a term, target or evidence over its
// length limit or with control characters (MDKG_USAGE). The file's path is built from reversible
// file names and checked to stay inside `<graphs>/learned/` before anything is written.
import { existsSync, lstatSync, realpathSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { MdkgError } from '../errors.js';
import { AtomicWriter } from '../generate/atomic-files.js';
import { LEARNED_DIR, learnedPairDocument, learnedPairId, learnedPairPath, normalizeTerm } from '../generate/learned-pair-document.js';
import { writeDocument } from '../markdown-ld/write.js';
import type { QuadStore } from '../rdf/quad-store.js';
import { PAIR_LIMITS, targetHash } from '../search/learned/pair-records.js';
import { lexicalSimilarity } from './relevance.js';
import { resolveTarget, targetText } from './resolve-target.js';

export interface LearnPairInput {
  term: string;
  target: string;
  code_evidence?: string;
}

export interface LearnedPairReport {
  /** The pair's document id and path (relative to the graph folder). */
  id: string;
  path: string;
  term: string;
  target: string;
  targetKind: 'tool' | 'symbol';
  similarity: number;
  learnedAt: string;
  targetHash: string;
  /** True when the document was there already (the pair was learned again). */
  replaced: boolean;
}

// C0 controls but tab, line feed and carriage return; DEL; bidi overrides and isolates.
const CONTROLS = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u202a-\u202e\u2066-\u2069]/;

/** Checks the inputs of learn_pair (also used by validate_symbol_relevance for the term); returns them normalized. */
export function checkPairText(what: 'term' | 'target' | 'evidence', value: unknown, allowNewlines = false): string {
  if (typeof value !== 'string') throw new MdkgError('MDKG_USAGE', `${what} must be text`);
  const text = what === 'evidence' ? value.replace(/\r\n?/g, '\n').trim() : normalizeTerm(value);
  const limit = PAIR_LIMITS[what];
  if (text.length > limit) throw new MdkgError('MDKG_USAGE', `${what} is ${text.length} characters; at most ${limit}`);
  if (CONTROLS.test(text) || (!allowNewlines && /[\r\n]/.test(text))) throw new MdkgError('MDKG_USAGE', `${what} has control characters`);
  return text;
}

/** The graph folder's `learned/` and the pair's file in it; refused when the file would land anywhere else (a linked folder included). */
function confinedPath(graphsDir: string, relPath: string): string {
  const base = resolve(graphsDir, LEARNED_DIR);
  const file = resolve(graphsDir, relPath);
  const rel = relative(base, file);
  if (rel.startsWith('..') || rel.includes(`..${sep}`) || rel.split(sep).length !== 2)
    throw new MdkgError('MDKG_PATH_ESCAPE', `learned pair path ${relPath} leaves ${LEARNED_DIR}/`);
  // A folder on the way that is a symbolic link could lead the write outside the graph folder.
  for (const dir of [base, dirname(file)]) {
    if (existsSync(dir) && lstatSync(dir).isSymbolicLink())
      throw new MdkgError('MDKG_PATH_ESCAPE', `${relative(graphsDir, dir)} is a symbolic link: learned pairs are not written through links`);
  }
  if (existsSync(base) && !realpathSync(base).startsWith(realpathSync(graphsDir)))
    throw new MdkgError('MDKG_PATH_ESCAPE', `${LEARNED_DIR}/ leads outside the graph folder`);
  return file;
}

/** Records a pair in `graphsDir` against the graph of `store` (loaded from that folder). */
export function learnPair(store: QuadStore, graphsDir: string, input: LearnPairInput, options: { now?: Date } = {}): LearnedPairReport {
  const term = checkPairText('term', input.term);
  if (term === '' || !/[\p{L}\p{N}]/u.test(term)) throw new MdkgError('MDKG_USAGE', 'term must have a letter or digit');
  const ref = checkPairText('target', input.target);
  if (typeof input.code_evidence !== 'string' || input.code_evidence.trim() === '')
    throw new MdkgError(
      'MDKG_PAIR_EVIDENCE_MISSING',
      'code_evidence is required: the code (file and line, doc comment, call site) that shows the term means the target',
    );
  const evidence = checkPairText('evidence', input.code_evidence, true);
  const found = resolveTarget(store, ref);
  if (!('iri' in found)) {
    throw new MdkgError('MDKG_PAIR_TARGET_UNKNOWN', found.candidates.length > 0 ? `${found.error}: ${found.candidates.join(', ')}` : found.error);
  }
  const learnedAt = (options.now ?? new Date()).toISOString();
  const hash = targetHash(store, found.iri);
  const similarity = lexicalSimilarity(term, targetText(store, found.iri)).similarity;
  const path = learnedPairPath(term, found.id);
  const file = confinedPath(graphsDir, path);
  const replaced = existsSync(file);
  const text = writeDocument(
    learnedPairDocument({ term, targetId: found.id, targetLabel: found.label, targetKind: found.kind, similarity, evidence, learnedAt, targetHash: hash }),
  );
  try {
    new AtomicWriter().writeSync(file, text);
  } catch (error) {
    throw new MdkgError('MDKG_FILE_WRITE', `learned pair not written: ${(error as Error).message}`, { file: join(graphsDir, path) });
  }
  return { id: learnedPairId(term, found.id), path, term, target: found.id, targetKind: found.kind, similarity, learnedAt, targetHash: hash, replaced };
}
