/**
 * A request's discussion (GET and POST payment-transaction/comments/{id}): the thread, oldest first
 * — who, when (DD/MM/YYYY HH:mm), what — and a box to add to it. `@user_name` mentions mail those
 * users who may see the request; once a comment is sent the section says whom it mailed (or that a
 * mention mailed nobody). Comments are never edited or deleted (docs/adr/0067-recall-and-comments.md).
 */
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  mentionedNames,
  PAYMENT_COMMENT_MAX,
  type PaymentComment,
} from '@sitepay/domain/payment-comment.schema';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '../../components/detail-section.tsx';
import { currentLang } from '../../i18n/i18n.ts';
import { formatMoment } from '../../resources/format-value.ts';
import { commentsQuery, usePostComment } from './payment.queries.ts';

/** Whom the last comment's mentions mailed, or that they mailed nobody. */
type Told = { names: string[] } | null;

export function PaymentDiscussion({ id }: { id: number }) {
  const { t } = useTranslation();
  const thread = useQuery(commentsQuery(id));
  const comments = thread.data ?? [];
  return (
    <Section title={t('payment.discussion.title')} testId="discussion">
      {thread.isPending && <Skeleton variant="rounded" height={56} />}
      {thread.isError && <Alert severity="error">{t('history.loadFailed')}</Alert>}
      {thread.isSuccess && comments.length === 0 && (
        <Typography color="text.secondary">{t('payment.discussion.empty')}</Typography>
      )}
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="comments">
        {comments.map((comment) => (
          <CommentItem key={comment.id} comment={comment} />
        ))}
      </Box>
      <CommentBox id={id} />
    </Section>
  );
}

function CommentItem({ comment }: { comment: PaymentComment }) {
  const lang = currentLang();
  return (
    <Box component="li" sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {comment.user_full_name ?? comment.user_name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          @{comment.user_name}
        </Typography>
        <Typography variant="body2" color="text.secondary" component="time" dateTime={comment.created_at}>
          {formatMoment(comment.created_at, lang)}
        </Typography>
      </Box>
      <Typography sx={{ mt: 0.5, whiteSpace: 'pre-line', wordBreak: 'break-word' }}>
        {comment.text}
      </Typography>
    </Box>
  );
}

function CommentBox({ id }: { id: number }) {
  const { t } = useTranslation();
  const post = usePostComment(id);
  const [text, setText] = useState('');
  const [told, setTold] = useState<Told>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = text.trim();
    if (!body || post.isPending) return;
    post.mutate(body, {
      onSuccess: (posted) => {
        setText('');
        setTold(mentionedNames(body).length ? { names: posted.mentioned } : null);
      },
    });
  };
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ mt: 2, display: 'grid', gap: 1 }}>
      <TextField
        label={t('payment.discussion.label')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        helperText={t('payment.discussion.hint')}
        multiline
        minRows={2}
        fullWidth
        slotProps={{ htmlInput: { maxLength: PAYMENT_COMMENT_MAX, 'data-testid': 'comment-text' } }}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {told && (
          <Alert
            severity={told.names.length ? 'success' : 'info'}
            sx={{ flex: '1 1 240px' }}
            data-testid="comment-notified"
          >
            {told.names.length
              ? t('payment.discussion.notified', { names: told.names.map((n) => `@${n}`).join(', ') })
              : t('payment.discussion.notifiedNone')}
          </Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          startIcon={<SendIcon />}
          disabled={!text.trim() || post.isPending}
          sx={{ ml: 'auto' }}
        >
          {t('payment.discussion.send')}
        </Button>
      </Box>
    </Box>
  );
}
