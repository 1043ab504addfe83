import { Link } from 'react-router-dom';
import { APP_NAME } from '../../components/use-document-title';
import { dashboardPathFor, LOGIN_PATH } from '../../features/auth/role-paths';
import { useSession } from '../../lib/auth';

export function PublicHeader() {
  const { state, signOut } = useSession();
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to="/" className="brand">
          {APP_NAME}
        </Link>
        <nav aria-label="Account" className="public-nav">
          {state.status === 'signedIn' && (
            <>
              <Link to={dashboardPathFor(state.user.role)} className="button">
                Go to Dashboard
              </Link>
              <button type="button" className="button button-secondary" onClick={() => void signOut()}>
                Logout
              </button>
            </>
          )}
          {state.status === 'signedOut' && (
            <>
              <Link to={LOGIN_PATH.Teachers} className="button button-secondary">
                Teacher Login
              </Link>
              <Link to={LOGIN_PATH.Students} className="button">
                Student Login
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
