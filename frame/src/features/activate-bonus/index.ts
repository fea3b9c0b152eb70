export { ActivateBonus } from './ui/activate-bonus.tsx';
