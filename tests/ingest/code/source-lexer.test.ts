import { describe, expect, it } from 'vitest';
import { lexSource, type Lexeme } from '../../../src/ingest/code/source-lexer.js';

describe('lexSource', () => {
  const lex = (text: string, language: string): string[] => {
    const out: Lexeme[] = [];
    lexSource(text, language, (l) => out.push(l));
    return out.filter((l) => l.kind !== 'newline').map((l) => `${l.kind[0]}:${l.text}`);
  };
  const cases: [name: string, language: string, text: string, lexemes: string[]][] = [
    ['TS: comment markers inside strings and templates', 'typescript', 'a("//x", `/*y*/`, \'#z\') // c', ['i:a', 's:"//x"', 's:`/*y*/`', "s:'#z'", 'c:// c']],
    [
      'Rust: nested block comment, lifetime, char, raw string',
      'rust',
      "/* a /* b */ c */ fn f<'a>(x: &'a u8) -> char { let s = r#\"q\"#; '\"' }",
      ['c:/* a /* b */ c */', 'i:fn', 'i:f', 'i:a', 'i:x', 'i:a', 'i:u8', 'i:char', 'i:let', 'i:s', 's:r#"q"#', `s:'"'`],
    ],
    [
      'Python: # comment, docstring as comment text, prefix strings',
      'python',
      'def f():\n    """Doc."""\n    return f"{x}"  # done',
      ['i:def', 'i:f', 'c:"""Doc."""', 'i:return', 'i:f', 's:"{x}"', 'c:# done'],
    ],
    ['Go: raw string with a backslash, char literal', 'go', "x := `a\\` // no\ny := '\\''", ['i:x', 's:`a\\`', 'c:// no', 'i:y', "s:'\\''"]],
    ['an unterminated string stops at the line end', 'java', 'a = "open\nb = 1; // c', ['i:a', 's:"open', 'i:b', 'c:// c']],
    ['numbers are not identifiers', 'cpp', 'x = 0x1F + 2u;', ['i:x']],
  ];
  it.each(cases)('%s', (_name, language, text, lexemes) => {
    expect(lex(text, language)).toEqual(lexemes);
  });
});
