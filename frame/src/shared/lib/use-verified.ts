import { useEffect, useState } from 'react';

/**
 * The answer of an asynchronous proof check (a revealed seed against its published hash), run in
 * the browser whenever the subject changes: null while checking or without a subject. `verify`
 * must be stable (a module-level function).
 */
export function useVerified<T>(subject: T | null, verify: (subject: T) => Promise<boolean>): boolean | null {
  const [verified, setVerified] = useState<boolean | null>(null);
  useEffect(() => {
    setVerified(null);
    if (subject === null) return;
    let live = true;
    void verify(subject)
      .catch(() => false)
      .then((ok) => {
        if (live) setVerified(ok);
      });
    return () => {
      live = false;
    };
  }, [subject, verify]);
  return verified;
}
