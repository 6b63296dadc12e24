/**
 * What can go wrong upstream, as the BFF distinguishes it. Mapped once to tRPC codes and the
 * Portuguese messages in trpc/to-trpc-error.ts.
 */
type UpstreamErrorKind =
  /** the upstream answered with a business refusal; its message is shown as sent */
  | 'rejected'
  /** the user's token is no longer valid: the session ends */
  | 'token-expired'
  /** no reply within the channel's limit */
  | 'timeout'
  /** unreachable, overloaded, or failing with a server error */
  | 'unavailable'
  /** a reply that does not match the contract */
  | 'bad-reply';

export class UpstreamError extends Error {
  override readonly name = 'UpstreamError';
  constructor(
    readonly kind: UpstreamErrorKind,
    message: string,
    /** the upstream's own message, shown to the user for 'rejected' */
    readonly upstreamMessage?: string,
    readonly details: {
      /** the proxy channel's `retorno` of a refusal (1: nothing found) */
      retorno?: number;
      /** the request never left the BFF (no connection, too many in flight): the upstream did nothing */
      unsent?: boolean;
      /** the HTTP status of a REST refusal (404: the upstream has no such path) */
      status?: number;
    } = {},
  ) {
    super(message);
  }
}
