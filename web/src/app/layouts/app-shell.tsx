// The frame every page sits in: skip link, header, main landmark (lazy pages load inside it), footer.
import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { Loading } from '../../components/loading';
import { PageErrorBoundary } from '../page-error-boundary';
import { OfflineNotice } from './offline-notice';
import { SiteFooter } from './site-footer';

interface AppShellProps {
  header: ReactNode;
  /** Full-bleed pages (the landing page) lay out their own width; app pages get the centred .page column. */
  fullBleed?: boolean;
}

export function AppShell({ header, fullBleed }: AppShellProps) {
  return (
    <div className="app-shell">
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to main content
      </a>
      {header}
      <OfflineNotice />
      <main id="main" tabIndex={-1} className={fullBleed ? 'app-main' : 'app-main page'}>
        <PageErrorBoundary>
          <Suspense fallback={<Loading label="Loading page..." />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}
