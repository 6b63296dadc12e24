import { describe, expect, it } from 'vitest';
import { createLostAgreementReplies } from './lost-agreement-replies';

describe('lost agreement replies', () => {
  it("loses one document's next reply, once, and no one else's", () => {
    const lost = createLostAgreementReplies();
    lost.loseNextAgreementReply('52998224725');
    expect(lost.takeLostAgreementReply('11144477735')).toBe(false);
    expect(lost.takeLostAgreementReply('52998224725')).toBe(true);
    expect(lost.takeLostAgreementReply('52998224725')).toBe(false);
  });
});
