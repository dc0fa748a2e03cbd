// Whole-word reading of Korean, Japanese and Chinese requests with a glossary of general computing
// words (data/glossary-cjk.json): a run of Hangul, or of kana and Han, is cut into glossary words and
// the particles and verb endings around them. A word counts only whole: a katakana run is read
// only when glossary words cover all of it (ブログ is not ロ + グ... nor ログ), a Hangul run only
// when words and endings cover all of it (파일럿 is not 파일 + 럿), a one-character Han word only
// when it stands alone (行 but not 銀行). Anything else is kept as written. Linear in practice:
// runs are cut at 32 characters and parsed by dynamic programming over their positions.
import data from './data/glossary-cjk.json' with { type: 'json' };

export type GlossLanguage = 'ko' | 'ja' | 'zh';

/** One piece of a run: a glossary word (with its English sense), or text kept as written. */
export interface GlossPiece {
  text: string;
  role: 'noun' | 'verb' | 'other';
  /** The English sense of a glossary word. */
  english?: string;
  /**
   * A verb's tail: `modifier` when it describes the noun after it (an adnominal ending, 삭제할
   * 엔티티; or a compound, 更新日時), `bare` when nothing is attached and its run ends (수정 시간 or
   * 파일 삭제: the next word decides).
   */
  tail?: 'modifier' | 'bare';
}

interface Lexicon {
  words: Map<string, { english: string; role: 'noun' | 'verb' }>;
  affixes: Set<string>;
  particles: Set<string>;
  endings: Set<string>;
  fillers: Set<string>;
  /** Words that start a next step (Chinese 然后, Korean 다음 and 후 after a verb). */
  clauses: readonly string[];
  adnominal: ReadonlySet<string>;
  longest: number;
}

function lexicon(lang: GlossLanguage): Lexicon {
  const l: {
    nouns: Record<string, string>;
    verbs: Record<string, string>;
    particles: string[];
    endings: string[];
    fillers: string[];
    clauses?: string[];
    adnominal?: string[];
  } = data.languages[lang];
  const words = new Map<string, { english: string; role: 'noun' | 'verb' }>();
  for (const [w, e] of Object.entries(l.nouns)) words.set(w, { english: e, role: 'noun' });
  for (const [w, e] of Object.entries(l.verbs)) words.set(w, { english: e, role: 'verb' });
  const affixes = new Set([...l.particles, ...l.endings]);
  const longest = Math.max(...[...words.keys(), ...affixes].map((w) => w.length));
  return {
    words,
    affixes,
    particles: new Set(l.particles),
    endings: new Set(l.endings),
    fillers: new Set(l.fillers),
    clauses: l.clauses ?? [],
    adnominal: new Set(l.adnominal ?? []),
    longest,
  };
}

const LEXICONS: Record<GlossLanguage, Lexicon> = { ko: lexicon('ko'), ja: lexicon('ja'), zh: lexicon('zh') };

/** Longest run parsed; a longer one is kept as written. */
const MAX_RUN = 32;

const KATAKANA = /^[\u30a0-\u30ff\u31f0-\u31ff]$/u;
const HAN = /^[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3005]$/u;
const HIRAGANA_ONLY = /^[\u3040-\u309f]+$/u;

interface Step {
  cost: number;
  from: number;
  piece: GlossPiece | undefined;
  /** The affix this step read (pieces are undefined then). */
  affix?: string;
}

/**
 * The cheapest cut of `run` into glossary words (cost 1), affixes (cost 1, only after a word
 * unless `looseAffixes`) and, where `unknownCost` is finite, unknown characters. Undefined when no
 * cut exists. Affixes come back as undefined pieces (dropped).
 */
function parse(run: string, lex: Lexicon, allowed: (word: string, start: number, end: number) => boolean, unknownCost: number): GlossPiece[] | undefined {
  const n = run.length;
  const best: (Step | undefined)[] = new Array(n + 1).fill(undefined);
  // wordSeen[i]: the best cut to i contains a glossary word (affixes may follow only then).
  const wordSeen: boolean[] = new Array(n + 1).fill(false);
  best[0] = { cost: 0, from: -1, piece: undefined };
  for (let i = 0; i < n; i++) {
    const at = best[i];
    if (at === undefined) continue;
    const relax = (j: number, cost: number, piece: GlossPiece | undefined, word: boolean, affix?: string): void => {
      const cur = best[j];
      if (cur === undefined || cost < cur.cost) {
        best[j] = affix === undefined ? { cost, from: i, piece } : { cost, from: i, piece, affix };
        wordSeen[j] = word || wordSeen[i]!;
      }
    };
    for (let j = Math.min(n, i + lex.longest); j > i; j--) {
      const w = run.slice(i, j);
      const entry = lex.words.get(w);
      if (entry !== undefined && allowed(w, i, j)) relax(j, at.cost + 1, { text: w, role: entry.role, english: entry.english }, true);
      if (lex.affixes.has(w) && (wordSeen[i] || unknownCost < Infinity)) relax(j, at.cost + 1, undefined, false, w);
    }
    if (unknownCost < Infinity) relax(i + 1, at.cost + unknownCost, { text: run[i]!, role: 'other' }, false);
  }
  if (best[n] === undefined) return undefined;
  const steps: Step[] = [];
  for (let j = n; j > 0; j = best[j]!.from) steps.push(best[j]!);
  steps.reverse();
  const pieces: GlossPiece[] = [];
  steps.forEach((step, k) => {
    if (step.piece === undefined) return;
    const piece = { ...step.piece };
    if (piece.role === 'verb') {
      let last: string | undefined;
      let m = k + 1;
      for (; m < steps.length && steps[m]!.affix !== undefined; m++) last = steps[m]!.affix;
      const next = steps[m]?.piece;
      if (last !== undefined ? lex.adnominal.has(last) && next === undefined : next !== undefined && next.role !== 'verb') piece.tail = 'modifier';
      else if (last === undefined && next === undefined) piece.tail = 'bare';
    }
    pieces.push(piece);
  });
  // Unknown characters next to each other are one piece.
  const merged: GlossPiece[] = [];
  for (const p of pieces) {
    const last = merged[merged.length - 1];
    if (p.role === 'other' && last !== undefined && last.role === 'other') last.text += p.text;
    else merged.push({ ...p });
  }
  return merged;
}

