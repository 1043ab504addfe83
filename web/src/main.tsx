// Entry point: read the runtime configuration, configure Amplify and the API client, then render the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { ConfigError, configureServices, loadWebConfig } from './app/config';
import { ConfigErrorScreen } from './app/config-error-screen';
import { Loading } from './components/loading';
import './styles.css';

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const root = createRoot(container);
  root.render(
    <main id="main" className="page">
      <Loading label="Loading..." />
    </main>,
  );

  try {
    configureServices(await loadWebConfig());
  } catch (error) {
    console.error('Could not load /config.json', error);
    const reason = error instanceof ConfigError ? error.message : 'An unexpected error occurred.';
    root.render(<ConfigErrorScreen reason={reason} />);
    return;
  }

  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
