import type { PaymentMethod, PaymentType } from '@portal/contracts/upstream/entities';
import type { SeedCreditor } from './types';

const PAYMENT_TYPES: Record<PaymentMethod, Omit<PaymentType, 'tipoPagamento'>> = {
  boleto: { idTipoPagamento: 1, pagamentoInterno: true, pagamentoProposta: true },
  // The card is charged on the creditor's own site, never inside the portal.
  cartao: { idTipoPagamento: 2, pagamentoInterno: false, pagamentoProposta: true },
  pix: { idTipoPagamento: 4, pagamentoInterno: true, pagamentoProposta: true },
};

function payments(...methods: PaymentMethod[]): PaymentType[] {
  return methods.map((tipoPagamento) => ({ ...PAYMENT_TYPES[tipoPagamento], tipoPagamento }));
}

interface Palette {
  /** card background */
  bg: string;
  /** brand-name text */
  ink: string;
  /** the symbol */
  mark: string;
  /** details drawn over the symbol */
  markInk: string;
}

type Shape =
  | 'square'
  | 'power'
  | 'diamond'
  | 'cross'
  | 'tree'
  | 'sun'
  | 'house'
  | 'signal'
  | 'bolt'
  | 'prism'
  | 'card'
  | 'book';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function initial(letter: string, fill: string, size = 26): string {
  return `<text x="36" y="${40 + Math.round(size * 0.36)}" font-size="${size}" font-weight="700" text-anchor="middle" fill="${fill}">${escapeXml(letter)}</text>`;
}

function symbol(shape: Shape, { mark, markInk }: Palette, letter: string): string {
  switch (shape) {
    case 'square':
      return `<rect x="12" y="16" width="48" height="48" rx="10" fill="${mark}"/>${initial(letter, markInk)}`;
    case 'power':
      return `<g fill="none" stroke="${mark}" stroke-width="7" stroke-linecap="round"><path d="M24 25a21 21 0 1 0 24 0"/><path d="M36 15v24"/></g>`;
    case 'diamond':
      return `<path d="M36 12 63 40 36 68 9 40Z" fill="${mark}"/>${initial(letter, markInk, 22)}`;
    case 'cross':
      return `<path d="M28 16h16v16h16v16H44v16H28V48H12V32h16Z" fill="${mark}"/>`;
    case 'tree':
      return `<rect x="32" y="44" width="8" height="22" rx="2" fill="${markInk}"/><circle cx="36" cy="32" r="20" fill="${mark}"/>`;
    case 'sun':
      return `<g stroke="${mark}" stroke-width="5" stroke-linecap="round"><path d="M36 14v8M16 26l6 5M56 26l-6 5M10 46h6M56 46h6"/></g><path d="M20 54a16 16 0 0 1 32 0Z" fill="${mark}"/><rect x="10" y="58" width="52" height="5" rx="2" fill="${mark}"/>`;
    case 'house':
      return `<path d="M36 12 64 36h-7v28H15V36H8Z" fill="${mark}"/><rect x="29" y="44" width="14" height="20" fill="${markInk}"/>`;
    case 'signal':
      return `<circle cx="22" cy="56" r="6" fill="${mark}"/><g fill="none" stroke="${mark}" stroke-width="6" stroke-linecap="round"><path d="M22 40a16 16 0 0 1 16 16"/><path d="M22 24a32 32 0 0 1 32 32"/></g>`;
    case 'bolt':
      return `<circle cx="36" cy="40" r="26" fill="${mark}"/><path d="M40 20 25 44h10l-4 16 16-25H37Z" fill="${markInk}"/>`;
    case 'prism':
      return `<path d="M36 12 63 64H9Z" fill="${mark}"/><path d="M36 12 63 64H36Z" fill="${markInk}"/>`;
    case 'card':
      return `<rect x="8" y="20" width="56" height="40" rx="7" fill="${mark}"/><rect x="15" y="30" width="14" height="11" rx="2" fill="${markInk}"/><rect x="15" y="48" width="34" height="4" rx="2" fill="${markInk}"/>`;
    case 'book':
      return `<path d="M10 22c10-4 19-3 25 3v38c-6-6-15-7-25-3Z" fill="${mark}"/><path d="M62 22c-10-4-19-3-25 3v38c6-6 15-7 25-3Z" fill="${mark}"/>`;
  }
}

