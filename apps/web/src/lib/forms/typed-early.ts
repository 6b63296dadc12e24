import { useEffect } from 'react';

// What a visitor types into a prerendered page's fields while its scripts load would be lost: React
// and the masks start from the form's own (empty) values when they hydrate. app/boot.tsx notes it before
// hydrating; the root layout gives it back once hydrated, typed again as input so the masks and the
// form take it as the visitor's.

let pending: readonly (readonly [HTMLInputElement, string])[] = [];

/** Notes what was typed into `container`'s fields before it hydrates. */
export function rememberTypedEarly(container: HTMLElement): void {
  pending = [...container.querySelectorAll('input')]
    .filter((input) => input.value !== input.defaultValue)
    .map((input) => [input, input.value] as const);
}

/** Once the page has hydrated (the root layout's first effect), puts what was typed back. */
export function useGiveBackTypedEarly(): void {
  useEffect(() => {
    if (pending.length === 0) return;
    // After the updates the fields' own effects start (the masks set their value then). Not cancelled
    // on unmount: what was typed goes back once, whatever React does meanwhile.
    setTimeout(() => {
      const typed = pending;
      pending = [];
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      for (const [input, value] of typed) {
        if (!input.isConnected || input.value === value) continue;
        setValue?.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }
    });
  }, []);
}
