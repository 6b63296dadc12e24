/**
 * What every BFF the e2e suite starts is told of load: two browsers share CI's cores with the stack, so a
 * BFF shedding at its production bounds would answer a page with 503; shedding is tested in the BFF suite.
 */
export const E2E_LOAD_ENV = {
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '1000',
  OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: '0',
} as const;
