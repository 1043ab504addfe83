import { Link } from 'react-router-dom';
import { InfoPage } from './components/info-page';

export default function TeacherToolsPage() {
  return (
    <InfoPage title="Teacher Tools" lead="What a teacher can do with Learning Paths today.">
      <ul className="info-steps">
        <li>
          <strong>Modules from your own files.</strong> Give a module a title and description, then add sections one at a
          time, each backed by a PDF, a presentation or a Word document. Large files upload in parts and can be paused and
          resumed.
        </li>
        <li>
          <strong>A library of your modules.</strong> View, edit, add or remove sections, or delete a module.
        </li>
        <li>
          <strong>Your classes.</strong> See each class you are assigned to, its students and the modules assigned to it, and
          assign another module.
        </li>
        <li>
          <strong>Checks.</strong> Add a scored check to any section. Draft questions from this file suggests questions from the
          section’s own text (AI-assisted), each with the passage it came from; you accept, edit or discard each, and nothing
          reaches students until you save the check.
        </li>
        <li>
          <strong>Progress reports.</strong> For each class, a table of students by modules with the share of sections each
          student has completed.
        </li>
      </ul>
      <Link to="/teacher-login" className="button">
        Teacher Login
      </Link>
    </InfoPage>
  );
}
