import { describe, expect, it } from 'vitest';
import { PERSONAS } from '../data/personas';
import { createStubState } from './stub-state';

describe('stub state', () => {
  it('gives the registered personas the first client ids, in seed order, and a copy the next one', () => {
    const state = createStubState();
    const registered = PERSONAS.filter((p) => p.registered);
    expect(registered.map((p) => state.findUser(p.cpfCnpj)?.id)).toEqual(
      registered.map((_, i) => String(100_001 + i)),
    );
    expect(state.clonePersona('maria').id).toBe(String(100_001 + registered.length));
  });

  it('deletes a registration: its tokens and recovery links stop working at once', () => {
    const state = createStubState();
    const maria = state.clonePersona('maria');
    const token = state.issueToken(maria);
    const id = state.startRecovery(maria);
    const codigo = state.outbox.findLast((m) => m.canal === 'email')?.texto.match(/codigo=(\S+)/)?.[1] ?? '';
    state.deleteUser(maria);
    expect(state.findUser(maria.cpfCnpj)).toBeUndefined();
    expect(state.userForToken(token)).toBeUndefined();
    expect(state.finishRecovery(id, codigo, 'Nova@Senha1')).toBe(false);
  });
});
