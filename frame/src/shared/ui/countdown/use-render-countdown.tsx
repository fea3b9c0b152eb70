import { useTranslation } from 'react-i18next';
import { Countdown } from './countdown.tsx';

/**
 * The render prop a widget takes for "the next ... in": a countdown under the label of this
 * dictionary key, calling back when it reaches zero.
 */
export function useRenderCountdown(labelKey: string) {
  const { t } = useTranslation();
  return (targetMs: number, onEnd: () => void) => <Countdown targetMs={targetMs} label={t(labelKey)} onEnd={onEnd} />;
}
