import type {
  Verdict,
  VerificationField,
  VerificationResult,
} from '@portal/contracts/procedures/verification';
import type { OfficialChannel } from '@portal/contracts/upstream/official-channels';
import { type BoletoReading, readBoleto } from '@portal/validation/boleto';
import { compareIso, formatBrDate, todayInBrazil } from '@portal/validation/dates';
import { formatDocument } from '@portal/validation/document';
import { formatMoney } from '@portal/validation/money';
import { type PixReading, readPix } from '@portal/validation/pix';
import { documentLabel, findSettlement, settlementCode, settlementCodesIn } from '../agreements/settlement';
import { limitByIp, tooMany } from '../auth/sign-in';
import type { Person } from '../core/session';
import type { CreditorPorts } from '../negotiation/creditors';
import type { Ports } from '../ports/ports';
import { type OwnInstalment, ownInstalments } from './own-instalments';
import { codesInText } from './pdf-codes';

const TEN_MINUTES = 10 * 60_000;
const CHANNELS_TTL_MS = 5 * 60_000;

/** A few banks people know by name; any other is shown by its code. */
const BANK_NAMES: Record<string, string> = {
  '001': 'Banco do Brasil',
  '033': 'Santander',
  '077': 'Inter',
  '104': 'Caixa Econômica Federal',
  '237': 'Bradesco',
  '260': 'Nu Pagamentos',
  '341': 'Itaú Unibanco',
  '336': 'C6 Bank',
  '748': 'Sicredi',
  '756': 'Sicoob',
  '999': 'Banco Simulador',
};

const KEY_KINDS: Record<NonNullable<PixReading['keyKind']>, string> = {
  cpf: 'CPF',
  cnpj: 'CNPJ',
  email: 'e-mail',
  telefone: 'telefone',
  aleatoria: 'chave aleatória',
  desconhecida: 'formato desconhecido',
};

export const VERIFY_MESSAGES = {
  unknown: 'Não reconhecemos este código',
  unknownReason:
    'Ele não é uma linha digitável (47 números), um código de barras (44 números) nem um PIX Copia e Cola. Confira se copiou o código inteiro.',
  checkDigit: (which: string) =>
    `O ${which} não confere: este código foi alterado ou copiado errado. Não pague sem conferir.`,
  currency: 'A moeda deste boleto não é o real: não pague.',
  bank: (bank: string) => `O banco deste boleto (${bank}) não é usado por nenhum parceiro: não pague.`,
  beneficiary: 'O beneficiário deste boleto não é uma empresa parceira: não pague.',
  cnpj: 'O CNPJ do beneficiário impresso neste boleto não é o de uma empresa parceira: não pague.',
  pdfUnreadable: 'Não conseguimos ler este arquivo como um boleto em PDF',
  pdfNoCode: 'Não encontramos uma linha digitável nem um PIX Copia e Cola neste PDF',
  pdfTooComplex:
    'Não conseguimos conferir este PDF: ele é pesado ou complexo demais para um boleto. Digite ou cole a linha digitável.',
  pdfProtected:
    'Este PDF está protegido por senha: envie o boleto sem senha, ou digite ou cole a linha digitável.',
  pdfBusy: 'Estamos conferindo muitos PDFs agora. Tente de novo em alguns segundos.',
  crc: 'O código de verificação (CRC) deste PIX não confere: ele foi alterado. Não pague.',
  malformed: 'Este PIX não segue o padrão do Banco Central: não pague.',
  pixKey: 'A chave PIX não pertence a nenhum parceiro: não pague',
  personalKey: 'A chave é o CPF de uma pessoa: as empresas parceiras não recebem por chaves de pessoas.',
  dynamic:
    'Este PIX busca os dados de pagamento num endereço da internet. Antes de pagar, confira no app do seu banco o nome de quem recebe.',
  receiver: (name: string) =>
    `O recebedor (${name}) não é uma empresa parceira que use esta chave: confira no app do seu banco antes de pagar.`,
  /** a channel several partners share (a collection agent's) is named as theirs, not by a long list */
  official: (kind: string, creditors: string[]) =>
    creditors.length <= 3
      ? `Este ${kind} é de um canal oficial de ${listOf(creditors)}.`
      : `Este ${kind} é de um canal oficial das empresas parceiras.`,
  signInToMatch: 'Entre na sua conta para conferir se ele é de um acordo seu.',
  expired: (date: string) => `Ele venceu em ${date}: um boleto vencido pode ter sido substituído.`,
  yours: (kind: string, i: OwnInstalment) =>
    `Este ${kind} é do seu acordo com ${i.credor}, parcela ${i.numero}, ${formatMoney(i.cents)}, vencimento ${formatBrDate(i.vencimento)}`,
  paid: (i: OwnInstalment) =>
    `A parcela ${i.numero} do seu acordo com ${i.credor} já está paga: não pague de novo.`,
  otherAmount: (i: OwnInstalment, cents: number) =>
    `O valor deste boleto (${formatMoney(cents)}) não confere com a parcela ${i.numero} do seu acordo com ${i.credor} (${formatMoney(i.cents)}): não pague.`,
  otherDueDate: (i: OwnInstalment) =>
    `O vencimento não confere com o da parcela ${i.numero} do seu acordo com ${i.credor} (${formatBrDate(i.vencimento)}).`,
  noInstalment: 'O valor não confere com nenhuma parcela sua',
  settlement: 'Esta declaração de quitação é autêntica: foi emitida por este portal.',
  settlementUnknown:
    'Não encontramos esta declaração: ela não foi emitida por este portal, ou o código foi digitado errado.',
  noAgreement: (creditors: string) =>
    `Você não tem acordo em andamento com ${creditors}: confira quem enviou este código antes de pagar.`,
} as const;

