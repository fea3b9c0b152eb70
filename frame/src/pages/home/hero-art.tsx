/** Hero illustration: a trophy among coins and a ball, drawn in theme colours. */
export function HeroArt({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 320 240" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id="hero-glow" cx="50%" cy="45%" r="55%">
          <stop offset="0" stopColor="var(--color-accent)" stopOpacity="0.55" />
          <stop offset="1" stopColor="var(--color-accent)" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="hero-gold" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffe27a" />
          <stop offset="0.55" stopColor="#ffb800" />
          <stop offset="1" stopColor="#b86e00" />
        </linearGradient>
      </defs>
      <circle cx="160" cy="110" r="120" fill="url(#hero-glow)" />
      <g fill="url(#hero-gold)">
        <path d="M112 40h96v34a48 48 0 0 1-96 0z" />
        <path d="M112 50H88a24 24 0 0 0 26 30l2-10a14 14 0 0 1-18-12h14zM208 50h24a24 24 0 0 1-26 30l-2-10a14 14 0 0 0 18-12h-14z" />
        <rect x="150" y="118" width="20" height="30" rx="4" />
        <rect x="124" y="148" width="72" height="16" rx="6" />
        <rect x="112" y="164" width="96" height="20" rx="8" />
      </g>
      <path d="M146 60l14-8 14 8-4 16h-20z" fill="#fff" opacity="0.35" />
      <g>
        <ellipse cx="62" cy="196" rx="26" ry="9" fill="#b86e00" />
        <ellipse cx="62" cy="190" rx="26" ry="9" fill="url(#hero-gold)" />
        <ellipse cx="62" cy="184" rx="26" ry="9" fill="#ffd54a" />
        <ellipse cx="258" cy="202" rx="22" ry="8" fill="#b86e00" />
        <ellipse cx="258" cy="197" rx="22" ry="8" fill="#ffd54a" />
        <circle cx="250" cy="62" r="10" fill="url(#hero-gold)" />
        <circle cx="74" cy="78" r="7" fill="url(#hero-gold)" />
      </g>
      <g transform="translate(262 140)">
        <circle r="26" fill="#f5f7ff" />
        <path d="M0-10l9.5 7-3.6 11.1H-6.1L-9.6-3z" fill="#1b2140" />
        <path
          d="M0-10V-26M9.5-3l15-5M5.9 8.1l9.4 12.9M-5.9 8.1l-9.4 12.9M-9.5-3l-15-5"
          stroke="#1b2140"
          strokeWidth="2"
        />
      </g>
      <g fill="var(--color-text)" opacity="0.8">
        <path d="M40 40l3 8 8 3-8 3-3 8-3-8-8-3 8-3z" />
        <path d="M282 30l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" />
      </g>
    </svg>
  );
}
