import type { LuckyChance } from '@promo/contract';
import { Fragment, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { makeForecast } from '../../../entities/lucky-day/index.ts';
import { ActionError, useIdempotentMutation } from '../../../shared/lib/idempotent-mutation/index.ts';
import { buttonClass } from '../../../shared/ui/index.ts';
import section from '../../../shared/ui/mechanic/mechanic.module.css';
import styles from './promo-popups.module.css';

/** The lucky chance forecast: the featured match's score, sent once (LuckyChanceForm). */
export function LuckyChanceForm({ promotionId }: { promotionId: number }) {
  const { t } = useTranslation();
  const id = useId();
  const [score, setScore] = useState({ home: '', away: '' });
  const [made, setMade] = useState<LuckyChance | null>(null);
  const send = useIdempotentMutation({
    mutationFn: (key, form: { home: number; away: number }) => makeForecast(key, { promoId: promotionId, ...form }),
    onSuccess: (answer) => setMade(answer.forecast),
  });
  const valid = (value: string) => /^\d{1,2}$/.test(value) && Number(value) <= 20;
  const [tried, setTried] = useState(false);
  const wrong = tried && !(valid(score.home) && valid(score.away));
  if (made) {
    return <p data-testid="lucky-chance-made">{t('popup_forecast_made', { home: made.home, away: made.away })}</p>;
  }
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (valid(score.home) && valid(score.away)) send.run({ home: Number(score.home), away: Number(score.away) });
      }}
    >
      <p>{t('popup_forecast_text')}</p>
      <div className={styles.score}>
        {(['home', 'away'] as const).map((side) => (
          <Fragment key={side}>
            <label htmlFor={`${id}-${side}`}>{t(`popup_forecast_${side}`)}</label>
            <input
              id={`${id}-${side}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={20}
              required
              aria-invalid={(tried && !valid(score[side])) || undefined}
              aria-describedby={wrong ? `${id}-error` : undefined}
              value={score[side]}
              onChange={(event) => {
                const value = event.target.value.trim();
                setScore((all) => ({ ...all, [side]: value }));
              }}
            />
          </Fragment>
        ))}
      </div>
      {wrong && (
        <p id={`${id}-error`} role="alert" className={section.error}>
          {t('popup_forecast_invalid')}
        </p>
      )}
      <div>
        <button
          type="submit"
          className={buttonClass()}
          disabled={send.isPending}
          aria-busy={send.isPending || undefined}
        >
          {t('popup_forecast_send')}
        </button>
      </div>
      <ActionError action={send} className={section.error} />
    </form>
  );
}
