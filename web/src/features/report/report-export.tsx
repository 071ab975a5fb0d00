/**
 * A report's Excel copy: the report's own call (`GET /api/report/<path>`) with the page's filters,
 * plus `format=xlsx` and the language of the sheet, through the shared export button (progress,
 * Cancel, refusals in the user's words). Offered once the page knows its construction.
 */

import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../components/export-button.tsx';
import { currentLang } from '../../i18n/i18n.ts';
import type { ReportApiQuery } from './report.queries.ts';

export function ReportExportButton({
  path,
  query,
  title,
}: {
  /** The report's path under /api/report (`payment`, `constructor`, `contract/count`…). */
  path: string;
  query: ReportApiQuery;
  /** The page's title, naming what failed in a notice. */
  title: string;
}) {
  const { t } = useTranslation();
  return (
    <ExportButton
      path={`report/${path}`}
      query={{ ...query, format: 'xlsx', lang: currentLang() }}
      fallbackName={`report-${path.replace(/\//g, '-')}.xlsx`}
      action={t('export.doing', { resource: title })}
      testId="report-export"
    />
  );
}
