// The smallest real React page Vite builds: what `npm run bench:web` measures the app's pages against.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function BaselinePage() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: '40rem', margin: '4rem auto', padding: '0 1rem' }}>
      <h1>Bare Vite React page</h1>
      <p>One component, no router, no data: the floor for what the app's pages can score.</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BaselinePage />
  </StrictMode>,
);
