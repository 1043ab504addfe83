// Asks before unsaved work is left behind: in-app navigation waits for an answer in a dialog (router blocker),
// closing or reloading the tab gets the browser's own question (beforeunload).
import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_DataRouterContext, useBlocker, type Location } from 'react-router-dom';
import { ConfirmDialog } from './confirm-dialog';

interface UnsavedChangesGuardProps {
  /** Whether leaving for `next` (undefined: the tab itself) would lose something; read at the moment of leaving. */
  shouldBlock: (next?: Location) => boolean;
  message: string;
  /** Runs when the user chooses to leave anyway, before the navigation goes on. */
  onDiscard?: () => void;
}

export function UnsavedChangesGuard(props: UnsavedChangesGuardProps) {
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!latest.current.shouldBlock()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  // The blocker needs a data router (the app's); component tests render pages in a declarative one.
  return useContext(UNSAFE_DataRouterContext) ? <NavigationBlocker latest={latest} /> : null;
}

function NavigationBlocker({ latest }: { latest: { current: UnsavedChangesGuardProps } }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && latest.current.shouldBlock(nextLocation),
  );
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      message={latest.current.message}
      confirmLabel="Leave and discard"
      cancelLabel="Stay on this page"
      onConfirm={() => {
        latest.current.onDiscard?.();
        blocker.proceed?.();
      }}
      onCancel={() => blocker.reset?.()}
    />
  );
}
