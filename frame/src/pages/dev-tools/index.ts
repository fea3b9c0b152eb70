export { ApiExplorerPage } from './ui/api-explorer-page.tsx';
export { BridgeSimulatorPage, samplePayload } from './ui/bridge-simulator-page.tsx';
