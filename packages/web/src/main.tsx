// First: the schemas of @portal/shared must be built without eval (see the file).
import './zodWithoutEval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadLanguage } from './i18n';
import { App } from './App';
import { registerServiceWorker } from './offline/serviceWorker';
import './global.css';

async function start(container: HTMLElement): Promise<void> {
  // The stored language's texts first, so the first paint is already translated.
  await loadLanguage();
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // The installable app's worker (offline use in the shed), after the first paint.
  registerServiceWorker();
}

const container = document.getElementById('root');
if (container) {
  // Spec section 8: a failed start is only logged.
  start(container).catch((error: unknown) => console.error('[portal] the app could not start', error));
} else {
  console.error('[portal] #root element missing; the app cannot start');
}
