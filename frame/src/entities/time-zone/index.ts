export { describeOffset, formatUtcOffset, timezonesQuery, useTimezones } from './timezones.ts';
