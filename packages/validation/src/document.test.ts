import {
  canonicalMask,
  completeCnpj,
  completeCpf,
  present,
  presentation,
  validAlphanumericCnpj,
  validCpf,
  validNumericCnpj,
  withWrongDigitAt,
} from '@portal/test-kit/documents';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CNPJ_MASK,
  CPF_MASK,
  DOCUMENT_INVALID_MESSAGE,
  documentKind,
  formatDocument,
  hideDocument,
  isCompanyDocument,
  isValidCnpj,
  isValidCpf,
  isValidDocument,
  normalizeDocument,
  padDocument,
} from './document';

const PERSONA_CPFS = [
  '529.982.247-25',
  '111.444.777-35',
  '935.411.347-80',
  '390.533.447-05',
  '868.224.410-18',
  '714.602.380-01',
];
const PERSONA_CNPJS = ['11.222.333/0001-81', '12.ABC.345/01DE-35'];

describe('document messages and masks', () => {
  it('uses its Portuguese message for an invalid CPF/CNPJ', () => {
    expect(DOCUMENT_INVALID_MESSAGE).toBe('CPF/CNPJ inválido');
  });

  it('exposes the CPF and CNPJ input masks', () => {
    expect(CPF_MASK).toBe('000.000.000-00');
    expect(CNPJ_MASK).toBe('SS.SSS.SSS/SSSS-00');
  });
});

