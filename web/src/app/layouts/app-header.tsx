// The header of the signed-in areas: brand, a nav that collapses behind a Menu button on narrow screens, actions.
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { LineIcon } from '../../components/line-icon';
import { APP_NAME } from '../../components/use-document-title';
import { useDismiss } from '../../components/use-dismiss';

export interface HeaderLink {
  to: string;
  label: string;
  /** Only active on the exact path (dashboards), not on deeper ones. */
  end?: boolean;
  /** Pages of this area that live outside its path (module creation belongs to My Modules). */
  alsoActiveOn?: readonly string[];
}

interface AppHeaderProps {
  brandTo: string;
  navLabel: string;
  links: readonly HeaderLink[];
  /** Shown after the links inside the collapsible nav. */
  navExtra?: ReactNode;
  /** Always visible, next to the menu button. */
  actions?: ReactNode;
}

export function AppHeader({ brandTo, navLabel, links, navExtra, actions }: AppHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  const { pathname } = useLocation();
  const container = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setMenuOpen(false), []);
  useDismiss(menuOpen, container, toggle, close);

  useEffect(close, [pathname, close]);

  return (
    <header className="site-header">
      <div className="site-header-inner" ref={container}>
        <Link to={brandTo} className="brand">
          {APP_NAME}
        </Link>
        <button
          ref={toggle}
          type="button"
          className="icon-button menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <MenuIcon />
          {/* The toggle only appears on narrow screens, as an icon; the word stays its accessible name. */}
          <span className="visually-hidden">Menu</span>
        </button>
        <nav id={navId} aria-label={navLabel} className={menuOpen ? 'site-nav open' : 'site-nav'}>
          <ul className="site-nav-links">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  className={({ isActive }) =>
                    isActive || link.alsoActiveOn?.includes(pathname) ? 'site-nav-link active' : 'site-nav-link'
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          {navExtra}
        </nav>
        {actions && <div className="site-header-actions">{actions}</div>}
      </div>
    </header>
  );
}

function MenuIcon() {
  return (
    <LineIcon viewBox="0 0 20 20">
      <path d="M3 5h14M3 10h14M3 15h14" strokeLinecap="round" />
    </LineIcon>
  );
}
