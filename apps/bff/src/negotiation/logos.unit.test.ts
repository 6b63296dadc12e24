import { memoryPorts } from '@portal/test-kit/memory-ports';
import { describe, expect, it } from 'vitest';
import type { Ports } from '../ports/ports';
import { creditorLogo, logoPath } from './logos';

/** Upstream files that have the logos named, and keep every name asked. */
function logoFiles(have: Record<string, string>) {
  const asked: string[] = [];
  const files = {
    logo: async (file: string) => {
      asked.push(file);
      const type = have[file];
      return type ? { type, bytes: new Uint8Array([1, 2, 3]) } : null;
    },
  } as never as Ports['files'];
  return { asked, files };
}

describe('logoPath', () => {
  it("serves the upstream's logo file from our own origin, and nothing that names no image file", () => {
    expect(logoPath('https://cdn.example/a/b/moda.svg')).toBe('/api/logos/moda.svg');
    expect(logoPath('/logos/energia.png')).toBe('/api/logos/energia.png');
    expect(logoPath('https://cdn.example/logo.exe')).toBeNull();
    expect(logoPath('http://[bad')).toBeNull();
  });
});

describe('creditorLogo', () => {
  it('fetches an image file the upstream has', async () => {
    const { asked, files } = logoFiles({ 'moda.svg': 'image/svg+xml' });
    expect(await creditorLogo(memoryPorts({ files }), 'moda.svg')).toEqual({
      type: 'image/svg+xml',
      bytes: new Uint8Array([1, 2, 3]),
    });
    expect(asked).toEqual(['moda.svg']);
  });

  it('is null for a logo the upstream has not got', async () => {
    const { files } = logoFiles({});
    expect(await creditorLogo(memoryPorts({ files }), 'none.png')).toBeNull();
  });

  it('never asks the upstream for a name that is no image file', async () => {
    const { asked, files } = logoFiles({ 'x.html': 'image/png' });
    const ports = memoryPorts({ files });
    expect(await creditorLogo(ports, 'x.html')).toBeNull();
    expect(await creditorLogo(ports, '..%2Fsecret.png')).toBeNull();
    expect(asked).toEqual([]);
  });

  it('lets a transport failure through', async () => {
    const files = {
      logo: async () => {
        throw new Error('connection reset');
      },
    } as never as Ports['files'];
    await expect(creditorLogo(memoryPorts({ files }), 'moda.svg')).rejects.toThrow('connection reset');
  });
});
