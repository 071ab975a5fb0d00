/**
 * E-mail configuration (/admin/email/list): two tabs — the SMTP configurations (the generic list:
 * one active at a time) and the mail outbox (the generic list of `admin/mail/paging`, read only).
 * The open tab is in the URL (`?tab=outbox`); each tab keeps its own list state there. The view page
 * is the generic one plus "send a test mail", which shows what the server answered.
 */
import '../../i18n/system-strings.ts';
import OutboxIcon from '@mui/icons-material/Outbox';
import SendIcon from '@mui/icons-material/Send';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { optionalEmail } from '@sitepay/domain/common.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAbility } from '../../app/use-ability.ts';
import { ApiError, errorMessage, fieldMessage } from '../../lib/error-catalogue.ts';
import type { ResourceDescription, ResourceRecord } from '../../resources/resource.types.ts';
import { ResourceListPage } from '../../resources/resource-list-page.tsx';
import { ResourceViewPage } from '../../resources/resource-view-page.tsx';
import { useTestMail } from './system.queries.ts';

type TabKey = 'config' | 'outbox';

export function EmailListPage({
  resource,
  outbox,
}: {
  resource: ResourceDescription;
  outbox: ResourceDescription;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: TabKey = params.get('tab') === 'outbox' ? 'outbox' : 'config';
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Tabs
        value={tab}
        // a tab's list starts afresh: the other's page, search and sort do not apply
        onChange={(_, value: TabKey) => setParams(value === 'outbox' ? { tab: 'outbox' } : {})}
        aria-label={t('system.email.tabs')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ minHeight: 44, '& .MuiTab-root': { minHeight: 44, py: 1 } }}
      >
        <Tab value="config" label={t('system.email.config')} icon={<SettingsIcon />} iconPosition="start" />
        <Tab value="outbox" label={t('system.email.outbox')} icon={<OutboxIcon />} iconPosition="start" />
      </Tabs>
      {tab === 'config' ? (
        <ResourceListPage key="config" resource={resource} />
      ) : (
        <ResourceListPage key="outbox" resource={outbox} />
      )}
    </Box>
  );
}

export function EmailViewPage({ resource }: { resource: ResourceDescription }) {
  return <ResourceViewPage resource={resource} actions={(record) => <TestMailButton config={record} />} />;
}

function TestMailButton({ config }: { config: ResourceRecord }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const [open, setOpen] = useState(false);
  if (config.status === 'D' || !ability.can('update', 'email')) return null;
  return (
    <>
      <Button variant="outlined" startIcon={<SendIcon />} onClick={() => setOpen(true)}>
        {t('system.email.test')}
      </Button>
      {open && <TestMailDialog config={config} onClose={() => setOpen(false)} />}
    </>
  );
}

const toSchema = optionalEmail();

function TestMailDialog({ config, onClose }: { config: ResourceRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const send = useTestMail(config.id);
  const [to, setTo] = useState('');
  const invalid = !toSchema.safeParse(to.trim()).success;
  const toLabel = t('system.email.to');
  // the server's word on the address (none given and the user has no e-mail: required) lands on it
  const refused = send.error instanceof ApiError ? send.error : null;
  const toError = refused?.errors.find((e) => e.field === 'to');
  const failure = !refused ? null : toError ? null : errorMessage(refused, t);
  return (
    <Dialog
      open
      onClose={send.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="test-mail-title"
    >
      <DialogTitle id="test-mail-title">{t('system.email.test')}</DialogTitle>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!invalid) send.mutate(to.trim());
        }}
      >
        <DialogContent sx={{ pt: 0 }}>
          <DialogContentText sx={{ mb: 2 }}>
            {t('system.email.testHint', { host: String(config.host), from: String(config.from) })}
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            type="email"
            name="to"
            label={toLabel}
            value={to}
            onChange={(e) => {
              setTo(e.target.value);
              if (send.error) send.reset();
            }}
            error={(to !== '' && invalid) || Boolean(toError)}
            helperText={
              to !== '' && invalid
                ? t('validation.invalid_email', { field: toLabel })
                : toError
                  ? fieldMessage(t, toLabel, toError.message)
                  : t('system.email.toHint')
            }
          />
          {send.data && (
            <Alert
              severity={send.data.ok ? 'success' : 'error'}
              sx={{ mt: 2, wordBreak: 'break-word' }}
              data-testid="test-mail-answer"
            >
              {send.data.ok ? t('system.email.testSent') : t('system.email.testFailed')}
              {send.data.message ? ` — ${send.data.message}` : ''}
            </Alert>
          )}
          {failure && (
            <Alert severity="error" sx={{ mt: 2, wordBreak: 'break-word' }} data-testid="test-mail-answer">
              {t('system.email.testFailed')} — {failure}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={send.isPending}>
            {t('common.close')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={send.isPending || invalid}
            startIcon={send.isPending ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
          >
            {t('system.email.send')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
