/**
 * SPEC §2's screens that have no generic resource yet: they route to a clear "coming in a later
 * release" page rather than to not-found, so menu links never dead-end. A path here stops being used
 * as soon as the resource registry (or a feature route) serves it.
 */
const crud = (base: string) => [`${base}/list`, `${base}/create`, `${base}/update/:id`, `${base}/view/:id`];

export const plannedRoutes: string[] = [
  '/system/groups',
  ...['ability', 'role', 'privilege', 'menu', 'endpoint', 'group'].flatMap((name) => crud(`/system/${name}`)),
  '/admin/role/view/:id',
  '/admin/privilege/update/:id',
  '/admin/menu/view/:id',
  '/admin/group/create',
  '/admin/group/update/:id',
  '/admin/group/view/:id',
  '/system/history/login',
  ...crud('/admin/user'),
  '/admin/application/configure',
  ...['payment-method', 'application'].flatMap((name) => crud(`/admin/setting/${name}`)),
  '/admin/email/list',
  ...crud('/management/contract'),
  '/report/payment/construction',
  '/report/constructor/list',
  '/report/constructor/view/:id',
  '/report/construction/list',
  '/report/construction/view/:id',
  '/report/contract/list',
  '/report/contract/view/:id',
];

/** SPEC §2 redirects of section roots. */
export const sectionRedirects: Record<string, string> = {
  '/system': '/system/groups',
  '/admin': '/admin/user/list',
  '/management': '/management/company/list',
  '/report': '/report/payment/construction',
  '/admin/setting': '/admin/setting/bank/list',
};
