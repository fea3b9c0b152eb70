import type { CmsPage } from '@promo/contract';
import { useEffect, useRef } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { usePlayerCountry, usePlayerCurrency } from '../../../entities/user/index.ts';
import type { CmsRouteData } from '../api/cms-route.ts';

/**
 * The route's CMS page for the player as they are now: when their currency or country is not the
 * one the page was asked for (a sign-in, an account switch, the host's update), the route's loader
 * runs again, the page on screen staying until the next one arrives. So a page their country is not
 * offered (the server's 404) is the route's error page, as it is on arrival.
 */
export function useCmsPage(): CmsPage & { preview: boolean } {
  const { page, audience, preview } = useLoaderData() as CmsRouteData;
  const currency = usePlayerCurrency();
  const country = usePlayerCountry();
  const { revalidate } = useRevalidator();
  // What was last asked for: a loader that answers for another audience is not asked again for it.
  const asked = useRef(`${audience.currency} ${audience.country}`);
  useEffect(() => {
    const now = `${currency} ${country}`;
    if (now === `${audience.currency} ${audience.country}` || now === asked.current) return;
    asked.current = now;
    void revalidate();
  }, [currency, country, audience, revalidate]);
  return { ...page, preview };
}
