/**
 * Procedures that carry a credential or trigger a message: each must be its own HTTP request,
 * so one request cannot try many passwords or answers. The BFF refuses them inside a batch and
 * the web app's tRPC link never batches them.
 */
const PATHS = [
  'auth.signIn',
  'auth.startChallenge',
  'auth.answerChallenge',
  'auth.signInWithGoogle',
  'registration.register',
  'recovery.send',
  'recovery.reset',
] as const;

/** The literal tuple, whose `includes` also takes a request's path (any string). */
export const UNBATCHABLE_PROCEDURES: typeof PATHS & { includes(path: string): boolean } = PATHS;
