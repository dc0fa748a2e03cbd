// A WordPiece tokenizer from a Hugging Face `tokenizer.json` (model type WordPiece, as BERT-family
// and most model2vec models use): BERT normalization (lower case, accents stripped, control
// characters dropped), split on white space and punctuation, then each word greedily into the
// longest vocabulary pieces, `##` marking a piece inside a word. A word with no split is unknown.

export interface WordPiece {
  /** Vocabulary size (the largest token id + 1). */
  readonly size: number;
  /** Token ids of a text, unknown words left out. */
  encode(text: string): number[];
}

const PUNCTUATION = /[\p{P}\p{S}]/u;

export function wordPieceFrom(value: unknown, bad: (why: string) => Error): WordPiece {
  const model = (value as { model?: { type?: unknown; vocab?: unknown; continuing_subword_prefix?: unknown; max_input_chars_per_word?: unknown } } | null)
    ?.model;
  if (model === undefined || model === null || typeof model !== 'object') throw bad('no model');
  if (model.type !== 'WordPiece') throw bad(`model type ${String(model.type)} is not supported (WordPiece only)`);
  const vocab = model.vocab;
  if (vocab === null || typeof vocab !== 'object' || Array.isArray(vocab)) throw bad('no vocabulary');
  const ids = new Map<string, number>();
  let size = 0;
  for (const [piece, id] of Object.entries(vocab as Record<string, unknown>)) {
    if (!Number.isInteger(id) || (id as number) < 0) throw bad(`token ${JSON.stringify(piece)} has no valid id`);
    ids.set(piece, id as number);
    size = Math.max(size, (id as number) + 1);
  }
  const prefix = typeof model.continuing_subword_prefix === 'string' ? model.continuing_subword_prefix : '##';
  const maxChars = typeof model.max_input_chars_per_word === 'number' ? model.max_input_chars_per_word : 100;
  const lower = ((value as { normalizer?: { lowercase?: unknown } }).normalizer?.lowercase ?? true) !== false;
  const piecesOf = (word: string): number[] => {
    const chars = [...word];
    if (chars.length > maxChars) return [];
    const out: number[] = [];
    let start = 0;
    while (start < chars.length) {
      let end = chars.length;
      let found: number | undefined;
      while (start < end) {
        const piece = (start > 0 ? prefix : '') + chars.slice(start, end).join('');
        found = ids.get(piece);
        if (found !== undefined) break;
        end--;
      }
      if (found === undefined) return [];
      out.push(found);
      start = end;
    }
    return out;
  };
  return {
    size,
    encode(text) {
      let t = text.replace(/[\p{Cc}\p{Cf}]/gu, ' ');
      if (lower)
        t = t
          .toLowerCase()
          .normalize('NFD')
          .replace(/\p{Mn}/gu, '');
      const words: string[] = [];
      for (const chunk of t.split(/\s+/u)) {
        let word = '';
        for (const ch of chunk) {
          if (PUNCTUATION.test(ch)) {
            if (word !== '') words.push(word);
            words.push(ch);
            word = '';
          } else word += ch;
        }
        if (word !== '') words.push(word);
      }
      return words.flatMap(piecesOf);
    },
  };
}
