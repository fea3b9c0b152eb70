import { fromUsdAt, isLotteryCode, LOTTERIES, type Lottery, prizeTiers, tierOdds } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { drawSchedule, lottoAvailableQuery } from '../../../entities/lottery/index.ts';
import { formatUtcOffset } from '../../../entities/time-zone/index.ts';
import { usePlayerCurrency } from '../../../entities/user/index.ts';
import { getHref } from '../../../shared/config/index.ts';
import { formatMoney } from '../../../shared/lib/format/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { ButtonLink } from '../../../shared/ui/index.ts';
import { Tabs } from '../../../shared/ui/tabs/index.ts';
import styles from './lotto.module.css';

/** Spec 2 info switcher values: 0 About the lottery, 1 Winnings, 2 Rules. */
const VIEWS = ['0', '1', '2'] as const;
type View = (typeof VIEWS)[number];
const VIEW_LABELS: Record<View, string> = {
  '0': 'lotto_info_about',
  '1': 'lotto_info_winnings',
  '2': 'lotto_info_rules',
};

/**
 * The prize tiers with their odds, paid in the player's currency: a tier pays a whole number of
 * line prices, so it is the line price the server quotes in that currency, times that number
 * (exact decimals). Until the quote arrives, and if it cannot, the dollar amounts.
 */
function Winnings({ lottery }: { lottery: Lottery }) {
  const { t } = useTranslation();
  const language = useGlobalStore((s) => s.currentLanguage);
  const userId = useGlobalStore((s) => s.userId);
  const currency = usePlayerCurrency();
  const quote = useQuery(lottoAvailableQuery(userId, currency)).data?.lotteries.find((l) => l.code === lottery.code);
  const numbers = new Intl.NumberFormat(language);
  // In the player's currency at the server's rate, as the server pays it.
  const prize = (prizeUsd: number) => {
    if (!quote) return formatMoney(String(prizeUsd), 'USD', language);
    const currencyCode = quote.linePrice.currencyCode;
    return formatMoney(fromUsdAt(String(prizeUsd), quote.usdRate, currencyCode), currencyCode, language);
  };
  return (
    <table className={styles.tiers} data-testid="lotto-tiers">
      <thead>
        <tr>
          <th scope="col">{t('lotto_tier_match')}</th>
          <th scope="col">{t('lotto_tier_prize')}</th>
          <th scope="col">{t('lotto_tier_odds')}</th>
        </tr>
      </thead>
      <tbody>
        {prizeTiers(lottery).map((tier) => (
          <tr key={`${tier.main}+${tier.bonus}`}>
            <td>
              {tier.bonus !== null && tier.bonus > 0
                ? t('lotto_tier_with_bonus', { main: tier.main, bonus: tier.bonus })
                : t('lotto_tier_main', { main: tier.main })}
            </td>
            <td>
              {tier.jackpot
                ? quote
                  ? `${t('lotto_jackpot')}: ${formatMoney(quote.jackpot.amount, quote.jackpot.currencyCode, language, 0)}`
                  : t('lotto_jackpot')
                : prize(tier.prizeUsd)}
            </td>
            <td>{t('lotto_odds', { n: numbers.format(tierOdds(lottery, tier)) })}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A lottery's about (with when it draws), winnings (prize tiers, odds) and rules. */
export function InfoPage() {
  const { t } = useTranslation();
  const { lottoId = '' } = useParams();
  const lottery = LOTTERIES[isLotteryCode(lottoId) ? lottoId : 'powerball'];
  const language = useGlobalStore((s) => s.currentLanguage);
  const timeZone = useGlobalStore((s) => s.timeZone);
  const is12h = useGlobalStore((s) => s.is12h);
  const [view, setView] = useState<View>('0');
  const schedule = drawSchedule(lottery, timeZone, is12h, language);
  const zone = formatUtcOffset(Math.round(timeZone * 60));
  const { main, bonus } = lottery.format;
  const values = {
    name: lottery.name,
    main: main.count,
    max: main.max,
    bonus: bonus?.count ?? 0,
    bonusMin: bonus?.min ?? 0,
    bonusMax: bonus?.max ?? 0,
    draws: lottery.drawDays.length,
    price: formatMoney(String(lottery.priceUsd), 'USD', language),
  };
  const { about, rules } = lottery.texts;
  return (
    <>
      <h1 className={styles.title}>{lottery.name}</h1>
      <Tabs
        label={t('lotto_info_label')}
        items={VIEWS.map((value) => ({ key: value, label: t(VIEW_LABELS[value]) }))}
        selected={view}
        onSelect={setView}
        classNames={{ list: styles.filters, tab: styles.filter, panel: styles.panel }}
      >
        {view === '0' && (
          <div className={styles.prose}>
            <h2 className={styles.subtitle}>{t(about.titleKey, values)}</h2>
            {about.paragraphKeys.map((key) => (
              <p key={key}>{t(key, values)}</p>
            ))}
            <p data-testid="lotto-schedule">
              {schedule.daily
                ? t('lotto_schedule_daily', { time: schedule.time, zone })
                : t('lotto_schedule', { days: schedule.days, time: schedule.time, zone })}
            </p>
          </div>
        )}
        {view === '1' && <Winnings lottery={lottery} />}
        {view === '2' && (
          <div className={styles.prose}>
            <h2 className={styles.subtitle}>{t(rules.subtitleKey, values)}</h2>
            <ol>
              {rules.itemKeys.map((key) => (
                <li key={key}>{t(key, values)}</li>
              ))}
            </ol>
            {rules.footer.map(({ titleKey, textKey }) => (
              <div key={textKey}>
                {titleKey && <h3 className={styles.footerTitle}>{t(titleKey, values)}</h3>}
                <p>{t(textKey, values)}</p>
              </div>
            ))}
          </div>
        )}
      </Tabs>
      <div>
        <ButtonLink to={getHref('lottoGame', { lottoId: lottery.code }, language)}>{t('lotto_play')}</ButtonLink>
      </div>
    </>
  );
}
