import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, type FakeHandlers, FakeTrpcError, installFakeBff } from '../../../test/fake-bff';
import { boleto, concluded, LINHA } from '../../../test/fixtures/agreements';
import { BUDGET, NO_BUDGET } from '../../../test/fixtures/budget';
import { debtContract, sameDayDays } from '../../../test/fixtures/debts';
import { proposal, summary } from '../../../test/fixtures/negotiation';
import { MARIA, renderApp, renderWithProviders } from '../../../test/render-app';
import type { RouterOutputs } from '../../lib/api/trpc';
import { paths } from '../../lib/navigation/paths';
import { PlanDownload } from './plan-download';

type AllDebts = RouterOutputs['debts']['all'];
type SameDay = RouterOutputs['debts']['sameDay'];
type Cart = NonNullable<RouterOutputs['debts']['sameDayCart']>;
type Outcome = RouterOutputs['agreements']['intent'];

const text = (el: Element) => (el.textContent ?? '').replace(/\u00a0/g, ' ').trim();

/** A Blob's text (jsdom's Blob has no `text()`). */
const readText = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

const DAY = '2026-12-14';
const OUTSIDE = 'Este credor não aceita pagamento nesta data. Escolha outro dia ou negocie separadamente.';
const FAILED = 'Não foi possível consultar este credor agora.';

/** The list behind the section: one contract, so 'Tudo no mesmo dia' is offered. */
const ALL_DEBTS: AllDebts = {
  credores: [
    {
      credor: { codcredor: '13', nome: 'Onda Telecom', logoUrl: null },
      sequencial: false,
      situacao: 'ok',
      mensagem: null,
      contratos: [debtContract({ melhorAVista: null, menorParcela: null })],
    },
  ],
  totais: { contratos: 1, devidoCents: 123_456, foraCents: 0, melhorAVistaCents: 0 },
  plano: null,
  mesmoDia: sameDayDays(),
};

type ContractOffers = Extract<SameDay['credores'][number], { mensagem: null }>['contratos'];
type DayOffer = ContractOffers[number]['propostas'][number];

/** An offer of the day paid on the day alone, or by the creditor's schedule on it. */
const onDay = (p: ReturnType<typeof proposal>): DayOffer => ({
  ...p,
  pagamentos: [
    { vencimento: p.vencimento, valorCents: p.tipo === 'AV' ? p.valorPagoCents : p.entradaCents },
    ...Array.from({ length: p.tipo === 'AP' ? p.quantidadeParcelas : 0 }, (_, i) => ({
      vencimento: `2027-0${i + 1}-14`,
      valorCents: p.parcelaCents,
    })),
  ],
  noDia: true,
});

const HORIZONTE_CONTRACTS: ContractOffers = [
  {
    contrato: '5800412937',
    contratoExibido: '58***937',
    estado: { tipo: 'aberta' },
    mensagem: null,
    // R$ 1.500,00: more than is free
    propostas: [
      onDay(proposal({ id: 'H-AV', valorPagoCents: 150_000, totalCents: 150_000, vencimento: DAY })),
    ],
  },
];

/** Onda takes boleto and PIX (two offers, and a second contract the day does not suit); Horizonte boleto only; Ipê failed. */
const SAME_DAY: SameDay = {
  vencimento: DAY,
  credores: [
    {
      credor: { codcredor: '13', nome: 'Onda Telecom', logoUrl: null },
      formas: ['boleto', 'pix'],
      mensagem: null,
      contratos: [
        {
          contrato: '30125590418',
          contratoExibido: '30***418',
          estado: { tipo: 'aberta' },
          mensagem: null,
          propostas: [
            // R$ 650,00 in one month: fits
            onDay(proposal({ id: 'O-AV', valorPagoCents: 65_000, totalCents: 65_000, vencimento: DAY })),
            // the entry is the heavier month, R$ 900,00: tight
            onDay(
              proposal({
                id: 'O-AP3',
                tipo: 'AP',
                valorPagoCents: 90_000,
                entradaCents: 90_000,
                quantidadeParcelas: 3,
                parcelaCents: 30_000,
                totalCents: 180_000,
                vencimento: DAY,
              }),
            ),
          ],
        },
        {
          contrato: '30125590999',
          contratoExibido: '30***999',
          estado: { tipo: 'aberta' },
          mensagem: OUTSIDE,
          propostas: [],
        },
      ],
    },
    {
      credor: { codcredor: '11', nome: 'Lojas Horizonte', logoUrl: null },
      formas: ['boleto'],
      mensagem: null,
      contratos: HORIZONTE_CONTRACTS,
    },
    {
      credor: { codcredor: '14', nome: 'Ipê Eletro', logoUrl: null },
      formas: [],
      mensagem: FAILED,
      contratos: [],
    },
  ],
};

