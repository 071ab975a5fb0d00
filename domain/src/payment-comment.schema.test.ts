import { describe, expect, it } from 'vitest';
import { USER_NAME_PATTERN } from './entities/user.entity.ts';
import {
  MAX_MENTIONS,
  mentionedNames,
  PAYMENT_COMMENT_MAX,
  paymentCommentInputSchema,
} from './payment-comment.schema.ts';

describe('a comment’s mentions', () => {
  it('finds each @name once, ignoring case, in the order written', () => {
    expect(mentionedNames('@giamdoc xem giúp, cc @KeToan và @giamdoc')).toEqual(['giamdoc', 'ketoan']);
  });

  it('reads every character a sign-in name may hold, and drops a full stop after the name', () => {
    const name = 'nguyen.van-a_01';
    expect(USER_NAME_PATTERN.test(name)).toBe(true);
    expect(mentionedNames(`Nhờ @${name}.`)).toEqual([name]);
    expect(mentionedNames(`(@${name}), @${name}:`)).toEqual([name]);
  });

  it('an e-mail address or a lone @ mentions nobody', () => {
    expect(mentionedNames('gửi lan@hoaphat-xd.vn giúp')).toEqual([]);
    expect(mentionedNames('@ và @. thôi')).toEqual([]);
  });

  it(`stops at ${MAX_MENTIONS} names`, () => {
    const text = Array.from({ length: MAX_MENTIONS + 5 }, (_, i) => `@u${i}`).join(' ');
    expect(mentionedNames(text)).toHaveLength(MAX_MENTIONS);
    expect(mentionedNames(text).at(-1)).toBe(`u${MAX_MENTIONS - 1}`);
  });
});

describe('a comment’s body', () => {
  it('is trimmed, not blank, and at most the longest comment', () => {
    expect(paymentCommentInputSchema.parse({ text: '  Đã đối chiếu  ' })).toEqual({ text: 'Đã đối chiếu' });
    expect(paymentCommentInputSchema.safeParse({ text: '   ' }).success).toBe(false);
    expect(paymentCommentInputSchema.safeParse({ text: 'x'.repeat(PAYMENT_COMMENT_MAX) }).success).toBe(true);
    expect(paymentCommentInputSchema.safeParse({ text: 'x'.repeat(PAYMENT_COMMENT_MAX + 1) }).success).toBe(
      false,
    );
  });
});
