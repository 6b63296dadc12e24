import { describe, expect, it } from 'vitest';
import { negotiationHref } from '../lib/navigation/journey-links';
import { paths } from '../lib/navigation/paths';
import { askFirstPageData } from './first-page-data';

/** A stand-in for tRPC's utils that records which queries were asked for, with their inputs. */
function recordingUtils() {
  const asked: [string, unknown][] = [];
  const query = (name: string) => ({ prefetch: async (input?: unknown) => void asked.push([name, input]) });
  const utils = {
    debts: { creditors: query('debts.creditors') },
    agreements: {
      pending: query('agreements.pending'),
      inProgress: query('agreements.inProgress'),
      concluded: query('agreements.concluded'),
    },
    negotiation: { offers: query('negotiation.offers'), summary: query('negotiation.summary') },
  } as unknown as Parameters<typeof askFirstPageData>[0];
  return { utils, asked };
}

const at = (href: string) => {
  const url = new URL(href, 'http://portal.test');
  return { pathname: url.pathname, search: url.search };
};

describe('askFirstPageData', () => {
  it('asks what each signed-in page asks first, with the input the page reads from its address', () => {
    const link = {
      codcredor: '1008',
      contrato: '30118845720',
      logoUrl: null,
      chamarProposta: true,
      chamarDivida: false,
      sequencial: false,
    };
    const cases: [string, [string, unknown][]][] = [
      [
        paths.minhaConta,
        [
          ['debts.creditors', undefined],
          ['agreements.pending', undefined],
        ],
      ],
      // not the offers, whose wait only the page itself can stop
      [negotiationHref(link), []],
      [
        `${paths.acordos}?credor=1006&contrato=6011452873`,
        [['agreements.inProgress', { codcredor: '1006', contrato: '6011452873' }]],
      ],
      [paths.resumo, [['negotiation.summary', undefined]]],
      [paths.acordoConcluido, [['agreements.concluded', undefined]]],
      // nothing for a link without its contract, nor for a page that asks nothing first
      [`${paths.acordos}?credor=1006`, []],
      [paths.maisOpcoes, []],
    ];
    for (const [href, expected] of cases) {
      const { utils, asked } = recordingUtils();
      askFirstPageData(utils, at(href));
      expect(asked, href).toEqual(expected);
    }
  });
});
