export { ActivateBonus } from './activate-bonus.tsx';
