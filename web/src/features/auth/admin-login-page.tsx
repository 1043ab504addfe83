import { LoginPage } from './login-page';

export default function AdminLoginPage() {
  return <LoginPage role="Admins" />;
}
