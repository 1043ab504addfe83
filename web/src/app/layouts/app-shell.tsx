// The frame every page sits in: skip link, header, main landmark (lazy pages load inside it), footer.
import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { Loading } from '../../components/loading';
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
      <main id="main" tabIndex={-1} className={fullBleed ? 'app-main' : 'app-main page'}>
        <Suspense fallback={<Loading label="Loading page..." />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