/** Whether a run is only verb endings (a verb's tail written apart: 수정 해 주세요), a lone particle or a filler word. */
function functionOnly(run: string, lex: Lexicon): boolean {
  if (lex.fillers.has(run) || lex.particles.has(run)) return true;
  if (lex.words.has(run)) return false;
  const n = run.length;
  const ok: boolean[] = new Array(n + 1).fill(false);
  ok[0] = true;
  for (let i = 0; i < n; i++) {
    if (!ok[i]) continue;
    for (let j = i + 1; j <= n; j++) if (lex.endings.has(run.slice(i, j))) ok[j] = true;
  }
  return ok[n]!;
}

/** A Hangul run (one word between spaces, or part of one): words and endings covering all of it, else as written less a trailing particle. */
export function glossHangul(run: string): GlossPiece[] {
  const lex = LEXICONS.ko;
  if (run.length > MAX_RUN) return [{ text: run, role: 'other' }];
  // A word that starts a next step (검색한 다음, 읽은 후).
  if (lex.clauses.includes(run)) return [{ text: ',', role: 'other' }];
  if (functionOnly(run, lex)) return [];
  const parsed = parse(run, lex, () => true, Infinity);
  if (parsed !== undefined) return parsed;
  // A name or a word the glossary lacks: its particle goes (이영희에 -> 이영희) when two syllables stay.
  for (let cut = Math.max(2, run.length - 4); cut < run.length; cut++) {
    if (lex.particles.has(run.slice(cut))) return [{ text: run.slice(0, cut), role: 'other' }];
  }
  return [{ text: run, role: 'other' }];
}

/** A katakana run: glossary words covering all of it, else the run as written. */
function glossKatakana(run: string): GlossPiece[] {
  const lex = LEXICONS.ja;
  return parse(run, lex, () => true, Infinity)?.filter((p) => p.role !== 'other') ?? [{ text: run, role: 'other' }];
}

/** A run of kana and Han (a Japanese request has no spaces): katakana runs whole, the rest word by word. */
export function glossJapanese(run: string): GlossPiece[] {
  const lex = LEXICONS.ja;
  if (run.length > MAX_RUN * 4) return [{ text: run, role: 'other' }];
  const out: GlossPiece[] = [];
  const chars = [...run];
  let i = 0;
  while (i < chars.length) {
    const kata = KATAKANA.test(chars[i]!);
    let j = i;
    while (j < chars.length && KATAKANA.test(chars[j]!) === kata) j++;
    const part = chars.slice(i, j).join('');
    // A word written across scripts (ファイル名) is read whole.
    let across = 0;
    for (let k = Math.min(chars.length, j + 3); kata && k > j && across === 0; k--) if (lex.words.has(chars.slice(i, k).join(''))) across = k;
    if (across > 0) {
      const w = chars.slice(i, across).join('');
      const entry = lex.words.get(w)!;
      out.push({ text: w, role: entry.role, english: entry.english });
      i = across;
      continue;
    }
    if (kata) out.push(...glossKatakana(part));
    else {
      const isHan = (k: number): boolean => k >= 0 && k < part.length && HAN.test(part[k]!);
      // A one-character Han word stands alone; longer words may sit inside a Han compound.
      const allowed = (w: string, s: number, e: number): boolean => w.length > 1 || !HAN.test(w) || (!isHan(s - 1) && !isHan(e));
      const pieces = (part.length <= MAX_RUN * 4 ? parse(part, lex, allowed, 10) : undefined) ?? [{ text: part, role: 'other' as const }];
      out.push(...pieces.filter((p) => !(p.role === 'other' && lex.fillers.has(p.text))));
    }
    i = j;
  }
  return out;
}

/**
 * A Han run of a Chinese request (no spaces, the verb before its object): glossary words and
 * function words (的, 了, 把 …, dropped) by the cut with fewest unknown characters; names and other
 * words kept as written. A word that starts a next step (然后) comes back as a `,` piece.
 */
export function glossChinese(run: string): GlossPiece[] {
  const lex = LEXICONS.zh;
  if (run.length > MAX_RUN * 4) return [{ text: run, role: 'other' }];
  const out: GlossPiece[] = [];
  let rest = run;
  while (rest !== '') {
    let at = rest.length;
    let mark = '';
    for (const c of lex.clauses) {
      const i = rest.indexOf(c);
      if (i >= 0 && i < at) {
        at = i;
        mark = c;
      }
    }
    const part = rest.slice(0, at);
    if (part !== '') out.push(...(parse(part, lex, () => true, 10) ?? [{ text: part, role: 'other' as const }]));
    if (mark !== '') out.push({ text: ',', role: 'other' });
    rest = rest.slice(at + mark.length);
  }
  return out;
}

/** Whether a kept piece is only hiragana (grammar the glossary did not list: dropped unless the catalog has it). */
export const isHiraganaOnly = (text: string): boolean => HIRAGANA_ONLY.test(text);
