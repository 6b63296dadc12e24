import { getAreaCodeInfo } from '@brazilian-utils/brazilian-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatPhone,
  isValidDdd,
  isValidLandlineOrMobile,
  isValidPhone,
  maskPhoneForDisplay,
  normalizePhone,
  PHONE_INVALID_MESSAGE,
  PHONE_INVALID_SUMMARY_MESSAGE,
  VALID_DDDS,
} from './phone';

describe('phone messages', () => {
  it('uses its Portuguese messages', () => {
    expect(PHONE_INVALID_MESSAGE).toBe('Número de celular inválido');
    expect(PHONE_INVALID_SUMMARY_MESSAGE).toBe('Telefone inválido.');
  });
});

describe('VALID_DDDS', () => {
  it('lists the 67 area codes in use, without duplicates', () => {
    expect(VALID_DDDS).toHaveLength(67);
    expect(new Set(VALID_DDDS).size).toBe(67);
    expect(VALID_DDDS.every((ddd) => /^[1-9][1-9]$/.test(ddd))).toBe(true);
  });

  it('matches the ANATEL list kept by @brazilian-utils for every two-digit code', () => {
    for (let code = 10; code <= 99; code += 1) {
      expect(VALID_DDDS.includes(String(code)), `DDD ${code}`).toBe(getAreaCodeInfo(String(code)) !== null);
    }
  });

  it('leaves out codes that were never allocated', () => {
    for (const ddd of '10 20 23 25 26 29 30 36 39 50 52 56 70 72 76 78'.split(' ')) {
      expect(isValidDdd(ddd)).toBe(false);
    }
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(VALID_DDDS)).toBe(true);
  });
});

describe('normalizePhone', () => {
  it('keeps every digit and nothing else', () => {
    expect(normalizePhone('(11) 98765-4321')).toBe('11987654321');
    expect(normalizePhone('+55 (11) 98765-4321')).toBe('5511987654321');
    expect(normalizePhone('abc')).toBe('');
  });
});

describe('isValidPhone (mobile)', () => {
  it('accepts an 11-digit mobile with or without punctuation', () => {
    expect(isValidPhone('(11) 98765-4321')).toBe(true);
    expect(isValidPhone('11987654321')).toBe(true);
    expect(isValidPhone(' 99 9 1234 5678 ')).toBe(true);
  });

  it('refuses a landline', () => {
    expect(isValidPhone('(11) 3456-7890')).toBe(false);
  });

  it('refuses 11 digits whose number does not start with 9', () => {
    expect(isValidPhone('(11) 88765-4321')).toBe(false);
  });

  it('refuses an unknown area code', () => {
    expect(isValidPhone('(10) 98765-4321')).toBe(false);
    expect(isValidPhone('(23) 98765-4321')).toBe(false);
    expect(isValidPhone('(00) 98765-4321')).toBe(false);
  });

  it('refuses too few or too many digits', () => {
    expect(isValidPhone('(11) 98765-432')).toBe(false);
    expect(isValidPhone('(11) 98765-43210')).toBe(false);
    expect(isValidPhone('+55 11 98765-4321')).toBe(false);
    expect(isValidPhone('')).toBe(false);
  });

  it('refuses a number of one repeated digit', () => {
    expect(isValidPhone('(99) 99999-9999')).toBe(false);
  });

  it('accepts every valid DDD with a 9-prefixed number', () => {
    fc.assert(
      fc.property(fc.constantFrom(...VALID_DDDS), fc.integer({ min: 0, max: 99_999_999 }), (ddd, rest) => {
        const phone = `${ddd}9${String(rest).padStart(8, '0')}`;
        expect(isValidPhone(phone)).toBe(phone !== '99999999999');
        expect(isValidPhone(formatPhone(phone))).toBe(phone !== '99999999999');
      }),
    );
  });
});

describe('isValidLandlineOrMobile', () => {
  it('accepts a 10-digit landline and an 11-digit mobile', () => {
    expect(isValidLandlineOrMobile('(11) 3456-7890')).toBe(true);
    expect(isValidLandlineOrMobile('1134567890')).toBe(true);
    expect(isValidLandlineOrMobile('(21) 98765-4321')).toBe(true);
  });

  it('refuses an 11-digit number that does not start with 9', () => {
    expect(isValidLandlineOrMobile('(21) 38765-4321')).toBe(false);
  });

  it('refuses an unknown area code, the wrong length and repeated digits', () => {
    expect(isValidLandlineOrMobile('(20) 3456-7890')).toBe(false);
    expect(isValidLandlineOrMobile('(11) 3456-789')).toBe(false);
    expect(isValidLandlineOrMobile('(11) 98765-43210')).toBe(false);
    expect(isValidLandlineOrMobile('(11) 1111-1111')).toBe(false);
    expect(isValidLandlineOrMobile('(00) 0000-0000')).toBe(false);
  });
});

describe('formatPhone', () => {
  it('formats 11 digits as (DD) NNNNN-NNNN and 10 as (DD) NNNN-NNNN', () => {
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('1134567890')).toBe('(11) 3456-7890');
  });

  it('masks partial input progressively without trailing punctuation', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone('1')).toBe('(1');
    expect(formatPhone('11')).toBe('(11');
    expect(formatPhone('119')).toBe('(11) 9');
    expect(formatPhone('119876')).toBe('(11) 9876');
    expect(formatPhone('1198765')).toBe('(11) 9876-5');
    expect(formatPhone('119876543')).toBe('(11) 9876-543');
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789 ()-+'), maxLength: 16 }), (input) => {
        const formatted = formatPhone(input);
        expect(formatPhone(formatted)).toBe(formatted);
        expect(normalizePhone(formatted)).toBe(normalizePhone(input));
      }),
    );
  });
});

describe('maskPhoneForDisplay', () => {
  it('keeps the DDD, the first digit and the last 4 of a mobile', () => {
    expect(maskPhoneForDisplay('11987655678')).toBe('(11) 9****-5678');
    expect(maskPhoneForDisplay('(11) 98765-5678')).toBe('(11) 9****-5678');
  });

  it('keeps the DDD, the first digit and the last 4 of a landline', () => {
    expect(maskPhoneForDisplay('(11) 3456-5678')).toBe('(11) 3***-5678');
  });

  it('shows at most the last 4 digits of anything else', () => {
    expect(maskPhoneForDisplay('98765678')).toBe('****5678');
    expect(maskPhoneForDisplay('1234')).toBe('****');
    expect(maskPhoneForDisplay('')).toBe('');
  });
});
