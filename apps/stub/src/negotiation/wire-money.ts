import { formatMoneyPlain } from '@portal/validation/money';

/**
 * An amount as the simulator sends it: two decimal places after a comma and no thousands separator
 * ('1234,56'), the least forgiving spelling the upstream may use, so the portal is tested against it.
 */
export const wireMoney = (cents: number): string => formatMoneyPlain(cents).replaceAll('.', '');
