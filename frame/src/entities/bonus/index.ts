export {
  activateDepositBonus,
  dailyTakeQuery,
  depositBonusQuery,
  firstBonusQuery,
  setFirstBonus,
  takeDaily,
  welcomeBonusQuery,
} from './api/bonus.ts';