describe('normalizeDocument', () => {
  it('removes punctuation and spaces', () => {
    expect(normalizeDocument(' 529.982.247-25 ')).toBe('52998224725');
    expect(normalizeDocument('11.222.333/0001-81')).toBe('11222333000181');
  });

  it('keeps and upper-cases the letters of an alphanumeric CNPJ', () => {
    expect(normalizeDocument('12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });

  it('drops non-ASCII letters instead of turning them into ASCII ones', () => {
    expect(normalizeDocument('1ß2ı3é')).toBe('123');
  });

  it('returns an empty string for input with no letters or digits', () => {
    expect(normalizeDocument(' ./-')).toBe('');
  });
});

describe('isValidCpf', () => {
  it.each(PERSONA_CPFS)('accepts the persona CPF %s', (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
  });

  it('accepts a CPF without punctuation or with surrounding spaces', () => {
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('  529.982.247-25\n')).toBe(true);
  });

  it('refuses a CPF with a wrong first check digit', () => {
    expect(isValidCpf('529.982.247-35')).toBe(false);
  });

  it('refuses a CPF with a wrong second check digit', () => {
    expect(isValidCpf('529.982.247-26')).toBe(false);
  });

  it.each(['000.000.000-00', '111.111.111-11', '999.999.999-99'])(
    'refuses the all-same-digit CPF %s',
    (cpf) => {
      expect(isValidCpf(cpf)).toBe(false);
    },
  );

  it('refuses a CPF with too few or too many digits', () => {
    expect(isValidCpf('529.982.247-2')).toBe(false);
    expect(isValidCpf('529.982.247-250')).toBe(false);
    expect(isValidCpf('')).toBe(false);
  });

  it('refuses a CPF containing letters', () => {
    expect(isValidCpf('529.982.24A-25')).toBe(false);
  });

  it('refuses a CNPJ', () => {
    expect(isValidCpf('11.222.333/0001-81')).toBe(false);
  });
});

describe('isValidCnpj', () => {
  it.each(PERSONA_CNPJS)('accepts the persona CNPJ %s', (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(true);
  });

  it('accepts a numeric CNPJ without punctuation', () => {
    expect(isValidCnpj('11222333000181')).toBe(true);
  });

  it('accepts an alphanumeric CNPJ typed in lower case', () => {
    expect(isValidCnpj('12.abc.345/01de-35')).toBe(true);
    expect(isValidCnpj('12abc34501de35')).toBe(true);
  });

  it('refuses a CNPJ with a wrong first check digit', () => {
    expect(isValidCnpj('11.222.333/0001-91')).toBe(false);
    expect(isValidCnpj('12.ABC.345/01DE-45')).toBe(false);
  });

  it('refuses a CNPJ with a wrong second check digit', () => {
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('12.ABC.345/01DE-36')).toBe(false);
  });

  it('refuses a CNPJ whose check digits are letters', () => {
    expect(isValidCnpj('12.ABC.345/01DE-3A')).toBe(false);
  });

  it('refuses the all-zero CNPJ', () => {
    expect(isValidCnpj('00.000.000/0000-00')).toBe(false);
  });

  it('refuses a base of one repeated character even when its check digits are right', () => {
    expect(completeCnpj('AAAAAAAAAAAA')).toBe('AAAAAAAAAAAA45');
    expect(isValidCnpj('AAAAAAAAAAAA45')).toBe(false);
    expect(isValidCnpj(completeCnpj('111111111111'))).toBe(false);
    expect(isValidCnpj('11111111111111')).toBe(false);
  });

  it('refuses a CNPJ with the wrong length', () => {
    expect(isValidCnpj('11.222.333/0001-8')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-810')).toBe(false);
  });

  it('refuses a CPF', () => {
    expect(isValidCnpj('529.982.247-25')).toBe(false);
  });

  it('changes its verdict when a letter changes, since letters carry their own values', () => {
    expect(isValidCnpj('12.ABD.345/01DE-35')).toBe(false);
  });
});

describe('isValidDocument and documentKind', () => {
  it('accepts a valid CPF or CNPJ and tells which it is', () => {
    expect(isValidDocument('529.982.247-25')).toBe(true);
    expect(documentKind('529.982.247-25')).toBe('CPF');
    expect(isValidDocument('12.ABC.345/01DE-35')).toBe(true);
    expect(documentKind('12.abc.345/01de-35')).toBe('CNPJ');
    expect(documentKind('11222333000181')).toBe('CNPJ');
  });

  it('returns null for an invalid document of either length', () => {
    expect(documentKind('529.982.247-26')).toBeNull();
    expect(documentKind('11.222.333/0001-82')).toBeNull();
    expect(isValidDocument('529.982.247-26')).toBe(false);
  });

  it('returns null for other lengths', () => {
    expect(documentKind('')).toBeNull();
    expect(documentKind('1234567890')).toBeNull();
    expect(documentKind('123456789012')).toBeNull();
    expect(isValidDocument('123')).toBe(false);
  });
});

describe('isCompanyDocument', () => {
  it('treats 12 or more characters as a company', () => {
    expect(isCompanyDocument('11.222.333/0001-81')).toBe(true);
    expect(isCompanyDocument('12.ABC.345/01DE')).toBe(true);
    expect(isCompanyDocument('12.ABC.345/01')).toBe(false);
    expect(isCompanyDocument('123456789012')).toBe(true);
  });

  it('treats 11 or fewer characters as a person', () => {
    expect(isCompanyDocument('529.982.247-25')).toBe(false);
    expect(isCompanyDocument('')).toBe(false);
  });
});

describe('formatDocument', () => {
  it('formats a CPF as 000.000.000-00', () => {
    expect(formatDocument('52998224725')).toBe('529.982.247-25');
  });

  it('formats a CNPJ as 00.000.000/0000-00, keeping and upper-casing letters', () => {
    expect(formatDocument('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatDocument('12abc34501de35')).toBe('12.ABC.345/01DE-35');
  });

  it('reformats badly punctuated input', () => {
    expect(formatDocument(' 529-982-247.25 ')).toBe('529.982.247-25');
    expect(formatDocument('11222333/000181')).toBe('11.222.333/0001-81');
  });

  it('masks partial input progressively without trailing punctuation', () => {
    expect(formatDocument('')).toBe('');
    expect(formatDocument('5')).toBe('5');
    expect(formatDocument('529')).toBe('529');
    expect(formatDocument('5299')).toBe('529.9');
    expect(formatDocument('529982')).toBe('529.982');
    expect(formatDocument('5299822')).toBe('529.982.2');
    expect(formatDocument('529982247')).toBe('529.982.247');
    expect(formatDocument('5299822472')).toBe('529.982.247-2');
  });

  it('switches to the CNPJ mask from the 12th character', () => {
    expect(formatDocument('112223330001')).toBe('11.222.333/0001');
    expect(formatDocument('1122233300018')).toBe('11.222.333/0001-8');
  });

  it('keeps characters beyond 14 rather than dropping them', () => {
    expect(formatDocument('112223330001810')).toBe('11.222.333/0001-810');
  });

  it('leaves an already formatted document unchanged', () => {
    for (const document of [...PERSONA_CPFS, ...PERSONA_CNPJS]) {
      expect(formatDocument(document)).toBe(document);
    }
  });
});

describe('padDocument (a document the upstream sent without its leading zeros)', () => {
  /** What a sender that stores documents as numbers does to them. */
  const withoutLeadingZeros = (document: string) => document.replace(/^0+(?=.)/, '');

  it('reads 11 digits or fewer as a CPF and puts its zeros back', () => {
    expect(padDocument('481516298')).toBe('00481516298');
    expect(padDocument('731902416')).toBe('00731902416');
    expect(padDocument('4815162985')).toBe('04815162985');
    expect(isValidCpf(padDocument('481516298'))).toBe(true);
  });

  it('reads 12 or 13 digits as a numeric CNPJ missing its zeros', () => {
    expect(padDocument('1222333000181')).toBe('01222333000181');
    expect(padDocument('222333000181')).toBe('00222333000181');
  });

  it('leaves a complete document, punctuated or not, as normalizeDocument does', () => {
    expect(padDocument('52998224725')).toBe('52998224725');
    expect(padDocument('529.982.247-25')).toBe('52998224725');
    expect(padDocument('11.222.333/0001-81')).toBe('11222333000181');
  });

  it('leaves an alphanumeric CNPJ untouched, even one that starts with a zero', () => {
    expect(padDocument('12ABC34501DE35')).toBe('12ABC34501DE35');
    expect(padDocument('0ABC34501DE35')).toBe('0ABC34501DE35');
    expect(padDocument('12abc34501de35')).toBe('12ABC34501DE35');
  });

  it('leaves what has no digits or more than 14 alone', () => {
    expect(padDocument('')).toBe('');
    expect(padDocument('112223330001810')).toBe('112223330001810');
  });

  // Documents that do start with zeros, beside the general ones.
  const zeroLedCpf = validCpf.map((cpf) => completeCpf(`00${cpf.slice(2, 9)}`));
  const zeroLedCnpj = validNumericCnpj.map((cnpj) => completeCnpj(`0${cnpj.slice(1, 12)}`));

  it('gives every valid CPF back from its digits without leading zeros', () => {
    fc.assert(
      fc.property(fc.oneof(validCpf, zeroLedCpf), (cpf) => {
        expect(padDocument(withoutLeadingZeros(cpf))).toBe(cpf);
      }),
    );
  });

  it('gives back every numeric CNPJ that lost at most two zeros', () => {
    fc.assert(
      fc.property(
        fc.oneof(validNumericCnpj, zeroLedCnpj).filter((cnpj) => withoutLeadingZeros(cnpj).length >= 12),
        (cnpj) => {
          expect(padDocument(withoutLeadingZeros(cnpj))).toBe(cnpj);
        },
      ),
    );
  });

  it('changes no alphanumeric CNPJ', () => {
    fc.assert(
      fc.property(validAlphanumericCnpj, (cnpj) => {
        expect(padDocument(cnpj)).toBe(cnpj);
      }),
    );
  });
});

describe('document properties', () => {
  it('accepts every generated valid CPF in any presentation', () => {
    fc.assert(
      fc.property(validCpf, presentation, (cpf, how) => {
        const input = present(cpf, how);
        expect(isValidCpf(input)).toBe(true);
        expect(documentKind(input)).toBe('CPF');
        expect(isValidCnpj(input)).toBe(false);
      }),
    );
  });

  it('accepts every generated valid numeric or alphanumeric CNPJ in any presentation', () => {
    fc.assert(
      fc.property(fc.oneof(validNumericCnpj, validAlphanumericCnpj), presentation, (cnpj, how) => {
        const input = present(cnpj, how);
        expect(isValidCnpj(input)).toBe(true);
        expect(documentKind(input)).toBe('CNPJ');
        expect(isValidCpf(input)).toBe(false);
      }),
    );
  });

  it('refuses a CPF with either check digit changed', () => {
    fc.assert(
      fc.property(validCpf, fc.constantFrom(9, 10), fc.nat(), presentation, (cpf, index, shift, how) => {
        expect(isValidCpf(present(withWrongDigitAt(cpf, index, shift), how))).toBe(false);
      }),
    );
  });

  it('refuses a CNPJ with either check digit changed', () => {
    fc.assert(
      fc.property(
        fc.oneof(validNumericCnpj, validAlphanumericCnpj),
        fc.constantFrom(12, 13),
        fc.nat(),
        presentation,
        (cnpj, index, shift, how) => {
          expect(isValidCnpj(present(withWrongDigitAt(cnpj, index, shift), how))).toBe(false);
        },
      ),
    );
  });

  it('refuses every all-same-character document, with or without correct check digits', () => {
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    fc.assert(
      fc.property(fc.constantFrom(...alphabet), presentation, (char, how) => {
        const cnpjBase = char.repeat(12);
        expect(isValidCnpj(present(completeCnpj(cnpjBase), how))).toBe(false);
        expect(isValidDocument(present(cnpjBase + char + char, how))).toBe(false);
        if (/[0-9]/.test(char)) {
          expect(isValidCpf(present(char.repeat(11), how))).toBe(false);
          expect(isValidCpf(present(completeCpf(char.repeat(9)), how))).toBe(false);
        }
      }),
    );
  });

  it('formats a valid document the canonical way', () => {
    fc.assert(
      fc.property(
        fc.oneof(validCpf, validNumericCnpj, validAlphanumericCnpj),
        presentation,
        (document, how) => {
          expect(formatDocument(present(document, how))).toBe(canonicalMask(document));
        },
      ),
    );
  });

  it('formats any input canonically and idempotently', () => {
    const messy = fc.string({ unit: fc.constantFrom(...'0123456789abcxyzABCXYZ .-/()é'), maxLength: 24 });
    fc.assert(
      fc.property(messy, (input) => {
        const formatted = formatDocument(normalizeDocument(input));
        expect(formatDocument(input)).toBe(formatted);
        expect(formatDocument(formatted)).toBe(formatted);
        expect(normalizeDocument(formatted)).toBe(normalizeDocument(input));
        expect(formatted).not.toMatch(/[./-]$/);
      }),
    );
  });
});

describe('hideDocument', () => {
  it('keeps the middle six digits of a CPF, as public bodies publish it', () => {
    expect(hideDocument('52998224725')).toBe('***.982.247-**');
    expect(hideDocument('529.982.247-25')).toBe('***.982.247-**');
  });

  it('hides the first two and the last two characters of a CNPJ, numeric or alphanumeric', () => {
    expect(hideDocument('11222333000181')).toBe('**.222.333/0001-**');
    expect(hideDocument('12.ABC.345/01DE-35')).toBe('**.ABC.345/01DE-**');
  });
});
