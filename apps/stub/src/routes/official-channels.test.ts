import boletoUtils from '@mrmgomes/boleto-utils';
import { officialChannelsReply } from '@portal/contracts/upstream/official-channels';
import { isValidCnpj } from '@portal/validation/document';
import { hasError, isStaticPix, parsePix } from 'pix-utils';
import { describe, expect, it } from 'vitest';
import { buildStub } from '../app';
import { PERSONAS } from '../data/personas';
import type { Payer } from '../negotiation/agreements';
import { paymentDate } from '../negotiation/debts';
import { proposalsOnWire } from '../negotiation/proposals';

const TODAY = '2026-11-20';
const maria = PERSONAS.find((p) => p.key === 'maria');
const contract = maria?.contracts.find((c) => c.numero === '4587120093');
if (!maria || !contract) throw new Error('Maria or her contract is missing');
const date = paymentDate(TODAY, undefined);
if (!date.ok) throw new Error('no payment date');
const [upfront] = proposalsOnWire(contract, TODAY, date.payOn, date.max);

describe('GET /canais-oficiais (ours)', () => {
  it('lists, for each partner, the bank, convênio, PIX key and receiver name its issued codes carry', async () => {
    const stub = await buildStub();
    const creditor = stub.state.creditors.get(contract.creditorCode);
    if (!creditor) throw new Error('no creditor');
    const payer: Payer = {
      base: 'http://stub.test',
      cpfCnpj: maria.cpfCnpj,
      nome: maria.nome,
      creditorName: creditor.name,
      payments: [1, 2, 4],
    };
    const issue = async (formapagamento: 1 | 4) => {
      const outcome = await stub.state.ledger.create(
        {
          idRequest: 'r',
          metodo: 'gerarBoleto',
          app: 'test',
          cpfcnpj: maria.cpfCnpj,
          token: 't',
          codcredor: contract.creditorCode,
          contrato: contract.numero,
          formapagamento,
          idproposta: upfront?.id ?? '',
          modo: '1',
          canalrecebimento: 'email',
          destinorecebimento: maria.email,
        },
        contract,
        payer,
        TODAY,
      );
      if (!outcome.ok) throw new Error(outcome.msg);
      return outcome.data.boletos[0]?.linhaDigitavel ?? '';
    };
    // read by other implementations, not by the portal's own readers
    const barcode = boletoUtils.linhaDigitavel2CodBarras((await issue(1)).replace(/\D/g, ''));
    const pix = parsePix(await issue(4));
    if (hasError(pix) || !isStaticPix(pix)) throw new Error('pix-utils refused the code');

    const response = await stub.app.inject({ method: 'GET', url: '/canais-oficiais' });
    expect(response.statusCode).toBe(200);
    const channels = officialChannelsReply.parse(response.json()).data;
    expect(channels.map((c) => c.codcredor).sort()).toEqual([...stub.state.creditors.keys()].sort());
    const mine = channels.find((c) => c.codcredor === contract.creditorCode);
    expect(mine?.credor).toBe(creditor.name);
    expect(mine?.bancos).toContain(barcode.slice(0, 3));
    expect(mine?.convenios.some((convenio) => barcode.slice(19).startsWith(convenio))).toBe(true);
    expect(mine?.chavesPix).toContain(pix.pixKey);
    expect(mine?.nomesRecebedor).toContain(pix.merchantName);
    for (const cnpj of mine?.cnpjsBeneficiarios ?? []) expect(isValidCnpj(cnpj)).toBe(true);
    expect(mine?.cnpjsBeneficiarios.length).toBeGreaterThan(0);
    await stub.app.close();
  });
});
