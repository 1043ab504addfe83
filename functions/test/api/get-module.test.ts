import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { routes } from '../../../shared/routes';
import { givenTable, mockAws } from '../../../test/unit-helpers/aws';
import { apiEvent, errorBody, invoke, OTHER_STUDENT_ID, tokens, type TokenSpec } from '../../../test/unit-helpers/events';
import { CLASS_ID, classItem, fileKey, membershipItem, MODULE_ID, moduleItem, schoolWithOneClass, section } from '../../../test/unit-helpers/fixtures';
import { handler } from '../../src/handlers/get-module';

const { ddb, s3 } = mockAws();

const get = (token: TokenSpec, id = MODULE_ID) => invoke(handler, apiEvent(routes.getModule, { token, pathParameters: { id } }));

/** A presigned GET for the key, valid 900 s. */
const downloadUrlOf = (key: string) =>
  expect.stringMatching(
    new RegExp(`^https://test-bucket\\.s3\\.[\\w-]+\\.amazonaws\\.com/${key.split('/').map(encodeURIComponent).join('/')}\\?.*X-Amz-Expires=900`),
  );

describe('GET /api/modules/{id}', () => {
  it('gives the owner every section with a signed download link, and nothing of the storage layout', async () => {
    givenTable(ddb, schoolWithOneClass());
    const answer = await get(tokens.teacher);

    expect(answer.statusCode).toBe(200);
    const [first, second] = [section('section-1', 1), section('section-2', 2)];
    expect(answer.body).toEqual({
      _id: MODULE_ID,
      title: 'Cells',
      description: 'What living things are made of',
      sections: [
        { ...first, downloadUrl: downloadUrlOf(first.contentUrl) },
        { ...second, downloadUrl: downloadUrlOf(second.contentUrl) },
      ],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(answer.body.sections[0].downloadUrl).toContain('X-Amz-Signature=');
    expect(answer.body.sections[0].downloadUrl).toContain('response-content-disposition=attachment');
    expect(ddb).toReceiveCommandWith(GetCommand, { Key: { pk: `MODULE#${MODULE_ID}`, sk: 'MODULE' }, ConsistentRead: true });
    // Signing is local: no S3 request is made.
    expect(s3).not.toReceiveAnyCommand();
  });

  it('signs links that download (the reader draws files in the app), so uploaded HTML can never run as a page; PDFs as PDF', async () => {
    const word = section('section-2', 2, { contentType: 'WORD', contentUrl: fileKey('notes.docx'), originalFileName: 'notes.docx' });
    const other = section('section-3', 3, { contentType: 'UNKNOWN', contentUrl: fileKey('page.html'), originalFileName: 'page.html' });
    givenTable(ddb, schoolWithOneClass({ module: { sections: [section('section-1', 1), word, other] } }));
    const [pdfUrl, wordUrl, otherUrl] = (await get(tokens.teacher)).body.sections.map(
      (each: { downloadUrl: string }) => new URL(each.downloadUrl).searchParams,
    );

    expect(pdfUrl.get('response-content-disposition')).toBe("attachment; filename*=UTF-8''section-1.pdf");
    expect(pdfUrl.get('response-content-type')).toBe('application/pdf');
    expect(wordUrl.get('response-content-disposition')).toBe("attachment; filename*=UTF-8''notes.docx");
    expect(otherUrl.get('response-content-disposition')).toBe("attachment; filename*=UTF-8''page.html");
    expect(otherUrl.get('response-content-type')).toBeNull();
  });

  it('shows the module to a student enrolled in a class it is assigned to', async () => {
    givenTable(ddb, schoolWithOneClass());
    const answer = await get(tokens.student);
    expect(answer.statusCode).toBe(200);
    expect(answer.body.sections).toHaveLength(2);
    expect(answer.body.sections[1].downloadUrl).toEqual(downloadUrlOf(section('section-2', 2).contentUrl));
    expect(ddb).toReceiveCommandWith(BatchGetCommand, {
      RequestItems: { 'test-table': expect.objectContaining({ Keys: [{ pk: `CLASS#${CLASS_ID}`, sk: 'CLASS' }] }) },
    });
  });

  it.each<[string, TokenSpec, ReturnType<typeof schoolWithOneClass>]>([
    ['a student of another class', tokens.otherStudent, schoolWithOneClass()],
    ['an enrolled student when the module is not assigned', tokens.student, schoolWithOneClass({ class: { assignedModuleIds: [] } })],
    ['another teacher', tokens.otherTeacher, schoolWithOneClass()],
    [
      'a student whose membership item outlived their place on the roster',
      tokens.otherStudent,
      [...schoolWithOneClass(), membershipItem(OTHER_STUDENT_ID, CLASS_ID)],
    ],
  ])('answers 404 to %s, as if it did not exist', async (_who, token, items) => {
    givenTable(ddb, items);
    const answer = await get(token);
    expect(answer).toMatchObject({ statusCode: 404, body: { message: 'Module not found.' } });
  });

  it('answers 404 to a module that does not exist', async () => {
    givenTable(ddb, [classItem()]);
    expect(await get(tokens.teacher, 'missing')).toMatchObject({ statusCode: 404, body: { message: 'Module not found.' } });
  });

  it('answers 400 to a malformed id without reading anything', async () => {
    const answer = await get(tokens.teacher, 'MODULE#1 OR 1=1');
    expect(answer).toMatchObject({ statusCode: 400, body: errorBody(/^id may only contain letters, digits/) });
    expect(ddb).not.toReceiveAnyCommand();
  });

  it('does not return items of other kinds', async () => {
    givenTable(ddb, [moduleItem({ moduleId: 'x' })]);
    const answer = await get(tokens.teacher, 'x');
    expect(Object.keys(answer.body).sort()).toEqual(['_id', 'createdAt', 'description', 'sections', 'title', 'updatedAt']);
  });
});
