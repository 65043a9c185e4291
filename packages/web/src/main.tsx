// First: the schemas of @portal/shared must be built without eval (see the file).
import './zodWithoutEval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import { App } from './App';
import './global.css';

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
} else {
  // Spec section 8: a failed start is only logged.
  console.error('[portal] #root element missing; the app cannot start');
}
