import { describe, expect, it } from 'vitest';
import { escapeXml, renderSvg } from '../../src/bench/svg.js';
import { fixtureReport } from './report-fixture.js';

/** Minimal well-formedness check: balanced tags, quoted attributes, no raw `<` or bare `&` in text. */
function checkWellFormed(xml: string): void {
  const stack: string[] = [];
  const tag = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  for (const m of xml.matchAll(tag)) {
    const text = xml.slice(last, m.index);
    expect(text, `text before ${m[0]}`).not.toMatch(/[<>]|&(?!(amp|lt|gt|quot|apos);)/);
    last = (m.index ?? 0) + m[0].length;
    const [, close, name = '', attrs = '', selfClose] = m;
    expect(attrs, `attributes of ${name}`).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
    if (selfClose === '/') continue;
    if (close === '/') expect(stack.pop(), `closing ${name}`).toBe(name);
    else stack.push(name);
  }
  expect(xml.slice(last).trim()).toBe('');
  expect(stack).toEqual([]);
}

describe('renderSvg', () => {
  it('is well-formed, escapes text and draws one bar per group, strategy and metric', () => {
    const svg = renderSvg(fixtureReport(['bm25', 'full']), { title: 'gtc <dev> & "more"' });
    checkWellFormed(svg);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" ')).toBe(true);
    expect(svg).toContain('<title>gtc &lt;dev&gt; &amp; &quot;more&quot;</title>');
    expect(svg).toContain('>alpha &amp; &lt;beta&gt;</text>');
    expect(svg).not.toContain('<beta>');
    // groups: alpha, gamma, all (pooled); 2 strategies; 2 metrics (Recall@5, Hit@1)
    expect(svg.match(/<rect x="[^"]*" y="[^"]*" width="10" height="[^"]*" fill="[^"]*"><title>/g)).toHaveLength(3 * 2 * 2);
    expect(svg).toContain('<title>all (pooled) | full | Hit@1 0.667</title>');
    expect(svg).toContain('>Recall@5</text>');
  });

  it('is deterministic', () => {
    expect(renderSvg(fixtureReport())).toBe(renderSvg(fixtureReport()));
  });

  it('escapes every XML special character and drops control characters', () => {
    expect(escapeXml(`a&b<c>d"e'f\u0001g`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;fg');
  });
});
