import { expect, test } from 'vitest';
import { FIRST_BONUS_CHOICES, REGISTRATION_TYPES, SOCIAL_NETWORKS } from './analytics.ts';

/**
 * Spec 3's enumerations, verbatim: analytics counts a registration of these types only, and logs
 * any other as an error (the frame's analytics tests), so a value dropped here is a try not counted.
 */
test("the registration types, first-bonus choices and social networks are the spec's", () => {
  expect(REGISTRATION_TYPES).toEqual(['fast_reg', 'phone_reg', 'full_reg', 'soc_reg', 'short_reg']);
  // 0 declines the bonus, 1 is the sport bonus, 2 the casino bonus.
  expect(FIRST_BONUS_CHOICES).toEqual([0, 1, 2]);
  expect(SOCIAL_NETWORKS).toEqual(
    'google, vk, ok, fb, mailru, yandex, telegram, kakaotalk, twitter, itsme, twitch, metamask, line, linkedin, apple'.split(
      ', ',
    ),
  );
});
