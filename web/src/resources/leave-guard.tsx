/**
 * Leaving a form with changes not saved asks first (docs/adr/0074-saying-what-a-form-takes.md): a
 * move inside the app (a menu, a link, Back, Cancel) opens a confirmation in the app's language;
 * closing or reloading the tab gets the browser's own question (`beforeunload`). A form that was
 * just saved lets its page go (`release` before the move that follows the save). Every record form
 * has it through its frame (form-shell.tsx).
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type Blocker, useBlocker } from 'react-router';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';

export type LeaveGuard = {
  blocker: Blocker;
  /** The form is saved: the next move goes without asking. */
  release: () => void;
};

/** Guards the page while `dirty` (react-hook-form's `formState.isDirty`). */
export function useLeaveGuard(dirty: boolean): LeaveGuard {
  const released = useRef(false);
  // another page, not another query of this one (the construction selector keeps the form)
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !released.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // older browsers ask only when a value is set
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
  return {
    blocker,
    release: () => {
      released.current = true;
    },
  };
}

/** The confirmation of a blocked move: stay, or leave and lose the changes. */
export function LeaveDialog({ guard }: { guard: LeaveGuard }) {
  const { t } = useTranslation();
  const { blocker } = guard;
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={t('leave.title')}
      message={t('leave.message')}
      confirmLabel={t('leave.confirm')}
      cancelLabel={t('leave.stay')}
      color="warning"
      onClose={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
