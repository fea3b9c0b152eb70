import type { CredentialsSave, RegistrationType } from '@promo/contract';
import { fetchConfigPart } from '../../../entities/site-part/index.ts';

/**
 * How a registration of `regType` keeps the login and password it makes up: a one-click registration
 * (fast_reg) the way the operator's registration settings say (spec 3 credentials-save option, a
 * config part the server caches); undefined for any other, or when the settings do not load.
 */
export async function credentialsSaveFor(regType: RegistrationType): Promise<CredentialsSave | undefined> {
  if (regType !== 'fast_reg') return undefined;
  try {
    return (await fetchConfigPart('registration')).credentialsSave;
  } catch (error) {
    console.warn('registration settings did not load; the registration goes without a credentials-save option', error);
    return undefined;
  }
}
