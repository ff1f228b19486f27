import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';

/** Resolves in a task of its own, so what follows does not lengthen the task before it. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starts the app in stages, each its own task: React, the store, the providers (MUI), the shell, the
 * router, then the first render. Evaluating every module at once was one task of about
 * 60 ms (four times that on Lighthouse's phone), the largest part of its total blocking time
 * (docs/performance.md). public/boot.js has preloaded every stage's files, so the stages only wait for
 * the main thread, never for the network.
 */
async function start(container: HTMLElement) {
  const root = createRoot(container);
  await nextTask();
  await import('./app/store');
  await nextTask();
  const { AppProvider } = await import('./app/provider');
  await nextTask();
  await import('./app/shell/shell-layout');
  await nextTask();
  const { AppRouter } = await import('./app/router');
  await nextTask();
  // The first render as a transition: React renders it in short slices and yields in between, so the
  // first screen never blocks the main thread for long (Lighthouse total blocking time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProvider>
          <AppRouter />
        </AppProvider>
      </StrictMode>,
    );
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
void start(container);
