export { drawsLoader, lotteryLoader, lottoSectionLoader, resultsLoader } from './api/lottery-loader.ts';
export { DrawsPage } from './ui/draws-page.tsx';
export { GamePage } from './ui/game-page.tsx';
export { InfoPage } from './ui/info-page.tsx';
export { LotteryListPage } from './ui/lottery-list-page.tsx';
export { LottoLayout } from './ui/lotto-layout.tsx';
export { ResultsPage } from './ui/results-page.tsx';
export { TicketsPage } from './ui/tickets-page.tsx';
