import { expect, test } from 'vitest';
import { STAGES, stageTable } from './test-stages.ts';

test('the closing table names every stage with its time, and the total', () => {
  const table = stageTable(STAGES.map((stage, i) => ({ stage, seconds: i + 0.25, ok: true })));
  for (const stage of STAGES) expect(table).toMatch(new RegExp(`^  ${stage}\\s+\\d+\\.\\d s  ok$`, 'm'));
  expect(table).toMatch(/^ {2}total\s+16\.5 s {2}ok$/m);
});

test('a failed stage is marked, the stages after it are not run, and the total fails', () => {
  const table = stageTable([
    { stage: 'lint', seconds: 12, ok: true },
    { stage: 'typecheck', seconds: 30.04, ok: false },
  ]);
  expect(table).toMatch(/^ {2}typecheck\s+30\.0 s {2}FAILED$/m);
  expect(table).toMatch(/^ {2}test:e2e\s+–\s+not run$/m);
  expect(table).toMatch(/^ {2}total\s+42\.0 s {2}FAILED$/m);
});
