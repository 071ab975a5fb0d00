/**
 * A payment request's discussion (docs/adr/0067-recall-and-comments.md): the body of a comment, the
 * comment as the API answers it, and the `@user_name` mentions a comment's text holds — read the
 * same way by the server (who is mailed) and the screens.
 */
import { z } from 'zod';
import { requiredText } from './common.schema.ts';

/** The longest comment, in characters, once trimmed. */
export const PAYMENT_COMMENT_MAX = 2000;
/** The most distinct names one comment mentions; those after are left out. */
export const MAX_MENTIONS = 20;

/** POST payment-transaction/comments/{id}: the text, trimmed, not blank. */
export const paymentCommentInputSchema = z.object({ text: requiredText(PAYMENT_COMMENT_MAX) });
export type PaymentCommentInput = z.infer<typeof paymentCommentInputSchema>;

export const paymentCommentSchema = z.object({
  id: z.number(),
  payment_id: z.number(),
  user_id: z.number(),
  /** The author's sign-in name, as he signed in when he wrote it. */
  user_name: z.string(),
  /** His full name now (null when he has none). */
  user_full_name: z.string().nullable(),
  text: z.string(),
  created_at: z.string(),
});
export type PaymentComment = z.infer<typeof paymentCommentSchema>;

/** The answer of a POST: the comment, and the sign-in names of the users its mentions told. */
export const paymentCommentPostedSchema = paymentCommentSchema.extend({ mentioned: z.array(z.string()) });
export type PaymentCommentPosted = z.infer<typeof paymentCommentPostedSchema>;

/**
 * `@name` where the name is made of the characters a sign-in name may hold (USER_NAME_PATTERN of
 * entities/user.entity.ts) and the `@` does not follow one of them (`lan@hoaphat.vn` mentions
 * nobody). A sentence's full stop after the name is not part of it.
 */
const MENTION = /(?<![A-Za-z0-9._@-])@([A-Za-z0-9._@-]+)/g;

/** The distinct names a text mentions, lower-cased (sign-in names ignore case), in order, at most MAX_MENTIONS. */
export function mentionedNames(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(MENTION)) {
    const name = match[1]!.replace(/\.+$/, '').toLowerCase();
    if (name) names.add(name);
    if (names.size === MAX_MENTIONS) break;
  }
  return [...names];
}