/**
 * What checking a code reaches: the limits (per address and per session), the upstream's official channels,
 * the settlements kept in the store, and, signed in, the person's agreements through the proxy.
 */
type VerifyPorts = Pick<Ports, 'config' | 'limiter' | 'ip' | 'upstream'> & CreditorPorts;

/** Kept per upstream client: the app's, built once; a test's fake starts with none. */
const channelsCache = new WeakMap<Ports['upstream'], { at: number; data: OfficialChannel[] }>();

/** The partners' official channels, asked of the upstream at most every five minutes. */
async function officialChannels({ upstream }: Pick<Ports, 'upstream'>): Promise<OfficialChannel[]> {
  const kept = channelsCache.get(upstream);
  if (kept && Date.now() - kept.at <= CHANNELS_TTL_MS) return kept.data;
  const data = await upstream.officialChannels();
  channelsCache.set(upstream, { at: Date.now(), data });
  return data;
}

const listOf = (names: string[]) => new Intl.ListFormat('pt-BR', { type: 'conjunction' }).format(names);
const creditorsOf = (channels: OfficialChannel[]) => [...new Set(channels.map((c) => c.credor))];
/** The partners a channel is theirs, by name when they are few. */
const names = (channels: OfficialChannel[]) =>
  creditorsOf(channels).length <= 3 ? listOf(creditorsOf(channels)) : 'as empresas parceiras';

/** The partner a code's channel belongs to, when it belongs to one only. */
const soleCreditor = (channels: OfficialChannel[]) => {
  const [only, ...others] = creditorsOf(channels);
  return others.length === 0 ? only : undefined;
};

interface Finding {
  veredito: Verdict;
  titulo: string;
  motivos?: string[];
  credor?: string;
}

/** Verifications per IP and, signed in, per session: refused with 429 past either. */
async function limitVerifications(
  ports: Pick<Ports, 'config' | 'limiter' | 'ip'>,
  person: Person | null,
): Promise<void> {
  const { config, limiter } = ports;
  await limitByIp(ports, 'verify-ip', config.VERIFY_MAX_PER_IP, TEN_MINUTES);
  if (
    person &&
    !(await limiter.hit('verify-session', person.id, {
      max: config.VERIFY_MAX_PER_SESSION,
      windowMs: TEN_MINUTES,
    }))
  )
    throw tooMany();
}

