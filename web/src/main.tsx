// Entry point: render the app at once and configure Amplify and the API client from /config.json meanwhile. Public
// pages paint without waiting for either; the session check (and with it every signed-in page) waits for both.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { ConfigError, loadWebConfig, startServices } from './app/config';
import { ConfigErrorScreen } from './app/config-error-screen';
import './styles.css';

function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const root = createRoot(container);
  // The Amplify chunk and /config.json load in parallel with each other and with the first render.
  const configured = startServices(loadWebConfig());

  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

  configured.catch((error: unknown) => {
    console.error('Could not load /config.json', error);
    const reason = error instanceof ConfigError ? error.message : 'An unexpected error occurred.';
    root.render(<ConfigErrorScreen reason={reason} />);
  });
}

start();
