// Entry point: render the app at once and configure Amplify and the API client from /config.json meanwhile. Public
// pages paint without waiting for the configuration; the session check (and with it every signed-in page) waits for it.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { ConfigError, configureServices, loadWebConfig } from './app/config';
import { ConfigErrorScreen } from './app/config-error-screen';
import './styles.css';

function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const root = createRoot(container);
  const configured = loadWebConfig().then(configureServices);

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
