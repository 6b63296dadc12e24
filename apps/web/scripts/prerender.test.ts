import { describe, expect, it } from 'vitest';
import { fillTemplate } from './prerender';

const page = {
  html: '<main><h1>Fazer login</h1></main>',
  title: 'Fazer login',
  styles: ['assets/auth-1.css'],
};

describe('fillTemplate', () => {
  it("names the page's stylesheets in <head> however the build left its closing tag", () => {
    // the PWA plugin writes its manifest link right before </head>, unindented
    const template =
      '<html><head>\n  <title>Negocia Varejo</title>\n  <link rel="manifest" href="/manifest.webmanifest"></head><body><div id="root"></div></body></html>';
    const html = fillTemplate(template, page);
    expect(html).toContain('<title>Fazer login</title>');
    expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/auth-1.css">\s*<\/head>/);
    expect(html).toContain('<div id="root"><main><h1>Fazer login</h1></main></div>');
  });

  it('refuses a template without one of the places it fills', () => {
    expect(() => fillTemplate('<html><head><title>x</title></head><body></body></html>', page)).toThrow(
      '<div id="root"></div>',
    );
  });
});
