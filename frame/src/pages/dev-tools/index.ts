export { ApiExplorerPage } from './api-explorer-page.tsx';
export { BridgeSimulatorPage, samplePayload } from './bridge-simulator-page.tsx';
