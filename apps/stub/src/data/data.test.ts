import { isValidCep } from '@portal/validation/cep';
import { documentKind, isValidDocument, normalizeDocument } from '@portal/validation/document';
import { isValidEmail } from '@portal/validation/email';
import { isValidPhone } from '@portal/validation/phone';
import { describe, expect, it } from 'vitest';
import { CREDITORS } from './creditors';
import { PERSONAS } from './personas';
import type { PersonaKey, SeedContract, SeedCreditor, SeedPersona } from './types';

const MAX_LOGO_BYTES = 1536;

function persona(key: PersonaKey): SeedPersona {
  const found = PERSONAS.find((p) => p.key === key);
  if (!found) throw new Error(`no persona ${key}`);
  return found;
}

function creditor(code: string): SeedCreditor | undefined {
  return CREDITORS.find((c) => c.code === code);
}

function creditorCodes(p: SeedPersona): Set<string> {
  return new Set(p.contracts.map((c) => c.creditorCode));
}

const ALL_CONTRACTS: SeedContract[] = PERSONAS.flatMap((p) => p.contracts);

/** Open and close tags must nest properly; self-closing tags and the XML declaration are ignored. */
function tagsAreBalanced(svg: string): boolean {
  const stack: string[] = [];
  for (const [tag, closing, name, selfClosing] of svg.matchAll(/<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>/g)) {
    if (tag === undefined || name === undefined) return false;
    if (selfClosing === '/') continue;
    if (closing === '/') {
      if (stack.pop() !== name) return false;
    } else {
      stack.push(name);
    }
  }
  return stack.length === 0;
}

describe('the seeded creditors', () => {
  it('are twelve, with unique codes, slugs and names', () => {
    expect(CREDITORS).toHaveLength(12);
    expect(new Set(CREDITORS.map((c) => c.code)).size).toBe(12);
    expect(new Set(CREDITORS.map((c) => c.slug)).size).toBe(12);
    expect(new Set(CREDITORS.map((c) => c.name)).size).toBe(12);
  });

  it('have 4-digit codes, kebab-case slugs and https sites on .example domains', () => {
    for (const c of CREDITORS) {
      expect(c.code).toMatch(/^\d{4}$/);
      expect(c.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(c.site).toMatch(/^https:\/\/[a-z0-9-]+\.example$/);
    }
  });

  it('each carry a small, well-formed SVG logo titled with the creditor name', () => {
    for (const c of CREDITORS) {
      const svg = c.logoSvg;
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg.endsWith('</svg>')).toBe(true);
      expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
      expect(svg).toContain('viewBox="0 0 200 80"');
      expect(svg).toContain('role="img"');
      expect(svg).toContain(`<title>${c.name}</title>`);
      expect(svg).toContain('font-family="Arial, Helvetica, sans-serif"');
      expect(svg).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
      expect(tagsAreBalanced(svg)).toBe(true);
      expect(new TextEncoder().encode(svg).length).toBeLessThanOrEqual(MAX_LOGO_BYTES);
    }
  });

  it('have logos that differ from one another', () => {
    expect(
      new Set(CREDITORS.map((c) => c.logoSvg.replace(/<title>.*?<\/title>|<text.*?<\/text>/g, ''))).size,
    ).toBe(12);
  });

  it('all accept boleto paid inside the portal', () => {
    for (const c of CREDITORS) {
      expect(c.payments).toContainEqual({
        idTipoPagamento: 1,
        tipoPagamento: 'boleto',
        pagamentoInterno: true,
        pagamentoProposta: true,
      });
    }
  });

  it('use the codes boleto 1, card 2, PIX 4, with the card always paid on the creditor site', () => {
    const codes = { boleto: 1, cartao: 2, pix: 4 } as const;
    for (const c of CREDITORS) {
      expect(new Set(c.payments.map((p) => p.tipoPagamento)).size).toBe(c.payments.length);
      for (const p of c.payments) {
        expect(p.idTipoPagamento).toBe(codes[p.tipoPagamento]);
        expect(p.pagamentoInterno).toBe(p.tipoPagamento !== 'cartao');
      }
    }
  });

  it('mostly accept pix, a few the card, and one only boleto', () => {
    const accepting = (method: string) =>
      CREDITORS.filter((c) => c.payments.some((p) => p.tipoPagamento === method));
    expect(accepting('pix').length).toBeGreaterThan(CREDITORS.length / 2);
    expect(accepting('cartao').length).toBeGreaterThanOrEqual(2);
    expect(CREDITORS.filter((c) => c.payments.length === 1)).toHaveLength(1);
  });

  it('include one or two that require instalments in due-date order', () => {
    const sequential = CREDITORS.filter((c) => c.sequential).length;
    expect(sequential).toBeGreaterThanOrEqual(1);
    expect(sequential).toBeLessThanOrEqual(2);
  });
});

