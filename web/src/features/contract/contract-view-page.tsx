/**
 * A contract's page (/management/contract/view/:id): its parties and amounts, its payment summary
 * (requested, approved, paid and what remains under the payable ceiling) with whether it can take a
 * payment request now and its payment requests, its annexes edited in place, its bank guarantees
 * (a related section of its description), its files and its change history.
 */

import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Contract } from '@sitepay/domain/contract.schema';
import { formatAmount } from '@sitepay/domain/number-format';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useAbility } from '../../app/use-ability.ts';
import { amountWords } from '../../components/amount-words.ts';
import { Row, Section } from '../../components/detail-section.tsx';
import { FilePanel } from '../../components/file-panel.tsx';
import { HistoryPanel } from '../../components/history-panel.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { StatusChip } from '../../components/status-chip.tsx';
import { currentLang } from '../../i18n/i18n.ts';
import { formatValue } from '../../resources/format-value.ts';
import { resourceRecordQuery } from '../../resources/resource.queries.ts';
import type { ResourceDescription } from '../../resources/resource.types.ts';
import { RelatedBlock } from '../../resources/view/record-blocks.tsx';
import { ContractAnnexes } from './contract-annexes.tsx';
import { ContractPayments } from './contract-payments.tsx';

/** "10.00" → "10", "5.50" → "5.5": a rate as people write it. */
const percent = (value: string) =>
  value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;

export function ContractViewPage({ resource }: { resource: ResourceDescription }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const ability = useAbility();
  const client = useQueryClient();
  const record = useQuery(resourceRecordQuery(resource, id));
  if (record.isPending) return <Skeleton variant="rounded" height={480} />;
  if (!record.data) return <Alert severity="error">{t('errors.causes.notFound')}</Alert>;
  const contract = record.data as unknown as Contract;
  const live = contract.status !== 'D';
  const canEdit = live && ability.can('update', resource.name);
  const canAttach = live && (ability.can('update', resource.name) || ability.can('create', resource.name));
  const files = `upload/contracts/${contract.id}`;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <Box sx={{ mr: 'auto', minWidth: 0 }}>
            <PageHeading documentTitle={contract.contract_no} sx={{ wordBreak: 'break-word' }}>
              {t('resources.contract.name')} {contract.contract_no}
            </PageHeading>
            <Typography color="text.secondary" sx={{ wordBreak: 'break-word' }}>
              {[contract.construction_code, contract.construction_name].filter(Boolean).join(' – ')}
            </Typography>
          </Box>
          <StatusChip status={contract.status} />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              component={RouterLink}
              to={`${resource.routeBase}/list`}
              startIcon={<ArrowBackIcon />}
              color="inherit"
            >
              {t('common.back')}
            </Button>
            {canEdit && (
              <Button
                component={RouterLink}
                to={`${resource.routeBase}/update/${contract.id}`}
                variant="contained"
                startIcon={<EditOutlinedIcon />}
              >
                {t('common.edit')}
              </Button>
            )}
          </Box>
        </Box>
      </Paper>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <ContractDetails contract={contract} />
        <ContractAmounts contract={contract} />
      </Box>
      <ContractPayments contractId={contract.id} constructionId={contract.construction_id} />
      <ContractAnnexes contractId={contract.id} canEdit={canEdit} />
      {resource.related?.map((section) => (
        <RelatedBlock key={section.key} resource={resource} section={section} parent={record.data} />
      ))}
      <FilePanel
        title={t('contract.view.files')}
        listUrl={files}
        uploadUrl={files}
        downloadUrl={(file) => `download/contracts/${contract.id}/${file.id}`}
        deleteUrl={(file) => `upload/contracts/${contract.id}/${file.id}`}
        canUpload={canAttach}
        canDelete={canAttach}
        onChanged={() => client.invalidateQueries({ queryKey: ['resource', resource.name] })}
      />
      <HistoryPanel
        apiBase={resource.apiBase}
        id={contract.id}
        resource={resource.name}
        description={resource}
      />
    </Box>
  );
}

function ContractDetails({ contract }: { contract: Contract }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const f = (name: string) => t(`resources.contract.fields.${name}`);
  const code = (c?: string | null, n?: string | null) => [c, n].filter(Boolean).join(' – ');
  return (
    <Section title={t('contract.view.details')}>
      <Row label={f('contract_no')} value={contract.contract_no} />
      <Row label={f('contract_type_id')} value={contract.contract_type_name} />
      <Row
        label={f('construction_id')}
        value={code(contract.construction_code, contract.construction_name)}
      />
      <Row label={f('constructor_id')} value={code(contract.constructor_code, contract.constructor_name)} />
      <Row label={f('beneficiary_id')} value={contract.beneficiary_name} />
      <Row label={f('signed_date')} value={formatValue(contract.signed_date, 'date', lang)} />
      <Row label={f('note')} value={contract.note} />
      <Divider sx={{ my: 1 }} />
      <Row
        label={t('common.createdBy')}
        value={`${contract.created_by_name ?? contract.created_by ?? ''} · ${formatValue(contract.created_at, 'date', lang)}`}
      />
      <Row
        label={t('common.updatedBy')}
        value={`${contract.updated_by ?? ''} · ${formatValue(contract.updated_at, 'date', lang)}`}
      />
    </Section>
  );
}

function ContractAmounts({ contract }: { contract: Contract }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const f = (name: string) => t(`resources.contract.fields.${name}`);
  const money = (value: string | null | undefined) => (value == null ? '' : formatAmount(value));
  const value = contract.contract_value ?? contract.amount_vat;
  // a percentage retention follows the value (annexes, settlement): shown with what it is taken from
  const effective = contract.retention_effective ?? contract.retention_amount;
  const retention = effective == null ? '' : money(effective);
  const retentionBasis =
    contract.retention_percent != null && contract.retention_base != null
      ? t(
          contract.settlement_amount != null
            ? 'contract.view.retentionOfSettlement'
            : 'contract.view.retentionOfValue',
          {
            percent: percent(contract.retention_percent),
            base: money(contract.retention_base),
          },
        )
      : null;
  return (
    <Section title={t('contract.view.amounts')}>
      <Row numeric label={f('amount_before_vat')} value={money(contract.amount_before_vat)} />
      <Row
        numeric
        label={`${f('vat_amount')} (${percent(contract.vat_rate)}%)`}
        value={money(contract.vat_amount)}
      />
      <Row numeric label={f('amount_vat')} value={money(contract.amount_vat)} testId="view-amount-vat" />
      <Row
        numeric
        label={f('annex_amount')}
        value={money(contract.annex_amount ?? '0')}
        testId="view-annexes"
      />
      <Row numeric strong label={f('contract_value')} value={money(value)} testId="view-contract-value" />
      <Typography
        variant="body2"
        sx={{ fontStyle: 'italic', textAlign: 'right', mb: 0.5 }}
        data-testid="view-contract-words"
      >
        {amountWords(value)}
      </Typography>
      <Divider sx={{ my: 1 }} />
      <Row numeric label={f('settlement_amount')} value={money(contract.settlement_amount)} />
      <Row numeric label={f('retention_amount')} value={retention} testId="view-retention" />
      {retentionBasis && (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', textAlign: 'right', mt: -0.5, mb: 0.5 }}
          data-testid="view-retention-basis"
        >
          {retentionBasis}
        </Typography>
      )}
      <Row
        numeric
        label={f('retention_release_date')}
        value={formatValue(contract.retention_release_date, 'date', lang)}
      />
      <Row numeric label={f('penalty_amount')} value={money(contract.penalty_amount)} />
    </Section>
  );
}
