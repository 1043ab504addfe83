import { Link } from 'react-router-dom';
import { APP_NAME } from '../../components/use-document-title';

const FOOTER_GROUPS = [
  {
    heading: 'Product',
    links: [
      { to: '/student-experience', label: 'Student Experience' },
      { to: '/teacher-tools', label: 'Teacher Tools' },
      { to: '/pricing', label: 'Pricing' },
    ],
  },
  {
    heading: 'Resources',
    links: [
      { to: '/help-center', label: 'Help Center' },
      { to: '/blog', label: 'Blog' },
      { to: '/community', label: 'Community' },
    ],
  },
  {
    heading: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/careers', label: 'Careers' },
      { to: '/contact', label: 'Contact' },
    ],
  },
] as const;

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <div className="site-footer-brand">
          <Link to="/" className="brand">
            {APP_NAME}
          </Link>
          <p className="muted">Teachers build learning paths from their own files; students follow them step by step.</p>
        </div>
        <nav aria-label="Footer" className="site-footer-nav">
          {FOOTER_GROUPS.map((group) => (
            <div key={group.heading}>
              <h2 className="site-footer-heading">{group.heading}</h2>
              <ul>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <p className="site-footer-legal muted">© {new Date().getFullYear()} {APP_NAME}</p>
    </footer>
  );
}
