import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CMS_ART_FOLDERS, LOTTERIES, LOTTERY_CODES } from '@promo/contract';
import { expect, test } from 'vitest';
import { lotteryEmblemSvg } from './cms-art.ts';

const PUBLIC = path.join(import.meta.dirname, '..', 'server', 'public');

test('the committed lottery emblems are what npm run cms:art draws from the lotteries', () => {
  const folder = path.join(PUBLIC, CMS_ART_FOLDERS.lotto);
  for (const code of LOTTERY_CODES) {
    expect(readFileSync(path.join(folder, `${code.toLowerCase()}.svg`), 'utf8'), code).toBe(
      lotteryEmblemSvg(LOTTERIES[code]),
    );
  }
});

test('every SVG source of the art folders has its PNG and WebP committed beside it', () => {
  const missing = Object.values(CMS_ART_FOLDERS).flatMap((folder) => {
    const files = readdirSync(path.join(PUBLIC, folder));
    return files
      .filter((file) => file.endsWith('.svg'))
      .flatMap((svg) => ['png', 'webp'].map((ext) => svg.replace(/svg$/, ext)))
      .filter((file) => !files.includes(file))
      .map((file) => `${folder}/${file}`);
  });
  expect(missing).toEqual([]);
});
