// Fingerprint script of the reference server: the frame loads it from this external path
// (spec 7) and calls window.PromoFingerprint.collect(). It reads coarse device traits only
// (no canvas, audio or font probing) and asks the collector for a visitor token.
(() => {
  const components = () => {
    const nav = window.navigator;
    return {
      screen: `${screen.width}x${screen.height}`,
      colorDepth: screen.colorDepth,
      pixelRatio: window.devicePixelRatio || 1,
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'unknown',
      languages: (nav.languages || [nav.language]).join(','),
      platform: nav.platform || 'unknown',
      cores: nav.hardwareConcurrency || 0,
      memory: nav.deviceMemory || 0,
      touchPoints: nav.maxTouchPoints || 0,
      cookies: nav.cookieEnabled === true,
    };
  };

  window.PromoFingerprint = {
    version: 1,
    async collect() {
      const componentsData = components();
      const response = await fetch('/web-api/fingerprint', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ components: componentsData }),
      });
      if (!response.ok) throw new Error(`fingerprint collector answered ${response.status}`);
      const { token, expiresAt } = await response.json();
      return { token, expiresAt, componentsData };
    },
  };
})();
