import { useEffect } from 'react';
import { directionOf } from '../../lib/language.ts';

/** Sets <html lang dir> from the current language (also on the error page). */
export function useDocumentLanguage(lng: string | undefined): void {
  useEffect(() => {
    if (!lng) return;
    document.documentElement.lang = lng;
    document.documentElement.dir = directionOf(lng);
  }, [lng]);
}
