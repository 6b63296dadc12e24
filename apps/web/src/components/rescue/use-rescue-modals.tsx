import { lazy, type RefObject, useRef, useState } from 'react';
import { OnDemand } from '../ui/on-demand';
import type { RescueTarget } from './rescue-texts';

// Their code is fetched when one first opens.
const ScheduleChangeModal = lazy(() =>
  import('./schedule-change-modal').then((m) => ({ default: m.ScheduleChangeModal })),
);
const HardshipModal = lazy(() => import('./hardship-modal').then((m) => ({ default: m.HardshipModal })));

type RescueModal = 'mover' | 'dia' | 'dificuldade';

/** Which rescue modal is open, and the success of a change the page announces. */
export interface RescueState {
  shown: RescueModal | null;
  done: string | null;
}

/**
 * The modals that keep an agreement alive, for one agreement (or none: the hardship modal alone). 'Mover…'
 * and 'Mudar o dia…' chosen in the hardship modal open in its place; a change made closes its modal and
 * leaves its success in `done`, and focus on `outcomeRef` (the page's paragraph that says it).
 */
export function RescueModals({
  target,
  state,
  onChange,
  outcomeRef,
}: {
  target: RescueTarget | null;
  state: RescueState;
  onChange: (next: RescueState) => void;
  outcomeRef: RefObject<HTMLElement | null>;
}) {
  const change = state.shown === 'mover' || state.shown === 'dia' ? state.shown : null;
  const close = () => onChange({ shown: null, done: null });
  return (
    <>
      <OnDemand when={change !== null && target !== null}>
        {change && target ? (
          <ScheduleChangeModal
            target={target}
            kind={change}
            outcomeRef={outcomeRef}
            onDone={(message) => onChange({ shown: null, done: message })}
            onClose={close}
          />
        ) : null}
      </OnDemand>
      <OnDemand when={state.shown === 'dificuldade'}>
        <HardshipModal
          target={target}
          onChoose={(kind) => onChange({ shown: kind, done: null })}
          onClose={close}
        />
      </OnDemand>
    </>
  );
}

/**
 * The same, with its state held here: `open` one, `done` to announce in the element `outcomeRef` names
 * (focused once a change is made), `modals` to place in the page.
 */
export function useRescueModals(target: RescueTarget | null) {
  const [state, setState] = useState<RescueState>({ shown: null, done: null });
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  return {
    open: (shown: RescueModal) => setState({ shown, done: null }),
    done: state.done,
    outcomeRef,
    modals: <RescueModals target={target} state={state} onChange={setState} outcomeRef={outcomeRef} />,
  };
}