/** A 200×80 card: the symbol on the left, the brand on the right, sized so that it fits the card. */
function logo(name: string, [main, sub]: [string, string], palette: Palette, shape: Shape): string {
  const mainSize = Math.min(24, Math.floor(116 / (main.length * 0.6)));
  const subSize = sub.length > 12 ? 9 : 10;
  const spacing = sub.length <= 8 ? 2 : 1;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 80" role="img">`,
    `<title>${escapeXml(name)}</title>`,
    `<rect width="200" height="80" rx="12" fill="${palette.bg}"/>`,
    `<g font-family="Arial, Helvetica, sans-serif">`,
    symbol(shape, palette, main.charAt(0)),
    `<text x="74" y="44" font-size="${mainSize}" font-weight="700" fill="${palette.ink}">${escapeXml(main)}</text>`,
    `<text x="75" y="61" font-size="${subSize}" letter-spacing="${spacing}" fill="${palette.ink}">${escapeXml(sub)}</text>`,
    '</g></svg>',
  ].join('');
}

export const CREDITORS: readonly SeedCreditor[] = [
  {
    code: '1001',
    name: 'Lojas Horizonte',
    slug: 'lojas-horizonte',
    site: 'https://lojashorizonte.example',
    payments: payments('boleto', 'cartao', 'pix'),
    sequential: false,
    // an instalment paid up to three business days late keeps the agreement; no change is allowed; every
    // instalment on the first's day of the month
    agreementRules: { toleranciaDias: 3, vencimentoParcelas: 'mesmo-dia' },
    logoSvg: logo(
      'Lojas Horizonte',
      ['Horizonte', 'LOJAS'],
      { bg: '#FFF7ED', ink: '#7C2D12', mark: '#C2410C', markInk: '#FFFFFF' },
      'square',
    ),
  },
  {
    code: '1002',
    name: 'Ipê Eletro',
    slug: 'ipe-eletro',
    site: 'https://ipeeletro.example',
    payments: payments('boleto', 'pix'),
    sequential: true,
    agreementRules: {
      toleranciaDias: 5,
      moverParcelaFim: true,
      alterarDiaVencimento: true,
      vencimentoParcelas: 'mesmo-dia',
    },
    logoSvg: logo(
      'Ipê Eletro',
      ['Ipê Eletro', 'ELETRODOMÉSTICOS'],
      { bg: '#1E1B4B', ink: '#FFFFFF', mark: '#FACC15', markInk: '#1E1B4B' },
      'power',
    ),
  },
  {
    code: '1003',
    name: 'Moda Aurora',
    slug: 'moda-aurora',
    site: 'https://modaaurora.example',
    payments: payments('boleto', 'cartao', 'pix'),
    sequential: false,
    logoSvg: logo(
      'Moda Aurora',
      ['Aurora', 'MODA'],
      { bg: '#FDF2F8', ink: '#831843', mark: '#BE185D', markInk: '#FFFFFF' },
      'diamond',
    ),
  },
  {
    code: '1004',
    name: 'Drogaria Vida Plena',
    slug: 'drogaria-vida-plena',
    site: 'https://drogariavidaplena.example',
    payments: payments('boleto', 'pix'),
    sequential: false,
    logoSvg: logo(
      'Drogaria Vida Plena',
      ['Vida Plena', 'DROGARIA'],
      { bg: '#FFFFFF', ink: '#065F46', mark: '#047857', markInk: '#FFFFFF' },
      'cross',
    ),
  },
  {
    code: '1005',
    name: 'Móveis Jequitibá',
    slug: 'moveis-jequitiba',
    site: 'https://moveisjequitiba.example',
    payments: payments('boleto', 'pix'),
    sequential: false,
    logoSvg: logo(
      'Móveis Jequitibá',
      ['Jequitibá', 'MÓVEIS'],
      { bg: '#F5F0E6', ink: '#3F2A14', mark: '#4D7C0F', markInk: '#78350F' },
      'tree',
    ),
  },
  {
    code: '1006',
    name: 'Cartão Sol Nascente',
    slug: 'cartao-sol-nascente',
    site: 'https://cartaosolnascente.example',
    payments: payments('boleto', 'pix'),
    sequential: false,
    leavesFutureUnmarked: true,
    agreementRules: {
      toleranciaDias: 10,
      moverParcelaFim: true,
      alterarDiaVencimento: true,
      alteracoesPorAcordo: 2,
    },
    logoSvg: logo(
      'Cartão Sol Nascente',
      ['Sol Nascente', 'SUPERMERCADOS'],
      { bg: '#B91C1C', ink: '#FFFFFF', mark: '#FDE047', markInk: '#B91C1C' },
      'sun',
    ),
  },
  {
    code: '1007',
    name: 'ConstruBem Materiais',
    slug: 'construbem-materiais',
    site: 'https://construbem.example',
    payments: payments('boleto'),
    sequential: false,
    liftsRecordAfter: 'quitacao',
    logoSvg: logo(
      'ConstruBem Materiais',
      ['ConstruBem', 'MATERIAIS'],
      { bg: '#FACC15', ink: '#1C1917', mark: '#1C1917', markInk: '#FACC15' },
      'house',
    ),
  },
  {
    code: '1008',
    name: 'Onda Telecom',
    slug: 'onda-telecom',
    site: 'https://ondatelecom.example',
    payments: payments('boleto', 'pix'),
    sequential: false,
    logoSvg: logo(
      'Onda Telecom',
      ['Onda', 'TELECOM'],
      { bg: '#FFFFFF', ink: '#5B21B6', mark: '#7C3AED', markInk: '#FFFFFF' },
      'signal',
    ),
  },
  {
    code: '1009',
    name: 'Energia Serra Azul',
    slug: 'energia-serra-azul',
    site: 'https://energiaserraazul.example',
    payments: payments('boleto', 'pix'),
    sequential: false,
    logoSvg: logo(
      'Energia Serra Azul',
      ['Serra Azul', 'ENERGIA'],
      { bg: '#0C4A6E', ink: '#FFFFFF', mark: '#FBBF24', markInk: '#0C4A6E' },
      'bolt',
    ),
  },
  {
    code: '1010',
    name: 'Prisma Financeira',
    slug: 'prisma-financeira',
    site: 'https://prismafinanceira.example',
    payments: payments('boleto', 'pix'),
    sequential: true,
    // its instalments fall due every 30 days from the first, and it says so
    agreementRules: { vencimentoParcelas: '30-dias' },
    logoSvg: logo(
      'Prisma Financeira',
      ['Prisma', 'FINANCEIRA'],
      { bg: '#FFFFFF', ink: '#134E4A', mark: '#0F766E', markInk: '#2DD4BF' },
      'prism',
    ),
  },
  {
    code: '1011',
    name: 'Banco Colibri',
    slug: 'banco-colibri',
    site: 'https://bancocolibri.example',
    payments: payments('boleto', 'cartao', 'pix'),
    sequential: false,
    logoSvg: logo(
      'Banco Colibri',
      ['Colibri', 'BANCO DIGITAL'],
      { bg: '#111827', ink: '#FFFFFF', mark: '#22D3EE', markInk: '#111827' },
      'card',
    ),
  },
  {
    code: '1012',
    name: 'Grupo Educacional Saber Mais',
    slug: 'saber-mais',
    site: 'https://sabermais.example',
    payments: payments('boleto', 'pix'),
    sequential: false,
    logoSvg: logo(
      'Grupo Educacional Saber Mais',
      ['Saber Mais', 'EDUCACIONAL'],
      { bg: '#EFF6FF', ink: '#1E3A8A', mark: '#1D4ED8', markInk: '#FFFFFF' },
      'book',
    ),
  },
];
