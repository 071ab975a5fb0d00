/**
 * Everyone's sign-ins and sign-outs (/system/history/login, API GET /admin/history/login/paging):
 * when, who, what (login, logout, an administrator's unlock), the result as a chip (success,
 * fail, locked), from which address and browser. Read only, searched by the server. The columns
 * are shared with a user's own access history tab (user.resource.ts).
 */
import '../i18n/admin-strings.ts';
import type { ColumnSpec, ResourceDescription } from './resource.types.ts';

/** When, what, result, address and browser: the user's tab shows these; this list adds who. */
export const accessColumns: ColumnSpec[] = [
  // a moment reads as the reader's local DD/MM/YYYY HH:mm (formatValue)
  { field: 'at', width: 135, sortable: false },
  { field: 'type', kind: 'choice', width: 120, sortable: false, hideBelow: 'sm' },
  {
    field: 'result',
    kind: 'state',
    width: 110,
    sortable: false,
    // the server writes a refused sign-in `fail` (docs/product.md#record-states)
    colors: { success: 'success', fail: 'error', locked: 'warning' },
  },
  { field: 'address', width: 140, sortable: false, hideBelow: 'md' },
  { field: 'user_agent', flex: 1, minWidth: 200, sortable: false, hideBelow: 'md' },
];

export const resource: ResourceDescription = {
  name: 'history-login',
  apiBase: 'admin/history/login',
  endpoints: { paging: 'admin/history/login/paging' },
  routeBase: '/system/history/login',
  titleField: 'id',
  list: { statuses: [], hideOnPhones: ['rowNumber'] },
  columns: [
    accessColumns[0]!,
    // a phone keeps when, who and the result side by side
    {
      field: 'user_name',
      flex: 1,
      minWidth: 80,
      sortable: false,
      link: (r) => (r.user_id ? `/admin/user/view/${String(r.user_id)}?tab=history` : null),
    },
    ...accessColumns.slice(1),
  ],
  actions: { view: false, update: false, status: false, delete: false, create: false },
  form: { fields: [] },
};
