/**
 * Applications (docs/product.md#applications): programs that call the API on their own behalf. A
 * special record — its secret and API keys are answered once, by create and by rotate, and its URL is
 * checked as a web address — so its fields are described here and its rules stay in
 * `admin.schema.ts` and the system module.
 */
import { defineEntity } from '../entity.ts';

export const applicationEnvironments = ['development', 'staging', 'production'] as const;

export const application = defineEntity({
  name: 'application',
  api: 'admin/application',
  route: '/admin/setting/application',
  one: { vi: 'Ứng dụng', en: 'Application' },
  many: { vi: 'Ứng dụng', en: 'Applications' },
  title: 'name',
  defaultSort: { by: 'code', desc: false },
  paths: { paging: 'list/paging', deactivate: 'deactive/:id' },
  fields: {
    code: {
      type: 'text',
      max: 50,
      required: true,
      label: { vi: 'Mã ứng dụng', en: 'Application code' },
      sort: true,
    },
    name: {
      type: 'text',
      max: 255,
      required: true,
      label: { vi: 'Tên ứng dụng', en: 'Application name' },
      sort: true,
    },
    environment: {
      type: 'choice',
      choices: applicationEnvironments,
      labels: {
        development: { vi: 'Phát triển', en: 'Development' },
        staging: { vi: 'Thử nghiệm', en: 'Staging' },
        production: { vi: 'Chính thức', en: 'Production' },
      },
      label: { vi: 'Môi trường', en: 'Environment' },
    },
    // given, or generated when blank
    client_id: {
      type: 'text',
      max: 100,
      alias: 'clientId',
      label: { vi: 'Client ID', en: 'Client ID' },
      hint: { vi: 'Để trống để hệ thống tự tạo', en: 'Leave empty to have one generated' },
    },
    // the role a self-registered user gets
    role_default_id: {
      type: 'reference',
      to: 'role',
      alias: 'roleDefault',
      display: 'role_default_name',
      label: { vi: 'Vai trò mặc định', en: 'Default role' },
    },
    project_id: {
      type: 'reference',
      to: 'project',
      alias: 'projectId',
      display: 'project_name',
      label: { vi: 'Dự án', en: 'Project' },
    },
    url: {
      type: 'text',
      max: 500,
      label: { vi: 'URL callback', en: 'Callback URL' },
      wide: true,
      placeholder: { vi: 'https://ung-dung.example.vn/callback', en: 'https://app.example.com/callback' },
    },
    restrict: {
      type: 'boolean',
      label: { vi: 'Hạn chế tự đăng ký', en: 'Restrict self-registration' },
      hint: {
        vi: 'Bật: người dùng không tự đăng ký được qua ứng dụng này',
        en: 'On: users cannot register themselves through this application',
      },
    },
  },
});
