import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

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
