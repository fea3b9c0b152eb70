export { joinWheel, spinWheel, wheelHistoryQuery, wheelStateQuery } from './wheel.ts';
