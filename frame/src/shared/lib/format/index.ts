export { type CountdownParts, countdownParts, DATE_FORMATS, formatInZone, to12h, useZonedFormat } from './dates.ts';
export { fillText, hasPlaceholder } from './fill-text.ts';
export { formatAmount, formatMoney } from './format-money.ts';
export { formatOdds, oddsFormatOf, useOddsFormat } from './format-odds.ts';
export { useNow } from './use-now.ts';
export { formatOffset } from './utc-offset.ts';
