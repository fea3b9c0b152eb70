/** Padlock of the blocked page. */
export function PadlockIcon({ size = 96 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 96 96" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="padlock-body" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="var(--color-accent)" />
          <stop offset="1" stopColor="color-mix(in srgb, var(--color-accent) 60%, #000)" />
        </linearGradient>
      </defs>
      <path
        d="M30 42V30a18 18 0 0 1 36 0v12"
        fill="none"
        stroke="var(--color-text-muted)"
        strokeWidth="8"
        strokeLinecap="round"
      />
      <rect x="18" y="40" width="60" height="46" rx="10" fill="url(#padlock-body)" />
      <circle cx="48" cy="59" r="6" fill="var(--color-accent-contrast)" />
      <rect x="45" y="61" width="6" height="13" rx="3" fill="var(--color-accent-contrast)" />
    </svg>
  );
}
