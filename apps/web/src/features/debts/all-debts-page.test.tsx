import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deferred, type FakeHandlers, installFakeBff } from '../../../test/fake-bff';
import { NO_BUDGET } from '../../../test/fixtures/budget';
import { debtContract, sameDayDays } from '../../../test/fixtures/debts';
import { MARIA, renderApp } from '../../../test/render-app';
import { SLOW_LOOKUP_MS } from '../../components/ui/lookup-wait';
import type { RouterInputs, RouterOutputs } from '../../lib/api/trpc';
import { paths } from '../../lib/navigation/paths';
import { moneyTextToCents } from './budget-section';

type AllDebts = RouterOutputs['debts']['all'];

const RAFAEL: AllDebts = {
  credores: [
    {
      credor: { codcredor: '11', nome: 'Lojas Horizonte', logoUrl: null },
      sequencial: false,
      situacao: 'ok',
      mensagem: null,
      contratos: [
        debtContract({
          contrato: '5800412937',
          contratoExibido: '58***937',
          estado: { tipo: 'prescrita', desde: '2020-08-01' },
          diasAtraso: 2200,
          devidoCents: 500000,
        }),
      ],
    },
    {
      credor: { codcredor: '12', nome: 'Banco Colibri', logoUrl: null },
      sequencial: false,
      situacao: 'ok',
      mensagem: null,
      contratos: [
        debtContract({
          contrato: '5502630184',
          contratoExibido: '55***184',
          estado: { tipo: 'em-disputa' },
          diasAtraso: null,
          melhorAVista: null,
          menorParcela: null,
          devidoCents: 250000,
        }),
      ],
    },
    {
      credor: { codcredor: '13', nome: 'Onda Telecom', logoUrl: null },
      sequencial: false,
      situacao: 'ok',
      mensagem: null,
      contratos: [debtContract({})],
    },
    {
      credor: { codcredor: '14', nome: 'Ipê Eletro', logoUrl: null },
      sequencial: false,
      situacao: 'falhou',
      mensagem: 'Não foi possível consultar este credor agora.',
      contratos: [],
    },
  ],
  totais: { contratos: 3, devidoCents: 123456, foraCents: 750000, melhorAVistaCents: 80000 },
  plano: null,
  mesmoDia: sameDayDays(),
};

function renderPage(handlers: FakeHandlers = {}) {
  const fake = installFakeBff({
    'debts.all': () => RAFAEL,
    'budget.get': () => NO_BUDGET,
    ...handlers,
  });
  const user = userEvent.setup();
  return { fake, user, ...renderApp(paths.todasAsDividas, { session: MARIA }) };
}

const creditor = async (name: string) =>
  (await screen.findByRole('heading', { level: 2, name })).closest('li') as HTMLElement;

