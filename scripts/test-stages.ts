/**
 * `npm test`: the stages of the test command one after the other, stopping at the first that
 * fails, and the time each took printed at the end (also when one failed), so a slow stage shows
 * in every run's output.
 */
import { spawnSync } from 'node:child_process';

/** Each stage is the npm script of that name. */
export const STAGES = ['lint', 'typecheck', 'test:unit', 'build', 'test:budgets', 'test:e2e'] as const;

export interface StageResult {
  stage: string;
  seconds: number;
  ok: boolean;
}

/** The closing table: one row per stage run, then the total. */
export function stageTable(results: readonly StageResult[]): string {
  const width = Math.max(...STAGES.map((s) => s.length));
  const total = results.reduce((sum, r) => sum + r.seconds, 0);
  const line = (name: string, seconds: number, note: string) =>
    `  ${name.padEnd(width)}  ${seconds.toFixed(1).padStart(7)} s  ${note}`;
  return [
    'Test command, time per stage:',
    ...results.map((r) => line(r.stage, r.seconds, r.ok ? 'ok' : 'FAILED')),
    ...STAGES.slice(results.length).map((stage) => `  ${stage.padEnd(width)}        –    not run`),
    line('total', total, results.every((r) => r.ok) ? 'ok' : 'FAILED'),
  ].join('\n');
}

function runStage(stage: string): StageResult {
  const started = performance.now();
  // The npm that runs `npm test` runs each stage's script (npm_execpath), else the one on PATH.
  const npm = process.env.npm_execpath;
  const child = npm
    ? spawnSync(process.execPath, [npm, 'run', stage], { stdio: 'inherit' })
    : spawnSync('npm', ['run', stage], { stdio: 'inherit' });
  return { stage, seconds: (performance.now() - started) / 1000, ok: child.status === 0 };
}

if (import.meta.main) {
  const results: StageResult[] = [];
  for (const stage of STAGES) {
    const result = runStage(stage);
    results.push(result);
    if (!result.ok) break;
  }
  process.stdout.write(`\n${stageTable(results)}\n`);
  process.exitCode = results.every((r) => r.ok) ? 0 : 1;
}
