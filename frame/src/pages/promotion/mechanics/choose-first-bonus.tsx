import { welcomeBonusQuery } from '../../../entities/bonus/index.ts';
import { requestRegistration } from '../../../features/auth-prompt/index.ts';
import { ChooseFirstBonus } from '../../../features/choose-first-bonus/index.ts';
import type { FrameMechanic } from './types.ts';

export const mechanic: FrameMechanic = {
  Widget: ({ promotion }) => (
    <ChooseFirstBonus preview={promotion.preview} onRegister={(choice) => requestRegistration(undefined, choice)} />
  ),
  prefetch: (client, c) => client.prefetchQuery({ ...welcomeBonusQuery(c.currency), retry: false }),
};