describe('the seeded personas', () => {
  it('are the twelve the README lists, each once', () => {
    expect(PERSONAS.map((p) => p.key).sort()).toEqual(
      [
        'ana',
        'carlos',
        'comercio',
        'joao',
        'luciana',
        'maria',
        'naoCadastrado',
        'novaEra',
        'paulo',
        'rafael',
        'roberto',
        'sandra',
      ].sort(),
    );
  });

  it('have valid, normalized and unique documents', () => {
    for (const p of PERSONAS) {
      expect(isValidDocument(p.cpfCnpj), p.key).toBe(true);
      expect(normalizeDocument(p.cpfCnpj)).toBe(p.cpfCnpj);
    }
    expect(new Set(PERSONAS.map((p) => p.cpfCnpj)).size).toBe(PERSONAS.length);
  });

  it('include an alphanumeric CNPJ', () => {
    expect(persona('novaEra').cpfCnpj).toMatch(/[A-Z]/);
  });

  it('have valid e-mails on example domains, unique across personas', () => {
    for (const p of PERSONAS) {
      expect(isValidEmail(p.email), p.email).toBe(true);
      expect(p.email).toMatch(/@example\.com(\.br)?$/);
    }
    expect(new Set(PERSONAS.map((p) => p.email)).size).toBe(PERSONAS.length);
  });

  it('have valid mobile phones, unique across personas', () => {
    for (const p of PERSONAS) {
      expect(p.telefone).toMatch(/^\d{2}9\d{8}$/);
      expect(isValidPhone(p.telefone), p.telefone).toBe(true);
    }
    expect(new Set(PERSONAS.map((p) => p.telefone)).size).toBe(PERSONAS.length);
  });

  it('have dd/mm/yyyy dates of birth of adults, or foundation dates for companies', () => {
    const thisYear = new Date().getFullYear();
    for (const p of PERSONAS) {
      const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(p.dtNascimento);
      expect(match, p.key).not.toBeNull();
      const year = Number(match?.[3]);
      if (documentKind(p.cpfCnpj) === 'CPF') expect(thisYear - year).toBeGreaterThanOrEqual(18);
      else expect(year).toBeLessThan(thisYear);
    }
  });

  it('have complete addresses with valid CEPs, or none', () => {
    for (const p of PERSONAS) {
      if (p.endereco === null) continue;
      expect(p.endereco.cep).toMatch(/^\d{5}-\d{3}$/);
      expect(isValidCep(p.endereco.cep)).toBe(true);
      expect(p.endereco.endereco).not.toBe('');
      expect(p.endereco.numero).not.toBe('');
      expect(p.endereco.cidade).not.toBe('');
      expect(p.endereco.uf).toMatch(/^[A-Z]{2}$/);
    }
    expect(PERSONAS.some((p) => p.endereco === null)).toBe(true);
  });

  it('give people a score between 300 and 900 and companies none', () => {
    for (const p of PERSONAS) {
      if (documentKind(p.cpfCnpj) === 'CNPJ') expect(p.score, p.key).toBeNull();
      else expect(p.score, p.key).toEqual(expect.any(Number));
      if (p.score !== null) {
        expect(p.score).toBeGreaterThanOrEqual(300);
        expect(p.score).toBeLessThanOrEqual(900);
      }
    }
    expect(persona('comercio').score).toBeNull();
    expect(persona('novaEra').score).toBeNull();
  });

  it('each have an identity question with a plain answer', () => {
    for (const p of PERSONAS) {
      expect(p.identityQuestion.pergunta).toMatch(/^[A-ZÀ-Ú].*\?$/);
      expect(p.identityQuestion.resposta.trim()).not.toBe('');
    }
  });

  it('are all registered except naoCadastrado, who has no contracts', () => {
    expect(PERSONAS.filter((p) => !p.registered).map((p) => p.key)).toEqual(['naoCadastrado']);
    expect(persona('naoCadastrado').contracts).toEqual([]);
  });
});

