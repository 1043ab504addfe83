// Item analysis of one check in a class (what Moodle's quiz statistics show): per question the share of attempts that
// answered it right, and for choice questions how many picked each option, the most-picked wrong option marked. A list
// rather than a table, so it reads on a phone.
import type { CheckAnalysis } from '@shared/contract/checks';
import { useCheckAnalysis } from '@web/api/checks';
import '../checks.css';
import { QueryView } from '@web/components/query-view';

interface CheckAnalysisViewProps {
  classId: string;
  moduleId: string;
  sectionId: string;
  sectionTitle: string;
}

export function CheckAnalysisView({ classId, moduleId, sectionId, sectionTitle }: CheckAnalysisViewProps) {
  const analysis = useCheckAnalysis(classId, moduleId, sectionId);
  return (
    <section className="check-analysis" aria-label={`Item analysis: ${sectionTitle}`}>
      <h3>Item analysis: {sectionTitle}</h3>
      <QueryView
        query={analysis}
        loading="Loading item analysis..."
        error="Could not load the item analysis of this check."
      >
        {(data) => (
          <AnalysisList analysis={data} />
        )}
      </QueryView>
    </section>
  );
}

/** The wrong option picked most often, when any wrong option was picked at all. */
export function mostPickedWrong(options: { id: string; picks: number; correct: boolean }[]): string | undefined {
  const wrong = options.filter((option) => !option.correct && option.picks > 0).sort((a, b) => b.picks - a.picks);
  return wrong[0]?.id;
}

function AnalysisList({ analysis }: { analysis: CheckAnalysis }) {
  if (analysis.attempts === 0) return <p className="muted">No attempts at this version of the check yet.</p>;
  return (
    <>
      <p className="muted">{`${analysis.attempts} attempt${analysis.attempts === 1 ? '' : 's'} at version ${analysis.version}.`}</p>
      <ol className="analysis-questions">
        {analysis.questions.map((question, index) => {
          const wrongest = question.options && mostPickedWrong(question.options);
          return (
            <li key={question.id} className="analysis-question">
              <p className="check-prompt">
                <span className="check-number">{index + 1}.</span> {question.prompt}
              </p>
              <p>
                <strong>{question.percentCorrect}% answered right</strong>{' '}
                <span className="muted">{`(${question.correct} of ${analysis.attempts})`}</span>
              </p>
              <span className="analysis-meter" aria-hidden="true">
                <span style={{ width: `${question.percentCorrect}%` }} />
              </span>
              {question.options && (
                <ul className="analysis-options">
                  {question.options.map((option) => (
                    <li key={option.id} className={`analysis-option${option.correct ? ' is-key' : ''}${option.id === wrongest ? ' is-common-wrong' : ''}`}>
                      <span className="analysis-option-text">
                        {option.correct && <span aria-hidden="true">✓ </span>}
                        {option.text}
                        {option.correct && <span className="visually-hidden"> (correct)</span>}
                      </span>
                      <span className="analysis-picks">{`${option.picks} picked`}</span>
                      {option.id === wrongest && <span className="analysis-flag">Most-picked wrong answer</span>}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </>
  );
}
