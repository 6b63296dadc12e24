import { boot } from './boot';
import { installApp } from './lib/install-app';
import { liftDocumentFromUrl } from './lib/prefill';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

liftDocumentFromUrl();
void boot(container);
installApp();