const notACode = (titulo: string, motivos: string[] = []): VerificationResult => ({
  tipo: 'desconhecido',
  veredito: 'invalido',
  titulo,
  motivos,
  campos: [],
});

/** Every field of a pasted code and one verdict: see VERIFY_MESSAGES. The code is never logged or kept. */
export async function verifyCode(
  ports: VerifyPorts & Pick<Ports, 'store' | 'db' | 'log'>,
  person: Person | null,
  codigo: string,
): Promise<VerificationResult> {
  await limitVerifications(ports, person);
  if (settlementCode(codigo)) return verifySettlement(ports, codigo);
  const today = todayInBrazil();
  const boleto = readBoleto(codigo, today);
  if (boleto) return verifyBoleto(ports, person, boleto, today);
  const pix = readPix(codigo);
  if (pix) return verifyPix(ports, person, pix);
  return notACode(VERIFY_MESSAGES.unknown, [VERIFY_MESSAGES.unknownReason]);
}

/** The verdicts in order of gravity: the worst of a boleto's and its PIX code's is the PDF's. */
const GRAVITY: Verdict[] = ['confere', 'atencao', 'invalido', 'nao-pague'];

/**
 * A boleto PDF: its linha digitável (with the beneficiary's CNPJ it prints) and, on a hybrid boleto, its PIX
 * code, each checked as if pasted; the worse verdict leads. Nothing of the file is kept.
 */
export async function verifyPdf(
  ports: VerifyPorts & Pick<Ports, 'pdfReader' | 'store' | 'db' | 'log'>,
  person: Person | null,
  bytes: Uint8Array,
): Promise<VerificationResult> {
  // a place among the PDF readers first: a file refused for want of one counts against no limit
  const reading = ports.pdfReader.reserve();
  let text: string | null;
  try {
    await limitVerifications(ports, person);
    text = await reading.read(bytes);
  } finally {
    reading.release();
  }
  if (text === null) return notACode(VERIFY_MESSAGES.pdfUnreadable);
  const found = codesInText(text);
  const today = todayInBrazil();
  const line = found.lines.map((l) => readBoleto(l, today)).find((b) => b !== null);
  const pix = found.pix.map((code) => readPix(code)).find((p) => p !== null);
  const results = [
    ...(line ? [await verifyBoleto(ports, person, line, today, found.cnpjs)] : []),
    ...(pix ? [await verifyPix(ports, person, pix)] : []),
  ];
  const [first, second] = results;
  // no payment code: a declaration of settlement, by the code it prints (the portal's own PDF)
  const [declaration] = settlementCodesIn(text);
  if (!first && declaration) return verifySettlement(ports, declaration);
  if (!first) return notACode(VERIFY_MESSAGES.pdfNoCode);
  if (!second) return first;
  const [worse, better] =
    GRAVITY.indexOf(second.veredito) > GRAVITY.indexOf(first.veredito) ? [second, first] : [first, second];
  return {
    ...worse,
    tipo: 'boleto',
    motivos: [
      ...worse.motivos,
      ...(better.veredito === worse.veredito ? [] : [better.titulo]),
      ...better.motivos,
    ],
    campos: [...first.campos, ...second.campos.map((c) => ({ ...c, campo: `PIX: ${c.campo}` }))],
    credor: worse.credor ?? better.credor,
  };
}

/** A declaration of settlement's code: authentic when this portal issued it, with what it declares. */
async function verifySettlement(
  ports: Pick<Ports, 'store' | 'db' | 'log'>,
  codigo: string,
): Promise<VerificationResult> {
  const s = await findSettlement(ports, codigo);
  if (!s)
    return {
      tipo: 'declaracao',
      veredito: 'invalido',
      titulo: VERIFY_MESSAGES.settlementUnknown,
      motivos: [],
      campos: [],
    };
  const info = (campo: string, valor: string): VerificationField => ({ campo, valor, situacao: 'info' });
  return {
    tipo: 'declaracao',
    veredito: 'confere',
    titulo: VERIFY_MESSAGES.settlement,
    motivos: [],
    credor: s.credor,
    campos: [
      { campo: 'Código de verificação', valor: s.codigo, situacao: 'ok' },
      info('Titular', s.titular),
      ...(s.documento ? [info(documentLabel(s.documento), s.documento)] : []),
      info('Credor', s.credor),
      info('Contrato', s.contrato),
      info('Número do acordo', s.codigoAcordo),
      ...(s.quitadaEm ? [info('Quitado em', formatBrDate(s.quitadaEm))] : []),
      info('Parcelas pagas', String(s.parcelas.length)),
      info('Total pago', formatMoney(s.totalCents)),
      info('Emitida em', formatBrDate(s.emitidaEm)),
    ],
  };
}

