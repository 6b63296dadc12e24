import { UPSTREAM_MESSAGES } from '@portal/contracts/upstream/auth';
import { type Creditor, PAYMENT_METHOD_CODE } from '@portal/contracts/upstream/entities';
import { UPSTREAM_CHANNELS, UPSTREAM_PATHS } from '@portal/contracts/upstream/paths';
import {
  PROXY_RETORNO,
  type ProxyReply,
  type ProxyRequest,
  proxyRequest,
} from '@portal/contracts/upstream/proxy-channel';
import { addDays, parseBrDate, todayInBrazil } from '@portal/validation/dates';
import { isValidEmail } from '@portal/validation/email';
import { isValidPhone } from '@portal/validation/phone';
import type { FastifyInstance } from 'fastify';
import type { CreditorQuirk, SeedContract, SeedCreditor } from '../data/types';
import type { FaultControl } from '../faults/faults';
import { boletoNossoNumero, type GerarBoletoMessage, withBoletoNumbers } from '../negotiation/agreements';
import { agreementOnWire, contractOnWire } from '../negotiation/contracts';
import { debtsOnWire, paymentDate } from '../negotiation/debts';
import { baseProposalDate, proposalsOnWire } from '../negotiation/proposals';
import type { StubState } from '../state/stub-state';
import type { StubUser } from '../state/users';
import { jsonSocket } from './json-socket';

const toCreditor = (c: SeedCreditor, baseUrl: string): Creditor => ({
  logomarca: `${baseUrl}${UPSTREAM_PATHS.logos}/${c.slug}.svg`,
  nomcontratante: c.name,
  agrupador: c.code,
  url: c.site,
  pagamento: c.payments,
  parcelasIndividuaisSequenciais: c.sequential,
  ...(c.liftsRecordAfter ? { baixaNegativacao: c.liftsRecordAfter } : {}),
});

/** A creditor as a persona's quirk has the upstream send it: not always the shape `creditor` describes. */
function creditorOnWire(c: Creditor, quirk: CreditorQuirk | undefined): Record<string, unknown> {
  const { pagamento, ...rest } = c;
  switch (quirk) {
    case undefined:
      return c;
    case 'semPagamento':
      return rest;
    case 'pagamentoVazio':
      return { ...rest, pagamento: [] };
    case 'pagamentoMalformado':
      return {
        ...rest,
        pagamento: [...pagamento, { idTipoPagamento: '4', tipoPagamento: 'PIX', pagamentoInterno: 'S' }],
      };
  }
}

const failure = (
  request: Pick<ProxyRequest, 'idRequest' | 'metodo'>,
  retorno: number,
  msg: string,
): ProxyReply => ({
  idRequest: request.idRequest,
  metodo: request.metodo,
  err: true,
  msg,
  retorno,
  retornotexto: msg,
});

const success = (request: ProxyRequest, data: unknown): ProxyReply => ({
  idRequest: request.idRequest,
  metodo: request.metodo,
  err: false,
  retorno: PROXY_RETORNO.ok,
  retornotexto: 'Consulta realizada com sucesso.',
  data,
});

const SERVER_ERROR = 'Erro interno do servidor.';

export const PROXY_MESSAGES = {
  noContracts: 'Contratos não localizados. Por gentileza, tente novamente mais tarde.',
  noAgreement: 'Nenhum acordo em andamento para este contrato.',
  badDueDate: 'Data de vencimento inválida.',
} as const;

/**
 * The user's contracts as they stand now: instalments an agreement settled are gone, and a contract with an
 * agreement the simulator made goes to /acordos with that agreement.
 */
function liveContracts(user: StubUser, state: StubState, today: string, code: string): SeedContract[] {
  const made = state.ledger.agreements.filter((a) => a.cpfCnpj === user.cpfCnpj);
  const settled = new Set(made.flatMap((a) => a.settles));
  return user.seed.contracts
    .filter((c) => c.creditorCode === code)
    .map((c) => {
      const latest = made.filter((a) => a.codcredor === code && a.contrato === c.numero).at(-1);
      return {
        ...c,
        instalments: c.instalments.filter((i) => !settled.has(`${c.numero}-${i.numero}`)),
        permiteacordo: c.permiteacordo || latest !== undefined,
        agreement: latest ? state.ledger.asSeed(latest, today) : c.agreement,
      };
    });
}

/**
 * The agreement on a contract as consultaAcordo answers it now: its instalments' statuses read the seed (or
 * the ledger), then every payment the simulator was told of (POST /__stub/payments) once it has confirmed.
 * The one source of truth of those statuses: every operation that asks which instalment is paid reads it.
 */
function agreementNow(user: StubUser, state: StubState, now: Date, contract: SeedContract) {
  const seed = state.creditors.get(contract.creditorCode);
  const { payments } = state;
  return agreementOnWire(contract, now, {
    futureUnmarked: seed?.leavesFutureUnmarked === true,
    paidOn: (numero) => {
      const at = payments.confirmedAt(user.cpfCnpj, contract.numero, numero);
      return at === undefined ? undefined : todayInBrazil(new Date(at));
    },
    keepsRecord: payments.keepsNegativeRecord(user.cpfCnpj, contract.numero),
    liftAfter: seed?.liftsRecordAfter ?? 'primeira-parcela',
  });
}

