// Section completions per day over the last 30 days: a small SVG bar chart, described in words for screen readers
// (its title, and a summary as its description) and drawn with no chart library.
import type { DayCount } from '@shared/report-insight';
import { formatShortDate } from '@web/lib/dates';

const WIDTH = 300;
const HEIGHT = 80;
const GAP = 2;

const dayDate = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
};

export function describeCompletions(days: DayCount[]): string {
  const total = days.reduce((sum, each) => sum + each.completions, 0);
  if (total === 0) return 'No sections completed in the last 30 days.';
  const busiest = days.reduce((best, each) => (each.completions > best.completions ? each : best));
  return `${total} section${total === 1 ? '' : 's'} completed in the last 30 days; the most on ${formatShortDate(dayDate(busiest.day))} (${busiest.completions}).`;
}

export function CompletionsChart({ days }: { days: DayCount[] }) {
  const most = Math.max(1, ...days.map((each) => each.completions));
  const barWidth = WIDTH / days.length - GAP;
  const description = describeCompletions(days);
  return (
    <figure className="completions-chart">
      <figcaption>Completions per day, last 30 days</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`Completions per day, last 30 days. ${description}`}>
        <line x1={0} y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="chart-axis" />
        {days.map((each, index) => {
          const height = (each.completions / most) * (HEIGHT - 4);
          return (
            <rect key={each.day} x={index * (barWidth + GAP)} y={HEIGHT - height} width={barWidth} height={height} className="chart-bar">
              <title>{`${formatShortDate(dayDate(each.day))}: ${each.completions}`}</title>
            </rect>
          );
        })}
      </svg>
      <p className="muted chart-summary">{description}</p>
    </figure>
  );
}
