import { memoryPorts } from '@portal/test-kit/memory-ports';
import { describe, expect, it } from 'vitest';
import type { Ports } from '../ports/ports';
import { listPartners } from './partners';

describe('listPartners', () => {
  it("names the upstream's partners with their logos through our own origin", async () => {
    const upstream = {
      partners: async () => [
        { nome: 'Moda Aurora', logomarca: 'https://cdn.example/logos/moda.svg' },
        { nome: 'Sem Logo', logomarca: 'https://cdn.example/logos/' },
      ],
    } as never as Ports['upstream'];
    expect(await listPartners(memoryPorts({ upstream }))).toEqual([
      { nome: 'Moda Aurora', logoUrl: '/api/logos/moda.svg' },
      { nome: 'Sem Logo', logoUrl: null },
    ]);
  });
});
