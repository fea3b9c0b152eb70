import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// The smallest React 19 page: what every frame page costs at least, measured in the same run.
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <h1>React-only floor</h1>
    </StrictMode>,
  );
}
