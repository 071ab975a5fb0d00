/** API endpoints: method and path, opened to the holders of the menus and privileges that name them. */
import { defineEntity } from '../entity.ts';

export const endpointTypes = [
  { id: 1, code: 'api', name: 'API' },
  { id: 2, code: 'file', name: 'File' },
  { id: 3, code: 'report', name: 'Report' },
] as const;
export const endpointMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const endpoint = defineEntity({
  name: 'endpoint',
  api: 'admin/endpoint',
  route: '/system/endpoint',
  menu: { parent: 'system', icon: 'api', title: { vi: 'Điểm truy cập API', en: 'Endpoints' } },
  one: { vi: 'Điểm truy cập API', en: 'Endpoint' },
  many: { vi: 'Điểm truy cập API', en: 'Endpoints' },
  title: 'path',
  defaultSort: { by: 'path', desc: false },
  paths: { paging: 'list/paging' },
  fields: {
    method: {
      type: 'choice',
      choices: endpointMethods,
      required: true,
      label: { vi: 'Phương thức', en: 'Method' },
      search: true,
      sort: true,
    },
    path: {
      type: 'text',
      max: 255,
      required: true,
      format: { pattern: /^\/api\/[A-Za-z0-9_\-/{}.]*$/, error: 'invalid_endpoint_path' },
      label: { vi: 'Đường dẫn', en: 'Path' },
      column: { vi: 'Phương thức và đường dẫn', en: 'Method and path' },
      placeholder: { vi: '/api/admin/role/get/{id}', en: '/api/admin/role/get/{id}' },
      list: { flex: 3, minWidth: 180 },
      search: true,
      sort: true,
    },
    endpoint_type: {
      type: 'choice',
      choices: endpointTypes.map((t) => t.code),
      required: true,
      label: { vi: 'Loại', en: 'Type' },
      list: { width: 100, hideBelow: 'md' },
      sort: true,
    },
    description: {
      type: 'textarea',
      max: 2000,
      label: { vi: 'Mô tả', en: 'Description' },
      list: { flex: 2, minWidth: 140, hideBelow: 'lg' },
      search: true,
      wide: true,
    },
  },
});
