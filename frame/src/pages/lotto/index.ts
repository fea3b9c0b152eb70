export { DrawsPage } from './draws-page.tsx';
export { GamePage } from './game-page.tsx';
export { InfoPage } from './info-page.tsx';
export { LotteryListPage } from './lottery-list-page.tsx';
export { drawsLoader, lotteryLoader, lottoSectionLoader, resultsLoader } from './lottery-loader.ts';
export { LottoLayout } from './lotto-layout.tsx';
export { ResultsPage } from './results-page.tsx';
export { TicketsPage } from './tickets-page.tsx';
