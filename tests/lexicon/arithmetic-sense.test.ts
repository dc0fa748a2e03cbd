import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arithmeticObject, arithmeticSense, operatorSenses } from '../../src/lexicon/arithmetic-sense.js';
import { verbSenses, verbsOfWords } from '../../src/lexicon/phrasal-verbs.js';

const verbs = (text: string): string[] =>
  verbsOfWords(text.split(' ')).map((v) => `${v.match.verb}:${v.match.verbClass}${v.sense === undefined ? '' : `=${v.sense.join('+')}`}`);

describe('the arithmetic sense of a verb', () => {
  it.each<[string, string[]]>([
    // numbers as the object: a sum, which changes nothing
    ['add two numbers', ['add:read=sum+total']],
    ['add the numbers in column b', ['add:read=sum+total']],
    ['add 3 and 5', ['add:read=sum+total']],
    ['add 2 to 7', ['add:read=sum+total']],
    ['add 3 and 5 together', ['add:read=sum+total']],
    ['add 1 2 and 3 and print it', ['add:read=sum+total', 'print:read']],
    ['add three integers', ['add:read=sum+total']],
    ['adding these decimals', ['add:read=sum+total']],
    ['add up the invoice totals', ['add up:read=sum+total']],
    // things as the object: the usual create
    ['add two users', ['add:create']],
    ['add 3 files to the repo', ['add:create']],
    ['add a phone number', ['add:create']],
    ['add the phone numbers to contacts', ['add:create']],
    ['add 3 and 5 to the list', ['add:create', 'list:read']],
    ['add a number', ['add:create']],
    ['add', ['add:create']],
    // other verbs have no arithmetic sense
    ['create two numbers', ['create:create']],
  ])('%s', (text, expected) => {
    expect(verbs(text)).toEqual(expected);
  });

  it('lists the words of each sense, keyed by the verb as written', () => {
    expect(arithmeticSense('add')).toEqual(['sum', 'total']);
    expect(arithmeticSense('create')).toBeUndefined();
    expect([...verbSenses('adding two numbers'.split(' '))]).toEqual([['adding', ['sum', 'total']]]);
    expect([...verbSenses('add two users'.split(' '))]).toEqual([]);
  });

  it.each<[string, [string, string[]][]]>([
    ['what is 12 plus 30', [['plus', ['sum', 'total']]]],
    [
      '7 times 6 minus 2',
      [
        ['times', ['product', 'multiply']],
        ['minus', ['difference', 'subtract']],
      ],
    ],
    ['two plus three', [['plus', ['sum', 'total']]]],
    // not between two numerals
    ['run it 3 times', []],
    ['plus 3', []],
    ['the plus side of 2', []],
  ])('operator words between numerals: %s', (text, expected) => {
    expect([...operatorSenses(text.split(' '))]).toEqual(expected);
    expect([...verbSenses(text.split(' '))]).toEqual(expected);
  });

  it('never reads an object with no numeral and no quantity noun as arithmetic', () => {
    const word = fc
      .stringMatching(/^[a-z]{1,8}$/)
      .filter(
        (w) =>
          !/^(zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|hundred|thousand|million|dozen|pair|couple|numbers|numerals|integers|digits|decimals|fractions|floats)$/.test(
            w,
          ),
      );
    fc.assert(fc.property(fc.array(word, { maxLength: 8 }), (words) => !arithmeticObject(words, 0)));
  });
});
