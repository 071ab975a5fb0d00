/** Logout: revoke on the server, then clear the session whatever the answer, and go to login. */
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { resetAbility } from '../../lib/ability.ts';
import { api } from '../../lib/api-client.ts';
import { clearSession } from '../../lib/session.ts';
import { queryClient } from '../account.queries.ts';

export function useLogout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.post('auth/logout', {}, { action: t('actions.logout'), silent: true }),
    onSettled: () => {
      clearSession();
      resetAbility();
      queryClient.clear();
      navigate('/auth/login', { replace: true });
    },
  });
}
