import { WHEEL_SEGMENTS, type WheelSegment } from '@promo/contract';
import { useTranslation } from 'react-i18next';
import styles from './spin-wheel.module.css';

const SIZE = 200;
const R = 92;
const STEP = 360 / WHEEL_SEGMENTS.length;

const point = (angle: number, radius: number) => {
  const rad = ((angle - 90) * Math.PI) / 180;
  return `${SIZE / 2 + radius * Math.cos(rad)} ${SIZE / 2 + radius * Math.sin(rad)}`;
};

/** Short label on a segment: "10 FS", "$5 FB", "$100", "×". */
function useShortLabel(): (segment: WheelSegment) => string {
  const { t } = useTranslation();
  return (segment) => {
    if (segment.kind === 'none') return t('wheel_short_none');
    if (segment.kind === 'cash') return `$${segment.amount}`;
    if (segment.kind === 'freebet') return `$${segment.amount} ${t('wheel_short_freebet')}`;
    return `${segment.amount} ${t('wheel_short_freespins')}`;
  };
}

/** The wheel, turned by `rotation` degrees; segment 0 starts under the pointer, clockwise. */
export function WheelGraphic({ rotation, spinning }: { rotation: number; spinning: boolean }) {
  const label = useShortLabel();
  return (
    <div className={styles.wheelBox}>
      <svg viewBox={`0 0 ${SIZE} ${SIZE}`} className={styles.wheel} aria-hidden="true" focusable="false">
        <g
          className={spinning ? styles.rotorSpinning : styles.rotor}
          style={{ transform: `rotate(${rotation}deg)`, transformOrigin: '50% 50%' }}
        >
          <circle cx="100" cy="100" r="98" fill="var(--color-brand)" />
          {WHEEL_SEGMENTS.map((segment, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the segments are fixed and ordered
            <g key={index}>
              <path
                d={`M100 100 L${point(index * STEP, R)} A${R} ${R} 0 0 1 ${point((index + 1) * STEP, R)} Z`}
                fill={index % 2 ? 'var(--color-surface-raised)' : 'var(--color-accent)'}
                stroke="var(--color-bg)"
                strokeWidth="1.5"
              />
              <text
                x="100"
                y="32"
                textAnchor="middle"
                fontSize="11"
                fontWeight="800"
                fill={index % 2 ? 'var(--color-text)' : 'var(--color-accent-contrast)'}
                transform={`rotate(${index * STEP + STEP / 2} 100 100)`}
              >
                {label(segment)}
              </text>
            </g>
          ))}
          <circle cx="100" cy="100" r="16" fill="var(--color-bg)" stroke="var(--color-accent)" strokeWidth="4" />
        </g>
        <path d="M100 16 L90 0 H110 Z" fill="var(--color-danger)" />
      </svg>
    </div>
  );
}

/** Degrees to add to `current` so that `segment`'s middle stops under the pointer after full turns. */
export function rotationFor(current: number, segment: number, turns = 5): number {
  const target = 360 - (segment * STEP + STEP / 2);
  const base = current - (((current % 360) + 360) % 360);
  return base + turns * 360 + target;
}