const checkNames: Record<BoletoReading['checks'][number]['check'], string> = {
  campo1: 'dígito verificador do campo 1',
  campo2: 'dígito verificador do campo 2',
  campo3: 'dígito verificador do campo 3',
  geral: 'dígito verificador geral',
};

async function verifyBoleto(
  ports: VerifyPorts,
  person: Person | null,
  b: BoletoReading,
  today: string,
  /** the CNPJs a boleto PDF prints, one of them its beneficiary's; absent for a pasted code */
  printedCnpjs?: string[],
): Promise<VerificationResult> {
  const channels = await officialChannels(ports);
  const byBank = channels.filter((c) => c.bancos.includes(b.bankCode));
  const official = byBank.filter((c) => c.convenios.some((convenio) => b.freeField.startsWith(convenio)));
  const expired = b.dueDate !== null && compareIso(b.dueDate, today) < 0;
  const cnpjOk = printedCnpjs?.find((cnpj) => official.some((c) => c.cnpjsBeneficiarios.includes(cnpj)));
  const bank = BANK_NAMES[b.bankCode] ? `${b.bankCode} – ${BANK_NAMES[b.bankCode]}` : b.bankCode;

  const campos: VerificationField[] = [
    byBank.length > 0
      ? { campo: 'Banco', valor: bank, situacao: 'ok' }
      : {
          campo: 'Banco',
          valor: bank,
          situacao: 'erro',
          nota: 'Nenhuma empresa parceira recebe por este banco.',
        },
    official.length > 0
      ? {
          campo: 'Beneficiário',
          valor:
            creditorsOf(official).length <= 3 ? names(official) : 'Conta de cobrança das empresas parceiras',
          situacao: 'ok',
        }
      : {
          campo: 'Beneficiário',
          valor: 'Não identificado',
          situacao: 'erro',
          nota: 'Não é a conta de cobrança de nenhuma empresa parceira.',
        },
    b.currency === '9'
      ? { campo: 'Moeda', valor: 'Real', situacao: 'ok' }
      : { campo: 'Moeda', valor: b.currency, situacao: 'erro', nota: 'Boletos no Brasil são em real (9).' },
    b.dueDate === null
      ? { campo: 'Vencimento', valor: 'Sem vencimento', situacao: 'aviso' }
      : expired
        ? { campo: 'Vencimento', valor: formatBrDate(b.dueDate), situacao: 'aviso', nota: 'Vencido.' }
        : { campo: 'Vencimento', valor: formatBrDate(b.dueDate), situacao: 'info' },
    b.amountCents === 0
      ? {
          campo: 'Valor',
          valor: 'Não informado',
          situacao: 'aviso',
          nota: 'O valor seria digitado por quem paga.',
        }
      : { campo: 'Valor', valor: formatMoney(b.amountCents), situacao: 'info' },
    ...(printedCnpjs === undefined
      ? []
      : [
          cnpjOk
            ? { campo: 'CNPJ do beneficiário', valor: formatDocument(cnpjOk), situacao: 'ok' as const }
            : {
                campo: 'CNPJ do beneficiário',
                valor: printedCnpjs.map(formatDocument).join(', ') || 'Não impresso',
                situacao: 'erro' as const,
                nota: 'Não é o CNPJ de uma conta de cobrança das empresas parceiras.',
              },
        ]),
    ...b.checks.map(({ check, ok }): VerificationField => {
      const campo = checkNames[check].replace(/^d/, 'D');
      return ok
        ? { campo, valor: 'Confere', situacao: 'ok' }
        : { campo, valor: 'Não confere', situacao: 'erro', nota: 'O código foi alterado ou copiado errado.' };
    }),
  ];

  const wrong = b.checks.find(({ ok }) => !ok);
  let finding: Finding;
  if (wrong) finding = { veredito: 'nao-pague', titulo: VERIFY_MESSAGES.checkDigit(checkNames[wrong.check]) };
  else if (b.currency !== '9') finding = { veredito: 'nao-pague', titulo: VERIFY_MESSAGES.currency };
  else if (byBank.length === 0) finding = { veredito: 'nao-pague', titulo: VERIFY_MESSAGES.bank(bank) };
  else if (official.length === 0) finding = { veredito: 'nao-pague', titulo: VERIFY_MESSAGES.beneficiary };
  else if (printedCnpjs !== undefined && !cnpjOk)
    finding = { veredito: 'nao-pague', titulo: VERIFY_MESSAGES.cnpj };
  else {
    const expiredNote = expired && b.dueDate ? [VERIFY_MESSAGES.expired(formatBrDate(b.dueDate))] : [];
    finding = person
      ? await matchOwn(ports, person, 'boleto', official, {
          cents: b.amountCents,
          dueDate: b.dueDate,
          named: (i) => Boolean(i.nossonumero && b.freeField.includes(i.nossonumero)),
        })
      : {
          veredito: expired ? 'atencao' : 'confere',
          titulo: VERIFY_MESSAGES.official('boleto', creditorsOf(official)),
          motivos: [...expiredNote, VERIFY_MESSAGES.signInToMatch],
          credor: soleCreditor(official),
        };
    if (person && expiredNote.length > 0 && finding.veredito === 'confere')
      finding = { ...finding, veredito: 'atencao', motivos: [...(finding.motivos ?? []), ...expiredNote] };
  }
  return { tipo: 'boleto', campos, ...finding, motivos: finding.motivos ?? [] };
}

