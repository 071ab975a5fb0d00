/** The view page's tab bar: the record's own tab, then those its related sections name. */
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import type { ResourceDescription, ResourceRecord } from '../resource.types.ts';
import { INFO_TAB } from './use-view-tabs.ts';

export function ViewTabs({
  resource,
  record,
  tabs,
  tab,
  onPick,
}: {
  resource: ResourceDescription;
  record: ResourceRecord;
  tabs: string[];
  tab: string;
  onPick: (tab: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Tabs
      value={tab}
      onChange={(_, next: string) => onPick(next)}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={String(record[resource.titleField] ?? '')}
    >
      {[INFO_TAB, ...tabs].map((key) => (
        <Tab key={key} value={key} label={t(`resources.${resource.name}.tabs.${key}`)} />
      ))}
    </Tabs>
  );
}
