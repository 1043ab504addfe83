import { Link } from 'react-router-dom';
import { InfoPage } from './components/info-page';

export default function ContactPage() {
  return (
    <InfoPage title="Contact" lead="There is no public support address or contact form yet.">
      <ul>
        <li>Students: ask your teacher first; they can see your class and its modules.</li>
        <li>Teachers: contact the person who manages accounts and classes at your school.</li>
      </ul>
      <p>
        Many questions are answered in the <Link to="/help-center">Help Center</Link>.
      </p>
    </InfoPage>
  );
}