async function verifyPix(
  ports: VerifyPorts,
  person: Person | null,
  p: PixReading,
): Promise<VerificationResult> {
  const channels = await officialChannels(ports);
  const crcOk = p.crc === p.expectedCrc;
  const byKey = p.key === undefined ? [] : channels.filter((c) => c.chavesPix.includes(p.key ?? ''));
  const official = byKey.filter(
    (c) => p.merchantName !== undefined && c.nomesRecebedor.includes(p.merchantName),
  );

  const campos: VerificationField[] = [
    crcOk
      ? { campo: 'Código de verificação (CRC)', valor: p.crc, situacao: 'ok' }
      : {
          campo: 'Código de verificação (CRC)',
          valor: p.crc,
          situacao: 'erro',
          nota: 'Não confere: o código foi alterado depois de gerado.',
        },
  ];
  if (p.key !== undefined) {
    const valor = `${p.key} (${KEY_KINDS[p.keyKind ?? 'desconhecida']})`;
    campos.push(
      byKey.length > 0
        ? { campo: 'Chave PIX', valor, situacao: 'ok' }
        : { campo: 'Chave PIX', valor, situacao: 'erro', nota: 'Não é a chave de nenhuma empresa parceira.' },
    );
  }
  if (p.url !== undefined)
    campos.push({
      campo: 'Endereço do pagamento',
      valor: p.url,
      situacao: 'aviso',
      nota: VERIFY_MESSAGES.dynamic,
    });
  if (p.merchantName !== undefined)
    campos.push(
      official.length > 0 || byKey.length === 0
        ? { campo: 'Recebedor', valor: p.merchantName, situacao: official.length > 0 ? 'ok' : 'info' }
        : {
            campo: 'Recebedor',
            valor: p.merchantName,
            situacao: 'aviso',
            nota: 'Não é o nome de uma parceira.',
          },
    );
  if (p.merchantCity !== undefined) campos.push({ campo: 'Cidade', valor: p.merchantCity, situacao: 'info' });
  campos.push(
    p.amountCents === undefined
      ? {
          campo: 'Valor',
          valor: 'Não informado',
          situacao: 'aviso',
          nota: 'O valor seria digitado por quem paga.',
        }
      : { campo: 'Valor', valor: formatMoney(p.amountCents), situacao: 'info' },
  );
  if (p.txid !== undefined) campos.push({ campo: 'Identificador (txid)', valor: p.txid, situacao: 'info' });

  let finding: Finding;
  if (!crcOk) finding = { veredito: 'nao-pague', titulo: VERIFY_MESSAGES.crc };
  else if (!p.wellFormed) finding = { veredito: 'nao-pague', titulo: VERIFY_MESSAGES.malformed };
  else if (p.key === undefined) finding = { veredito: 'atencao', titulo: VERIFY_MESSAGES.dynamic };
  else if (byKey.length === 0)
    finding = {
      veredito: 'nao-pague',
      titulo: VERIFY_MESSAGES.pixKey,
      motivos: p.keyKind === 'cpf' ? [VERIFY_MESSAGES.personalKey] : [],
    };
  else if (official.length === 0)
    finding = { veredito: 'atencao', titulo: VERIFY_MESSAGES.receiver(p.merchantName ?? '') };
  else
    finding = person
      ? await matchOwn(ports, person, 'PIX', official, { cents: p.amountCents ?? 0 })
      : {
          veredito: 'confere',
          titulo: VERIFY_MESSAGES.official('PIX', creditorsOf(official)),
          motivos: [VERIFY_MESSAGES.signInToMatch],
          credor: soleCreditor(official),
        };
  return { tipo: 'pix', campos, ...finding, motivos: finding.motivos ?? [] };
}

