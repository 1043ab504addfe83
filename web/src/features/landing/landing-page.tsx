// The public landing page (spec sections 1 and 2): hero, entry buttons, audience blurbs, steps, example carousel.
import { Link } from 'react-router-dom';
import { TestimonialCarousel } from './components/testimonial-carousel';
import { TESTIMONIALS } from './testimonials';
import './landing.css';

const STEPS = [
  {
    title: 'Create Path',
    text: 'A teacher names a module and adds sections one at a time, each backed by a PDF, a presentation or a Word file, with a scored check on any section.',
  },
  {
    title: 'Learn Intelligently',
    text: 'Students read each section inside the app and answer its check. Their score sets the path: a review section when they need more practice, an extension when they are ready, optional sections skipped.',
  },
  {
    title: 'Track Progress',
    text: 'The class report shows, for every student and module, the sections completed and the scores on each check, with due dates and who is behind.',
  },
] as const;

export default function LandingPage() {
  return (
    <>
      <section className="hero" aria-labelledby="hero-heading">
        <div className="hero-inner">
          <div className="hero-text">
            <h1 id="hero-heading">Personalised learning paths, built from the materials you already have</h1>
            <p className="hero-lead">
              Teachers turn their files into ordered modules with scored checks and assign them to classes. Students follow
              them one section at a time, and their scores decide what comes next.
            </p>
            <div className="hero-actions">
              <Link to="/student-login" className="button button-large">
                I’m a Student
              </Link>
              <Link to="/teacher-login" className="button button-secondary button-large">
                I’m a Teacher
              </Link>
            </div>
          </div>
          <PathPreview />
        </div>
      </section>

      <div className="page landing-sections">
        <section aria-label="Who it is for" className="audience grid-2">
          <article className="card">
            <h2>For Students</h2>
            <p>See the classes you are enrolled in and the modules assigned to each one as a syllabus.</p>
            <ul className="check-list">
              <li>Read every section’s file inside the app</li>
              <li>Answer each check and see your score</li>
              <li>Pick up where you left off next time</li>
            </ul>
            <Link to="/student-experience">More about the student experience</Link>
          </article>
          <article className="card">
            <h2>For Teachers</h2>
            <p>Build modules from your own PDFs, presentations and Word documents, and assign them to your classes.</p>
            <ul className="check-list">
              <li>Create a module in two steps: details, then sections</li>
              <li>Add a check to a section, with its questions drafted from the section’s file by the built-in drafter (no AI model), or by Amazon Bedrock’s AI model where your school turns it on: you review every draft</li>
              <li>Assign a module to any class you teach</li>
              <li>See completion and scores per class</li>
            </ul>
            <Link to="/teacher-tools">More about the teacher tools</Link>
          </article>
        </section>

        <section aria-labelledby="steps-heading" className="steps">
          <h2 id="steps-heading">How it works</h2>
          <ol className="steps-list">
            {STEPS.map((step, index) => (
              <li key={step.title} className="card step">
                <span className="step-number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="examples-heading" className="examples">
          <h2 id="examples-heading">In the classroom</h2>
          <p className="muted">Illustrative examples of how the platform is used; not quotes from real customers.</p>
          <TestimonialCarousel items={TESTIMONIALS} labelledBy="examples-heading" />
        </section>
      </div>
    </>
  );
}

/** A drawing of what a student sees in a module; decoration, so hidden from assistive technology. */
function PathPreview() {
  const sections = [
    { title: 'What is a fraction?', kind: 'PDF', done: true },
    { title: 'Equivalent fractions', kind: 'Slides', done: true },
    { title: 'Adding fractions', kind: 'Word', done: false },
  ];
  return (
    <div className="hero-art" aria-hidden="true">
      <div className="card path-preview">
        <p className="path-preview-label">Example module</p>
        <p className="path-preview-title">Introduction to fractions</p>
        <ol className="path-preview-list">
          {sections.map((section, index) => (
            <li key={section.title} className={section.done ? 'done' : undefined}>
              <span className="path-preview-step">{section.done ? '✓' : index + 1}</span>
              <span className="path-preview-name">
                {section.title}
                <small>{section.kind}</small>
              </span>
              <span className="path-preview-state">{section.done ? 'Completed' : 'Mark as Complete'}</span>
            </li>
          ))}
        </ol>
        <div className="path-preview-bar">
          <span />
        </div>
        <p className="path-preview-caption">2 of 3 sections completed</p>
      </div>
    </div>
  );
}
