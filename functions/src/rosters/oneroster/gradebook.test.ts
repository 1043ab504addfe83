import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import { type GradebookInput, gradebookFiles, gradebookZip } from './gradebook';

const input: GradebookInput = {
  class: { classId: 'c-1', name: 'Year 9 Maths', sourcedId: 'cl-10', schoolSourcedId: 'org-northfield', termSourcedId: 'as-2027-t1' },
  checks: [
    { moduleId: 'm-frac', moduleTitle: 'Fractions', sectionId: 's-1', title: 'Adding fractions', assignedAt: '2026-09-07T08:00:00.000Z', dueAt: '2026-09-21T23:59:00.000Z' },
    { moduleId: 'm-frac', moduleTitle: 'Fractions', sectionId: 's-2', title: 'Fractions, "mixed" numbers', assignedAt: '2026-09-07T08:00:00.000Z' },
    { moduleId: 'm-alg', moduleTitle: 'Algebra', sectionId: 's-1', title: 'Like terms', assignedAt: '2026-10-01T08:00:00.000Z' },
  ],
  students: [
    { studentId: 'user-1', sourcedId: 's-300' },
    { studentId: 'user-2' },
  ],
  scores: [
    { moduleId: 'm-frac', sectionId: 's-1', studentId: 'user-1', bestPercent: 85, scoredAt: '2026-09-10T14:03:00.000Z' },
    { moduleId: 'm-frac', sectionId: 's-1', studentId: 'user-2', bestPercent: 62.5, scoredAt: '2026-09-11T09:00:00.000Z' },
    { moduleId: 'm-alg', sectionId: 's-1', studentId: 'user-1', bestPercent: 100, scoredAt: '2026-10-02T10:00:00.000Z' },
    // Not in the class any more, and a check the class no longer has: neither goes out.
    { moduleId: 'm-alg', sectionId: 's-1', studentId: 'user-gone', bestPercent: 40, scoredAt: '2026-10-02T10:00:00.000Z' },
    { moduleId: 'm-old', sectionId: 's-1', studentId: 'user-1', bestPercent: 90, scoredAt: '2026-10-02T10:00:00.000Z' },
  ],
};

const table = (text: string) => parse(text, { columns: true }) as Record<string, string>[];

describe('scores out as a OneRoster 1.2 gradebook', () => {
  it('zips a manifest and the three gradebook files, with the binding’s headers in its order', () => {
    const files = unzipSync(gradebookZip(input));
    const text = (name: string) => new TextDecoder().decode(files[name]);

    expect(Object.keys(files).sort()).toEqual(['categories.csv', 'lineItems.csv', 'manifest.csv', 'results.csv']);
    expect(text('categories.csv').split('\r\n')[0]).toBe('sourcedId,status,dateLastModified,title,weight');
    expect(text('lineItems.csv').split('\r\n')[0]).toBe(
      'sourcedId,status,dateLastModified,title,description,assignDate,dueDate,classSourcedId,categorySourcedId,academicSessionSourcedId,resultValueMin,resultValueMax,schoolSourcedId',
    );
    expect(text('results.csv').split('\r\n')[0]).toBe(
      'sourcedId,status,dateLastModified,lineItemSourcedId,studentSourcedId,scoreStatus,score,scoreDate,comment,textScore,classSourcedId,inProgress,incomplete,late,missing',
    );
  });

  it('declares the gradebook files bulk and every other file absent, as OneRoster 1.2', () => {
    const manifest = table(gradebookFiles(input)['manifest.csv']!);
    const value = (property: string) => manifest.find((row) => row.propertyName === property)?.value;

    expect(value('manifest.version')).toBe('1.0');
    expect(value('oneroster.version')).toBe('1.2');
    expect(['categories', 'lineItems', 'results'].map((file) => value(`file.${file}`))).toEqual(['bulk', 'bulk', 'bulk']);
    expect(value('file.users')).toBe('absent');
    expect(manifest.filter((row) => row.propertyName!.startsWith('file.'))).toHaveLength(21);
  });

  it('writes one category per module and one line item per check, named by the class’s sourcedId, school and term', () => {
    const files = gradebookFiles(input);

    expect(table(files['categories.csv']!)).toEqual([
      { sourcedId: 'cl-10:m-frac', status: '', dateLastModified: '', title: 'Fractions', weight: '' },
      { sourcedId: 'cl-10:m-alg', status: '', dateLastModified: '', title: 'Algebra', weight: '' },
    ]);
    const lineItems = table(files['lineItems.csv']!);
    expect(lineItems.map((row) => row.title)).toEqual(['Adding fractions', 'Fractions, "mixed" numbers', 'Like terms']);
    expect(lineItems[0]).toEqual({
      sourcedId: 'cl-10:m-frac:s-1',
      status: '',
      dateLastModified: '',
      title: 'Adding fractions',
      description: 'Fractions',
      assignDate: '2026-09-07T08:00:00.000Z',
      dueDate: '2026-09-21T23:59:00.000Z',
      classSourcedId: 'cl-10',
      categorySourcedId: 'cl-10:m-frac',
      academicSessionSourcedId: 'as-2027-t1',
      resultValueMin: '0',
      resultValueMax: '100',
      schoolSourcedId: 'org-northfield',
    });
    expect(lineItems[1]!.dueDate).toBe('2026-09-07T08:00:00.000Z');
  });

  it('writes each student’s best score per check, by their sourcedId where they came from the SIS, else their id here', () => {
    const results = table(gradebookFiles(input)['results.csv']!);

    expect(results.map(({ sourcedId, lineItemSourcedId, studentSourcedId, scoreStatus, score, scoreDate, classSourcedId }) => ({ sourcedId, lineItemSourcedId, studentSourcedId, scoreStatus, score, scoreDate, classSourcedId }))).toEqual([
      { sourcedId: 'cl-10:m-frac:s-1:s-300', lineItemSourcedId: 'cl-10:m-frac:s-1', studentSourcedId: 's-300', scoreStatus: 'fully graded', score: '85', scoreDate: '2026-09-10', classSourcedId: 'cl-10' },
      { sourcedId: 'cl-10:m-frac:s-1:user-2', lineItemSourcedId: 'cl-10:m-frac:s-1', studentSourcedId: 'user-2', scoreStatus: 'fully graded', score: '62.5', scoreDate: '2026-09-11', classSourcedId: 'cl-10' },
      { sourcedId: 'cl-10:m-alg:s-1:s-300', lineItemSourcedId: 'cl-10:m-alg:s-1', studentSourcedId: 's-300', scoreStatus: 'fully graded', score: '100', scoreDate: '2026-10-02', classSourcedId: 'cl-10' },
    ]);
  });

  it('names a class made here by its id, and leaves school and term blank when it has none', () => {
    const lineItems = table(gradebookFiles({ ...input, class: { classId: 'c-1', name: 'Year 9 Maths' } })['lineItems.csv']!);

    expect(lineItems[0]).toMatchObject({ sourcedId: 'c-1:m-frac:s-1', classSourcedId: 'c-1', academicSessionSourcedId: '', schoolSourcedId: '' });
  });
});
