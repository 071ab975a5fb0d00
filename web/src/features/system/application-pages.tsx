/**
 * Applications: the generic create and view pages plus their keys. The secret key and the API key
 * are answered once — by create and by "rotate keys" — and stored hashed, so they are shown in the
 * one-time secret dialog (copy buttons, "will not be shown again"); closing it after a create leads
 * to the application's page, which never has them.
 */
import '../../i18n/system-strings.ts';
import KeyIcon from '@mui/icons-material/Key';
import Button from '@mui/material/Button';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAbility } from '../../app/use-ability.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { OneTimeSecretDialog } from '../../components/one-time-secret-dialog.tsx';
import type { ResourceDescription, ResourceRecord } from '../../resources/resource.types.ts';
import { ResourceFormPage } from '../../resources/resource-form-page.tsx';
import { ResourceViewPage } from '../../resources/resource-view-page.tsx';
import { type ApplicationKeys, useRotateKeys } from './system.queries.ts';

export function ApplicationCreatePage({ resource }: { resource: ResourceDescription }) {
  const navigate = useNavigate();
  const [created, setCreated] = useState<ApplicationKeys | null>(null);
  // stable, so the form is not remounted when the dialog opens
  const onSaved = useCallback((saved: ResourceRecord) => setCreated(saved as ApplicationKeys), []);
  return (
    <>
      <ResourceFormPage resource={resource} mode="create" onSaved={onSaved} />
      {created && (
        <KeysDialog
          keys={created}
          onClose={() => navigate(`${resource.routeBase}/view/${created.id}`, { replace: true })}
        />
      )}
    </>
  );
}

export function ApplicationViewPage({ resource }: { resource: ResourceDescription }) {
  return (
    <ResourceViewPage resource={resource} actions={(record) => <RotateKeysButton application={record} />} />
  );
}

function RotateKeysButton({ application }: { application: ResourceRecord }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const rotate = useRotateKeys();
  const [asking, setAsking] = useState(false);
  const [keys, setKeys] = useState<ApplicationKeys | null>(null);
  if (application.status === 'D' || !ability.can('update', 'application')) return null;
  return (
    <>
      <Button variant="outlined" color="warning" startIcon={<KeyIcon />} onClick={() => setAsking(true)}>
        {t('resources.application.actions.rotate')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('resources.application.actions.rotate')}
        message={t('resources.application.confirm.rotate', { name: application.name })}
        color="warning"
        busy={rotate.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          rotate.mutate(application, {
            onSuccess: (answer) => setKeys(answer),
            onSettled: () => setAsking(false),
          })
        }
      />
      {keys && <KeysDialog keys={keys} onClose={() => setKeys(null)} />}
    </>
  );
}

/** The keys, once, through the shared one-time secret dialog (copy buttons, "not shown again"). */
function KeysDialog({ keys, onClose }: { keys: ApplicationKeys; onClose: () => void }) {
  const { t } = useTranslation();
  const label = (field: string) => t(`resources.application.fields.${field}`);
  return (
    <OneTimeSecretDialog
      open
      title={t('resources.application.keys.title', { name: String(keys.name ?? '') })}
      message={t('resources.application.keys.message')}
      secrets={[
        { label: label('client_id'), value: String(keys.client_id ?? '') },
        { label: label('secret_key'), value: keys.secret_key },
        { label: label('api_key'), value: keys.api_key },
      ]}
      onClose={onClose}
    />
  );
}
