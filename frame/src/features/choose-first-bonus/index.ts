export { ChooseFirstBonus } from './choose-first-bonus.tsx';
