// The text of sections through the local stack: a stored file's text is extracted by the storage event (not by the
// request that stored it), read by its owner and by students of a class it is assigned to (not while the section is
// locked on their path), and searched by page.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { searchTermsKey } from '@shared/storage';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { textExtractionOver } from '../../functions/src/composition/text-extraction';
import { makeSectionTextRepository } from '../../functions/src/search/adapters/section-text-repository';
import { makeLibraryTermsStore } from '../../functions/src/search/adapters/library-terms-store';
import { keys } from '../../functions/src/table/table';
import { backfillTexts, gatherLibraryTerms } from '../../functions/src/migrations/text-backfill';
import { gatheredFiles } from '../../functions/src/search/gathered-terms';
import { makeFileReader } from '../../functions/src/uploads/adapters/file-reader';
import { localTableContext } from '../../local/table-stores';
import { credentialsFor } from '../../local/stack-config';
import { CLASS_ID, MEDIA, startWorld, type World } from './support/world';

jest.setTimeout(120_000);

let world: World;
let moduleId: string;
let pdfSectionId: string;
let handbookSectionId: string;

const seedFile = (name: string) => new Uint8Array(readFileSync(path.join(__dirname, '../../local/seed-files', name)));

/** Fifteen pages about cells; only page 12 names the ribosome. */
async function handbook(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let number = 1; number <= 15; number += 1) {
    const words = number === 12 ? 'Proteins are made on the ribosome, reading messenger RNA.' : `Page ${number} is about the cell membrane.`;
    pdf.addPage([400, 300]).drawText(words, { x: 20, y: 250, size: 10, font });
  }
  return pdf.save();
}

const settledText = (sectionId: string) => settledTextOf(moduleId, sectionId);

async function settledTextOf(id: string, sectionId: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const text = await world.ok('getSectionText', { as: world.teacher, params: { id, sectionId } });
    if (text.status !== 'pending') return text;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The text stayed pending.');
}

/** Waits for what a storage event's function does beside the request (it runs after the request's answer). */
async function eventually(check: () => Promise<void>) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await check();
    } catch (error) {
      if (attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const search = (query: string, as = world.teacher, inModule?: string) =>
  world.call('search', { as, path: `/api/search?q=${encodeURIComponent(query)}${inModule ? `&moduleId=${inModule}` : ''}` });

beforeAll(async () => {
  world = await startWorld();
  const module = await world.createModule(
    world.teacher,
    [
      { title: 'Reading', contentUrl: await world.upload(world.teacher, 'cells-reading.pdf', MEDIA.pdf, seedFile('cells-reading.pdf')) },
      { title: 'Handbook', contentUrl: await world.upload(world.teacher, 'handbook.pdf', MEDIA.pdf, await handbook()) },
    ],
    'Cells',
  );
  moduleId = module._id;
  [pdfSectionId, handbookSectionId] = module.sections.map((section: { _id: string }) => section._id);
  await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId } });
});

afterAll(() => world?.stop());

describe('the text of a section', () => {
  it('is extracted after the upload, page by page', async () => {
    const text = await settledText(pdfSectionId);

    expect(text.status).toBe('ready');
    expect(text.pages.map((page: { number: number }) => page.number)).toEqual([1, 2]);
    expect(text.pages[0].text).toMatch(/^Cells: the building blocks of life/);
  });

  it('is the same for a student of a class the module is assigned to, and missing for anyone else', async () => {
    const owner = await settledText(pdfSectionId);
    const params = { id: moduleId, sectionId: pdfSectionId };

    expect(await world.ok('getSectionText', { as: world.student, params })).toEqual(owner);
    expect(await world.call('getSectionText', { as: world.otherStudent, params })).toMatchObject({ status: 404 });
    expect(await world.call('getSectionText', { as: world.otherTeacher, params })).toMatchObject({ status: 404 });
    expect(await world.call('getSectionText', { as: world.teacher, params: { id: moduleId, sectionId: 'not-a-section' } })).toMatchObject({
      status: 404,
      body: { message: 'Section not found.' },
    });
  });
});

