import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeHandlers, installFakeBff } from '../../../test/fake-bff';
import { concluded, inProgress } from '../../../test/fixtures/agreements';
import { MARIA, renderApp } from '../../../test/render-app';
import type { AgreementInProgress } from '../../lib/api/trpc';
import { agreementsHref } from '../../lib/navigation/journey-links';
import { paths } from '../../lib/navigation/paths';
import { MOVE_LABEL } from './agreement-rescue';

const LINK = agreementsHref({ codcredor: '1', contrato: '5521009', logoUrl: '/api/logos/ipe.svg' });
/** what the BFF allows an agreement on time whose creditor lets both changes be made */
const ALLOWED = { mover: 4, mudarDia: true };
const late = (diasUteisRestantes: number | null, pagueAte: string | null = '2026-06-24') =>
  inProgress({
    alteracoes: ALLOWED,
    atraso: { numero: 4, vencimento: '2026-06-10', pagueAte, diasUteisRestantes },
    cancelado: null,
  });

function renderAgreements(handlers: FakeHandlers = {}) {
  const fake = installFakeBff({
    'agreements.inProgress': () => inProgress(),
    'debts.creditors': () => [],
    ...handlers,
  });
  const user = userEvent.setup();
  return { fake, user, ...renderApp(LINK, { session: MARIA }) };
}
/** The page with its instalments, and the rescue part (loaded apart) in place. */
async function loaded() {
  await screen.findByRole('list', { name: 'Parcelas do acordo' });
  await waitFor(() => expect(document.querySelector('.rescue-status')).not.toBeNull());
}

