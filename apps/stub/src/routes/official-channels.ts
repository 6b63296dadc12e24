import type { OfficialChannel } from '@portal/contracts/upstream/official-channels';
import { UPSTREAM_PATHS } from '@portal/contracts/upstream/paths';
import { normalizeDocument } from '@portal/validation/document';
import type { FastifyInstance } from 'fastify';
import { BENEFICIARIO, CONVENIO, STUB_BANK_CODE } from '../negotiation/agreements';
import { pixText, STUB_PIX_KEY } from '../payments/pix';
import type { StubState } from '../state/stub-state';

/**
 * Where each partner's payments are received (ours): the simulator's one collection account, as its
 * boletos and PIX codes carry it (agreements.ts), under each creditor's name.
 */
export function officialChannelRoutes(app: FastifyInstance, state: StubState) {
  app.get(UPSTREAM_PATHS.canaisOficiais, async () => ({
    data: [...state.creditors.values()].map(
      (creditor): OfficialChannel => ({
        codcredor: creditor.code,
        credor: creditor.name,
        bancos: [STUB_BANK_CODE],
        convenios: [CONVENIO],
        cnpjsBeneficiarios: [normalizeDocument(BENEFICIARIO.documento)],
        chavesPix: [STUB_PIX_KEY],
        nomesRecebedor: [pixText(creditor.name, 25)],
      }),
    ),
  }));
}