describe('the seeded contracts', () => {
  it('belong to creditors that exist', () => {
    for (const c of ALL_CONTRACTS) expect(creditor(c.creditorCode), c.numero).toBeDefined();
  });

  it('together use at least 8 of the creditors', () => {
    expect(new Set(ALL_CONTRACTS.map((c) => c.creditorCode)).size).toBeGreaterThanOrEqual(8);
  });

  it('have numbers unique per creditor, some long enough to be masked and at least one short', () => {
    const keys = ALL_CONTRACTS.map((c) => `${c.creditorCode}/${c.numero}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const c of ALL_CONTRACTS) expect(c.numero).toMatch(/^[0-9A-Z]{1,14}$/);
    expect(ALL_CONTRACTS.some((c) => c.numero.length > 6)).toBe(true);
    expect(ALL_CONTRACTS.some((c) => c.numero.length <= 6)).toBe(true);
  });

  it('have a situation label naming the contract or the delay', () => {
    for (const c of ALL_CONTRACTS) expect(c.situacao).toMatch(/Contrato|atraso/);
  });

  it('have 2 to 10 open instalments of R$ 80 to R$ 2.500 in whole cents, numbered in due-date order', () => {
    for (const c of ALL_CONTRACTS) {
      expect(c.instalments.length, c.numero).toBeGreaterThanOrEqual(2);
      expect(c.instalments.length, c.numero).toBeLessThanOrEqual(10);
      c.instalments.forEach((instalment, i) => {
        expect(Number.isInteger(instalment.valueCents)).toBe(true);
        expect(instalment.valueCents).toBeGreaterThanOrEqual(8_000);
        expect(instalment.valueCents).toBeLessThanOrEqual(250_000);
        expect(instalment.dueInDays).not.toBe(0);
        const previous = c.instalments[i - 1];
        if (previous) {
          expect(instalment.numero).toBe(previous.numero + 1);
          expect(instalment.dueInDays).toBeGreaterThan(previous.dueInDays);
        }
      });
      expect(Number.isInteger(c.principalCents) && c.principalCents > 0).toBe(true);
    }
  });

  it('lead to the agreements screen only for the contract of Ana that has an agreement', () => {
    const withAgreement = ALL_CONTRACTS.filter((c) => c.permiteacordo);
    expect(withAgreement).toHaveLength(1);
    expect(persona('ana').contracts).toContain(withAgreement[0]);
    expect(ALL_CONTRACTS.filter((c) => c.agreement !== undefined)).toEqual(withAgreement);
  });
});

describe('each persona exercises its path', () => {
  it('Maria has contracts at three or more creditors, with proposals allowed', () => {
    const maria = persona('maria');
    expect(creditorCodes(maria).size).toBeGreaterThanOrEqual(3);
    for (const c of maria.contracts) {
      expect(c.permiteproposta && c.permitedivida).toBe(true);
      expect(c.permiteacordo).toBe(false);
    }
    expect(maria.score).toBe(612);
  });

  it('Maria has two contracts at one creditor and exactly one at another', () => {
    const counts = new Map<string, number>();
    for (const c of persona('maria').contracts)
      counts.set(c.creditorCode, (counts.get(c.creditorCode) ?? 0) + 1);
    expect([...counts.values()]).toContain(2);
    expect([...counts.values()]).toContain(1);
  });

  it('Maria has overdue and upcoming instalments at a sequential creditor (≥ 3 overdue, ≥ 2 upcoming)', () => {
    const sequential = persona('maria').contracts.filter((c) => creditor(c.creditorCode)?.sequential);
    expect(
      sequential.some(
        (c) =>
          c.instalments.filter((i) => i.dueInDays < 0).length >= 3 &&
          c.instalments.filter((i) => i.dueInDays > 0).length >= 2,
      ),
    ).toBe(true);
  });

  it('João is registered with no contracts at all', () => {
    expect(persona('joao').registered).toBe(true);
    expect(persona('joao').contracts).toEqual([]);
  });

  it('Ana has an agreement in progress with paid, open and future instalments', () => {
    const agreements = persona('ana').contracts.filter((c) => c.permiteacordo);
    expect(agreements).toHaveLength(1);
    const agreement = agreements[0]?.agreement;
    expect(agreement).toBeDefined();
    const instalments = agreement?.instalments ?? [];
    const statuses = instalments.map((i) => i.status);
    expect(statuses).toContain('PAGO');
    expect(statuses.filter((s) => s === 'EM ABERTO')).toHaveLength(1);
    expect(statuses).toContain('FUTURA');
    for (const i of instalments) {
      if (i.status === 'PAGO') expect(i.dueInDays).toBeLessThan(0);
      else expect(i.dueInDays).toBeGreaterThan(0);
    }
    const order = { PAGO: 0, 'EM ABERTO': 1, FUTURA: 2 } as const;
    const ranks = statuses.map((s) => order[s]);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it('Carlos has overdue debts and his agreements fail upstream', () => {
    const carlos = persona('carlos');
    expect(carlos.behaviour.agreementFails).toBe(true);
    expect(carlos.contracts.some((c) => c.instalments.some((i) => i.dueInDays < 0))).toBe(true);
  });

  it('Paulo has contracts and the proxy never answers for him', () => {
    const paulo = persona('paulo');
    expect(paulo.behaviour.proxySilent).toBe(true);
    expect(paulo.contracts.length).toBeGreaterThan(0);
  });

  it('Luciana has a CPF starting with zeros, and creditors sent off the usual shape beside a whole one', () => {
    const luciana = persona('luciana');
    expect(documentKind(luciana.cpfCnpj)).toBe('CPF');
    expect(luciana.cpfCnpj).toMatch(/^00/);
    const quirks = luciana.behaviour.creditorQuirks ?? {};
    expect(Object.values(quirks).sort()).toEqual(['pagamentoMalformado', 'semPagamento']);
    const codes = creditorCodes(luciana);
    for (const code of Object.keys(quirks)) expect(codes.has(code), code).toBe(true);
    expect([...codes].some((code) => !(code in quirks))).toBe(true);
    // the creditor sent without payment types takes boleto only upstream too, as the default says
    const bare = Object.keys(quirks).find((code) => quirks[code] === 'semPagamento') ?? '';
    expect(creditor(bare)?.payments.map((p) => p.tipoPagamento)).toEqual(['boleto']);
  });

  it('the companies have debts and no score', () => {
    for (const key of ['comercio', 'novaEra'] as const) {
      const company = persona(key);
      expect(documentKind(company.cpfCnpj)).toBe('CNPJ');
      expect(company.score).toBeNull();
      expect(company.contracts.length).toBeGreaterThan(0);
    }
  });

  it('Rafael has a debt past five years, an ordinary one and a disputed one, at three creditors', () => {
    const rafael = persona('rafael');
    expect(creditorCodes(rafael).size).toBe(3);
    const oldest = (c: SeedContract) => Math.min(...c.instalments.map((i) => i.dueInDays));
    const prescribed = rafael.contracts.filter((c) => oldest(c) < -5 * 366);
    expect(prescribed.map((c) => [c.creditorCode, c.numero])).toEqual([['1001', '5800412937']]);
    expect(oldest(prescribed[0] as SeedContract)).toBe(-2190);
    const disputed = rafael.contracts.filter((c) => c.emDisputa);
    expect(disputed.map((c) => [c.creditorCode, c.numero])).toEqual([['1011', '5502630184']]);
    expect(rafael.contracts.filter((c) => !c.emDisputa && oldest(c) > -365)).toHaveLength(1);
  });

  it('only Rafael has a disputed contract or one past five years', () => {
    for (const p of PERSONAS) {
      if (p.key === 'rafael') continue;
      for (const c of p.contracts) {
        expect(c.emDisputa, c.numero).toBeUndefined();
        for (const i of c.instalments) expect(i.dueInDays, c.numero).toBeGreaterThan(-5 * 365);
      }
    }
  });

  it('Sandra owes five creditors about R$ 80.000 before charges, overdue for months to years and still running', () => {
    const sandra = persona('sandra');
    expect(creditorCodes(sandra).size).toBe(5);
    const instalments = sandra.contracts.flatMap((c) => c.instalments);
    const original = instalments.reduce((sum, i) => sum + i.valueCents, 0);
    expect(original).toBeGreaterThanOrEqual(7_800_000);
    expect(original).toBeLessThanOrEqual(8_200_000);
    expect(instalments.some((i) => i.dueInDays <= -365)).toBe(true);
    expect(instalments.every((i) => i.dueInDays >= -3 * 365)).toBe(true);
    expect(instalments.some((i) => i.dueInDays > 0)).toBe(true);
  });

  it('only Carlos and Paulo carry special upstream behaviour', () => {
    const special = PERSONAS.filter((p) => p.behaviour.agreementFails || p.behaviour.proxySilent).map(
      (p) => p.key,
    );
    expect(special.sort()).toEqual(['carlos', 'paulo']);
  });
});
