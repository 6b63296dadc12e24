import { boot } from './app/boot';
import { installApp } from './lib/browser/install-app';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/** A `?cpfCnpj=` link hands its document over first; the code that reads it loads only for such a link. */
async function start(root: HTMLElement) {
  if (new URLSearchParams(window.location.search).has('cpfCnpj'))
    (await import('./lib/forms/prefill-from-url')).liftDocumentFromUrl();
  await boot(root);
}

void start(container);
installApp();