const onda = summary({
  chave: 'k-onda',
  credor: { codcredor: '13', nome: 'Onda Telecom', logoUrl: null },
  contrato: '30125590418',
  contratoExibido: '30***418',
  idProposta: 'O-AV',
  formaPagamento: 'pix',
  detalhes: {
    negociacao: 'À vista',
    entradaCents: null,
    demaisParcelas: null,
    vencimento: DAY,
    atualizadoCents: 90_000,
    descontoCents: 25_000,
    totalCents: 65_000,
  },
  retorno: paths.todasAsDividas,
});
const horizonte = summary({
  chave: 'k-horizonte',
  credor: { codcredor: '11', nome: 'Lojas Horizonte', logoUrl: null },
  contrato: '5800412937',
  contratoExibido: '58***937',
  idProposta: 'H-AV',
  formaPagamento: 'boleto',
  detalhes: {
    negociacao: 'À vista',
    entradaCents: null,
    demaisParcelas: null,
    vencimento: DAY,
    atualizadoCents: 200_000,
    descontoCents: 50_000,
    totalCents: 150_000,
  },
  retorno: paths.todasAsDividas,
});
const CART: Cart = { vencimento: DAY, itens: [onda, horizonte] };
const HORIZONTE_LINE = '34191.09008 63571.277308 71444.640008 5 99990000150000';

