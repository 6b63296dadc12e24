import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Two HTML entries (vite.config.ts): the app's, and the home page's own (app/home-app.tsx). They differ in
// the module they start, and in nothing else: the same head (description, icons, theme) for every page.
const html = (file: string) => readFileSync(path.join(import.meta.dirname, '..', file), 'utf8');

describe('the HTML entries', () => {
  it('are the same page but for the module each one starts', () => {
    const app = html('index.html');
    const home = html('home.html');
    expect(app).toContain('<script type="module" src="/src/main.tsx"></script>');
    expect(home).toContain('<script type="module" src="/src/home-main.tsx"></script>');
    expect(home.replace('/src/home-main.tsx', '/src/main.tsx')).toBe(app);
  });
});
