// Korean, Japanese and Chinese requests read through the glossary (lexicon/glossary.ts): each glossary word
// becomes its English sense, which the rest of the pipeline reads like any English request; words
// the catalog itself has are kept as written, and so is everything else (names, paths, values).
// The verbs of a clause go first (English order: "ファイルを読んで" -> "read file"), and clauses
// stay in the request's order, split the way splitClauses reads them (", "): in Korean and Japanese
// a clause ends after its verbs, in Chinese (verb before object) before a verb that follows one. A request in another
// script the glossary does not read is searched as written, with a MDKG_QUERY_LANGUAGE diagnostic.
import type { Diagnostic } from '../../errors.js';
import { glossChinese, glossHangul, glossJapanese, isHiraganaOnly, type GlossPiece } from '../../lexicon/glossary.js';

export interface Glossed {
  /** The request to search: English senses and kept text, verbs first in each clause. */
  text: string;
  /** Languages read (`ko`, `ja`, `zh`), empty when nothing was glossed. */
  languages: string[];
  /** Letters in a script the glossary does not read (e.g. `Cyrillic`), or undefined. */
  unknownScript: string | undefined;
}

const HANGUL = /[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]/u;
const KANA = /[\u3040-\u30ff\u31f0-\u31ff]/u;
const HAN = /\p{Script=Han}/u;
/** Runs of Hangul; runs of kana and Han (with the iteration mark and the long-vowel mark). */
const RUNS = /([\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]+)|([\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3005]+)/gu;
/** Text between runs that ends a clause: CJK and Latin sentence marks (alone, not inside 1,000). */
const CLAUSE_MARK = /^[\u3001\u3002\uff0c\uff1b,;!?\uff01\uff1f]+$/u;
/** Whitespace, and a clause mark followed by whitespace or the end, or a CJK one anywhere. */
const CLAUSE_SPLIT = /(\s+|[,;!?]+(?=\s|$)|[\u3001\u3002\uff0c\uff1b\uff01\uff1f])/u;
const HAS_WORD = /[\p{L}\p{N}]/u;
/** Characters that join a run to a file name or path. */
const NAME_MARK = /^[./\\_~-]$/u;
/** A name goes on past its mark (메모.txt, /srv/사진); a sentence's last period does not. */
const NAME_CHAR = /^[\p{L}\p{N}]$/u;

const SCRIPTS: readonly [string, RegExp][] = [
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
];
/** Letters of the scripts read, with the marks kana share (the long-vowel mark ー, the iteration marks). */
const READ = /[\p{Script=Latin}\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3005\u309d\u309e\u30fc-\u30fe]/u;

/** The script of the first letter the glossary does not read, or undefined. */
function unknownScript(text: string): string | undefined {
  for (const ch of text) {
    if (!/\p{L}/u.test(ch) || READ.test(ch)) continue;
    return SCRIPTS.find(([, re]) => re.test(ch))?.[0] ?? 'another script';
  }
  return undefined;
}

/**
 * A request read through the glossary. `known` tells whether the catalog has a word as written
 * (then it is kept so); without Hangul or kana the text comes back unchanged.
 */
