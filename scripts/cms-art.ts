/**
 * Makes the CMS art under server/public/genfiles/cms from its SVG sources (decision 028):
 *
 *   npm run cms:art
 *
 * 1. Writes lotto/<code>.svg, each lottery's emblem: its picks drawn around a ball (a white dot per
 *    main number, an accent dot per bonus number), in the lottery's colours.
 * 2. Renders every SVG of promotions/desktop, promotions/mobile, crypto-promotions and lotto to a
 *    PNG (the fallback; palette-reduced when that is smaller) and a WebP beside it.
 *
 * The rendering is the server's, for art operators upload (server/src/domain/art.ts, decision 048):
 * the SVG checked and sanitised as an upload is, then drawn and encoded by sharp. Its outputs are
 * committed.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { CMS_ART_FOLDERS, LOTTERIES, LOTTERY_CODES, type Lottery, type LotteryCode } from '@promo/contract';
import { DEFAULT_ART_MAX_PIXELS, rasterPair, sanitizeSvg } from '../server/src/domain/art.ts';

const PUBLIC = new URL('../server/public', import.meta.url).pathname;

/** Each lottery's two colours (its badge's gradient) and the accent of its bonus picks. */
const EMBLEM_COLOURS: Record<LotteryCode, readonly [from: string, to: string, accent: string]> = {
  powerball: ['#d62828', '#3b0a0a', '#ff5a6e'],
  megamillions: ['#1a3d8f', '#0b1030', '#ffcf3a'],
  superlottoplus: ['#ff7a00', '#5b1a8a', '#ffd84d'],
  fantasy5: ['#00a6a6', '#073b4c', '#ffd84d'],
  euromillions: ['#003399', '#001440', '#ffcc00'],
  eurojackpot: ['#f7b500', '#1d1d5c', '#ffe066'],
  elgordodelaprimitiva: ['#c60b1e', '#5c0510', '#ffc400'],
  gosloto7x49: ['#e30613', '#1e3a8a', '#ffd84d'],
  gosloto6x45: ['#0057b8', '#0b1030', '#ff5a6e'],
  gosloto5x36: ['#2e7d32', '#0b2e13', '#ffd84d'],
  superloto: ['#6a1b9a', '#26073a', '#ffb300'],
  FRA5: ['#0055a4', '#ef4135', '#ffffff'],
  MM6: ['#006847', '#ce1126', '#ffd84d'],
  AUS7: ['#00843d', '#012169', '#ffcd00'],
  GER6: ['#dd0000', '#1a1a1a', '#ffce00'],
  IR6: ['#169b62', '#0b4d31', '#ff883e'],
  IR7: ['#ff883e', '#0b4d31', '#ffffff'],
  CAN6: ['#d80621', '#5c0510', '#ffffff'],
  CAN7: ['#8a0a1b', '#2a0308', '#ffd84d'],
  NYL: ['#0039a6', '#ff6319', '#ffffff'],
  NYL7: ['#ff6319', '#0039a6', '#ffd84d'],
  SPL: ['#2f6bff', '#0b1020', '#ffb800'],
  SPL7: ['#7c3aed', '#0b1020', '#ffb800'],
  AUS6: ['#012169', '#00843d', '#ffcd00'],
};

const round = (value: number) => Math.round(value * 10) / 10;

/** A lottery's emblem (128×128): its picks in an arc over a ball, in its colours. */
export function lotteryEmblemSvg(lottery: Lottery): string {
  const [from, to, accent] = EMBLEM_COLOURS[lottery.code];
  const picks = [
    ...Array.from({ length: lottery.format.main.count }, () => '#ffffff'),
    ...Array.from({ length: lottery.format.bonus?.count ?? 0 }, () => accent),
  ];
  // Over the top, from 200° to 340° (0° is east, y grows down), evenly spaced.
  const dots = picks.map((fill, index) => {
    const angle = ((200 + (140 * index) / Math.max(picks.length - 1, 1)) * Math.PI) / 180;
    return `<circle cx="${round(64 + 44 * Math.cos(angle))}" cy="${round(70 + 44 * Math.sin(angle))}" r="7" fill="${fill}"/>`;
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" role="img" aria-label="${lottery.name}">`,
    `  <defs><linearGradient id="e" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    '  <circle cx="64" cy="64" r="62" fill="url(#e)"/>',
    '  <circle cx="64" cy="64" r="55" fill="none" stroke="#ffffff" stroke-width="2" opacity="0.35"/>',
    `  <g>${dots.join('')}</g>`,
    '  <circle cx="64" cy="80" r="26" fill="#ffffff"/>',
    `  <circle cx="64" cy="80" r="13" fill="${accent === '#ffffff' ? from : accent}"/>`,
    '  <path d="M50 66a20 20 0 0 1 12-6" fill="none" stroke="#ffffff" stroke-width="4" stroke-linecap="round" opacity="0.8"/>',
    '</svg>',
    '',
  ].join('\n');
}

/** One SVG source to its PNG and WebP beside it, as an upload of it would be made. */
async function render(svg: string): Promise<void> {
  const clean = sanitizeSvg(readFileSync(svg), path.basename(svg));
  const pair = await rasterPair(Buffer.from(clean), 'svg', path.basename(svg), { maxPixels: DEFAULT_ART_MAX_PIXELS });
  writeFileSync(svg.replace(/\.svg$/, `.${pair.fallback.ext}`), pair.fallback.data);
  writeFileSync(svg.replace(/\.svg$/, '.webp'), pair.webp);
}

if (import.meta.main) {
  for (const code of LOTTERY_CODES) {
    writeFileSync(
      path.join(PUBLIC, `${CMS_ART_FOLDERS.lotto}/${code.toLowerCase()}.svg`),
      lotteryEmblemSvg(LOTTERIES[code]),
    );
  }
  for (const folder of Object.values(CMS_ART_FOLDERS)) {
    const dir = path.join(PUBLIC, folder);
    for (const file of (await readdir(dir)).filter((name) => name.endsWith('.svg'))) {
      await render(path.join(dir, file));
      const sizes = ['png', 'webp'].map((ext) => statSync(path.join(dir, file.replace(/svg$/, ext))).size);
      console.log(`${folder}/${file}: png ${sizes[0]} B, webp ${sizes[1]} B`);
    }
  }
}
