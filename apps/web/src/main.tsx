import './shared/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { installFocusReturn } from './shared/focus-return';
import { restoreLanguage } from './shared/i18n';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
installFocusReturn();

void restoreLanguage().finally(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
