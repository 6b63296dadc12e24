import type { Creditor } from '@portal/contracts/entities';
import {
  PROXY_RETORNO,
  type ProxyReply,
  type ProxyRequest,
  proxyRequest,
} from '@portal/contracts/proxy-channel';
import { UPSTREAM_CHANNELS, UPSTREAM_PATHS } from '@portal/contracts/upstream-paths';
import { parseBrDate, todayInBrazil } from '@portal/validation/dates';
import type { FastifyInstance } from 'fastify';
import type { SeedCreditor } from '../data/types';
import type { FaultControl } from '../faults';
import { agreementOnWire, contractOnWire } from '../negotiation/contracts';
import { debtsOnWire, paymentDate } from '../negotiation/debts';
import { proposalsOnWire } from '../negotiation/proposals';
import type { StubState, StubUser } from '../state';

const toCreditor = (c: SeedCreditor, baseUrl: string): Creditor => ({
  logomarca: `${baseUrl}${UPSTREAM_PATHS.logos}/${c.slug}.svg`,
  nomcontratante: c.name,
  agrupador: c.code,
  url: c.site,
  pagamento: c.payments,
  parcelasIndividuaisSequenciais: c.sequential,
});

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

export const PROXY_MESSAGES = {
  noContracts: 'Contratos não localizados. Por gentileza, tente novamente mais tarde.',
  noAgreement: 'Nenhum acordo em andamento para este contrato.',
  notAvailable: 'Operação ainda não disponível neste simulador.',
  badDueDate: 'Data de vencimento inválida.',
} as const;

/** Answers one authorised request. */
function answer(request: ProxyRequest, user: StubUser, state: StubState, baseUrl: string): ProxyReply {
  const contractsWith = (code: string) => user.seed.contracts.filter((c) => c.creditorCode === code);
  switch (request.metodo) {
    case 'consultaDebito':
      return success(request, { credor: state.creditorsOf(user).map((c) => toCreditor(c, baseUrl)) });
    case 'consultaContrato': {
      const contracts = contractsWith(request.codcredor);
      if (contracts.length === 0) return failure(request, PROXY_RETORNO.notFound, PROXY_MESSAGES.noContracts);
      return success(request, { contratos: contracts.map(contractOnWire) });
    }
    case 'consultaAcordo': {
      const contract = contractsWith(request.codcredor).find((c) => c.numero === request.contrato);
      const agreement = contract ? agreementOnWire(contract, new Date(state.now())) : null;
      if (!agreement) return failure(request, PROXY_RETORNO.notFound, PROXY_MESSAGES.noAgreement);
      return success(request, agreement);
    }
    case 'consultaDivida':
    case 'consultaProposta': {
      const contract = contractsWith(request.codcredor).find((c) => c.numero === request.contrato);
      if (!contract) return failure(request, PROXY_RETORNO.notFound, PROXY_MESSAGES.noContracts);
      const today = todayInBrazil(new Date(state.now()));
      const requested =
        request.vencimento === undefined ? undefined : (parseBrDate(request.vencimento) ?? '');
      const date = paymentDate(today, requested);
      if (!date.ok) return failure(request, PROXY_RETORNO.error, PROXY_MESSAGES.badDueDate);
      return request.metodo === 'consultaDivida'
        ? success(request, { dividas: debtsOnWire(contract, today, date.payOn, date.max) })
        : success(request, { propostas: proposalsOnWire(contract, today, date.payOn, date.max) });
    }
    // Agreement creation and re-issue are the next part of the negotiation journey (issue 4).
    case 'gerarBoleto':
    case 'emitirBoleto':
      return failure(request, PROXY_RETORNO.error, PROXY_MESSAGES.notAvailable);
  }
}

export function proxyChannel(
  app: FastifyInstance,
  state: StubState,
  faults: FaultControl,
  publicUrl: string | undefined,
) {
  app.get(UPSTREAM_CHANNELS.proxy, { websocket: true }, (socket, upgrade) => {
    const baseUrl = publicUrl ?? `http://${upgrade.headers.host}`;
    const send = (reply: ProxyReply) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(reply));
    };

    socket.on('message', async (raw: Buffer) => {
      let message: unknown;
      try {
        message = JSON.parse(raw.toString());
      } catch {
        app.log.warn('proxy: a message that is not JSON was dropped');
        return;
      }
      const parsed = proxyRequest.safeParse(message);
      if (!parsed.success) {
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
      const user = state.userForToken(request.token);
      if (faults.get().proxySilent || user?.seed.behaviour.proxySilent) return;
      const fail = await faults.apply();
      if (fail) return send(failure(request, PROXY_RETORNO.error, 'Erro interno do servidor.'));
      if (!user) return send(failure(request, PROXY_RETORNO.tokenExpired, 'Token expirado'));
      if (user.cpfCnpj !== request.cpfcnpj) {
        return send(failure(request, PROXY_RETORNO.error, 'Acesso negado.'));
      }
      send(answer(request, user, state, baseUrl));
    });
  });
}