interface Charge {
  cents: number;
  /** the boleto's due date (a PIX code carries none) */
  dueDate?: string | null;
  /** whether an instalment is the one the code names by its reference (a boleto's nosso número) */
  named?: (i: OwnInstalment) => boolean;
}

/**
 * The signed-in person's instalment this code pays, among their agreements with the partners whose channel
 * the code uses: the one it names, else an unpaid one of the same amount (and due date, when it has one).
 */
async function matchOwn(
  ports: CreditorPorts,
  person: Person,
  kind: 'boleto' | 'PIX',
  official: OfficialChannel[],
  { cents, dueDate, named = () => false }: Charge,
): Promise<Finding> {
  const instalments = await ownInstalments(
    ports,
    person,
    official.map((c) => c.codcredor),
  );
  if (instalments.length === 0)
    return { veredito: 'atencao', titulo: VERIFY_MESSAGES.noAgreement(names(official)) };
  const sameDay = (i: OwnInstalment) => !dueDate || i.vencimento === dueDate;
  const found = instalments.find(named);
  if (found) {
    const { credor } = found;
    if (found.status === 'PAGO')
      return { veredito: 'nao-pague', titulo: VERIFY_MESSAGES.paid(found), credor };
    if (found.cents !== cents)
      return { veredito: 'nao-pague', titulo: VERIFY_MESSAGES.otherAmount(found, cents), credor };
    if (!sameDay(found))
      return {
        veredito: 'atencao',
        titulo: VERIFY_MESSAGES.yours(kind, found),
        motivos: [VERIFY_MESSAGES.otherDueDate(found)],
        credor,
      };
    return { veredito: 'confere', titulo: VERIFY_MESSAGES.yours(kind, found), credor };
  }
  const unpaid = instalments.filter((i) => i.status !== 'PAGO' && i.cents === cents);
  const byAmount = unpaid.find(sameDay) ?? unpaid[0];
  if (!byAmount) return { veredito: 'atencao', titulo: VERIFY_MESSAGES.noInstalment };
  return {
    veredito: sameDay(byAmount) ? 'confere' : 'atencao',
    titulo: VERIFY_MESSAGES.yours(kind, byAmount),
    motivos: sameDay(byAmount) ? [] : [VERIFY_MESSAGES.otherDueDate(byAmount)],
    credor: byAmount.credor,
  };
}
