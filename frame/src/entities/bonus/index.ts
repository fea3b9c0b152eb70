export {
  activateDepositBonus,
  convertedSumQuery,
  dailyTakeQuery,
  depositBonusQuery,
  firstBonusQuery,
  setFirstBonus,
  takeDaily,
  welcomeBonusQuery,
} from './api/bonus.ts';