export function glossRequest(text: string, known: (word: string) => boolean = () => false): Glossed {
  const ko = HANGUL.test(text);
  const ja = KANA.test(text);
  // Han without kana: Chinese (a Korean request's Han is kept as written).
  const zh = !ko && !ja && HAN.test(text);
  const unknown = unknownScript(text);
  if (!ko && !ja && !zh) return { text, languages: [], unknownScript: unknown };
  const pieces: GlossPiece[] = [];
  let last = 0;
  // The piece a name's next text joins (메모 + .txt), when a run ends inside a file name.
  let glue: GlossPiece | undefined;
  const between = (s: string): void => {
    // A clause mark ends a clause where it stands, before or after a word.
    for (const [i, part] of s.split(CLAUSE_SPLIT).entries()) {
      if (CLAUSE_MARK.test(part)) pieces.push({ text: ',', role: 'other' });
      if (!HAS_WORD.test(part)) continue;
      const word = part.replace(/^[^\p{L}\p{N}/~.]+|[^\p{L}\p{N}]+$/gu, '');
      if (i === 0 && glue !== undefined) glue.text += word;
      else pieces.push({ text: word, role: 'other' });
    }
    glue = undefined;
  };
  for (const m of text.matchAll(RUNS)) {
    between(text.slice(last, m.index));
    const run = m[0];
    // Part of a file name or path (메모.txt, /srv/사진): kept as written, with the name.
    const before = NAME_MARK.test(text[m.index - 1] ?? '') && NAME_CHAR.test(text[m.index - 2] ?? '');
    const after = NAME_MARK.test(text[m.index + run.length] ?? '') && NAME_CHAR.test(text[m.index + run.length + 1] ?? '');
    last = m.index + run.length;
    if (before || after) {
      const prev = pieces[pieces.length - 1];
      if (before && prev !== undefined && prev.role === 'other' && prev.text !== ',') prev.text += run;
      else pieces.push({ text: run, role: 'other' });
      if (after) glue = pieces[pieces.length - 1];
      continue;
    }
    const read = m[1] !== undefined ? glossHangul(run) : ja ? glossJapanese(run) : zh ? glossChinese(run) : [{ text: run, role: 'other' as const }];
    for (const p of read) {
      if (p.english !== undefined && known(p.text)) pieces.push({ text: p.text, role: p.role });
      else if (p.role !== 'other' || !isHiraganaOnly(p.text) || known(p.text)) pieces.push(p);
    }
  }
  between(text.slice(last));
  const languages = [...(ko ? ['ko'] : []), ...(ja ? ['ja'] : []), ...(zh ? ['zh'] : [])];
  return { text: order(pieces, zh), languages, unknownScript: unknown };
}

/**
 * Each clause written verbs first. Verb-final (Korean, Japanese): a clause ends after its verbs,
 * when a noun follows one. Verb-initial (Chinese): a clause ends before a verb that follows a noun
 * that followed a verb.
 */
function order(pieces: readonly GlossPiece[], verbInitial: boolean): string {
  const clauses: string[] = [];
  let verbs: string[] = [];
  let rest: string[] = [];
  let nounAfterVerb = false;
  const flush = (): void => {
    const words = [...new Set(verbs), ...rest].filter((w) => w !== '');
    if (words.length > 0) clauses.push(words.join(' '));
    verbs = [];
    rest = [];
    nounAfterVerb = false;
  };
  pieces.forEach((p, i) => {
    if (p.text === ',' && p.role === 'other') {
      flush();
      return;
    }
    const word = p.english ?? p.text;
    const next = pieces[i + 1];
    // A verb that describes the noun after it (삭제할 엔티티, 수정 시간) is read as a word of the clause.
    const describes = p.tail !== undefined && next !== undefined && next.role !== 'verb' && next.text !== ',';
    if (p.role === 'verb' && !(describes && !verbInitial)) {
      if (verbInitial && nounAfterVerb) flush();
      verbs.push(word);
    } else {
      if (!verbInitial && verbs.length > 0) flush();
      if (verbs.length > 0) nounAfterVerb = true;
      rest.push(word);
    }
  });
  flush();
  return clauses.join(', ');
}

/** The diagnostic of a request in a script the glossary does not read. */
export function languageDiagnostic(script: string, normalizedBy: string | undefined): Diagnostic {
  return normalizedBy === undefined
    ? {
        code: 'MDKG_QUERY_LANGUAGE',
        severity: 'warning',
        message: `the request has letters in ${script}, which mdkg's glossary does not read (it reads English, Korean, Japanese and Chinese); searched as written. Rephrase it in English, or configure a query normalizer (mdkg serve asks the client through MCP sampling)`,
      }
    : {
        code: 'MDKG_QUERY_LANGUAGE',
        severity: 'info',
        message: `the request has letters in ${script}, which mdkg's glossary does not read; the query normalizer ${normalizedBy} rewrote it`,
      };
}
