/**
 * A request's e-invoices read from XML and their checks (docs/adr/0092-einvoice-xml-checks.md), on
 * the request's page — which is also where an approver decides it: the "import XML" upload (.xml
 * files or a .zip of them, while the request can be edited), each XML invoice with its six checks
 * (pass / warn / block, in the page's language), and for an administrator the waiver of a blocking
 * check with a reason. The server judges; this only shows what it answered.
 */
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { EInvoiceCheck } from '@sitepay/domain/einvoice';
import { formatAmount } from '@sitepay/domain/number-format';
import type { Payment } from '@sitepay/domain/payment.schema';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../app/use-ability.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Section } from '../../components/detail-section.tsx';
import { currentLang } from '../../i18n/i18n.ts';
import { api } from '../../lib/api-client.ts';
import { relatedListQuery } from '../../resources/resource.queries.ts';
import { invalidatePayments } from './payment.queries.ts';

type XmlInvoice = {
  id: number;
  version: number;
  form: string;
  symbol: string;
  number: string;
  total: string;
  source?: string | null;
  einvoice?: { seller?: { name?: string } } | null;
  checks?: EInvoiceCheck[] | null;
};

const COLORS = { pass: 'success', warn: 'warning', block: 'error' } as const;

export function PaymentEInvoiceChecks({ payment, canImport }: { payment: Payment; canImport: boolean }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const ability = useAbility();
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [waiving, setWaiving] = useState<{ invoice: XmlInvoice; check: EInvoiceCheck } | null>(null);
  const [reason, setReason] = useState('');
  const listQuery = relatedListQuery('payment', 'invoices', `payment-invoice/list/${payment.id}`);
  const list = useQuery(listQuery);
  const xml = ((list.data ?? []) as unknown as XmlInvoice[]).filter((x) => x.source === 'xml');
  const isAdmin = ability.can('manage', 'all');
  if (!canImport && xml.length === 0) return null;

  const refresh = async () => {
    await client.invalidateQueries({ queryKey: listQuery.queryKey });
    await invalidatePayments(client);
  };

  const upload = async (files: FileList | null) => {
    if (!files?.length) return;
    const body = new FormData();
    for (const file of Array.from(files)) body.append('file', file, file.name);
    setBusy(true);
    try {
      await api.post(`payment-invoice/import-xml/${payment.id}`, body, {
        action: t('payment.einvoice.import'),
      });
      await refresh();
    } catch {
      // the API client tells the refusal (the reason names the file)
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const waive = async () => {
    if (!waiving) return;
    setBusy(true);
    try {
      await api.patch(
        `payment-invoice/waive/${waiving.invoice.id}`,
        { check: waiving.check.code, reason: reason.trim(), version: waiving.invoice.version },
        { action: t('payment.einvoice.waive') },
      );
      setWaiving(null);
      setReason('');
      await refresh();
    } catch {
      // told by the API client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title={t('payment.einvoice.title')} testId="einvoice-checks">
      {canImport && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1.5 }}>
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            disabled={busy}
            onClick={() => input.current?.click()}
            data-testid="einvoice-import"
          >
            {t('payment.einvoice.import')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {t('payment.einvoice.importHint')}
          </Typography>
          <input
            ref={input}
            type="file"
            accept=".xml,.zip"
            multiple
            hidden
            aria-label={t('payment.einvoice.import')}
            data-testid="einvoice-file"
            onChange={(e) => void upload(e.target.files)}
          />
        </Box>
      )}
      {xml.length === 0 && <Typography color="text.secondary">{t('payment.einvoice.none')}</Typography>}
      {xml.map((x) => (
        <Box key={x.id} sx={{ py: 1 }} data-testid="einvoice" data-number={x.number}>
          <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
            {[`${x.form} · ${x.symbol} · ${x.number}`, x.einvoice?.seller?.name, formatAmount(x.total)]
              .filter(Boolean)
              .join(' — ')}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {(x.checks ?? []).map((check) => (
              <Box
                component="li"
                key={check.code}
                data-testid="einvoice-check"
                data-check={check.code}
                data-result={check.waived ? 'waived' : check.result}
                sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', py: 0.5, flexWrap: 'wrap' }}
              >
                <Chip
                  size="small"
                  color={check.waived ? 'default' : COLORS[check.result]}
                  variant={check.result === 'pass' ? 'outlined' : 'filled'}
                  label={
                    check.waived ? t('payment.einvoice.waived') : t(`payment.einvoice.result.${check.result}`)
                  }
                  sx={{ minWidth: 72 }}
                />
                <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
                  <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
                    {lang === 'en' ? check.en : check.vi}
                  </Typography>
                  {check.waived && (
                    <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                      {t('payment.einvoice.waivedBy', { by: check.waived.by, reason: check.waived.reason })}
                    </Typography>
                  )}
                </Box>
                {isAdmin && canImport && check.result === 'block' && !check.waived && (
                  <Button
                    size="small"
                    color="warning"
                    onClick={() => setWaiving({ invoice: x, check })}
                    data-testid="einvoice-waive"
                  >
                    {t('payment.einvoice.waive')}
                  </Button>
                )}
              </Box>
            ))}
          </Box>
        </Box>
      ))}
      {xml.some((x) => (x.checks ?? []).some((c) => c.result === 'block' && !c.waived)) && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="einvoice-blocked">
          {t('payment.einvoice.blocked')}
        </Alert>
      )}
      <ConfirmDialog
        open={waiving !== null}
        title={t('payment.einvoice.waiveTitle')}
        message={waiving ? (lang === 'en' ? waiving.check.en : waiving.check.vi) : ''}
        confirmLabel={t('payment.einvoice.waive')}
        color="warning"
        busy={busy}
        confirmDisabled={!reason.trim()}
        onConfirm={() => void waive()}
        onClose={() => {
          setWaiving(null);
          setReason('');
        }}
      >
        <TextField
          label={t('payment.einvoice.waiveReason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          fullWidth
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'einvoice-waive-reason' } }}
          sx={{ mt: 2 }}
        />
      </ConfirmDialog>
    </Section>
  );
}