describe('/acordos, an instalment overdue', () => {
  it.each([
    [9, 'Faltam 9 dias úteis.'],
    [1, 'Falta 1 dia útil.'],
    [0, 'Último dia útil para pagar: hoje.'],
  ])('with %i business days left: until when to pay, above the instalments', async (days, text) => {
    renderAgreements({ 'agreements.inProgress': () => late(days) });
    await loaded();
    const notice = screen.getByRole('region', { name: 'Parcela em atraso' });
    expect(notice.textContent).toBe(
      `Parcela em atrasoA parcela 4 venceu em 10/06. Pague até 24/06 para manter seu acordo.${text}Gerar pagamento${MOVE_LABEL}`,
    );
    // above the list
    expect(
      notice.compareDocumentPosition(screen.getByRole('list', { name: 'Parcelas do acordo' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('without a tolerance asks to pay as soon as possible', async () => {
    renderAgreements({ 'agreements.inProgress': () => late(null, null) });
    await loaded();
    expect(screen.getByRole('region', { name: 'Parcela em atraso' }).textContent).toContain(
      'A parcela 4 venceu em 10/06. Pague o quanto antes para manter seu acordo.',
    );
  });

  it("'Gerar pagamento' there re-issues the overdue instalment as the list's button does", async () => {
    const reissued = concluded({ tipo: 'reemissao', titulo: 'Pagamento gerado com sucesso!' });
    const { fake, user, router } = renderAgreements({
      'agreements.inProgress': () => late(3),
      'agreements.reissue': () => ({ status: 'concluido', acordo: reissued }),
      'agreements.concluded': () => reissued,
    });
    await loaded();
    const notice = screen.getByRole('region', { name: 'Parcela em atraso' });
    await user.click(within(notice).getByRole('button', { name: 'Gerar pagamento' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.reemissaoConcluida));
    expect(fake.callsTo('agreements.reissue').map((call) => call.input)).toEqual([
      { codcredor: '1', contrato: '5521009', parcela: 'A-4' },
    ]);
  });

  it('offers only what the creditor allows', async () => {
    renderAgreements({
      'agreements.inProgress': () =>
        inProgress({
          alteracoes: { mover: null, mudarDia: false },
          atraso: { numero: 4, vencimento: '2026-06-10', pagueAte: '2026-06-24', diasUteisRestantes: 3 },
          cancelado: null,
        }),
    });
    await loaded();
    expect(screen.queryByRole('button', { name: MOVE_LABEL })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mudar o dia de pagamento' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Estou com dificuldade para pagar' })).toBeTruthy();
  });
});

describe('/acordos, an agreement running on time', () => {
  it('offers to move the open instalment and to change the day, and nothing overdue is said', async () => {
    const { user } = renderAgreements({ 'agreements.inProgress': () => inProgress({ alteracoes: ALLOWED }) });
    await loaded();
    expect(screen.queryByRole('region', { name: 'Parcela em atraso' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Mover a parcela 4 para o fim do acordo' }));
    expect(await screen.findByRole('dialog', { name: 'Mover parcela para o fim do acordo' })).toBeTruthy();
  });

  it('puts the ways to keep it (help, reminders) before the instalments, which a phone shows long', async () => {
    renderAgreements({ 'agreements.inProgress': () => inProgress({ alteracoes: ALLOWED }) });
    await loaded();
    const list = screen.getByRole('list', { name: 'Parcelas do acordo' });
    for (const name of ['Estou com dificuldade para pagar', 'Mudar o dia de pagamento', 'Quero ser lembrado'])
      expect(
        screen.getByRole('button', { name }).compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING,
        name,
      ).toBeTruthy();
  });

  it('offers nothing to change once every instalment is paid', async () => {
    renderAgreements({
      'agreements.inProgress': () =>
        inProgress({ alteracoes: { mover: null, mudarDia: false }, quitado: true }),
    });
    await loaded();
    expect(screen.queryByRole('button', { name: 'Mudar o dia de pagamento' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Estou com dificuldade para pagar' })).toBeNull();
  });
});

describe('/acordos, an agreement cancelled', () => {
  const cancelled = (canceladoEm: string | null): AgreementInProgress =>
    inProgress({
      atraso: null,
      cancelado: { canceladoEm, pagoCents: 67_480, restanteCents: 63_720 },
    });

  it('says so plainly, keeps the instalments for the record without a payment to generate', async () => {
    renderAgreements({ 'agreements.inProgress': () => cancelled('2026-07-02') });
    await loaded();
    const region = screen.getByRole('region', { name: 'Acordo cancelado' });
    await waitFor(() => expect(document.title).toBe('Acordo cancelado | Negocia Varejo'));
    expect(region.textContent?.replace(/\u00a0/g, ' ')).toContain(
      'Este acordo foi cancelado em 02/07/2026 porque uma parcela não foi paga no prazo.Você já pagou R$ 674,80.Faltavam R$ 637,20.',
    );
    expect(screen.getAllByRole('heading', { level: 2, name: /^Parcela \d$/ })).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /Gerar pagamento/ })).toBeNull();
    for (const name of [/Mover/, 'Mudar o dia de pagamento', 'Estou com dificuldade para pagar'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('without the day: only why', async () => {
    renderAgreements({ 'agreements.inProgress': () => cancelled(null) });
    await loaded();
    expect(screen.getByRole('region', { name: 'Acordo cancelado' }).textContent).toContain(
      'Este acordo foi cancelado porque uma parcela não foi paga no prazo.',
    );
  });

  it("'Renegociar o saldo' opens /negociacao for the contract with its flags, as its creditor card would", async () => {
    const { fake, user, router } = renderAgreements({
      'agreements.inProgress': () => cancelled('2026-07-02'),
      'negotiation.contracts': () => [
        {
          contrato: '5521009',
          contratoExibido: '55***009',
          situacao: 'Contrato em atraso',
          parcelas: 3,
          principalCents: 100_000,
          destino: 'acordos',
          chamarProposta: true,
          chamarDivida: false,
          estado: { tipo: 'aberta' },
        },
      ],
      'negotiation.offers': () => ({
        credor: { codcredor: '1', nome: 'Ipê Eletro', logoUrl: null },
        sequencial: false,
        formasPagamento: [],
        estado: { tipo: 'aberta' },
        proposals: [],
        debts: [],
      }),
    });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Renegociar o saldo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.negociacao));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      credor: '1',
      contrato: '5521009',
      logoUrl: '/api/logos/ipe.svg',
      chamarProposta: 'true',
      chamarDivida: 'false',
      parcelasIndividuaisSequenciais: 'false',
    });
    expect(fake.callsTo('negotiation.contracts').map((call) => call.input)).toEqual([{ codcredor: '1' }]);
  });
});