describe('AllDebtsPage', () => {
  it("shows 'Consultando seus credores...' while the creditors answer, then the contracts and totals", async () => {
    const held = deferred<AllDebts>();
    renderPage({ 'debts.all': () => held.promise });
    const status = await screen.findByText('Consultando seus credores...');
    expect(status.getAttribute('role')).toBe('status');
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();

    held.resolve(RAFAEL);
    const onda = await creditor('Onda Telecom');
    expect(screen.queryByText('Consultando seus credores...')).toBeNull();
    expect(within(onda).getByText('Contrato 30***418')).toBeTruthy();
    expect(within(onda).getByText(/Você deve R\$\s1\.234,56/)).toBeTruthy();
    expect(within(onda).getByText('Em atraso há 40 dias')).toBeTruthy();
    expect(
      within(onda).getByText(/À vista: R\$\s800,00 \(35,00% de desconto\), só as parcelas em atraso/),
    ).toBeTruthy();
    expect(within(onda).getByText(/Parcelado: a partir de 10 × R\$\s150,00/)).toBeTruthy();
    expect(
      within(onda).getByRole('link', { name: 'Ver ofertas: Contrato 30***418' }).getAttribute('href'),
    ).toBe(
      `${paths.negociacao}?credor=13&contrato=30125590418&chamarProposta=true&chamarDivida=true&parcelasIndividuaisSequenciais=false`,
    );
    expect(screen.getByText('Total devido:').nextElementSibling?.textContent).toMatch(/R\$\s1\.234,56/);
    // the prescribed and the disputed debts, apart from the total and said so
    expect(
      screen.getByText('Prescritas ou em contestação, fora do total:').nextElementSibling?.textContent,
    ).toMatch(/R\$\s7\.500,00/);
    expect(screen.getByText('Contratos:').nextElementSibling?.textContent).toBe('3');
    expect(screen.getByText('Melhor à vista somado:').nextElementSibling?.textContent).toMatch(/R\$\s800,00/);
  });

  it('says a long wait is still going, how long it has taken, and leads back to Minha conta', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      const { router } = renderPage({ 'debts.all': () => new Promise<AllDebts>(() => {}) });
      const status = await screen.findByText('Consultando seus credores...');
      expect(screen.queryByRole('button', { name: 'Voltar para minha conta' })).toBeNull();
      await act(async () => {
        vi.advanceTimersByTime(SLOW_LOOKUP_MS);
      });
      expect(status.textContent).toBe('Ainda consultando os credores. Isso pode levar alguns minutos.');
      expect(status.getAttribute('aria-busy')).toBe('false');
      expect(screen.getByText('Tempo de espera: 5 s')).toBeTruthy();
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Voltar para minha conta' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(paths.minhaConta));
    } finally {
      vi.useRealTimers();
    }
  });

  it('names a creditor that failed with its message, still shows the others, and asks again on the tap', async () => {
    const { user, fake } = renderPage();
    const failed = await creditor('Ipê Eletro');
    expect(within(failed).getByText('Não foi possível consultar este credor agora.')).toBeTruthy();
    expect(await creditor('Onda Telecom')).toBeTruthy();
    const before = fake.callsTo('debts.all').length;
    await user.click(within(failed).getByRole('button', { name: 'Tentar de novo' }));
    await waitFor(() => expect(fake.callsTo('debts.all').length).toBe(before + 1));
  });

  it('labels a prescribed debt honestly and pushes no offer on it; a disputed one gets no offer at all', async () => {
    renderPage();
    const horizonte = await creditor('Lojas Horizonte');
    expect(within(horizonte).getByText('Dívida prescrita')).toBeTruthy();
    expect(within(horizonte).getByText('Em atraso há 2.200 dias')).toBeTruthy();
    expect(
      within(horizonte).getByText(
        'Esta dívida tem mais de 5 anos. Ela não pode mais ser cobrada, nem na Justiça nem fora dela (entendimento do STJ). Pagar é uma escolha sua.',
      ),
    ).toBeTruthy();
    expect(within(horizonte).queryByText(/À vista/)).toBeNull();
    expect(within(horizonte).queryByText(/Parcelado/)).toBeNull();
    expect(within(horizonte).queryByRole('link', { name: /^Ver ofertas:/ })).toBeNull();
    expect(
      within(horizonte).getByRole('link', { name: 'Ver ofertas mesmo assim: Contrato 58***937' }),
    ).toBeTruthy();

    const colibri = await creditor('Banco Colibri');
    expect(within(colibri).getByText('Em contestação')).toBeTruthy();
    expect(
      within(colibri).getByText(
        'Este contrato está em contestação com o credor. Enquanto isso, não oferecemos acordo para ele.',
      ),
    ).toBeTruthy();
    expect(within(colibri).queryByRole('link')).toBeNull();
  });

  it("links a contract in an agreement to /acordos with an 'Em acordo' badge", async () => {
    renderPage({
      'debts.all': () => ({
        ...RAFAEL,
        credores: [
          {
            credor: { codcredor: '13', nome: 'Onda Telecom', logoUrl: null },
            sequencial: false,
            situacao: 'ok',
            mensagem: null,
            contratos: [
              debtContract({
                estado: { tipo: 'em-acordo', processando: false },
                destino: 'acordos',
                diasAtraso: null,
                melhorAVista: null,
                menorParcela: null,
              }),
            ],
          },
        ],
      }),
    });
    const onda = await creditor('Onda Telecom');
    expect(within(onda).getByText('Em acordo')).toBeTruthy();
    // what remains of the agreement, not what the contract once owed
    expect(within(onda).getByText(/^Restam R\$\s1\.234,56 no acordo$/)).toBeTruthy();
    expect(within(onda).queryByText(/^Você deve/)).toBeNull();
    expect(
      within(onda).getByRole('link', { name: 'Ver acordo: Contrato 30***418' }).getAttribute('href'),
    ).toBe(`${paths.acordos}?credor=13&contrato=30125590418&chamarAcordo=true`);
  });

  it('saves the budget in cents, says what is free, and marks each offer by whether it fits', async () => {
    let saved: RouterInputs['budget']['save'] | null = null;
    const { user, fake } = renderPage({
      'budget.save': (input) => {
        saved = input;
        return { orcamento: input, livreCents: 30000, minimoExistencialCents: 60000 };
      },
    });
    const onda = await creditor('Onda Telecom');
    expect(within(onda).queryByText('Cabe')).toBeNull();
    // the form (and its masks) comes when asked for, its first field ready to type in
    expect(screen.queryByLabelText('Renda líquida mensal')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Informar meu orçamento' }));
    const income = await screen.findByLabelText('Renda líquida mensal');
    await waitFor(() => expect(document.activeElement).toBe(income));
    expect(
      screen.getByText('Seu orçamento fica só nesta sessão: não é enviado aos credores nem guardado.'),
    ).toBeTruthy();

    await user.type(income, '2800,00');
    await user.type(screen.getByLabelText('Moradia'), '1000');
    await user.type(screen.getByLabelText('Parcelas que você já paga por mês'), '150,5');
    const reads = fake.callsTo('debts.all').length;
    await user.click(screen.getByRole('button', { name: 'Ver se cabe no meu bolso' }));

    expect(
      await screen.findByText(
        /Sobram R\$\s300,00 por mês para acordos, já reservando o mínimo existencial de R\$\s600,00\./,
      ),
    ).toBeTruthy();
    expect(saved).toEqual({
      renda: 280000,
      despesas: { moradia: 100000, alimentacao: 0, transporte: 0, saude: 0, educacao: 0, contas: 0 },
      outrasParcelas: 15050,
    });
    // R$ 150,00 a month is within 70 % of R$ 300,00; R$ 800,00 upfront is more than is free.
    expect(
      within(
        within(onda)
          .getByText(/Parcelado/)
          .closest('p') as HTMLElement,
      ).getByText('Cabe'),
    ).toBeTruthy();
    expect(
      within(
        within(onda)
          .getByText(/À vista/)
          .closest('p') as HTMLElement,
      ).getByText('Não cabe'),
    ).toBeTruthy();
    // the list's plan is read again with the budget
    await waitFor(() => expect(fake.callsTo('debts.all').length).toBeGreaterThan(reads));
  });

  it("asks for the income before saving, and 'Apagar meu orçamento' clears it", async () => {
    const budget = {
      renda: 280000,
      despesas: {
        moradia: 100000,
        alimentacao: 50000,
        transporte: 20000,
        saude: 10000,
        educacao: 0,
        contas: 10000,
      },
      outrasParcelas: 0,
    };
    const { user, fake } = renderPage({
      'budget.get': () => ({ orcamento: budget, livreCents: 90000, minimoExistencialCents: 60000 }),
      'budget.clear': () => NO_BUDGET,
    });
    expect(await screen.findByText(/Sobram R\$\s900,00 por mês/)).toBeTruthy();
    expect((screen.getByLabelText('Renda líquida mensal') as HTMLInputElement).value).toBe('2.800,00');
    await user.click(screen.getByRole('button', { name: 'Apagar meu orçamento' }));
    await waitFor(() => expect(screen.queryByText(/Sobram/)).toBeNull());
    expect(fake.callsTo('budget.clear')).toHaveLength(1);
    expect((screen.getByLabelText('Renda líquida mensal') as HTMLInputElement).value).toBe('');

    await user.click(screen.getByRole('button', { name: 'Ver se cabe no meu bolso' }));
    expect(await screen.findByText('Informe sua renda líquida mensal.')).toBeTruthy();
    expect(fake.callsTo('budget.save')).toHaveLength(0);
  });

  it('explains the Lei do Superendividamento when the budget cannot pay the debts within 5 years', async () => {
    renderPage({
      'debts.all': () => ({
        ...RAFAEL,
        plano: { livreCents: 90000, meses: 60, cobre: false, mensalCents: 90000 },
      }),
    });
    const region = await screen.findByRole('region', { name: 'Suas dívidas não cabem no seu orçamento' });
    expect(region.textContent).toContain('Lei 14.181/2021');
    expect(region.textContent).toContain('até 5 anos');
    expect(region.textContent).toContain('mínimo existencial');
    expect(region.textContent).toMatch(/Procon.*Defensoria Pública.*CEJUSC/);
    expect(region.textContent).toContain('não uma orientação jurídica');
  });

  it('says in how many months the debts fit when the budget covers them', async () => {
    renderPage({
      'debts.all': () => ({
        ...RAFAEL,
        plano: { livreCents: 90000, meses: 12, cobre: true, mensalCents: 72800 },
      }),
    });
    expect(
      await screen.findByText(/Com este orçamento, suas dívidas cabem em 12 meses de até R\$\s728,00\./),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Suas dívidas não cabem no seu orçamento' })).toBeNull();
  });
});

describe('moneyTextToCents', () => {
  it('reads masked amounts in reais as cents, an empty field as zero', () => {
    expect(moneyTextToCents('2.800,00')).toBe(280000);
    expect(moneyTextToCents('2.800')).toBe(280000);
    expect(moneyTextToCents('150,5')).toBe(15050);
    expect(moneyTextToCents('0,07')).toBe(7);
    expect(moneyTextToCents('')).toBe(0);
  });
});
