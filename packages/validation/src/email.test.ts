import { describe, expect, it } from 'vitest';
import {
  EMAIL_INVALID_MESSAGE,
  EMAIL_INVALID_SUMMARY_MESSAGE,
  EMAIL_MAX_LENGTH,
  isValidEmail,
  maskEmail,
  normalizeEmail,
} from './email';

describe('email messages', () => {
  it('uses its Portuguese messages', () => {
    expect(EMAIL_INVALID_MESSAGE).toBe('E-mail inválido');
    expect(EMAIL_INVALID_SUMMARY_MESSAGE).toBe('Email inválido.');
  });
});

describe('isValidEmail', () => {
  it.each([
    'maria@example.com',
    'maria.silva@empresa.com.br',
    'joao_123+boletos@sub-dominio.org',
    'a%b-c@x.io',
    'x@y.info',
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    ['no @', 'maria.example.com'],
    ['an upper-case local part', 'Maria@example.com'],
    ['an upper-case domain', 'maria@Example.com'],
    ['no dot in the domain', 'maria@localhost'],
    ['a one-letter suffix', 'maria@example.c'],
    ['a five-letter suffix', 'maria@example.museu'],
    ['a numeric suffix', 'maria@example.123'],
    ['an empty local part', '@example.com'],
    ['two @', 'maria@silva@example.com'],
    ['a space', 'maria silva@example.com'],
    ['surrounding spaces', ' maria@example.com '],
    ['an accented letter', 'joão@example.com'],
    ['an empty string', ''],
  ])('refuses an address with %s', (_, email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('accepts 254 characters and refuses 255', () => {
    const domain = '@example.com';
    expect(isValidEmail('a'.repeat(EMAIL_MAX_LENGTH - domain.length) + domain)).toBe(true);
    expect(isValidEmail('a'.repeat(EMAIL_MAX_LENGTH + 1 - domain.length) + domain)).toBe(false);
  });
});

describe('normalizeEmail', () => {
  it('trims and lower-cases so that typed addresses validate', () => {
    expect(normalizeEmail('  Maria.Silva@Example.COM ')).toBe('maria.silva@example.com');
    expect(isValidEmail(normalizeEmail('  Maria.Silva@Example.COM '))).toBe(true);
  });
});

describe('maskEmail', () => {
  it('keeps the first 2 characters of the local part and the domain', () => {
    expect(maskEmail('maria@example.com')).toBe('ma***@example.com');
    expect(maskEmail('jo@example.com')).toBe('j***@example.com');
  });

  it('never reveals a whole short local part', () => {
    expect(maskEmail('abc@example.com')).toBe('ab***@example.com');
    expect(maskEmail('ab@example.com')).toBe('a***@example.com');
    expect(maskEmail('a@example.com')).toBe('***@example.com');
  });

  it('hides a value with no @ entirely', () => {
    expect(maskEmail('maria')).toBe('***');
  });
});
