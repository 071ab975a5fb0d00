/**
 * A user's page: the generic view page (details, roles and groups, access history, menus,
 * privileges in tabs; activation, deletion, unlock) plus the password reset and a link to what the
 * server computes for the user (/system/ability).
 */
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAbility } from '../../app/use-ability.ts';
import '../../i18n/admin-strings.ts';
import type { ResourceDescription, ResourceRecord } from '../../resources/resource.types.ts';
import { ResourceViewPage } from '../../resources/resource-view-page.tsx';
import { ResetPasswordButton } from './reset-password.tsx';

export function UserViewPage({ resource }: { resource: ResourceDescription }) {
  return <ResourceViewPage resource={resource} actions={(user) => <UserActions user={user} />} />;
}

function UserActions({ user }: { user: ResourceRecord }) {
  const { t } = useTranslation();
  const ability = useAbility();
  return (
    <>
      {ability.can('read', 'ability') && (
        <Button
          component={RouterLink}
          to={`/system/ability/list?user=${user.id}`}
          variant="outlined"
          color="inherit"
          startIcon={<VerifiedUserOutlinedIcon />}
        >
          {t('user.abilityLink')}
        </Button>
      )}
      <ResetPasswordButton user={user} />
    </>
  );
}
