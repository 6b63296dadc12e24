import { compareIso, isValidIsoDate, parseBrDate } from './dates';

export const BIRTH_DATE_INVALID_MESSAGE = 'Data inválida';

export const MAX_AGE_YEARS = 130;

function birthDateToIso(input: string): string | null {
  const text = input.trim();
  const br = /^[0-9]{8}$/.test(text) ? `${text.slice(0, 2)}/${text.slice(2, 4)}/${text.slice(4)}` : text;
  return parseBrDate(br);
}

/** Completed years between two ISO dates; someone born on 29 February turns a year older on 1 March. */
function ageInYears(birthIso: string, todayIso: string): number {
  const years = Number(todayIso.slice(0, 4)) - Number(birthIso.slice(0, 4));
  return todayIso.slice(5) < birthIso.slice(5) ? years - 1 : years;
}

/**
 * `input` is dd/mm/yyyy or the 8 digits ddmmyyyy; `today` is ISO (todayInBrazil()). Valid when it is a real
 * date, not after today, and the person is at most 130 years old.
 */
export function isValidBirthDate(input: string, today: string): boolean {
  if (!isValidIsoDate(today)) throw new RangeError(`isValidBirthDate: today is not an ISO date: ${today}`);
  const birth = birthDateToIso(input);
  if (birth === null || compareIso(birth, today) > 0) return false;
  return ageInYears(birth, today) <= MAX_AGE_YEARS;
}
