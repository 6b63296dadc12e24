import { normalizeDocument } from '@portal/validation/document';
import { z } from 'zod';

/** Knobs tests turn on to make the simulator misbehave like a real upstream does. */
export const faultsSchema = z.object({
  /** extra delay before every REST reply and channel reply */
  latencyMs: z.number().int().min(0).max(600_000).default(0),
  /** share of REST calls and channel requests answered with a server error, 0–1 */
  errorRate: z.number().min(0).max(1).default(0),
  /** share of proxy requests carried out (an agreement made, say) whose reply is then lost, 0–1 */
  lostReplyRate: z.number().min(0).max(1).default(0),
  /**
   * emitirBoleto answers `erro: false` with no boletos, as for an agreement the upstream ended meanwhile
   * (nothing is left to issue)
   */
  emptyReissue: z.boolean().default(false),
  /** the documents (as typed or in digits) the knob above hits; empty: everyone */
  emptyReissueDocuments: z.array(z.string().max(20)).max(100).default([]),
  /**
   * the proxy channel sends every reply twice, each after a reply to a request nobody made (a stray
   * `idRequest`), as a confused upstream or a replayed socket buffer would
   */
  strayReplies: z.boolean().default(false),
  /**
   * gerarBoleto honours our optional `chave`: a repeated key is answered with the first result. Off by
   * default, as the real upstream knows no such key: no guarantee of the portal may rest on it.
   */
  honourKey: z.boolean().default(false),
  /** the proxy channel receives requests but never answers any */
  proxySilent: z.boolean().default(false),
  /**
   * share of gerarBoleto requests the simulator carries out (the agreement is made) and then answers with a
   * server error (retorno 9), 0–1: an upstream failing after its commit
   */
  madeThenServerErrorRate: z.number().min(0).max(1).default(0),
  /** share of gerarBoleto requests carried out and then answered `erro: true` with no boletos, 0–1 */
  madeThenErroRate: z.number().min(0).max(1).default(0),
  /** the documents (as typed or in digits) the two knobs above hit; empty: everyone */
  madeThenDocuments: z.array(z.string().max(20)).max(100).default([]),
  /** the contracts the two knobs above hit; empty: every contract */
  madeThenContracts: z.array(z.string().max(40)).max(100).default([]),
  /** the proxy methods `latencyMs`, `errorRate`, `lostReplyRate` and `proxySilent` apply to on the proxy channel; empty: all */
  proxyMethods: z.array(z.string().max(40)).max(20).default([]),
  /** the creditors (codcredor) those faults hit, for the methods that name one; empty: every creditor */
  proxyCreditors: z.array(z.string().max(20)).max(20).default([]),
  /** the activation channel keeps the records it receives but never answers (the BFF's 1 s fallback) */
  activationSilent: z.boolean().default(false),
  /** the trail channel keeps the records it receives but never answers (the BFF's 1 s fallback) */
  trailSilent: z.boolean().default(false),
  /**
   * /avisos answers 404, as an upstream without scheduled notices does: the portal then offers no e-mail or
   * SMS reminders
   */
  semAvisos: z.boolean().default(false),
});
export type Faults = z.infer<typeof faultsSchema>;

/** The faults a run can count: an error before acting, a lost reply, an error after making an agreement. */
export type InjectedFault = 'error' | 'lostReply' | 'madeThenServerError' | 'madeThenErro';
const noneInjected = (): Record<InjectedFault, number> => ({
  error: 0,
  lostReply: 0,
  madeThenServerError: 0,
  madeThenErro: 0,
});

export function createFaults(initial: Partial<Faults> = {}) {
  let current = faultsSchema.parse(initial);
  let injected = noneInjected();
  return {
    get: () => current,
    set: (patch: Partial<Faults>) => {
      current = faultsSchema.parse({ ...current, ...patch });
      return current;
    },
    reset: () => {
      current = faultsSchema.parse({});
      injected = noneInjected();
      return current;
    },
    /** How many of each fault were injected since the last reset: what a chaos run reports. */
    injected: (): Readonly<Record<InjectedFault, number>> => ({ ...injected }),
    count(fault: InjectedFault) {
      injected[fault] += 1;
    },
    /** Waits the configured latency; true when this call should fail. */
    async apply(random: () => number = Math.random): Promise<boolean> {
      if (current.latencyMs > 0) await new Promise((r) => setTimeout(r, current.latencyMs));
      const fails = random() < current.errorRate;
      if (fails) injected.error += 1;
      return fails;
    },
    /** Whether emitirBoleto issues nothing to this person: `emptyReissue`, for the documents named if any. */
    reissuesNothing(cpfCnpj: string): boolean {
      const { emptyReissue, emptyReissueDocuments } = current;
      return (
        emptyReissue &&
        (emptyReissueDocuments.length === 0 ||
          emptyReissueDocuments.some((d) => normalizeDocument(d) === cpfCnpj))
      );
    },
    /**
     * How the reply to a gerarBoleto that made an agreement fails, if it does: a server error, an
     * `erro: true` reply, or not at all (null). Only for the documents and contracts named, when any are.
     */
    afterMade(
      cpfCnpj: string,
      contrato: string,
      random: () => number = Math.random,
    ): 'madeThenServerError' | 'madeThenErro' | null {
      const { madeThenServerErrorRate, madeThenErroRate, madeThenDocuments, madeThenContracts } = current;
      if (madeThenServerErrorRate + madeThenErroRate === 0) return null;
      if (madeThenDocuments.length > 0 && !madeThenDocuments.some((d) => normalizeDocument(d) === cpfCnpj))
        return null;
      if (madeThenContracts.length > 0 && !madeThenContracts.includes(contrato)) return null;
      const draw = random();
      const fault =
        draw < madeThenServerErrorRate
          ? 'madeThenServerError'
          : draw < madeThenServerErrorRate + madeThenErroRate
            ? 'madeThenErro'
            : null;
      if (fault) injected[fault] += 1;
      return fault;
    },
  };
}
export type FaultControl = ReturnType<typeof createFaults>;
