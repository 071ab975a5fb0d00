/**
 * A new user: the generic form; then, when the server chose the password (none was typed), that
 * password once in a dialog, and the new user's page, where roles are given next.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { OneTimeSecretDialog } from '../../components/one-time-secret-dialog.tsx';
import '../../i18n/admin-strings.ts';
import type { ResourceDescription, ResourceRecord } from '../../resources/resource.types.ts';
import { ResourceFormPage } from '../../resources/resource-form-page.tsx';

export function UserCreatePage({ resource }: { resource: ResourceDescription }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [created, setCreated] = useState<ResourceRecord | null>(null);
  const onSaved = useCallback(
    (saved: ResourceRecord) => {
      if (saved.generated_password) setCreated(saved);
      else navigate(`${resource.routeBase}/view/${saved.id}?tab=roles`);
    },
    [navigate, resource.routeBase],
  );
  return (
    <>
      <ResourceFormPage resource={resource} mode="create" onSaved={onSaved} />
      {created && (
        <OneTimeSecretDialog
          open
          title={t('user.createdTitle')}
          message={t('user.createdMessage', { name: String(created.user_name) })}
          secrets={[{ label: t('user.password'), value: String(created.generated_password) }]}
          onClose={() => navigate(`${resource.routeBase}/view/${created.id}?tab=roles`)}
        />
      )}
    </>
  );
}
