import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HTTP_MESSAGES } from '../http/error-envelope';
import {
  INPUT_INVALID_MESSAGE,
  INPUT_MESSAGES,
  inputIssues,
  MESSAGES,
  portugueseMessage,
} from './to-trpc-error';

const root = join(import.meta.dirname, '../../../..');
/** Where the field rules and the procedures' schemas state their messages. */
const RULE_FOLDERS = ['packages/validation/src', 'packages/contracts/src/procedures'];

/** The error tRPC makes of an input its schema refused. */
const refused = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a refusal');
  return new TRPCError({ code: 'BAD_REQUEST', cause: result.error });
};

describe('the messages of refused inputs', () => {
  it('knows every *_MESSAGE the field rules and the procedures’ schemas export', async () => {
    const missing: string[] = [];
    for (const folder of RULE_FOLDERS) {
      for (const file of readdirSync(join(root, folder)).filter((f) => /^[a-z-]+\.ts$/.test(f))) {
        const module = (await import(join(root, folder, file))) as Record<string, unknown>;
        for (const [name, value] of Object.entries(module)) {
          if (name.endsWith('_MESSAGE') && typeof value === 'string' && !INPUT_MESSAGES.has(value))
            missing.push(`${folder}/${file} ${name}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('answers a field rule’s own message, and the fields at fault by name only', () => {
    const schema = z.object({
      cpfCnpj: z.string().refine(() => false, 'CPF/CNPJ inválido'),
      endereco: z.object({ cep: z.string() }),
    });
    expect(inputIssues(refused(schema, { cpfCnpj: 'x', endereco: { cep: 1 } }))).toEqual({
      message: 'CPF/CNPJ inválido',
      fields: ['cpfCnpj', 'endereco.cep'],
    });
  });

  it('answers zod’s own texts as Dados inválidos, and never names a key the request made up', () => {
    const schema = z.object({ parcelas: z.array(z.string()), extras: z.record(z.string(), z.number()) });
    const issues = inputIssues(refused(schema, { parcelas: [1], extras: { '<script>': 'x' } }));
    expect(issues).toEqual({ message: INPUT_INVALID_MESSAGE, fields: ['parcelas', 'extras'] });
  });

  it('leaves other errors to portugueseMessage', () => {
    expect(inputIssues(new TRPCError({ code: 'BAD_REQUEST', message: 'Credor inválido' }))).toBeUndefined();
  });
});

describe('the Portuguese message of any other error', () => {
  it.each<[string, TRPCError, string, string]>([
    [
      'a parser’s text',
      new TRPCError({ code: 'BAD_REQUEST', cause: new SyntaxError('Unexpected token') }),
      'mutation',
      HTTP_MESSAGES.badRequest,
    ],
    [
      'an unexpected failure',
      new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'x is undefined' }),
      'query',
      MESSAGES.unexpected,
    ],
    [
      'an unknown procedure',
      new TRPCError({ code: 'NOT_FOUND', message: 'No procedure found on path "a"' }),
      'unknown',
      HTTP_MESSAGES.notFound,
    ],
    [
      'a batch too big',
      new TRPCError({ code: 'BAD_REQUEST', message: 'Batch call exceeds maximum size' }),
      'unknown',
      HTTP_MESSAGES.badRequest,
    ],
    [
      'a method mismatch',
      new TRPCError({ code: 'METHOD_NOT_SUPPORTED', message: 'Unsupported GET-request' }),
      'mutation',
      HTTP_MESSAGES.badRequest,
    ],
    [
      'a stream refused',
      new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Cannot use stream-like' }),
      'query',
      HTTP_MESSAGES.unsupportedContentType,
    ],
    [
      'a procedure’s own refusal',
      new TRPCError({ code: 'NOT_FOUND', message: 'Credor não encontrado.' }),
      'query',
      'Credor não encontrado.',
    ],
  ])('words %s', (_name, error, type, message) => {
    expect(portugueseMessage(error, type)).toBe(message);
  });
});
