// Mastery rules of a check: score bands as rows (from %, to %, the review or extension sections a score in the band
// releases, the later optional sections it skips), each with a sentence saying what it does. The shared schema with
// the module at hand (`checkInputSchemaFor`) judges them; its messages land on the fields by path (`bands.1.min`).
import { RELEASABLE_ROLES, SECTION_ROLE_NAMES, type SectionRole } from '@shared/paths';
import type { FieldErrors } from '@web/lib/form-errors';
import { errorAt, newBand, type DraftBand } from './check-draft';
import { PercentField } from './percent-field';

/** A section of the module as saved: the bands can only name sections by the roles the server knows. */
export interface BandSection {
  _id: string;
  title: string;
  role: SectionRole;
}

const ROLE_WORDS: Partial<Record<SectionRole, string>> = { review: 'Review', extension: 'Extension' };
const BANDS_MAX = 10;

const wholePercent = (typed: string) => (/^\d{1,3}$/.test(typed.trim()) ? Number(typed.trim()) : null);

/**
 * "Scores 0–49 %: opens Review: Cells again", or null while the percents are not whole numbers. Only what the band can
 * do names a section: one it may no longer open or skip (its role or place changed) does nothing on a student's path.
 */
function bandSentence(band: DraftBand, releasable: BandSection[], skippable: BandSection[]): string | null {
  const min = wholePercent(band.min);
  const max = wholePercent(band.max);
  if (min === null || max === null || min >= max) return null;
  // max is exclusive, except 100, which the last band holds.
  const top = max === 100 ? 100 : max - 1;
  const opened = releasable.filter((section) => band.release.includes(section._id)).map((section) => `${ROLE_WORDS[section.role] ?? 'Section'}: ${section.title}`);
  const skipped = skippable.filter((section) => band.skip.includes(section._id)).map((section) => section.title);
  const effects = [...(opened.length ? [`opens ${opened.join(', ')}`] : []), ...(skipped.length ? [`skips ${skipped.join(', ')}`] : [])];
  return `Scores ${min === top ? `${min}` : `${min}–${top}`} %: ${effects.length ? effects.join('; ') : 'opens nothing extra'}.`;
}

interface BandEditorProps {
  id: string;
  bands: DraftBand[];
  /** The module's sections in order, as saved. */
  sections: BandSection[];
  /** The section the check belongs to: only optional sections after it can be skipped. */
  sectionId: string;
  errors: FieldErrors;
  onChange: (bands: DraftBand[]) => void;
}

export function BandEditor({ id, bands, sections, sectionId, errors, onChange }: BandEditorProps) {
  const releasable = sections.filter((section) => RELEASABLE_ROLES.includes(section.role));
  const checkAt = sections.findIndex((section) => section._id === sectionId);
  const skippable = sections.filter((section, index) => section.role === 'optional' && index > checkAt);
  /** Chosen sections the band may no longer name, shown ticked with why, so their errors have a field to sit on. */
  const noLonger = (chosen: string[], choosable: BandSection[], why: (section: BandSection) => string): BandSection[] =>
    chosen.flatMap((sectionId) => {
      if (choosable.some((section) => section._id === sectionId)) return [];
      const section = sections.find((each) => each._id === sectionId);
      return [{ _id: sectionId, role: section?.role ?? 'core', title: section ? `${section.title} (${why(section)})` : 'A section removed from the module' }];
    });
  const nowRole = (section: BandSection) => `now ${SECTION_ROLE_NAMES[section.role]}`;
  const updateBand = (index: number, change: Partial<DraftBand>) => onChange(bands.map((band, each) => (each === index ? { ...band, ...change } : band)));
  const toggle = (list: string[], sectionId: string, on: boolean) => (on ? [...list, sectionId] : list.filter((each) => each !== sectionId));

  return (
    <fieldset className="check-bands">
      <legend>Mastery rules (optional)</legend>
      <p className="muted">
        Score bands from 0 to 100 %, each starting where the previous one ends. A student&apos;s best score on this check picks one band: it opens
        its review or extension sections and lets them skip its optional ones.
      </p>
      {releasable.length === 0 && skippable.length === 0 && (
        <p className="muted">Give sections the role Review, Extension or Optional and save the module to choose them here.</p>
      )}
      {bands.length > 0 && (
        <ol className="check-band-list">
          {bands.map((band, index) => {
            const path = `bands.${index}`;
            const sentence = bandSentence(band, releasable, skippable);
            const openChoices = [...releasable, ...noLonger(band.release, releasable, nowRole)];
            const skipChoices = [...skippable, ...noLonger(band.skip, skippable, (section) => (section.role === 'optional' ? 'now before this check' : nowRole(section)))];
            const releaseError = errorAt(errors, `${path}.release`);
            const skipError = errorAt(errors, `${path}.skip`);
            return (
              <li key={band.id} className="check-band">
                <fieldset>
                  <legend>Band {index + 1}</legend>
                  <div className="check-band-range">
                    <PercentField
                      id={`${id}-${band.id}-min`}
                      label={`Band ${index + 1} from (%)`}
                      value={band.min}
                      onChange={(event) => updateBand(index, { min: event.target.value })}
                      error={errors[`${path}.min`]}
                    />
                    <PercentField
                      id={`${id}-${band.id}-max`}
                      label={`Band ${index + 1} to (%)`}
                      hint="Up to, not including, this score (100 includes 100)."
                      value={band.max}
                      onChange={(event) => updateBand(index, { max: event.target.value })}
                      error={errors[`${path}.max`]}
                    />
                  </div>
                  {openChoices.length > 0 && (
                    <SectionChoices
                      legend="Sections to open"
                      sections={openChoices}
                      chosen={band.release}
                      error={releaseError}
                      onToggle={(sectionId, on) => updateBand(index, { release: toggle(band.release, sectionId, on) })}
                    />
                  )}
                  {skipChoices.length > 0 && (
                    <SectionChoices
                      legend="Sections to skip"
                      sections={skipChoices}
                      chosen={band.skip}
                      error={skipError}
                      onToggle={(sectionId, on) => updateBand(index, { skip: toggle(band.skip, sectionId, on) })}
                    />
                  )}
                  {sentence && <p className="check-band-sentence">{sentence}</p>}
                  <button type="button" className="button button-secondary" onClick={() => onChange(bands.filter((_, each) => each !== index))} aria-label={`Remove band ${index + 1}`}>
                    Remove band
                  </button>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      {errors.bands && <p className="field-error">{errors.bands}</p>}
      <button type="button" className="button button-secondary" onClick={() => onChange([...bands, newBand(bands)])} disabled={bands.length >= BANDS_MAX}>
        Add band
      </button>
    </fieldset>
  );
}

function SectionChoices({ legend, sections, chosen, error, onToggle }: {
  legend: string;
  sections: BandSection[];
  chosen: string[];
  error?: string;
  onToggle: (sectionId: string, on: boolean) => void;
}) {
  return (
    <fieldset className="check-band-sections">
      <legend>{legend}</legend>
      {sections.map((section) => (
        <label key={section._id} className="check-choice">
          <input type="checkbox" checked={chosen.includes(section._id)} onChange={(event) => onToggle(section._id, event.target.checked)} aria-invalid={error ? true : undefined} />
          {ROLE_WORDS[section.role] ? `${ROLE_WORDS[section.role]}: ${section.title}` : section.title}
        </label>
      ))}
      {error && <p className="field-error">{error}</p>}
    </fieldset>
  );
}