describe('search', () => {
  beforeAll(async () => {
    await settledText(pdfSectionId);
    await settledText(handbookSectionId);
  });

  it('finds a word that is only on page 12 of a PDF, with the page and the word to highlight', async () => {
    const answer = await search('ribosomes');

    expect(answer.status).toBe(200);
    expect(answer.body.results[0]).toEqual({
      moduleId,
      sectionId: handbookSectionId,
      page: 12,
      snippet: 'Proteins are made on the ribosome, reading messenger RNA.',
      highlights: ['ribosome'],
    });
  });

  it('matches a prefix, a typo and titles', async () => {
    expect((await search('mitochond')).body.results).toContainEqual(expect.objectContaining({ sectionId: pdfSectionId, page: 1 }));
    expect((await search('mitocondria')).body.results).toContainEqual(expect.objectContaining({ sectionId: pdfSectionId, page: 1 }));
    expect((await search('handbook')).body.results).toContainEqual(expect.objectContaining({ sectionId: handbookSectionId, page: null }));
  });

  it("finds nothing of another teacher's library", async () => {
    expect((await search('ribosome', world.otherTeacher)).body).toEqual({ results: [] });
  });

  it('lets a student search inside an assigned module only', async () => {
    const inside = await search('ribosome', world.student, moduleId);
    expect(inside.body.results[0]).toMatchObject({ sectionId: handbookSectionId, page: 12 });

    expect(await search('ribosome', world.otherStudent, moduleId)).toMatchObject({ status: 404 });
    expect(await search('ribosome', world.student)).toMatchObject({ status: 400, body: { fields: { moduleId: 'Say which module to search in.' } } });
  });

  it("drops a deleted module's file from its teacher's library terms, and keeps the files of the modules left", async () => {
    const s3 = new S3Client({ endpoint: world.config.s3.endpoint, region: world.config.region, forcePathStyle: true, credentials: credentialsFor(world.config) });
    const libraryTerms = makeLibraryTermsStore({ client: s3, bucketName: world.config.s3.bucket });
    try {
      const gathered = async () => gatheredFiles(await libraryTerms.read(world.teacher.userId));
      const contentUrl = await world.upload(world.teacher, 'mitosis.pdf', MEDIA.pdf, seedFile('cells-reading.pdf'));
      const module = await world.createModule(world.teacher, [{ title: 'Mitosis', contentUrl }], 'To delete');
      await settledTextOf(module._id, module.sections[0]._id);
      // Its terms are added once its text is stored.
      await eventually(async () => expect(await gathered()).toContain(contentUrl));

      await world.ok('deleteModule', { as: world.teacher, params: { id: module._id } }, 204);

      await eventually(async () => expect(await gathered()).not.toContain(contentUrl));
      expect([...(await gathered())]).toEqual(expect.arrayContaining((await world.ok('getModule', { as: world.teacher, params: { id: moduleId } })).sections.map((section: { contentUrl: string }) => section.contentUrl)));
    } finally {
      s3.destroy();
    }
  });

  it('refuses an empty or overlong query with a sentence', async () => {
    expect(await search('   ')).toMatchObject({ status: 400, body: { message: expect.stringMatching(/search/i) } });
    expect(await search('x'.repeat(201))).toMatchObject({ status: 400 });
  });
});

describe('npm run migrate', () => {
  it('extracts the text of a section file stored before extraction, once', async () => {
    const context = localTableContext(world.config);
    const s3 = new S3Client({ endpoint: world.config.s3.endpoint, region: world.config.region, forcePathStyle: true, credentials: credentialsFor(world.config) });
    try {
      const module = await world.ok('getModule', { as: world.teacher, params: { id: moduleId } });
      const contentUrl = module.sections[0].contentUrl as string;
      await settledText(pdfSectionId);
      // A file of before text extraction: no text item.
      await context.client.send(new DeleteCommand({ TableName: context.tableName, Key: keys.fileText(contentUrl) }));
      expect(await world.ok('getSectionText', { as: world.teacher, params: { id: moduleId, sectionId: pdfSectionId } })).toEqual({ status: 'pending', pages: [] });
      const texts = makeSectionTextRepository(context);
      const bucket = { client: s3, bucketName: world.config.s3.bucket };
      const libraryTerms = makeLibraryTermsStore(bucket);
      const extraction = textExtractionOver({ files: makeFileReader(bucket), texts, libraryTerms, log: { warn: () => undefined } });

      expect(await backfillTexts(context, texts, extraction)).toBe(1);
      expect(await backfillTexts(context, texts, extraction)).toBe(0);
      const text = await world.ok('getSectionText', { as: world.teacher, params: { id: moduleId, sectionId: pdfSectionId } });
      expect(text.status).toBe('ready');
      expect(text.pages).toHaveLength(2);

      // A library whose terms were never gathered (stored before gathering existed) has them after the migration.
      await s3.send(new DeleteObjectCommand({ Bucket: bucket.bucketName, Key: searchTermsKey(world.teacher.userId) }));
      expect(gatheredFiles(await libraryTerms.read(world.teacher.userId)).size).toBe(0);
      expect(await gatherLibraryTerms(context, texts, libraryTerms)).toBeGreaterThanOrEqual(1);
      expect([...gatheredFiles(await libraryTerms.read(world.teacher.userId))]).toEqual(
        expect.arrayContaining(module.sections.map((section: { contentUrl: string }) => section.contentUrl)),
      );
    } finally {
      context.client.destroy();
      s3.destroy();
    }
  });
});

describe('a student on a path in order', () => {
  beforeAll(async () => {
    await settledText(handbookSectionId);
    const module = await world.ok('getModule', { as: world.teacher, params: { id: moduleId } });
    const sections = module.sections.map(({ downloadUrl: _link, ...section }: { downloadUrl?: string }) => section);
    await world.ok('updateModule', { as: world.teacher, params: { id: moduleId }, body: { ...module, sections, sequential: true } });
  });

  it('gets neither the text nor search snippets of a locked section, until it opens; its owner gets both', async () => {
    const params = { id: moduleId, sectionId: handbookSectionId };
    expect(await world.call('getSectionText', { as: world.student, params })).toMatchObject({ status: 409, body: { message: 'Complete “Reading” to open this, or your teacher can open it for you.' } });
    expect((await search('ribosome', world.student, moduleId)).body.results).not.toContainEqual(expect.objectContaining({ sectionId: handbookSectionId }));
    expect((await search('ribosome', world.teacher, moduleId)).body.results[0]).toMatchObject({ sectionId: handbookSectionId, page: 12 });

    await world.ok('markComplete', { as: world.student, body: { studentId: world.student.userId, moduleId, classId: CLASS_ID, sectionId: pdfSectionId } });

    expect(await world.ok('getSectionText', { as: world.student, params })).toMatchObject({ status: 'ready' });
    expect((await search('ribosome', world.student, moduleId)).body.results[0]).toMatchObject({ sectionId: handbookSectionId, page: 12 });
  });
});