/**
 * The agreement on a contract as the ledger keeps it — one the simulator made, or the seeded one — with
 * each instalment paid or not as `agreementNow` answers it, for emitirBoleto.
 */
function ledgerAgreement(user: StubUser, state: StubState, now: Date, contract: SeedContract) {
  const today = todayInBrazil(now);
  const paid = new Set(
    agreementNow(user, state, now, contract)
      ?.parcelasAcordo.filter((p) => p.status === 'PAGO')
      .map((p) => p.numero),
  );
  const status = (numero: number) => (paid.has(numero) ? ('PAGO' as const) : ('EM ABERTO' as const));
  const made = state.ledger.agreements.filter(
    (a) => a.cpfCnpj === user.cpfCnpj && a.contrato === contract.numero,
  );
  const latest = made.at(-1);
  if (latest)
    return { ...latest, instalments: latest.instalments.map((i) => ({ ...i, status: status(i.numero) })) };
  const seeded = contract.agreement;
  if (!seeded) return undefined;
  return {
    codigoAcordo: seeded.codigo,
    nossonumero: boletoNossoNumero(seeded.codigo, seeded.instalments[0]?.numero ?? 1),
    cpfCnpj: user.cpfCnpj,
    codcredor: contract.creditorCode,
    contrato: contract.numero,
    modo: '1' as const,
    idproposta: seeded.codigo,
    formapagamento: PAYMENT_METHOD_CODE[seeded.formaPagamento],
    canalrecebimento: 'email',
    destinorecebimento: user.profile.email,
    chave: seeded.codigo,
    createdAt: '',
    settles: [],
    instalments: seeded.instalments.map((i) => ({
      numero: i.numero,
      due: addDays(today, i.dueInDays),
      cents: i.valueCents,
      status: status(i.numero),
    })),
  };
}

/**
 * emitirBoleto goes to one address of its one channel — an e-mail, or a mobile in digits — and names the
 * payment method with an e-mail only.
 */
function addressedAsItsChannel(request: Extract<ProxyRequest, { metodo: 'emitirBoleto' }>): boolean {
  const { canalrecebimento, destinorecebimento: destino, formapagamento } = request;
  return canalrecebimento === 'email'
    ? formapagamento !== undefined && isValidEmail(destino)
    : formapagamento === undefined && /^\d{11}$/.test(destino) && isValidPhone(destino);
}

/** Answers one authorised request. */
async function answer(
  request: ProxyRequest,
  user: StubUser,
  state: StubState,
  baseUrl: string,
  faults: FaultControl,
  /** a gerarBoleto message as received, to learn the agreement it made */
  received?: GerarBoletoMessage,
): Promise<ProxyReply> {
  const now = new Date(state.now());
  const today = todayInBrazil(now);
  const contractsWith = (code: string) => liveContracts(user, state, today, code);
  const creditor = (code: string) => state.creditors.get(code);
  const payer = (code: string) => ({
    base: baseUrl,
    cpfCnpj: user.cpfCnpj,
    nome: user.profile.nome,
    creditorName: creditor(code)?.name ?? 'Credor',
    payments: creditor(code)?.payments.map((p) => p.idTipoPagamento) ?? [],
  });
  switch (request.metodo) {
    case 'consultaDebito':
      return success(request, {
        credor: state
          .creditorsOf(user)
          .map((c) => creditorOnWire(toCreditor(c, baseUrl), user.seed.behaviour.creditorQuirks?.[c.code])),
      });
    case 'consultaContrato': {
      const contracts = contractsWith(request.codcredor);
      if (contracts.length === 0) return failure(request, PROXY_RETORNO.notFound, PROXY_MESSAGES.noContracts);
      return success(request, { contratos: contracts.map(contractOnWire) });
    }
    case 'consultaAcordo': {
      const contract = contractsWith(request.codcredor).find((c) => c.numero === request.contrato);
      const agreement = contract ? agreementNow(user, state, now, contract) : null;
      if (!agreement) return failure(request, PROXY_RETORNO.notFound, PROXY_MESSAGES.noAgreement);
      return success(request, withBoletoNumbers(agreement));
    }
    case 'consultaDivida':
    case 'consultaProposta': {
      const contract = contractsWith(request.codcredor).find((c) => c.numero === request.contrato);
      if (!contract) return failure(request, PROXY_RETORNO.notFound, PROXY_MESSAGES.noContracts);
      const requested =
        request.vencimento === undefined ? undefined : (parseBrDate(request.vencimento) ?? '');
      const date = paymentDate(today, requested);
      if (!date.ok) return failure(request, PROXY_RETORNO.error, PROXY_MESSAGES.badDueDate);
      if (request.metodo === 'consultaDivida')
        return success(request, { dividas: debtsOnWire(contract, today, date.payOn, date.max) });
      const payOn =
        requested === undefined ? baseProposalDate(contract, today, date.payOn, date.max) : date.payOn;
      return success(request, { propostas: proposalsOnWire(contract, today, payOn, date.max) });
    }
    case 'gerarBoleto': {
      const contract = user.seed.contracts.find(
        (c) => c.creditorCode === request.codcredor && c.numero === request.contrato,
      );
      if (!contract) return failure(request, PROXY_RETORNO.notFound, PROXY_MESSAGES.noContracts);
      const outcome = await state.ledger.create(request, contract, payer(request.codcredor), today, {
        fails: user.seed.behaviour.agreementFails === true,
        honourKey: faults.get().honourKey,
        message: received,
      });
      if (!outcome.ok) return failure(request, PROXY_RETORNO.error, outcome.msg);
      if (outcome.agreement) state.notifyBoletos(user, outcome.agreement.destinorecebimento, outcome.issued);
      return success(request, outcome.data);
    }
    case 'emitirBoleto': {
      const contract = contractsWith(request.codcredor).find((c) => c.numero === request.contrato);
      const agreement = contract ? ledgerAgreement(user, state, now, contract) : undefined;
      const data = await state.ledger.reissue(request, agreement, payer(request.codcredor), {
        empty: faults.reissuesNothing(user.cpfCnpj),
      });
      if (!data.erro) state.notifyBoletos(user, request.destinorecebimento, data.boletos);
      return success(request, data);
    }
  }
}

