import { memoryPorts, refusalOf } from '@portal/test-kit/memory-ports';
import { describe, expect, it } from 'vitest';
import { SHARED_MESSAGES } from '../core/messages';
import { answerChallenge, startChallenge } from './challenge';
import { AUTH_MESSAGES } from './messages';

const DOCUMENT = '52998224725';
const QUESTION = 'Em que cidade você nasceu?';
const WRONG = 'Resposta incorreta. Verifique e tente novamente.';

/** An upstream that asks QUESTION and takes 'Campinas' as the right answer; what it was sent, kept. */
function upstream() {
  const sent: unknown[] = [];
  return {
    sent,
    port: {
      solicitarLogin: async (cpfCnpj: string) => {
        sent.push({ solicitarLogin: cpfCnpj });
        return { erro: false, message: '', verificacao: QUESTION };
      },
      verificarLogin: async (body: { resposta: string }) => {
        sent.push({ verificarLogin: body });
        return body.resposta === 'Campinas'
          ? { erro: false, message: '', token: 't', id: '1001', cpfCnpj: DOCUMENT, nome: 'Maria da Silva' }
          : { erro: true, message: WRONG };
      },
    },
  };
}

describe('startChallenge', () => {
  it("asks the upstream for the document's question and binds it to this browser", async () => {
    const fake = upstream();
    const ports = memoryPorts({ upstream: fake.port as never });
    expect(await startChallenge(ports, DOCUMENT)).toEqual({ pergunta: QUESTION });
    expect(fake.sent).toEqual([{ solicitarLogin: DOCUMENT }]);
    expect((await ports.sessions.readChallenge(ports.cookies))?.record).toEqual({
      cpfCnpj: DOCUMENT,
      pergunta: QUESTION,
    });
  });

  it("refuses with the upstream's message when it has no question, and binds nothing", async () => {
    const ports = memoryPorts({
      upstream: {
        solicitarLogin: async () => ({ erro: true, message: 'Sem pergunta', verificacao: '' }),
      } as never,
    });
    expect(await refusalOf(startChallenge(ports, DOCUMENT))).toMatchObject({
      kind: 'bad-request',
      message: 'Sem pergunta',
    });
    const silent = memoryPorts({
      upstream: { solicitarLogin: async () => ({ erro: false, message: '', verificacao: '' }) } as never,
    });
    expect((await refusalOf(startChallenge(silent, DOCUMENT))).message).toBe(SHARED_MESSAGES.unexpected);
    expect(await ports.sessions.readChallenge(ports.cookies)).toBeNull();
  });

  it('refuses questions beyond CHALLENGE_MAX_PER_DOCUMENT without asking the upstream', async () => {
    const fake = upstream();
    const ports = memoryPorts({ env: { CHALLENGE_MAX_PER_DOCUMENT: '1' }, upstream: fake.port as never });
    await startChallenge(ports, DOCUMENT);
    expect(await refusalOf(startChallenge(ports, DOCUMENT))).toMatchObject({
      kind: 'too-many',
      message: SHARED_MESSAGES.tooManyAttempts,
    });
    expect(fake.sent).toHaveLength(1);
  });
});

describe('answerChallenge', () => {
  it('refuses an answer with no question in this browser as expired', async () => {
    const ports = memoryPorts({ upstream: upstream().port as never });
    expect(await refusalOf(answerChallenge(ports, 'Campinas'))).toMatchObject({
      kind: 'precondition',
      message: AUTH_MESSAGES.challengeExpired,
    });
  });

  it('signs in on the right answer, as an identity-question sign-in, and spends the question', async () => {
    const fake = upstream();
    const ports = memoryPorts({ upstream: fake.port as never });
    await startChallenge(ports, DOCUMENT);
    expect((await answerChallenge(ports, 'Campinas')).view).toMatchObject({ nome: 'Maria da Silva' });
    expect(fake.sent[1]).toEqual({
      verificarLogin: { cpfCnpj: DOCUMENT, pergunta: QUESTION, resposta: 'Campinas' },
    });
    expect((await ports.sessions.load(ports.cookies))?.data.signedInWith).toBe('pergunta');
    expect(await ports.sessions.readChallenge(ports.cookies)).toBeNull();
  });

  it("refuses a wrong answer with the upstream's words, and the third as expired", async () => {
    const ports = memoryPorts({
      env: { CHALLENGE_ANSWERS_PER_DOCUMENT_DAY: '10' },
      upstream: upstream().port as never,
    });
    await startChallenge(ports, DOCUMENT);
    for (let i = 0; i < 2; i++) {
      expect(await refusalOf(answerChallenge(ports, 'errada'))).toMatchObject({
        kind: 'bad-request',
        message: WRONG,
      });
    }
    expect(await refusalOf(answerChallenge(ports, 'errada'))).toMatchObject({
      kind: 'precondition',
      message: AUTH_MESSAGES.challengeExpired,
    });
    expect(await ports.sessions.readChallenge(ports.cookies)).toBeNull();
  });

  it("refuses answers beyond the document's daily cap, and drops the question", async () => {
    const fake = upstream();
    const ports = memoryPorts({
      env: { CHALLENGE_ANSWERS_PER_DOCUMENT_DAY: '1' },
      upstream: fake.port as never,
    });
    await startChallenge(ports, DOCUMENT);
    await refusalOf(answerChallenge(ports, 'errada'));
    expect(await refusalOf(answerChallenge(ports, 'Campinas'))).toMatchObject({
      kind: 'too-many',
      message: SHARED_MESSAGES.tooManyAttempts,
    });
    expect(fake.sent.filter((call) => 'verificarLogin' in (call as object))).toHaveLength(1);
    expect(await ports.sessions.readChallenge(ports.cookies)).toBeNull();
  });
});
