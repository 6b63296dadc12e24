import { startHome } from './app/home-app';
import { installApp } from './lib/browser/install-app';
import './styles.css';

// The entry of '/' (home.html): the prerendered home page, hydrated without the rest of the app.
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from home.html');

startHome(container);
installApp();
