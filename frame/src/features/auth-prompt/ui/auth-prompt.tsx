import type { FirstBonusChoice, RegistrationType } from '@promo/contract';
import { useTranslation } from 'react-i18next';
import { repeatPressGuard } from '../../../shared/lib/browser/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { Button } from '../../../shared/ui/index.ts';
import { credentialsSaveFor } from '../api/credentials-save.ts';

/** One-click registration: the type the frame's own register button asks the host for. */
export const DEFAULT_REGISTRATION_TYPE: RegistrationType = 'fast_reg';

const loadBridge = () => import('../../../shared/host-bridge/index.ts');
const loadAnalytics = () => import('../../../shared/analytics/index.ts');

/** The host opens one dialog per double click, and the try is counted once. */
const mayRequest = repeatPressGuard<'signIn' | 'registration'>();

/** Asks the host to open its sign-in pop-up, and counts it (a repeated press within REPEAT_PRESS_MS does neither). */
export function requestSignIn(): void {
  if (!mayRequest('signIn')) return;
  loadBridge()
    .then(({ hostBridge }) => hostBridge.send('authorization', {}))
    .catch((error: unknown) => console.error('sign-in request failed', error));
  loadAnalytics()
    .then(({ analytics }) => analytics().authPopup())
    .catch(() => undefined);
}

/**
 * Asks the host to open its registration (with the first-bonus choice, if one was made, and how a
 * one-click registration keeps the credentials it makes up), and counts the try (a repeated press
 * within REPEAT_PRESS_MS does neither).
 */
export function requestRegistration(
  regType: RegistrationType = DEFAULT_REGISTRATION_TYPE,
  bonusChoice?: FirstBonusChoice,
): void {
  if (!mayRequest('registration')) return;
  const credentialsSave = credentialsSaveFor(regType);
  Promise.all([loadBridge(), credentialsSave])
    .then(([{ hostBridge }, save]) =>
      hostBridge.send('registration', {
        ...(bonusChoice === undefined ? {} : { bonusChoice }),
        ...(save === undefined ? {} : { credentialsSave: save }),
      }),
    )
    .catch((error: unknown) => console.error('registration request failed', error));
  Promise.all([loadAnalytics(), credentialsSave])
    .then(([{ analytics }, save]) => {
      // The referral group and the country the host named go with the try (affiliate attribution).
      const { refGroupId, userCountry } = useGlobalStore.getState();
      analytics().registrationTry(regType, {
        bonusChoice,
        credentialsSave: save,
        refGroupId,
        countryId: userCountry.id ?? undefined,
      });
    })
    .catch(() => undefined);
}

/** Sign-in and register buttons for visitors; the host opens its own dialogs. */
export function AuthPrompt({ registration = true }: { registration?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Button size="sm" variant="secondary" onClick={requestSignIn}>
        {t('account_sign_in')}
      </Button>
      {registration && (
        <Button size="sm" onClick={() => requestRegistration()}>
          {t('account_register')}
        </Button>
      )}
    </>
  );
}
