export { askToConfirm, openMessage, type Question, useAskFirst } from './modal-message.tsx';
