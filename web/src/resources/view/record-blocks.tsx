/**
 * What follows a record on its view page: the feature's own blocks, the related sections (linked,
 * owned or paged records), its files (`files: true`) and its change history (docs/web.md).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FilePanel } from '../../components/file-panel.tsx';
import { HistoryPanel } from '../../components/history-panel.tsx';
import type { AppAbility } from '../../lib/ability.ts';
import { ChildrenSection } from '../related-children-section.tsx';
import { LinkedSection } from '../related-linked-section.tsx';
import { PagedSection } from '../related-paged-section.tsx';
import type { RelatedSection, ResourceDescription, ResourceRecord } from '../resource.types.ts';

/** A related section as its kind shows it. */
export function RelatedBlock({
  resource,
  section,
  parent,
}: {
  resource: ResourceDescription;
  section: RelatedSection;
  parent: ResourceRecord;
}) {
  if (section.kind === 'linked')
    return <LinkedSection resource={resource} section={section} parent={parent} />;
  if (section.kind === 'paged') return <PagedSection resource={resource} section={section} parent={parent} />;
  return <ChildrenSection resource={resource} section={section} parent={parent} />;
}

/** `own`: the feature's blocks; `sections`: the related sections shown here (those in no tab). */
export function RecordBlocks({
  resource,
  record,
  ability,
  own,
  sections,
}: {
  resource: ResourceDescription;
  record: ResourceRecord;
  ability: AppAbility;
  own: React.ReactNode;
  sections: RelatedSection[];
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const canChange = record.status !== 'D' && ability.can('update', resource.name);
  return (
    <>
      {own}
      {sections.map((section) => (
        <RelatedBlock key={section.key} resource={resource} section={section} parent={record} />
      ))}
      {resource.files && (
        <FilePanel
          title={t('common.files')}
          listUrl={`${resource.apiBase}/file/list/${record.id}`}
          uploadUrl={`${resource.apiBase}/file/upload`}
          uploadFields={{ id: String(record.id) }}
          downloadUrl={(file) => `${resource.apiBase}/file/download/${file.id}`}
          deleteUrl={(file) => `${resource.apiBase}/file/delete/${file.id}`}
          canUpload={canChange}
          canDelete={canChange}
          onChanged={() => client.invalidateQueries({ queryKey: ['resource', resource.name] })}
        />
      )}
      {resource.history !== false && (
        <HistoryPanel
          apiBase={resource.apiBase}
          id={record.id}
          resource={resource.name}
          description={resource}
        />
      )}
    </>
  );
}
