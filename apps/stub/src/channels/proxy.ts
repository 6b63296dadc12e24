import { UPSTREAM_MESSAGES } from '@portal/contracts/upstream/auth';
import type { Creditor } from '@portal/contracts/upstream/entities';
import { UPSTREAM_CHANNELS, UPSTREAM_PATHS } from '@portal/contracts/upstream/paths';
import {
  AGREEMENT_CHANGE_REFUSED,
  PROXY_RETORNO,
  type ProxyReply,
  type ProxyRequest,
  proxyRequest,
} from '@portal/contracts/upstream/proxy-channel';
import { addBusinessDays, parseBrDate, todayInBrazil } from '@portal/validation/dates';
import { isValidEmail } from '@portal/validation/email';
import { isValidPhone } from '@portal/validation/phone';
import type { FastifyInstance } from 'fastify';
import type { CreditorQuirk, SeedCreditor } from '../data/types';
import type { FaultControl } from '../faults/faults';
import type { GerarBoletoMessage } from '../negotiation/agreements';
import { contractOnWire } from '../negotiation/contracts';
import { debtsOnWire, paymentDate } from '../negotiation/debts';
import { baseProposalDate, proposalsOnWire } from '../negotiation/proposals';
import {
  agreementNow,
  changeDueDay,
  liveContracts,
  moveInstalment,
  payableAgreement,
  settledNow,
} from '../state/live-agreements';
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
  ...(c.agreementRules ? { regrasAcordo: c.agreementRules } : {}),
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
  const contractsWith = (code: string) => liveContracts(user, state, now, code);
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
      return success(request, agreement);
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
        settled: settledNow(user, state, now),
        schedule: creditor(request.codcredor)?.agreementRules?.vencimentoParcelas,
      });
      if (!outcome.ok) return failure(request, PROXY_RETORNO.error, outcome.msg);
      if (outcome.agreement) state.notifyBoletos(user, outcome.agreement.destinorecebimento, outcome.issued);
      return success(request, outcome.data);
    }
    case 'emitirBoleto': {
      const contract = contractsWith(request.codcredor).find((c) => c.numero === request.contrato);
      const payable = contract ? payableAgreement(user, state, now, contract) : undefined;
      // a cancelled agreement's boletos are never issued again
      if (payable?.cancelled) return success(request, { erro: true, boletos: [] });
      // an overdue instalment's boleto is issued again due within the creditor's tolerance (today without one)
      const tolerance = creditor(request.codcredor)?.agreementRules?.toleranciaDias;
      const data = await state.ledger.reissue(request, payable?.agreement, payer(request.codcredor), {
        empty: faults.reissuesNothing(user.cpfCnpj),
        overdueUntil: (due) =>
          due >= today ? due : tolerance === undefined ? today : addBusinessDays(due, tolerance),
      });
      if (!data.erro) state.notifyBoletos(user, request.destinorecebimento, data.boletos);
      return success(request, data);
    }
    case 'moverParcela':
    case 'alterarVencimento': {
      const outcome =
        request.metodo === 'moverParcela'
          ? moveInstalment(user, state, now, request)
          : changeDueDay(user, state, now, request);
      if (outcome.ok) return success(request, { parcelasAcordo: outcome.parcelasAcordo });
      return outcome.reason === 'noAgreement'
        ? failure(request, PROXY_RETORNO.notFound, PROXY_MESSAGES.noAgreement)
        : failure(request, PROXY_RETORNO.error, AGREEMENT_CHANGE_REFUSED);
    }
    case 'solicitarContato': {
      const owns = user.seed.contracts.some(
        (c) => c.creditorCode === request.codcredor && c.numero === request.contrato,
      );
      if (!owns) return failure(request, PROXY_RETORNO.notFound, PROXY_MESSAGES.noContracts);
      const protocolo = state.recordContactRequest(user, request.codcredor, request.contrato, request.motivo);
      return success(request, { protocolo });
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
      const { proxyMethods, proxyCreditors } = faults.get();
      // the faults hit every method and creditor, or only the ones named
      const codcredor = 'codcredor' in request ? request.codcredor : undefined;
      const faulty =
        (proxyMethods.length === 0 || proxyMethods.includes(request.metodo)) &&
        (proxyCreditors.length === 0 || (codcredor !== undefined && proxyCreditors.includes(codcredor)));
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
