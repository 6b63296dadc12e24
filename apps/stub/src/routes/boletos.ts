import { UPSTREAM_PATHS } from '@portal/contracts/upstream/paths';
import { formatMoney } from '@portal/validation/money';
import type { FastifyInstance } from 'fastify';
import { boletoPdf } from '../payments/boleto-pdf';
import type { StubState } from '../state/stub-state';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The boleto PDFs and the card-checkout page of the agreements the simulator made; unguessable tokens. */
export function boletoRoutes(app: FastifyInstance, state: StubState) {
  app.get<{ Params: { file: string } }>(`${UPSTREAM_PATHS.boletos}/:file`, async (request, reply) => {
    const token = /^([A-Za-z0-9_-]{32})\.pdf$/.exec(request.params.file)?.[1];
    const input = token ? state.ledger.files.get(token) : undefined;
    if (!input) return reply.code(404).send({ msg: 'Boleto não encontrado.' });
    return reply.type('application/pdf').send(Buffer.from(await boletoPdf(input)));
  });

  app.get<{ Params: { token: string } }>('/pagamento/cartao/:token', async (request, reply) => {
    const page = state.ledger.cardPages.get(request.params.token);
    if (!page)
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><title>Não encontrado</title>');
    const title = `Pagamento com cartão — ${escapeHtml(page.creditorName)}`;
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'")
      .send(
        `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head>` +
          `<body><main><h1>${title}</h1><p>Valor: ${escapeHtml(formatMoney(page.cents))}</p>` +
          '<p>Página de pagamento simulada: nenhum cartão é cobrado.</p></main></body></html>',
      );
  });
}
