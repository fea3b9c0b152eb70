import { ODDS_FORMATS, type OddsFormat } from '@promo/contract';
import { useGlobalStore } from '../../model/index.ts';

/** The odds format of a coefView id (spec 3); unknown ids show decimal odds. */
export const oddsFormatOf = (coefView: number): OddsFormat => ODDS_FORMATS[coefView] ?? 'decimal';

/** The player's odds format from the global state (host cookie or updateSiteConfig). */
export const useOddsFormat = (): OddsFormat => useGlobalStore((s) => oddsFormatOf(s.coefViewId));

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** Two decimals without float noise: hundredths are integers here. */
const fixed2 = (hundredths: number): string => {
  const sign = hundredths < 0 ? '-' : '';
  const abs = Math.abs(hundredths);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/**
 * Decimal odds (a decimal string such as "1.30", as content and the API carry them) in the
 * player's format. Works in hundredths, so 1.30 is never 1.2999…; odds of 1 or less, or a value
 * that is not a number, are shown as they came.
 */
export function formatOdds(decimal: string, format: OddsFormat): string {
  const value = Number(decimal);
  if (!Number.isFinite(value) || value <= 1) return decimal;
  // Profit per 100 staked.
  const profit = Math.round(value * 100) - 100;
  switch (format) {
    case 'decimal':
      return fixed2(profit + 100);
    case 'fractional': {
      const divisor = gcd(profit, 100);
      return `${profit / divisor}/${100 / divisor}`;
    }
    case 'american':
      return profit >= 100 ? `+${profit}` : `-${Math.round(10_000 / profit)}`;
    case 'hongkong':
      return fixed2(profit);
    case 'indonesian':
      return profit >= 100 ? fixed2(profit) : fixed2(-Math.round(10_000 / profit));
    case 'malaysian':
      return profit <= 100 ? fixed2(profit) : fixed2(-Math.round(10_000 / profit));
  }
}
