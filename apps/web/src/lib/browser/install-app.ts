/** How long a page must have been open for a missing chunk to mean a newer release replaced it. */
const STALE_AFTER_MS = 10_000;

/**
 * The service worker (sw.js, built by vite-plugin-pwa): an installable app with an offline page. A page
 * left open across a release may ask for a chunk the new release no longer has: it then reloads into
 * the new release, once it has been open a while (a chunk missing right after a load is an error).
 */
export function installApp({
  reload = () => window.location.reload(),
  openForMs = () => performance.now(),
} = {}): () => void {
  if ('serviceWorker' in navigator) {
    window.addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => {}));
  }
  const onChunkMissing = (event: Event) => {
    if (openForMs() < STALE_AFTER_MS) return;
    event.preventDefault();
    reload();
  };
  window.addEventListener('vite:preloadError', onChunkMissing);
  return () => window.removeEventListener('vite:preloadError', onChunkMissing);
}
