/**
 * Dotted world map behind the blocked page. Land is a coarse equirectangular mask: for each row
 * (6° of latitude from 84°N down) the column ranges (5.625° of longitude from 180°W) that are land.
 */
const LAND: ReadonlyArray<ReadonlyArray<readonly [number, number]>> = [
  [[22, 27]],
  [
    [12, 18],
    [20, 28],
    [50, 54],
  ],
  [
    [2, 6],
    [8, 18],
    [20, 28],
    [33, 35],
    [38, 60],
  ],
  [
    [1, 7],
    [7, 20],
    [21, 27],
    [28, 28],
    [32, 36],
    [37, 63],
  ],
  [
    [3, 6],
    [8, 13],
    [16, 21],
    [23, 24],
    [32, 35],
    [36, 62],
  ],
  [
    [8, 22],
    [30, 30],
    [31, 38],
    [38, 57],
    [58, 59],
  ],
  [
    [8, 21],
    [31, 40],
    [40, 55],
    [56, 56],
  ],
  [
    [9, 20],
    [30, 31],
    [33, 34],
    [36, 38],
    [40, 54],
    [56, 56],
  ],
  [
    [9, 19],
    [29, 35],
    [37, 54],
  ],
  [
    [10, 15],
    [17, 17],
    [29, 37],
    [38, 42],
    [43, 53],
  ],
  [
    [10, 14],
    [17, 17],
    [29, 38],
    [39, 41],
    [44, 47],
    [48, 52],
  ],
  [
    [12, 14],
    [29, 39],
    [44, 46],
    [48, 50],
    [53, 53],
  ],
  [
    [14, 15],
    [17, 20],
    [29, 41],
    [49, 49],
  ],
  [
    [17, 22],
    [30, 38],
    [49, 51],
    [52, 53],
  ],
  [
    [17, 24],
    [33, 38],
    [50, 55],
  ],
  [
    [17, 25],
    [33, 38],
    [51, 54],
    [56, 58],
  ],
  [
    [18, 25],
    [34, 38],
    [40, 40],
    [54, 57],
  ],
  [
    [19, 25],
    [34, 38],
    [40, 40],
    [52, 58],
  ],
  [
    [19, 24],
    [34, 37],
    [52, 59],
  ],
  [
    [19, 23],
    [34, 36],
    [52, 59],
  ],
  [
    [19, 22],
    [54, 58],
    [62, 62],
  ],
  [
    [19, 21],
    [57, 57],
    [61, 62],
  ],
  [[19, 20]],
  [[20, 20]],
];

const STEP = 10;
const DOTS_PATH = LAND.flatMap((ranges, row) =>
  ranges.flatMap(([from, to]) =>
    Array.from({ length: to - from + 1 }, (_, i) => `M${(from + i) * STEP + STEP / 2} ${row * STEP + STEP / 2}h0`),
  ),
).join('');

export function WorldMap({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox={`0 0 ${64 * STEP} ${LAND.length * STEP}`} aria-hidden="true" focusable="false">
      <path d={DOTS_PATH} stroke="currentColor" strokeWidth={STEP * 0.55} strokeLinecap="round" />
    </svg>
  );
}