export function proxyChannel(
  app: FastifyInstance,
  state: StubState,
  faults: FaultControl,
  publicUrl: string | undefined,
) {
  const open = new Set<{ terminate(): void }>();
  /** Test control: every proxy socket drops at once, as a network blip would do it. */
  app.post('/__stub/proxy/drop', async () => {
    const dropped = open.size;
    for (const socket of open) socket.terminate();
    return { dropped };
  });

  app.get(UPSTREAM_CHANNELS.proxy, { websocket: true }, (socket, upgrade) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    const baseUrl = publicUrl ?? `http://${upgrade.headers.host}`;
    const send = jsonSocket<ProxyReply>(socket, { name: 'proxy', log: app.log, onMessage });
    async function onMessage(message: unknown) {
      state.recordProxyRequest(message);
      const parsed = proxyRequest.safeParse(message);
      const malformed =
        !parsed.success || (parsed.data.metodo === 'emitirBoleto' && !addressedAsItsChannel(parsed.data));
      if (malformed) {
        const idRequest = (message as { idRequest?: unknown })?.idRequest;
        const metodo = (message as { metodo?: unknown })?.metodo;
        if (typeof idRequest === 'string') {
          send(
            failure(
              { idRequest, metodo: String(metodo) as ProxyRequest['metodo'] },
              PROXY_RETORNO.error,
              'Requisição inválida.',
            ),
          );
        }
        return;
      }
      const request = parsed.data;
      const received = request.metodo === 'gerarBoleto' ? state.ledger.receive(request) : undefined;
      const user = state.userForToken(request.token);
      const { proxyMethods } = faults.get();
      // the faults hit every method, or only the ones named
      const faulty = proxyMethods.length === 0 || proxyMethods.includes(request.metodo);
      if ((faulty && faults.get().proxySilent) || user?.seed.behaviour.proxySilent) return;
      const fail = faulty && (await faults.apply());
      if (fail) {
        if (received) received.fault = 'error';
        return send(failure(request, PROXY_RETORNO.error, SERVER_ERROR));
      }
      if (!user) return send(failure(request, PROXY_RETORNO.tokenExpired, UPSTREAM_MESSAGES.tokenExpired));
      if (user.cpfCnpj !== request.cpfcnpj) {
        return send(failure(request, PROXY_RETORNO.error, 'Acesso negado.'));
      }
      const reply = await answer(request, user, state, baseUrl, faults, received);
      // Done upstream, but the reply never arrives: the caller cannot know it succeeded.
      if (faulty && Math.random() < faults.get().lostReplyRate) {
        faults.count('lostReply');
        if (received) received.fault = 'lostReply';
        return;
      }
      if (request.metodo === 'gerarBoleto' && state.takeLostAgreementReply(user.cpfCnpj)) {
        if (received) received.fault = 'lostReply';
        return;
      }
      // The agreement is made, and then the upstream fails anyway: its error reply is no proof of nothing.
      const afterMade =
        request.metodo === 'gerarBoleto' && received?.codigoAcordo
          ? faults.afterMade(user.cpfCnpj, request.contrato)
          : null;
      if (received && afterMade) {
        received.fault = afterMade;
        return send(
          afterMade === 'madeThenErro'
            ? success(request, { erro: true, boletos: [], nossonumero: '' })
            : failure(request, PROXY_RETORNO.error, SERVER_ERROR),
        );
      }
      if (faults.get().strayReplies) {
        send({ ...reply, idRequest: `stray-${request.idRequest}` });
        send(reply);
      }
      send(reply);
    }
  });
}
