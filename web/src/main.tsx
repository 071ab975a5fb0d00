import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { languageReady } from './i18n/i18n.ts';

const root = document.getElementById('root');
// The first render waits for the reader's words (i18n.ts), which load beside the first page's chunks,
// and is a transition: React renders it in slices, leaving the phone's main thread free between them
// (docs/adr/0082-first-visit-loads-what-it-shows.md).
if (root) {
  void languageReady
    .catch(() => {})
    .then(() =>
      startTransition(() =>
        createRoot(root).render(
          <StrictMode>
            <App />
          </StrictMode>,
        ),
      ),
    );
}
