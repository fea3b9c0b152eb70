import { ODDS_FORMATS } from '@promo/contract';
import { expect, test } from 'vitest';
import { formatOdds, oddsFormatOf } from './format-odds.ts';

// Rows: decimal odds -> decimal, fractional, American, Hong Kong, Indonesian, Malaysian.
const TABLE: Array<[string, string[]]> = [
  ['1.30', ['1.30', '3/10', '-333', '0.30', '-3.33', '0.30']],
  ['1.5', ['1.50', '1/2', '-200', '0.50', '-2.00', '0.50']],
  ['2.00', ['2.00', '1/1', '+100', '1.00', '1.00', '1.00']],
  ['2.50', ['2.50', '3/2', '+150', '1.50', '1.50', '-0.67']],
  ['3.75', ['3.75', '11/4', '+275', '2.75', '2.75', '-0.36']],
  ['11', ['11.00', '10/1', '+1000', '10.00', '10.00', '-0.10']],
];

test.each(TABLE)('decimal odds %s in every format', (decimal, expected) => {
  expect(ODDS_FORMATS.map((format) => formatOdds(decimal, format))).toEqual(expected);
});

test('odds that are not odds are shown as they came', () => {
  for (const format of ODDS_FORMATS) {
    expect(formatOdds('1.00', format)).toBe('1.00');
    expect(formatOdds('abc', format)).toBe('abc');
  }
});

test('coefView ids name the formats; an unknown id is decimal', () => {
  expect(oddsFormatOf(0)).toBe('decimal');
  expect(oddsFormatOf(1)).toBe('fractional');
  expect(oddsFormatOf(2)).toBe('american');
  expect(oddsFormatOf(5)).toBe('malaysian');
  expect(oddsFormatOf(17)).toBe('decimal');
});
