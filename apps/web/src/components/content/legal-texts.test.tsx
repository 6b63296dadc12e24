import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Modal } from '../ui/modal';
import { PrivacyNoticeContents, PrivacyNoticeText, TermsOfUseContents, TermsOfUseText } from './legal-texts';

/** The heading levels of a container, in document order. */
function headingLevels(container: HTMLElement): number[] {
  return Array.from(container.querySelectorAll('h1, h2, h3, h4, h5, h6')).map((heading) =>
    Number(heading.tagName.slice(1)),
  );
}

function expectNoSkippedLevel(levels: number[]) {
  levels.forEach((level, index) => {
    if (index > 0) expect(level).toBeLessThanOrEqual((levels[index - 1] ?? 0) + 1);
  });
}

/** A paragraph whose whole text (across inline elements) is `text`. */
function paragraph(text: string) {
  return screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === text);
}

const TEXTS = [
  { name: 'PrivacyNoticeText', Text: PrivacyNoticeText, first: 'Quem somos', sub: 'Dados de cadastro' },
  { name: 'TermsOfUseText', Text: TermsOfUseText, first: 'O que é o Negocia Varejo', sub: null },
] as const;

describe.each(TEXTS)('$name', ({ Text, first, sub }) => {
  it('starts its section headings at h2 by default, to sit under a page h1', () => {
    const { container } = render(<Text />);
    expect(screen.getByRole('heading', { level: 2, name: first })).toBeTruthy();
    if (sub) expect(screen.getByRole('heading', { level: 3, name: sub })).toBeTruthy();
    expect(Math.min(...headingLevels(container))).toBe(2);
    expectNoSkippedLevel(headingLevels(container));
  });

  it('moves every heading one level down with headingLevel 3', () => {
    const { container } = render(<Text headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3, name: first })).toBeTruthy();
    if (sub) expect(screen.getByRole('heading', { level: 4, name: sub })).toBeTruthy();
    expect(screen.queryAllByRole('heading', { level: 2 })).toEqual([]);
    expect(Math.min(...headingLevels(container))).toBe(3);
  });

  it('goes down to h4 sections and h5 subheadings with headingLevel 4, for a modal showing both texts', () => {
    const { container } = render(<Text headingLevel={4} />);
    expect(screen.getByRole('heading', { level: 4, name: first })).toBeTruthy();
    if (sub) expect(screen.getByRole('heading', { level: 5, name: sub })).toBeTruthy();
    expect(Math.min(...headingLevels(container))).toBe(4);
  });

  it('reads in order inside a modal titled by an h2', () => {
    render(
      <Modal open name="modalTextoTermos" title="Texto completo" size="wide" onClose={() => {}}>
        <Text headingLevel={3} />
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Texto completo' });
    const levels = headingLevels(dialog);
    expect(levels[0]).toBe(2);
    expect(levels.slice(1).every((level) => level >= 3)).toBe(true);
    expectNoSkippedLevel(levels);
    expect(within(dialog).getByRole('heading', { level: 3, name: first })).toBeTruthy();
  });

  it('holds no link into the app, so reading it in a modal never leaves a form', () => {
    render(<Text />);
    for (const link of screen.getAllByRole('link')) {
      expect(link.getAttribute('href')).toMatch(/^(mailto|tel):/);
    }
  });
});

describe('PrivacyNoticeText', () => {
  it('names the controller, its seat and the last update', () => {
    render(<PrivacyNoticeText />);
    expect(paragraph('Última atualização: 1º de fevereiro de 2022.')).toBeTruthy();
    expect(screen.getByText('1º de fevereiro de 2022', { selector: 'time' }).getAttribute('datetime')).toBe(
      '2022-02-01',
    );
    const who = screen.getByRole('heading', { name: 'Quem somos' }).parentElement as HTMLElement;
    expect(who.textContent).toContain('Associação Comercial de Crédito do Varejo – ACCV');
    expect(who.textContent).toMatch(/CNPJ sob o nº \d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}/);
    expect(who.textContent).toContain('São Paulo/SP');
  });

  it('lists the data collected, agreement data included', () => {
    render(<PrivacyNoticeText />);
    const section = screen.getByRole('heading', { name: 'Dados que coletamos' }).parentElement as HTMLElement;
    for (const item of [
      'CPF ou CNPJ',
      'nome completo',
      'e-mail',
      'telefone celular',
      'data de nascimento',
      'CEP, endereço e estado',
      'senha de acesso, guardada de forma protegida',
      'endereço IP',
      'credor e número do contrato',
      'data do acordo',
      'valor da dívida',
      'número e valor das parcelas',
      'situação de cada parcela',
      'forma e data de pagamento',
    ]) {
      expect(section.textContent).toContain(item);
    }
  });

  it('keeps data for 5 years and never sells it', () => {
    render(<PrivacyNoticeText />);
    const retention = screen.getByRole('heading', { name: 'Por quanto tempo guardamos' })
      .parentElement as HTMLElement;
    expect(retention.textContent).toContain('por 5 anos');
    expect(screen.getByText('Não vendemos nem alugamos os seus dados pessoais.')).toBeTruthy();
  });

  it('explains the only cookies used, aceito included, and how to refuse them', () => {
    render(<PrivacyNoticeText />);
    const cookies = screen.getByRole('heading', { name: 'Cookies' }).parentElement as HTMLElement;
    expect(within(cookies).getAllByText('aceito', { selector: 'code' }).length).toBeGreaterThan(0);
    expect(cookies.textContent).toContain('cookie de sessão');
    expect(cookies.textContent).toContain('Para recusar cookies, bloqueie-os ou apague-os');
  });

  it('lists the LGPD rights, free of charge, and the petition to the ANPD', () => {
    render(<PrivacyNoticeText />);
    const rights = screen.getByRole('heading', { name: 'Seus direitos' }).parentElement as HTMLElement;
    expect(rights.textContent).toContain('A LGPD (art. 18) garante a você, gratuitamente');
    const items = within(within(rights).getAllByRole('list')[0] as HTMLElement)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    for (const right of [
      'confirmação',
      'acesso',
      'correção',
      'anonimização',
      'portabilidade',
      'eliminação',
      'informação sobre as entidades',
      'revogação do consentimento',
    ]) {
      expect(items.some((item) => item?.startsWith(right))).toBe(true);
    }
    expect(rights.textContent).toContain('Autoridade Nacional de Proteção de Dados (ANPD)');
    expect(rights.textContent).toContain('Revogar o consentimento é gratuito');
  });

  it('tells how to edit or delete data: Mais opções > Editar perfil (the way the user clicks) or by e-mail', () => {
    render(<PrivacyNoticeText />);
    expect(screen.getByRole('heading', { level: 3, name: 'Como exercer os seus direitos' })).toBeTruthy();
    expect(screen.getByText('Mais opções > Editar perfil')).toBeTruthy();
    const dpoLinks = screen.getAllByRole('link', { name: 'privacidade@negociavarejo.example' });
    expect(dpoLinks.length).toBe(2);
    expect(dpoLinks[0]?.getAttribute('href')).toBe('mailto:privacidade@negociavarejo.example');
  });

  it('gives the Encarregado, the 0800 central with its hours and the service e-mail', () => {
    render(<PrivacyNoticeText />);
    const contact = screen.getByRole('heading', { name: 'Contato e Encarregado' })
      .parentElement as HTMLElement;
    expect(within(contact).getByText('Encarregado pelo tratamento de dados pessoais (DPO)')).toBeTruthy();
    expect(within(contact).getByRole('link', { name: '0800 000 3634' }).getAttribute('href')).toBe(
      'tel:08000003634',
    );
    expect(contact.textContent).toContain('das 9h às 21h');
    expect(contact.textContent).toContain('das 9h às 13h (horário de Brasília)');
    expect(
      within(contact).getByRole('link', { name: 'atendimento@negociavarejo.example' }).getAttribute('href'),
    ).toBe('mailto:atendimento@negociavarejo.example');
  });
});

