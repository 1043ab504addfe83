import { Link } from 'react-router-dom';
import { InfoPage } from './components/info-page';

export default function StudentExperiencePage() {
  return (
    <InfoPage title="Student Experience" lead="What a student sees and does, from signing in to finishing a module.">
      <ol className="info-steps">
        <li>
          <strong>Your dashboard</strong> lists the classes you are enrolled in, with each class’s teacher and how many modules
          it has.
        </li>
        <li>
          <strong>The class syllabus</strong> lists the modules your teacher assigned, each with a short description.
        </li>
        <li>
          <strong>A module</strong> shows its sections in order. View Content opens a section’s file in the app’s reader. A section
          with a check is complete once you pass it; Mark as Complete records the others.
        </li>
        <li>
          <strong>Your progress is saved</strong>: completed sections stay completed the next time you sign in, and your
          teacher sees them in the class report.
        </li>
      </ol>
      <Link to="/student-login" className="button">
        Student Login
      </Link>
    </InfoPage>
  );
}
