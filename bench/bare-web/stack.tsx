/**
 * The web stack's floor for the first screens on a phone (bench/lighthouse.ts): what React 19, MUI
 * with Emotion and React Router 7 alone cost to draw them, measured beside the app's as the bare
 * route is beside the server's lists. Each screen is a page of its own carrying only what it draws
 * (bare-sign-in.html, bare-list.html); no words, queries, schemas, rights, drawer, filters, pager or
 * checks: the part of the app's first visit that is the stack's own.
 */
import { CssBaseline, createTheme, ThemeProvider } from '@mui/material';
import { type ComponentType, StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, type LoaderFunction, RouterProvider } from 'react-router';

const theme = createTheme({ palette: { primary: { main: '#ff9800' } } });

/** Draws a screen as the app starts: one route of React Router's, rendered in a transition. */
export function drawFirstScreen(Component: ComponentType, loader?: LoaderFunction) {
  const router = createBrowserRouter([{ path: '*', loader, Component }]);
  const root = document.getElementById('root');
  if (!root) return;
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <RouterProvider router={router} />
        </ThemeProvider>
      </StrictMode>,
    ),
  );
}
