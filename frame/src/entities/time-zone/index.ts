export { describeOffset, formatUtcOffset, timezonesQuery, useTimezones } from './api/timezones.ts';
