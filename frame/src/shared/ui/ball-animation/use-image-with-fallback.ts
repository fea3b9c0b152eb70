import { useEffect, useState } from 'react';

/** Returns `preferred` once it has loaded, `fallback` while it loads or when it fails. */
export function useImageWithFallback(preferred: string | null | undefined, fallback: string): string {
  const [loaded, setLoaded] = useState<string | null>(null);
  useEffect(() => {
    if (!preferred) return;
    let cancelled = false;
    const image = new Image();
    image.onload = () => {
      if (!cancelled) setLoaded(preferred);
    };
    image.onerror = () => {
      if (!cancelled) console.warn(`sprite "${preferred}" failed to load; using the default`);
    };
    image.src = preferred;
    return () => {
      cancelled = true;
    };
  }, [preferred]);
  return loaded === preferred && preferred ? preferred : fallback;
}
