/**
 * A company's approval flow (/admin/approval-flow, API /admin/approval-flow;
 * docs/adr/0084-approval-steps.md): its company, its name and its steps in order. The API lists
 * every flow at once (`list/all`, one per company), so the list is a table of its own; the form edits
 * the steps in place with a preview of whom a request goes through (features/approval-flow/); the
 * view page is the generic one with the steps under the record.
 */
import '../i18n/admin-strings.ts';
import type { ResourceDescription } from './resource.types.ts';

const pages = () => import('../features/approval-flow/approval-flow-pages.tsx');

export const resource: ResourceDescription = {
  // the menu's name, which the permissions use
  name: 'approval-flow',
  apiBase: 'admin/approval-flow',
  routeBase: '/admin/approval-flow',
  titleField: 'name',
  // a flow is changed or deleted, never deactivated; the API keeps no history of it
  actions: { status: false },
  history: false,
  viewActions: ['delete'],
  columns: [
    { field: 'company_name', link: (r) => `/admin/approval-flow/view/${r.id}` },
    { field: 'name' },
    { field: 'steps', text: (r, t) => stepNames(r.steps, t) },
  ],
  form: {
    schemas: () =>
      import('@sitepay/domain/approval-flow.schema').then((m) => ({
        create: m.approvalFlowInputSchema,
        update: m.approvalFlowUpdateSchema,
      })),
    fields: [
      {
        name: 'company_id',
        kind: 'reference',
        options: { endpoint: 'admin/company/list/all' },
        display: 'company_name',
      },
      { name: 'name' },
    ],
  },
  viewFields: ['company_id', 'name'],
  pages: {
    list: () => pages().then((m) => m.ApprovalFlowListPage),
    create: () => pages().then((m) => m.ApprovalFlowFormPage),
    update: () => pages().then((m) => m.ApprovalFlowFormPage),
    view: () => pages().then((m) => m.ApprovalFlowViewPage),
  },
};

/** A flow's steps in a list cell: their names in order ("Kế toán trưởng → Giám đốc"). */
function stepNames(steps: unknown, t: (key: string) => string): string {
  if (!Array.isArray(steps)) return '';
  return steps.map((s: { name?: string }) => s.name ?? '').join(t('approvalFlow.arrow'));
}
