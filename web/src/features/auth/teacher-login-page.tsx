import { LoginPage } from './login-page';

export default function TeacherLoginPage() {
  return <LoginPage role="Teachers" />;
}
