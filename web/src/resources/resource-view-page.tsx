/**
 * The generic view page: a record's fields (references by name, choices by label), status and flag
 * chips, audit columns, edit and the description's own actions, then its related sections (linked,
 * owned or paged records) and its change history — in tabs when the sections name them. Its parts
 * are in `view/` (docs/web.md).
 */
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAbility } from '../app/use-ability.ts';
import { type PendingAction, RecordActionDialog } from './record-actions.tsx';
import { resourceRecordQuery, type StatusAction, useStatusAction } from './resource.queries.ts';
import type { ResourceDescription, ResourceRecord } from './resource.types.ts';
import { RecordBlocks, RelatedBlock } from './view/record-blocks.tsx';
import { RecordDetails } from './view/record-details.tsx';
import { StatusButtons, StatusConfirmDialog, statusOffer } from './view/status-actions.tsx';
import { INFO_TAB, useViewTabs } from './view/use-view-tabs.ts';
import { ViewButtons, ViewHeading } from './view/view-header.tsx';
import { PlainView, TabbedView } from './view/view-layout.tsx';
import { ViewTabs } from './view/view-tabs.tsx';

/**
 * `actions`: a feature's own buttons beside edit (a user's password reset), given the record; not
 * on a deleted record. `sections`: a feature's own blocks, given the record, before the related
 * sections (what a role gives access to).
 */
export function ResourceViewPage({
  resource,
  actions: extraActions,
  sections: ownSections,
}: {
  resource: ResourceDescription;
  actions?: (record: ResourceRecord) => React.ReactNode;
  sections?: (record: ResourceRecord) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const ability = useAbility();
  const record = useQuery(resourceRecordQuery(resource, id));
  const { sections, tabs, tab, pickTab } = useViewTabs(resource, ability);
  const [pending, setPending] = useState<PendingAction>(null);
  const [statusPending, setStatusPending] = useState<StatusAction | null>(null);
  const statusAction = useStatusAction(resource);
  if (record.isPending) return <Skeleton variant="rounded" height={320} />;
  if (!record.data) return <Alert severity="error">{t('errors.causes.notFound')}</Alert>;
  const data = record.data;
  const offer = statusOffer(resource, data, ability);
  // activation and deletion: with the other buttons, or at the foot of the record's tab
  const statusButtons = <StatusButtons offer={offer} status={data.status} onPick={setStatusPending} />;
  const parts = {
    heading: <ViewHeading resource={resource} record={data} />,
    details: <RecordDetails resource={resource} record={data} />,
    buttons: (
      <ViewButtons
        resource={resource}
        record={data}
        ability={ability}
        tabbed={tabs.length > 0}
        extra={data.status !== 'D' && extraActions?.(data)}
        statusButtons={!tabs.length && statusButtons}
        onAction={(action) => setPending({ action, record: data })}
      />
    ),
    blocks: (
      <RecordBlocks
        resource={resource}
        record={data}
        ability={ability}
        own={ownSections?.(data)}
        sections={sections.filter((s) => !s.tab)}
      />
    ),
    dialogs: (
      <>
        <RecordActionDialog resource={resource} pending={pending} onClose={() => setPending(null)} />
        <StatusConfirmDialog
          resource={resource}
          record={data}
          pending={statusPending}
          statusAction={statusAction}
          onClose={() => setStatusPending(null)}
        />
      </>
    ),
  };
  if (!tabs.length) return <PlainView {...parts} />;
  return (
    <TabbedView
      {...parts}
      tabBar={<ViewTabs resource={resource} record={data} tabs={tabs} tab={tab} onPick={pickTab} />}
      onInfo={tab === INFO_TAB}
      statusFoot={(offer.status || offer.delete) && statusButtons}
      tabContent={sections
        .filter((s) => s.tab === tab)
        .map((section) => (
          <RelatedBlock key={section.key} resource={resource} section={section} parent={data} />
        ))}
    />
  );
}
