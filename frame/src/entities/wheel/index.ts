export { joinWheel, spinWheel, wheelHistoryQuery, wheelStateQuery } from './api/wheel.ts';
