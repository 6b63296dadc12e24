import { describe, expect, it } from 'vitest';
import { findLeaks, findSecrets, logSink, mask, type Person, secretsInOutboxes } from './log-sink';

const maria: Person = { cpfCnpj: '52998224725', email: 'maria.silva@example.com', telefone: '11912345678' };
const novaEra: Person = {
  cpfCnpj: '12ABC34501DE35',
  email: 'contato.novaera@example.com',
  telefone: '81999887766',
};
const luciana: Person = {
  cpfCnpj: '00481516298',
  email: 'luciana.alves@example.com',
  telefone: '85991234567',
};
const found = (text: string) => findLeaks(text, [maria, novaEra, luciana]).map((l) => [l.kind, l.form]);

describe('the log check', () => {
  it.each([
    ['{"msg":"signIn 529.982.247-25"}', 'document', 'CPF formatted'],
    ['{"cpfCnpj":"52998224725"}', 'document', 'digits'],
    ['{"cpfCnpj":481516298}', 'document', 'digits'],
    ['{"doc":"12.ABC.345/01DE-35"}', 'document', 'CNPJ formatted'],
    ['{"doc":"x12abc34501de35"}', 'document', 'alphanumeric'],
    ['{"to":"Maria.Silva@Example.com"}', 'e-mail', 'e-mail'],
    ['GET /x?email=maria.silva%40example.com', 'e-mail', 'e-mail'],
    ['{"tel":"(11) 91234-5678"}', 'phone', 'phone formatted'],
    ['{"tel":"+55 11 91234-5678"}', 'phone', 'phone formatted'],
    ['{"tel":"5511912345678"}', 'phone', 'digits'],
  ])('finds %s', (line, kind, form) => {
    expect(found(line)).toEqual([[kind, form]]);
  });

  it('ignores a document or phone inside a longer number, such as a boleto line', () => {
    expect(found('{"linha":"23790529982247250001 1191234567800"}')).toEqual([]);
    expect(found('{"id":152998224725,"t":911912345678}')).toEqual([]);
  });

  it('shows the line of a leak with the value masked', () => {
    const [leak] = findLeaks('ok\n{"msg":"login 529.982.247-25 maria.silva@example.com"}\n', [maria]);
    expect(leak).toMatchObject({ masked: '52•.•••.•••-25', count: 1 });
    expect(leak?.line).toBe('{"msg":"login 52•.•••.•••-25 ma•••.•••••@•••••••.•om"}');
    expect(mask('11912345678')).toBe('11•••••••78');
  });
});

describe('the log scan for secrets', () => {
  it.each([
    ['{"senha":"Acordo@2026"}'],
    ['{"msg":"body {\\"novaSenha\\":\\"Nova\\\\\\"senha1\\"}"}'],
    ['GET /x?token=Acordo%402026'],
  ])('finds a password in %s', (line) => {
    expect(findSecrets(line, ['Acordo@2026', 'Nova\\"senha1'])).toHaveLength(1);
  });

  it('masks what it finds and ignores what is not there', () => {
    expect(
      findSecrets('{"token":"q2w3e4r5t6y7u8i9o0p1a2s3d4f5g6h7"}', ['q2w3e4r5t6y7u8i9o0p1a2s3d4f5g6h7']),
    ).toEqual(['q2••••••••••••••••••••••••••••h7']);
    expect(findSecrets('{"msg":"sign-in refused"}', ['Acordo@2026'])).toEqual([]);
  });

  it("reads temporary passwords and reset codes from the stubs' outboxes", () => {
    logSink.outboxes.push([
      {
        texto:
          'Sua senha provisória é Xy7#kLm2pQ. Para criar uma nova senha, acesse /nova-senha-pb?id=abc&codigo=Zz9_yy8-xx7',
      },
    ]);
    expect(secretsInOutboxes()).toEqual(expect.arrayContaining(['Xy7#kLm2pQ', 'Zz9_yy8-xx7']));
    logSink.outboxes.pop();
  });
});
