import { LoginPage } from './login-page';

export default function StudentLoginPage() {
  return <LoginPage role="Students" />;
}
