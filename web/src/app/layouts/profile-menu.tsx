// The signed-in person's menu in the header: who they are (name, then e-mail), their profile, and logout.
import { Link } from 'react-router-dom';
import { displayName, initialOf } from '@shared/person-name';
import { Popover } from '../../components/popover';
import { useSession } from '../../lib/auth';

export function ProfileMenu() {
  const { state, signOut } = useSession();
  const user = state.status === 'signedIn' ? state.user : null;
  const shown = user ? displayName(user) : '';
  return (
    <Popover
      trigger={
        <>
          <span className="avatar" aria-hidden="true">
            {initialOf(shown)}
          </span>
          <span className="profile-menu-name">{shown}</span>
        </>
      }
      triggerLabel={`Profile menu for ${shown}`}
      triggerClassName="icon-button profile-menu-button"
      panelClassName="popover-panel-end"
    >
      {(close) => (
        <>
          {user?.name && <p className="popover-note profile-menu-email">{user.email}</p>}
          <ul className="popover-list">
            <li>
              <Link to="/profile" onClick={close}>
                Profile
              </Link>
            </li>
            <li>
              <button type="button" onClick={() => void signOut()}>
                Logout
              </button>
            </li>
          </ul>
        </>
      )}
    </Popover>
  );
}
