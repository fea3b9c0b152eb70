export { type TabItem, Tabs } from './tabs.tsx';
