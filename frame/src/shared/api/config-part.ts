import { CONFIG_PART_SCHEMAS, type ConfigPart, type ConfigPartName, configPartUrl } from '@promo/contract';
import { getJson, type SendOptions } from './http-client.ts';

/**
 * GET config/part/{name}.json: one spec 3 config part, the same for every visitor and language.
 * Here, below the entities, because the shared fingerprint service reads one (thirdparty).
 */
export const fetchConfigPart = <N extends ConfigPartName>(name: N, call: Pick<SendOptions, 'signal' | 'client'> = {}) =>
  getJson(configPartUrl(name), CONFIG_PART_SCHEMAS[name], call) as Promise<ConfigPart<N>>;
