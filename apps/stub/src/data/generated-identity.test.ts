import { documentKind } from '@portal/validation/document';
import { isValidPhone } from '@portal/validation/phone';
import { describe, expect, it } from 'vitest';
import { documentShape, randomDocument, randomMobile } from './generated-identity';

const SAMPLES = 300;

describe('generated identities', () => {
  it('makes valid CPFs', () => {
    for (let i = 0; i < SAMPLES; i += 1) {
      const cpf = randomDocument('cpf');
      expect(cpf).toMatch(/^\d{11}$/);
      expect(documentKind(cpf)).toBe('CPF');
    }
  });

  it('makes valid numeric CNPJs', () => {
    for (let i = 0; i < SAMPLES; i += 1) {
      const cnpj = randomDocument('cnpj');
      expect(cnpj).toMatch(/^\d{14}$/);
      expect(documentKind(cnpj)).toBe('CNPJ');
    }
  });

  it('makes valid alphanumeric CNPJs with at least one letter and numeric check digits', () => {
    for (let i = 0; i < SAMPLES; i += 1) {
      const cnpj = randomDocument('cnpjAlfanumerico');
      expect(cnpj).toMatch(/^(?=[0-9A-Z]*[A-Z])[0-9A-Z]{12}\d{2}$/);
      expect(documentKind(cnpj)).toBe('CNPJ');
    }
  });

  it("tells a document's shape", () => {
    expect(documentShape('52998224725')).toBe('cpf');
    expect(documentShape('11222333000181')).toBe('cnpj');
    expect(documentShape('12ABC34501DE35')).toBe('cnpjAlfanumerico');
  });

  it('makes valid mobiles in the area code asked for', () => {
    for (let i = 0; i < SAMPLES; i += 1) {
      const phone = randomMobile('81');
      expect(phone).toMatch(/^819\d{8}$/);
      expect(isValidPhone(phone)).toBe(true);
    }
  });
});
