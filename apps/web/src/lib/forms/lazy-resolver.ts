import type { FieldValues, Resolver } from 'react-hook-form';
import { useWhenIdle } from '../browser/when-idle';
import type { FormResolvers } from './form-resolvers';

// zod and the contracts' schemas (about 25 KB gzip) are not part of any page's first load: they come
// with the first validation, or earlier once the browser is idle after a form appears.
let loading: Promise<FormResolvers> | undefined;

function loadResolvers(): Promise<FormResolvers> {
  loading ??= import('./form-resolvers').then(
    (module) => module.formResolvers,
    (error: unknown) => {
      loading = undefined; // a failed download is tried again at the next validation
      throw error;
    },
  );
  return loading;
}

/** A react-hook-form resolver taken from `form-resolvers.ts` when the form first validates. */
export function lazyResolver<Input extends FieldValues, Output>(
  pick: (resolvers: FormResolvers) => Resolver<Input, unknown, Output>,
): Resolver<Input, unknown, Output> {
  return async (values, context, options) => pick(await loadResolvers())(values, context, options);
}

/** Starts the download of the resolvers once the browser is idle, so the first validation does not wait. */
export function usePreloadedResolvers(): void {
  useWhenIdle(() => void loadResolvers().catch(() => undefined), []);
}
