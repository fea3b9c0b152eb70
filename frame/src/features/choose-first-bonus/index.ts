export { ChooseFirstBonus } from './ui/choose-first-bonus.tsx';
