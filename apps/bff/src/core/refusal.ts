/**
 * What a domain refuses, and why, in words the person reads. The domain knows nothing of the transport: the
 * tRPC layer maps each kind to its code (trpc/to-trpc-error.ts), an HTTP route to its status.
 */
export type RefusalKind =
  | 'bad-request'
  | 'unauthorized'
  | 'not-found'
  | 'conflict'
  /** a step taken out of order (no summary to conclude), or a proof still owed (the password again) */
  | 'precondition'
  | 'unprocessable'
  | 'too-many';

export class Refusal extends Error {
  override name = 'Refusal';
  constructor(
    readonly kind: RefusalKind,
    message: string,
  ) {
    super(message);
  }
}
