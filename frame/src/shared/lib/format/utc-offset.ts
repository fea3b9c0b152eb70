/** '+03:00', '-05:30' for minutes east of UTC; `minus` lets typeset text use the minus sign (−). */
export function formatOffset(minutes: number, minus = '-'): string {
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${minutes < 0 ? minus : '+'}${hh}:${mm}`;
}
