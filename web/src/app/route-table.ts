/**
 * The screens of docs/product.md#screens-and-routes that have no generic resource yet: they route to a clear
 * "coming in a later release" page rather than to not-found, so menu links never dead-end. A path here stops
 * being used as soon as the resource registry (or a feature route) serves it.
 */
const crud = (base: string) => [`${base}/list`, `${base}/create`, `${base}/update/:id`, `${base}/view/:id`];

export const plannedRoutes: string[] = [...crud('/management/contract')];

/**
 * The specification spells some system screens under /admin (docs/product.md#screens-and-routes): each opens
 * the /system screen of the same record (`:id` carried over), where the drawer and breadcrumbs know it.
 */
export const routeAliases: Record<string, string> = {
  '/admin/role/view/:id': '/system/role/view/:id',
  '/admin/privilege/update/:id': '/system/privilege/update/:id',
  '/admin/menu/view/:id': '/system/menu/view/:id',
  '/admin/group/create': '/system/group/create',
  '/admin/group/update/:id': '/system/group/update/:id',
  '/admin/group/view/:id': '/system/group/view/:id',
};

/** Redirects of section roots (docs/product.md#screens-and-routes). */
export const sectionRedirects: Record<string, string> = {
  '/system': '/system/groups',
  // the system area's landing: its groups
  '/system/groups': '/system/group/list',
  '/admin': '/admin/user/list',
  '/management': '/management/company/list',
  '/report': '/report/payment/construction',
  // the receivables area opens on its statistics dashboard
  '/manage': '/manage/statistics',
  '/admin/setting': '/admin/setting/bank/list',
};
