import { vi } from 'vitest';
import { prerender } from '../src/prerender';

const MULTIPLE_RENDERERS = 'Detected multiple renderers concurrently rendering the same context provider';

/**
 * A page as the build prerenders it (src/prerender.tsx). The build runs React's server renderer in a process
 * of its own; a test runs it beside the browser's renderer, which then takes every context the server
 * rendered for another renderer's and warns of 'multiple renderers'. That warning, and only it, is let
 * through: any other console.error (a hydration mismatch above all) still fails the test (setup.ts).
 */
export async function prerenderAtBuild(path: string): Promise<{ html: string; title: string }> {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (String(args[0]).startsWith(MULTIPLE_RENDERERS)) return;
    throw new Error(`console.error: ${args.map(String).join(' ')}`);
  });
  return prerender(path);
}
