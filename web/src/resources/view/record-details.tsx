/**
 * The record's fields on its view page, a label beside each value (references by name, choices by
 * label, "—" when empty), then its audit columns: created and updated, when and by whom.
 */
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { currentLang, type Lang } from '../../i18n/i18n.ts';
import { displayValue, formatValue, optionLabel } from '../format-value.ts';
import { referenceOptionsQuery } from '../resource.queries.ts';
import {
  type FieldSpec,
  type ResourceDescription,
  type ResourceRecord,
  viewFieldsOf,
} from '../resource.types.ts';

type ViewField = ReturnType<typeof viewFieldsOf>[number];

export function RecordDetails({
  resource,
  record,
}: {
  resource: ResourceDescription;
  record: ResourceRecord;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const label = (name: string) => t(`resources.${resource.name}.fields.${name}`, { defaultValue: name });
  return (
    <>
      {viewFieldsOf(resource).map(({ name, kind }) => (
        <DetailRow
          key={label(name)}
          name={label(name)}
          value={fieldValue(resource, record, { name, kind }, lang, t)}
        />
      ))}
      <Divider sx={{ my: 2 }} />
      <DetailRow name={t('common.createdAt')} value={formatValue(record.created_at, 'date', lang)} />
      <DetailRow
        name={t('common.createdBy')}
        value={String(record.created_by_name ?? record.created_by ?? '')}
      />
      <DetailRow name={t('common.updatedAt')} value={formatValue(record.updated_at, 'date', lang)} />
      <DetailRow
        name={t('common.updatedBy')}
        value={String(record.updated_by_name ?? record.updated_by ?? '')}
      />
    </>
  );
}

/** A label beside its value (above it on phones). */
function DetailRow({ name, value }: { name: string; value: React.ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, gap: { sm: 2 }, py: 1 }}>
      <Typography color="text.secondary" variant="body2">
        {name}
      </Typography>
      <Typography component="div" sx={{ wordBreak: 'break-word', whiteSpace: 'pre-line' }}>
        {value || '—'}
      </Typography>
    </Box>
  );
}

/** A field's value: the name the record carries beside it, a reference named from its picker, or formatted. */
function fieldValue(
  resource: ResourceDescription,
  record: ResourceRecord,
  { name, kind }: ViewField,
  lang: Lang,
  t: TFunction,
): React.ReactNode {
  const spec = resource.form.fields.find((f) => f.name === name);
  if (spec?.display && record[spec.display]) return String(record[spec.display]);
  // a value its list column reads in words (a user's roles by name) reads so here too
  const column = resource.columns.find((c) => c.field === name);
  if (column?.text) return column.text(record, t, lang);
  if (spec?.kind === 'reference' && spec.options && record[name] != null)
    return <ReferenceName spec={spec} value={record[name]} />;
  if (spec?.kind === 'references' && spec.options)
    return Array.isArray(record[name]) && record[name].length ? (
      <ReferenceNames spec={spec} ids={record[name] as number[]} />
    ) : null;
  return displayValue(resource.name, name, record[name], kind, lang, t);
}

/** A reference the API sends as a bare id (or code), named from the picker's list. */
function ReferenceName({ spec, value }: { spec: FieldSpec; value: unknown }) {
  const lang = currentLang();
  const options = useQuery(referenceOptionsQuery(spec.options?.endpoint ?? ''));
  const key = spec.options?.valueField ?? 'id';
  const wanted = key === 'id' ? Number(value) : value;
  const found = options.data?.find((o) => o[key] === wanted) as ResourceRecord | undefined;
  if (!found) return <>{key === 'id' ? `#${String(value)}` : String(value)}</>;
  return <>{spec.options?.label ? spec.options.label(found, lang) : optionLabel(found)}</>;
}

/** Several references (a privilege's endpoints), one a line, named from the picker's list. */
function ReferenceNames({ spec, ids }: { spec: FieldSpec; ids: number[] }) {
  const lang = currentLang();
  const options = useQuery(referenceOptionsQuery(spec.options?.endpoint ?? ''));
  const byId = new Map((options.data ?? []).map((o) => [o.id, o]));
  const names = ids.map((id) => {
    const found = byId.get(id);
    if (!found) return `#${id}`;
    return spec.options?.label ? spec.options.label(found, lang) : optionLabel(found);
  });
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-field={spec.name}>
      {[...new Set(names)].sort().map((name) => (
        <li key={name}>{name}</li>
      ))}
    </Box>
  );
}
