import { createContext, use } from 'react';

// The home page has an entry of its own (app/home-app.tsx): the app starts when the visitor leaves it,
// in the same document. Its first page then follows a click, and is announced like any navigation.

let handedOver = false;

/** The app is starting in place of the home page's entry. */
export function noteHandOver(): void {
  handedOver = true;
}

/** Whether the app took over from the home page's entry: its first page is a navigation. */
export function startedByHandOver(): boolean {
  return handedOver;
}

/** Provided by the home entry: hands the page over to the app at the current address. */
export const HandOverContext = createContext<() => void>(() => {});

/** Hands over to the app here (its guard then decides where a signed-in user goes). */
export function useHandOverHere(): () => void {
  return use(HandOverContext);
}
