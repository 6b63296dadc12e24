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
  /** the proxy methods `latencyMs`, `errorRate`, `lostReplyRate` and `proxySilent` apply to on the proxy channel; empty: all */
  proxyMethods: z.array(z.string().max(40)).max(20).default([]),
  /** the activation channel keeps the records it receives but never answers (the BFF's 1 s fallback) */
  activationSilent: z.boolean().default(false),
  /** the trail channel keeps the records it receives but never answers (the BFF's 1 s fallback) */
  trailSilent: z.boolean().default(false),
});
export type Faults = z.infer<typeof faultsSchema>;

export function createFaults(initial: Partial<Faults> = {}) {
  let current = faultsSchema.parse(initial);
  return {
    get: () => current,
    set: (patch: Partial<Faults>) => {
      current = faultsSchema.parse({ ...current, ...patch });
      return current;
    },
    reset: () => {
      current = faultsSchema.parse({});
      return current;
    },
    /** Waits the configured latency; true when this call should fail. */
    async apply(random: () => number = Math.random): Promise<boolean> {
      if (current.latencyMs > 0) await new Promise((r) => setTimeout(r, current.latencyMs));
      return random() < current.errorRate;
    },
  };
}
export type FaultControl = ReturnType<typeof createFaults>;
