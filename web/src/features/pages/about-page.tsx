import { Link } from 'react-router-dom';
import { InfoPage } from './components/info-page';

export default function AboutPage() {
  return (
    <InfoPage title="About" lead="Learning Paths is a web platform where teachers turn their own files into ordered learning paths and students follow them.">
      <h2>What it does</h2>
      <p>
        Teachers build modules from PDFs, presentations and Word documents, one section per file, and assign those modules to
        the classes they teach. Students see the modules assigned to their class as a syllabus, open each section and mark it
        complete. Teachers see a progress report for every class.
      </p>
      <h2>Who it is for</h2>
      <p>
        Schools and organisations that want their teachers’ existing materials in one ordered place. There is no public
        sign-up: accounts for teachers and students are created by whoever runs the platform for your school.
      </p>
      <p>
        Read more about the <Link to="/student-experience">student experience</Link> and the{' '}
        <Link to="/teacher-tools">teacher tools</Link>.
      </p>
    </InfoPage>
  );
}
