import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// findBy… and waitFor wait for a state, up to this bound: a page's first render loads its lazy modules
// through Vite's transform, more than the default second on a busy machine (app.test.tsx's home page did).
configure({ asyncUtilTimeout: 10_000 });

// jsdom lays nothing out and implements no scrolling (a call would report 'Not implemented').
window.scrollTo = () => {};

// An unexpected console.error (a React warning, a failed prop type, an act() warning) fails the test.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});