describe("'Tudo no mesmo dia' on 'Todas as minhas dívidas'", () => {
  function renderSection(handlers: FakeHandlers = {}) {
    const fake = installFakeBff({
      'debts.all': () => ALL_DEBTS,
      'budget.get': () => NO_BUDGET,
      'debts.sameDay': () => SAME_DAY,
      'debts.sameDayReview': () => CART,
      'debts.sameDayCart': () => CART,
      'agreements.intent': () => ({ status: 'nenhum' }),
      ...handlers,
    });
    const user = userEvent.setup();
    return { fake, user, ...renderApp(paths.todasAsDividas, { session: MARIA }) };
  }

  async function askDay12(user: ReturnType<typeof userEvent.setup>) {
    await user.selectOptions(await screen.findByLabelText('Dia do pagamento'), 'Dia 12');
    await user.click(screen.getByRole('button', { name: 'Ver ofertas para este dia' }));
    return screen.findByRole('form', { name: 'Ofertas para o mesmo dia' });
  }

  const group = (form: HTMLElement, name: string) => within(form).getByRole('group', { name });
  const submitButton = (form: HTMLElement) =>
    within(form).getByRole('button', { name: /^(Escolha ao menos uma oferta|Revisar \d+ acordos?)$/ });

  it('offers only the days some creditor takes, saying at once the date and who does not take it', async () => {
    const { fake, user } = renderSection({
      'debts.all': () => ({
        ...ALL_DEBTS,
        mesmoDia: sameDayDays({ 16: ['Onda Telecom', 'Lojas Horizonte'] }),
      }),
    });
    const select = (await screen.findByLabelText('Dia do pagamento')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(
      Array.from({ length: 15 }, (_, i) => `Dia ${i + 3}`),
    );
    // the 10th by default, its date said before asking
    expect(select.value).toBe('10');
    const hint = document.getElementById(select.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Vencimento em 10/12/2026.');
    await user.selectOptions(select, 'Dia 16');
    expect(hint?.textContent).toBe(
      'Vencimento em 16/12/2026. Onda Telecom e Lojas Horizonte não aceitam pagamento neste dia: negocie separadamente.',
    );
    expect(fake.callsTo('debts.sameDay')).toHaveLength(0);
  });

  it('says so when no creditor takes any day, and asks nothing', async () => {
    const { fake } = renderSection({ 'debts.all': () => ({ ...ALL_DEBTS, mesmoDia: [] }) });
    expect(
      await screen.findByText('Nenhum credor aceita hoje um mesmo dia de pagamento para os seus contratos.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Dia do pagamento')).toBeNull();
    expect(fake.callsTo('debts.sameDay')).toHaveLength(0);
  });

  it('asks for the day chosen, shows its date, the contracts without offers and the creditor that failed', async () => {
    const { fake, user } = renderSection();
    const form = await askDay12(user);
    expect(fake.callsTo('debts.sameDay').map((call) => call.input)).toEqual([{ dia: 12 }]);
    expect(within(form).getByRole('status').textContent).toBe('Todos com vencimento em 14/12/2026.');
    const outside = within(form).getByText('Onda Telecom, contrato 30***999');
    expect(outside.nextElementSibling?.textContent).toBe(OUTSIDE);
    expect(within(form).queryByRole('group', { name: 'Onda Telecom, contrato 30***999' })).toBeNull();
    expect(within(form).getByText(`Ipê Eletro: ${FAILED}`)).toBeTruthy();

    // each contract with offers: 'Não incluir' first, and chosen until an offer is picked
    const ondaRadios = within(group(form, 'Onda Telecom, contrato 30***418')).getAllByRole('radio');
    expect(ondaRadios.map((radio) => text(radio.closest('label') as HTMLElement))).toEqual([
      'Não incluir',
      'À vista R$ 650,00',
      'Entrada de R$ 900,00 + 3 × R$ 300,00',
    ]);
    expect((ondaRadios[0] as HTMLInputElement).checked).toBe(true);
    const button = submitButton(form) as HTMLButtonElement;
    expect(button.textContent).toBe('Escolha ao menos uma oferta');
    expect(button.disabled).toBe(true);

    await user.click(button);
    expect(fake.callsTo('debts.sameDayReview')).toHaveLength(0);
  });

  it('sends exactly the offers picked, PIX where chosen, and goes to the review', async () => {
    const { fake, user, router } = renderSection();
    const form = await askDay12(user);
    const ondaGroup = group(form, 'Onda Telecom, contrato 30***418');
    const horizonteGroup = group(form, 'Lojas Horizonte, contrato 58***937');
    // no way to choose before an offer is picked, nor for a creditor taking boleto only
    expect(within(ondaGroup).queryByLabelText('Forma de pagamento')).toBeNull();

    await user.click(within(ondaGroup).getByRole('radio', { name: /^Entrada de R\$\s900,00/ }));
    expect(submitButton(form).textContent).toBe('Revisar 1 acordo');
    expect((submitButton(form) as HTMLButtonElement).disabled).toBe(false);
    const method = within(ondaGroup).getByLabelText('Forma de pagamento') as HTMLSelectElement;
    expect(Array.from(method.options).map((o) => o.textContent)).toEqual(['Boleto', 'PIX']);
    expect(method.value).toBe('boleto');
    await user.selectOptions(method, 'PIX');

    await user.click(within(horizonteGroup).getByRole('radio', { name: /^À vista R\$\s1\.500,00/ }));
    expect(within(horizonteGroup).queryByLabelText('Forma de pagamento')).toBeNull();
    expect(submitButton(form).textContent).toBe('Revisar 2 acordos');

    await user.click(submitButton(form));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.mesmoDia));
    expect(fake.callsTo('debts.sameDayReview').map((call) => call.input)).toEqual([
      {
        itens: [
          { codcredor: '13', contrato: '30125590418', idProposta: 'O-AP3', formaPagamento: 'pix' },
          { codcredor: '11', contrato: '5800412937', idProposta: 'H-AV', formaPagamento: 'boleto' },
        ],
      },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Revisar acordos' })).toBeTruthy();
  });

  it("leaves out a contract set back to 'Não incluir'", async () => {
    const { fake, user } = renderSection();
    const form = await askDay12(user);
    const ondaGroup = group(form, 'Onda Telecom, contrato 30***418');
    const horizonteGroup = group(form, 'Lojas Horizonte, contrato 58***937');
    await user.click(within(horizonteGroup).getByRole('radio', { name: /^À vista/ }));
    await user.click(within(ondaGroup).getByRole('radio', { name: /^À vista R\$\s650,00/ }));
    expect(submitButton(form).textContent).toBe('Revisar 2 acordos');

    await user.click(within(horizonteGroup).getByRole('radio', { name: 'Não incluir' }));
    expect(submitButton(form).textContent).toBe('Revisar 1 acordo');
    await user.click(submitButton(form));
    await waitFor(() => expect(fake.callsTo('debts.sameDayReview')).toHaveLength(1));
    expect(fake.callsTo('debts.sameDayReview')[0]?.input).toEqual({
      itens: [{ codcredor: '13', contrato: '30125590418', idProposta: 'O-AV', formaPagamento: 'boleto' }],
    });
  });

  it('sends PIX for a creditor that takes PIX and no boleto, with nothing to choose', async () => {
    const pixOnly: SameDay = {
      vencimento: DAY,
      credores: [
        {
          credor: { codcredor: '11', nome: 'Lojas Horizonte', logoUrl: null },
          formas: ['pix'],
          mensagem: null,
          contratos: HORIZONTE_CONTRACTS,
        },
      ],
    };
    const { fake, user } = renderSection({ 'debts.sameDay': () => pixOnly });
    const form = await askDay12(user);
    const horizonteGroup = group(form, 'Lojas Horizonte, contrato 58***937');
    await user.click(within(horizonteGroup).getByRole('radio', { name: /^À vista/ }));
    expect(within(horizonteGroup).queryByLabelText('Forma de pagamento')).toBeNull();
    await user.click(submitButton(form));
    await waitFor(() => expect(fake.callsTo('debts.sameDayReview')).toHaveLength(1));
    expect(fake.callsTo('debts.sameDayReview')[0]?.input).toEqual({
      itens: [{ codcredor: '11', contrato: '5800412937', idProposta: 'H-AV', formaPagamento: 'pix' }],
    });
  });

  it("marks each offer 'Cabe', 'Aperta' or 'Não cabe' with a budget", async () => {
    const { user } = renderSection({ 'budget.get': () => BUDGET });
    const form = await askDay12(user);
    const names = within(form)
      .getAllByRole('radio')
      .map((radio) => text(radio.closest('label') as HTMLElement));
    expect(names).toEqual([
      'Não incluir',
      'À vista R$ 650,00 Cabe',
      'Entrada de R$ 900,00 + 3 × R$ 300,00 Aperta',
      'Não incluir',
      'À vista R$ 1.500,00 Não cabe',
    ]);
  });

  it("says before the pick when a plan's payments leave the day, with its real dates, or are not said", async () => {
    const [onda] = SAME_DAY.credores;
    const plan = onda?.contratos[0]?.propostas[1];
    if (!onda || !plan) throw new Error('fixture');
    const moved = {
      ...SAME_DAY,
      credores: [
        {
          ...onda,
          contratos: [
            {
              ...(onda.contratos[0] as ContractOffers[number]),
              propostas: [
                {
                  ...plan,
                  id: 'O-30',
                  noDia: false,
                  pagamentos: [
                    { vencimento: DAY, valorCents: 90_000 },
                    { vencimento: '2027-01-13', valorCents: 30_000 },
                  ],
                },
                { ...plan, id: 'O-NONE', noDia: false, pagamentos: null },
              ],
            },
          ],
        },
      ],
    } as SameDay;
    const { user } = renderSection({ 'debts.sameDay': () => moved });
    const form = await askDay12(user);
    const labels = within(group(form, 'Onda Telecom, contrato 30***418'))
      .getAllByRole('radio')
      .map((radio) => text(radio.closest('label') as HTMLElement));
    expect(labels[1]).toContain('Nem todas no dia 12: 14/12/2026, 13/01/2027.');
    expect(labels[2]).toContain('O credor não informa as datas das demais parcelas.');
    // an offer that keeps the day says nothing more
    expect(labels[1]).not.toContain('O credor não informa');
  });

  it('marks no offer without a budget', async () => {
    const { user, queryClient } = renderSection();
    const form = await askDay12(user);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(within(form).getAllByRole('radio')).toHaveLength(5);
    expect(within(form).queryByText(/^(Cabe|Aperta|Não cabe)$/)).toBeNull();
  });
});

describe("'Revisar acordos' (/minha-conta/tudo-no-mesmo-dia)", () => {
  const BAD_GATEWAY = 'O credor não respondeu agora. Tente de novo mais tarde.';
  const madeOnda = () => concluded({ credor: onda.credor, contrato: onda.contrato, formaPagamento: 'pix' });
  const madeHorizonte = () =>
    concluded({
      credor: horizonte.credor,
      contrato: horizonte.contrato,
      boletos: [boleto({ linhaDigitavel: HORIZONTE_LINE, arquivo: '5800412937_1.pdf' })],
    });

  function renderReview(handlers: FakeHandlers = {}) {
    const fake = installFakeBff({
      'budget.get': () => NO_BUDGET,
      'debts.sameDayCart': () => CART,
      'agreements.intent': () => ({ status: 'nenhum' }),
      ...handlers,
    });
    const user = userEvent.setup();
    return { fake, user, ...renderApp(paths.mesmoDia, { session: MARIA }) };
  }

  const item = async (name: string) =>
    (await screen.findByRole('heading', { level: 2, name })).closest('li') as HTMLElement;
  const outcome = () => screen.getByText(/acordos? feitos?\.$/);
  const keysSent = (fake: ReturnType<typeof installFakeBff>) =>
    fake.callsTo('agreements.create').map((call) => (call.input as { chave: string }).chave);

  it('concludes each agreement by its key, one after the other; a failure leaves it to try again alone', async () => {
    const first = deferred<null>();
    let failFirst = true;
    const { fake, user } = renderReview({
      'agreements.create': ({ chave }) => {
        if (chave === 'k-horizonte') return { status: 'concluido', acordo: madeHorizonte() };
        if (failFirst)
          return first.promise.then(() => Promise.reject(new FakeTrpcError('BAD_GATEWAY', BAD_GATEWAY)));
        return { status: 'concluido', acordo: madeOnda() };
      },
    });
    const ondaItem = await item('Onda Telecom, contrato 30***418');
    expect(text(ondaItem)).toContain('Vencimento em 14/12/2026 · PIX');
    await user.click(await screen.findByRole('button', { name: 'Concluir 2 acordos' }));

    // the second waits for the first's answer
    await waitFor(() => expect(keysSent(fake)).toEqual(['k-onda']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(keysSent(fake)).toEqual(['k-onda']);
    expect(within(ondaItem).getByText('Concluindo...')).toBeTruthy();
    first.resolve(null);
    await waitFor(() => expect(keysSent(fake)).toEqual(['k-onda', 'k-horizonte']));

    const horizonteItem = await item('Lojas Horizonte, contrato 58***937');
    expect(await within(horizonteItem).findByText('Acordo feito.')).toBeTruthy();
    expect(within(horizonteItem).getByText('Código do boleto:')).toBeTruthy();
    expect(within(horizonteItem).getByText(HORIZONTE_LINE)).toBeTruthy();
    await user.click(within(horizonteItem).getByRole('button', { name: 'Copiar código: Lojas Horizonte' }));
    expect(await navigator.clipboard.readText()).toBe(HORIZONTE_LINE);
    expect(within(horizonteItem).getByText('Copiado.')).toBeTruthy();
    expect(within(ondaItem).getByText(`Não foi feito: ${BAD_GATEWAY}`)).toBeTruthy();
    expect(within(ondaItem).queryByText('Acordo feito.')).toBeNull();
    expect(outcome().textContent).toBe('1 de 2 acordos feitos.');
    expect(document.title).toBe('1 de 2 acordos feitos | Negocia Varejo');

    failFirst = false;
    await user.click(screen.getByRole('button', { name: 'Tentar de novo os que faltam' }));
    expect(await within(ondaItem).findByText('Acordo feito.')).toBeTruthy();
    expect(keysSent(fake)).toEqual(['k-onda', 'k-horizonte', 'k-onda']);
    expect(within(ondaItem).getByText('PIX copia e cola:')).toBeTruthy();
    expect(
      within(ondaItem).getByRole('button', { name: 'Copiar PIX Copia e Cola: Onda Telecom' }),
    ).toBeTruthy();
    expect(within(ondaItem).getByText(LINHA)).toBeTruthy();
    expect(outcome().textContent).toBe('2 de 2 acordos feitos.');
    expect(screen.queryByRole('button', { name: /Concluir|Tentar de novo/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ir para Minha Conta' }).getAttribute('href')).toBe(
      paths.minhaConta,
    );
  });

  it('lists every payment of a plan with its date and amount, and the total, before concluding', async () => {
    const plan = summary({
      ...onda,
      chave: 'k-plan',
      tipoAcordo: 'AP',
      detalhes: {
        negociacao: 'Parcelado',
        entradaCents: 30_000,
        demaisParcelas: { quantidade: 2, valorCents: 25_000 },
        vencimento: DAY,
        atualizadoCents: null,
        descontoCents: null,
        totalCents: 80_000,
      },
      pagamentos: [
        { vencimento: DAY, valorCents: 30_000 },
        { vencimento: '2027-01-14', valorCents: 25_000 },
        { vencimento: '2027-02-15', valorCents: 25_000 },
      ],
    });
    installFakeBff({
      'debts.sameDayCart': () => ({ vencimento: DAY, itens: [plan] }),
      'agreements.intent': () => ({ status: 'nenhum' }),
      'budget.get': () => NO_BUDGET,
    });
    renderApp(paths.mesmoDia, { session: MARIA });
    const payments = await screen.findByRole('list', { name: 'Pagamentos: Onda Telecom' });
    expect(within(payments).getAllByRole('listitem').map(text)).toEqual([
      '14/12/2026: R$ 300,00',
      '14/01/2027: R$ 250,00',
      '15/02/2027: R$ 250,00',
    ]);
    expect(screen.getByText(/^Total: R\$\s800,00 em 3 pagamentos$/)).toBeTruthy();
  });

  it('on a reload, reads each key and sends nothing when both were made', async () => {
    const { fake } = renderReview({
      'agreements.intent': ({ chave }) => ({
        status: 'concluido',
        acordo: chave === 'k-onda' ? madeOnda() : madeHorizonte(),
      }),
      'agreements.create': () => {
        throw new Error('nothing may be created on a reload');
      },
    });
    await waitFor(() => expect(outcome().textContent).toBe('2 de 2 acordos feitos.'));
    expect(
      fake
        .callsTo('agreements.intent')
        .map((call) => (call.input as { chave: string }).chave)
        .sort(),
    ).toEqual(['k-horizonte', 'k-onda']);
    expect(screen.getAllByText('Acordo feito.')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Concluir|Tentar de novo/ })).toBeNull();
    expect(fake.callsTo('agreements.create')).toHaveLength(0);
  });

  describe('a creation already under way (409)', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('asks its key again (every 2 s) until it is concluded, and sends it only once', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
      const polls: Outcome[] = [
        { status: 'nenhum' },
        { status: 'processando' },
        { status: 'concluido', acordo: madeOnda() },
      ];
      const { fake } = renderReview({
        'debts.sameDayCart': () => ({ vencimento: DAY, itens: [onda] }),
        'agreements.intent': () => polls.shift() ?? { status: 'processando' },
        'agreements.create': () => {
          throw new FakeTrpcError('CONFLICT', 'Seu acordo está sendo processado.');
        },
      });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.click(await screen.findByRole('button', { name: 'Concluir 1 acordo' }));
      await waitFor(() => expect(keysSent(fake)).toEqual(['k-onda']));
      const ondaItem = await item('Onda Telecom, contrato 30***418');
      expect(within(ondaItem).getByText('Concluindo...')).toBeTruthy();
      expect(fake.callsTo('agreements.intent')).toHaveLength(1);

      await vi.advanceTimersByTimeAsync(2_000);
      await waitFor(() => expect(fake.callsTo('agreements.intent')).toHaveLength(2));
      expect(within(ondaItem).queryByText('Acordo feito.')).toBeNull();
      await vi.advanceTimersByTimeAsync(2_000);
      expect(await within(ondaItem).findByText('Acordo feito.')).toBeTruthy();
      expect(fake.callsTo('agreements.intent').map((call) => call.input)).toEqual([
        { chave: 'k-onda' },
        { chave: 'k-onda' },
        { chave: 'k-onda' },
      ]);
      expect(keysSent(fake)).toEqual(['k-onda']);
      expect(outcome().textContent).toBe('1 de 1 acordo feito.');
    });
  });

  it("says there is nothing to review without a cart, with a link to 'Todas as minhas dívidas'", async () => {
    renderReview({ 'debts.sameDayCart': () => null });
    const empty = await screen.findByText(/^Nenhum acordo para revisar\./);
    expect(within(empty).getByRole('link', { name: 'Todas as minhas dívidas' }).getAttribute('href')).toBe(
      paths.todasAsDividas,
    );
    expect(screen.queryByRole('button', { name: /Concluir/ })).toBeNull();
  });
});

describe("'Baixar plano de pagamento'", () => {
  const PDF = '%PDF-1.4 plano';

  it('asks for the plan once and saves it under the name the BFF gave', async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:http://localhost/plano';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.getAttribute('href')}`);
    });
    const fake = installFakeBff({
      'debts.planPdf': () => ({ arquivo: 'plano-de-pagamento.pdf', conteudo: btoa(PDF) }),
    });
    const user = userEvent.setup();
    renderWithProviders(<PlanDownload />);
    await user.click(screen.getByRole('button', { name: 'Baixar plano de pagamento' }));

    expect(await screen.findByText('Plano de pagamento baixado.')).toBeTruthy();
    expect(saved).toEqual(['plano-de-pagamento.pdf blob:http://localhost/plano']);
    expect(fake.callsTo('debts.planPdf')).toHaveLength(1);
    expect(created).toHaveLength(1);
    expect(created[0]?.type).toBe('application/pdf');
    expect(await readText(created[0] as Blob)).toBe(PDF);
    expect(document.querySelectorAll('a[download]')).toHaveLength(0);
  });

  it('says why the plan could not be made', async () => {
    const message = 'Preencha o seu orçamento em “Cabe no meu bolso?” para montar o plano.';
    installFakeBff({
      'debts.planPdf': () => {
        throw new FakeTrpcError('PRECONDITION_FAILED', message);
      },
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    const user = userEvent.setup();
    renderWithProviders(<PlanDownload />);
    await user.click(screen.getByRole('button', { name: 'Baixar plano de pagamento' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(click).not.toHaveBeenCalled();
    expect(screen.queryByText('Plano de pagamento baixado.')).toBeNull();
  });
});
