import type { StaffMe } from '@promo/contract';
import { createContext, useContext } from 'react';

/** The signed-in member, inside the shell (which renders nothing of the console without one). */
export const StaffContext = createContext<StaffMe | null>(null);

export function useStaff(): StaffMe {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaff outside the signed-in shell');
  return staff;
}
