import { useEffect, useState } from 'react';
import { useGlobalStore } from '../../model/index.ts';
import { probeCdn } from './cdn.ts';

/**
 * The CDN base to use for CMS assets: the config's mainCdnUrl when useCdn is on and the probe
 * answered; null (same-origin assets) until then and whenever it did not.
 */
export function useCdnBase(): string | null {
  const config = useGlobalStore((s) => s.siteConfig?.globalConfig);
  const wanted = config?.useCdn && config.mainCdnUrl ? config.mainCdnUrl : null;
  const [base, setBase] = useState<string | null>(null);
  useEffect(() => {
    if (!wanted) {
      setBase(null);
      return;
    }
    let live = true;
    void probeCdn(wanted).then((ok) => {
      if (live) setBase(ok ? wanted : null);
    });
    return () => {
      live = false;
    };
  }, [wanted]);
  return base;
}
