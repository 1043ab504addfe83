import { Link } from 'react-router-dom';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { InfoPage } from './components/info-page';

export default function HelpCenterPage() {
  return (
    <InfoPage title="Help Center" lead="Answers to the questions people ask most when they start.">
      <h2>Signing in</h2>
      <details className="faq">
        <summary>How do I sign in?</summary>
        <p>
          Use the <Link to="/teacher-login">teacher login</Link> or the <Link to="/student-login">student login</Link> with the
          e-mail address your school registered for you.
        </p>
      </details>
      <details className="faq">
        <summary>I was given a temporary password</summary>
        <p>
          Sign in with it as usual. You will then be asked to choose a new password of at least {PASSWORD_MIN_LENGTH} characters
          before you continue.
        </p>
      </details>
      <details className="faq">
        <summary>I used the wrong login screen</summary>
        <p>The screen tells you and takes you to the right one, with your e-mail address already filled in.</p>
      </details>
      <details className="faq">
        <summary>How do I change my password?</summary>
        <p>Once signed in, open Profile and use the Change password form.</p>
      </details>
      <details className="faq">
        <summary>I forgot my password</summary>
        <p>The app has no self-service reset yet. Ask the person who manages accounts at your school to reset it.</p>
      </details>

      <h2>For teachers</h2>
      <details className="faq">
        <summary>How do I create a module?</summary>
        <p>
          Go to My Modules and choose Create New Module. Enter a title and a description, choose Next: Add Sections, then add
          sections one at a time, each with a title and a file. Finish &amp; Save Module saves it.
        </p>
      </details>
      <details className="faq">
        <summary>How do I give a module to a class?</summary>
        <p>Go to My Classes, choose Manage Class, pick the module under Assign a New Module and choose Assign Module.</p>
      </details>
      <details className="faq">
        <summary>Where do I see how my students are doing?</summary>
        <p>Go to Analytics and choose a class. The report shows, for each student and module, the sections completed.</p>
      </details>

      <h2>For students</h2>
      <details className="faq">
        <summary>Where are my modules?</summary>
        <p>On your dashboard, choose View Class. The syllabus lists every module your teacher assigned to that class.</p>
      </details>
      <details className="faq">
        <summary>How do I complete a section?</summary>
        <p>
          Open the module, use View Content to open the section’s file, then choose Mark as Complete. A completed section
          cannot be marked incomplete again.
        </p>
      </details>
    </InfoPage>
  );
}
