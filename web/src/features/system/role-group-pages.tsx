/**
 * The view pages of roles and groups: the generic page with, first among its sections, what the
 * role or group gives access to (access-section.tsx); the privileges, menus and roles follow as the
 * descriptions' linked sections.
 */
import '../../i18n/system-strings.ts';
import type { ResourceDescription } from '../../resources/resource.types.ts';
import { ResourceViewPage } from '../../resources/resource-view-page.tsx';
import { GroupAccessSection, RoleAccessSection } from './access-section.tsx';

export function RoleViewPage({ resource }: { resource: ResourceDescription }) {
  return <ResourceViewPage resource={resource} sections={(role) => <RoleAccessSection role={role} />} />;
}

export function GroupViewPage({ resource }: { resource: ResourceDescription }) {
  return <ResourceViewPage resource={resource} sections={(group) => <GroupAccessSection group={group} />} />;
}