describe('TermsOfUseText', () => {
  it('shows its last update, 20/03/2021', () => {
    render(<TermsOfUseText />);
    expect(paragraph('Última atualização: 20/03/2021.')).toBeTruthy();
  });

  it('says the service is free and the creditor sets the offers', () => {
    render(<TermsOfUseText />);
    const service = screen.getByRole('heading', { name: 'O que é o Negocia Varejo' })
      .parentElement as HTMLElement;
    expect(service.textContent).toContain('gratuito');
    expect(service.textContent).toContain('intermediária');
    expect(service.textContent).toContain('são eles que definem as ofertas');
    expect(screen.getByText('não cobra nenhuma taxa do consumidor')).toBeTruthy();
  });

  it('explains one boleto per instalment and what happens when one is not paid', () => {
    render(<TermsOfUseText />);
    const agreements = screen.getByRole('heading', { name: 'Acordos e boletos' })
      .parentElement as HTMLElement;
    expect(within(agreements).getByText('cada parcela tem o seu próprio boleto')).toBeTruthy();
    expect(agreements.textContent).toContain('depois do vencimento');
    expect(agreements.textContent).toContain(
      'o acordo pode ser cancelado (quebrado), conforme as regras do credor',
    );
  });

  it('warns about scams and payments to personal accounts', () => {
    render(<TermsOfUseText />);
    const scams = screen.getByRole('heading', { name: 'Cuidado com golpes' }).parentElement as HTMLElement;
    expect(within(scams).getByText('nunca pede pagamentos em contas de pessoas físicas')).toBeTruthy();
    expect(scams.textContent).toContain('confira se o beneficiário');
  });

  it('names the places the user clicks to change the password and to delete the account', () => {
    render(<TermsOfUseText />);
    const account = screen.getByRole('heading', { name: 'Cadastro e senha' }).parentElement as HTMLElement;
    expect(within(account).getByText('Mais opções > Alterar senha')).toBeTruthy();
    expect(within(account).getByText('Mais opções > Editar perfil')).toBeTruthy();
    expect(account.textContent).not.toContain('Minha conta > Editar perfil');
  });

  it('follows Brazilian law, with the forum of the consumer’s domicile', () => {
    render(<TermsOfUseText />);
    const law = screen.getByRole('heading', { name: 'Lei aplicável e foro' }).parentElement as HTMLElement;
    expect(law.textContent).toContain('Código de Defesa do Consumidor');
    expect(law.textContent).toContain('foro do domicílio do consumidor');
  });
});

describe.each([
  { name: 'PrivacyNoticeContents', Contents: PrivacyNoticeContents, Text: PrivacyNoticeText },
  { name: 'TermsOfUseContents', Contents: TermsOfUseContents, Text: TermsOfUseText },
])('$name', ({ Contents, Text }) => {
  it('links to every section heading of the text, in order', () => {
    render(
      <>
        <Contents />
        <Text />
      </>,
    );
    const nav = screen.getByRole('navigation', { name: 'Nesta página' });
    const links = within(nav).getAllByRole('link');
    const sectionHeadings = Array.from(document.querySelectorAll<HTMLElement>('.legal-heading'));
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      sectionHeadings.map((heading) => `#${heading.id}`),
    );
    for (const link of links) {
      const target = document.getElementById((link.getAttribute('href') ?? '').slice(1));
      expect(target?.textContent).toBe(link.textContent);
    }
  });
});
