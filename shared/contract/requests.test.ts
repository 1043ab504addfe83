import type { ZodMiniType } from 'zod/mini';
import { SENTENCE } from '../../test/unit-helpers/events';
import { abortUploadSchema, completeUploadSchema, createUploadSchema } from './uploads';
import { assignModuleSchema } from './classes';
import { createModuleSchema, updateModuleSchema } from './modules';
import { describeIssues } from './blocks';
import { markCompleteSchema } from './progress';

/** The message a 400 would carry for this input. */
function messageFor(schema: ZodMiniType, input: unknown): string {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`Expected ${JSON.stringify(input)} to be refused`);
  return describeIssues(result.error);
}

const section = { title: 'Slides', contentUrl: 'protected/t/1-slides.pdf' };
const moduleBody = { title: 'Cells', description: 'About cells', sections: [section] };
const progress = { studentId: 's', moduleId: 'm', classId: 'c', sectionId: 'x' };
const complete = { contentUrl: 'protected/t/1-a.pdf', uploadId: 'u', parts: [{ partNumber: 1, etag: 'e' }] };

describe('describeIssues', () => {
  it.each<[string, ZodMiniType, unknown, string]>([
    ['a body that is not an object', createModuleSchema, [moduleBody], 'The request body must be a JSON object with the fields this request needs.'],
    ['no body', markCompleteSchema, undefined, 'The request body must be a JSON object with the fields this request needs.'],
    ['a missing field', assignModuleSchema, {}, 'moduleId: moduleId is required.'],
    ['a wrong-typed field', assignModuleSchema, { moduleId: 5 }, 'moduleId: moduleId must be text.'],
    ['unknown fields', assignModuleSchema, { moduleId: 'm', a: 1, b: 2 }, 'Unknown field(s) a, b are not accepted.'],
    ['a blank title', createModuleSchema, { ...moduleBody, title: '   ' }, 'title: Title is required.'],
    ['a long description', createModuleSchema, { ...moduleBody, description: 'd'.repeat(5001) }, 'description: Description must be at most 5000 characters.'],
    ['a nested field', createModuleSchema, { ...moduleBody, sections: [{ ...section, title: 1 }] }, 'sections.0.title: Section title must be text.'],
    ['an unknown nested field', createModuleSchema, { ...moduleBody, sections: [{ ...section, secret: 1 }] }, 'sections.0: Unknown field(s) secret are not accepted.'],
    ['too many sections', updateModuleSchema, { ...moduleBody, sections: Array(101).fill(section) }, 'sections: A module can have at most 100 sections.'],
    ['no sections on create', createModuleSchema, { ...moduleBody, sections: [] }, 'sections: Add at least one section before saving the module.'],
    ['an id with other characters', markCompleteSchema, { ...progress, classId: 'CLASS#1' }, "classId: classId may only contain letters, digits, '-' and '_'."],
    ['a zip over 50 MB', createUploadSchema, { fileName: 'roster.zip', size: 50 * 1024 * 1024 + 1 }, 'size: The package is larger than 50 MB; a OneRoster export is far smaller. Export it again from your information system.'],
    ['a .zip declared as a web page', createUploadSchema, { fileName: 'roster.zip', contentType: 'text/html', size: 10 }, 'fileName: Only PDF, PowerPoint (.ppt, .pptx) and Word (.doc, .docx) files can be added.'],
    ['an id over 100 characters', markCompleteSchema, { ...progress, moduleId: 'm'.repeat(101) }, 'moduleId: moduleId is too long.'],
    ['a missing upload id', abortUploadSchema, { contentUrl: 'k' }, 'uploadId: uploadId is required.'],
    ['an upload id of the wrong type', abortUploadSchema, { contentUrl: 'k', uploadId: 1 }, 'uploadId: uploadId must be text.'],
  ])('names the field and what to fix for %s', (_case, schema, input, message) => {
    expect(messageFor(schema, input)).toBe(message);
  });

  it('reports at most three problems', () => {
    const message = messageFor(markCompleteSchema, {});
    expect(message).toBe('studentId: studentId is required. moduleId: moduleId is required. classId: classId is required.');
  });
});

describe('every refusal is a sentence a person can act on', () => {
  it.each<[string, ZodMiniType, unknown]>([
    ['section order as text', createModuleSchema, { ...moduleBody, sections: [{ ...section, order: 'first' }] }],
    ['section order of 0', createModuleSchema, { ...moduleBody, sections: [{ ...section, order: 0 }] }],
    ['section order of 1.5', createModuleSchema, { ...moduleBody, sections: [{ ...section, order: 1.5 }] }],
    ['an unknown content type', createModuleSchema, { ...moduleBody, sections: [{ ...section, contentType: 'EXE' }] }],
    ['a downloadUrl that is not text', createModuleSchema, { ...moduleBody, sections: [{ ...section, downloadUrl: 1 }] }],
    ['a size that is not a number', createModuleSchema, { ...moduleBody, sections: [{ ...section, size: 'big' }] }],
    ['a contentUrl over 1024 characters', createModuleSchema, { ...moduleBody, sections: [{ ...section, contentUrl: 'k'.repeat(1025) }] }],
    ['an empty contentUrl', createModuleSchema, { ...moduleBody, sections: [{ ...section, contentUrl: '' }] }],
    ['sections that are not a list', createModuleSchema, { ...moduleBody, sections: {} }],
    ['an updatedAt that is not a timestamp', updateModuleSchema, { ...moduleBody, updatedAt: 'now' }],
    ['an echoed _id that is not text', updateModuleSchema, { ...moduleBody, _id: 1 }],
    ['an echoed createdAt that is not text', updateModuleSchema, { ...moduleBody, createdAt: false }],
    ['a file name over 255 characters', createUploadSchema, { fileName: 'f'.repeat(256), size: 1 }],
    ['a media type over 255 characters', createUploadSchema, { fileName: 'f', size: 1, contentType: 't'.repeat(256) }],
    ['a negative size', createUploadSchema, { fileName: 'f', size: -1 }],
    ['no parts', completeUploadSchema, { ...complete, parts: [] }],
    ['parts that are not a list', completeUploadSchema, { ...complete, parts: 'all' }],
    ['a part number as text', completeUploadSchema, { ...complete, parts: [{ partNumber: '1', etag: 'e' }] }],
    ['a part number of 0', completeUploadSchema, { ...complete, parts: [{ partNumber: 0, etag: 'e' }] }],
    ['a part number past 10,000', completeUploadSchema, { ...complete, parts: [{ partNumber: 10_001, etag: 'e' }] }],
    ['a fractional part number', completeUploadSchema, { ...complete, parts: [{ partNumber: 1.5, etag: 'e' }] }],
    ['a part without an etag', completeUploadSchema, { ...complete, parts: [{ partNumber: 1 }] }],
    ['an empty etag', completeUploadSchema, { ...complete, parts: [{ partNumber: 1, etag: '' }] }],
    ['an etag over 200 characters', completeUploadSchema, { ...complete, parts: [{ partNumber: 1, etag: 'e'.repeat(201) }] }],
    ['more than 10,000 parts', completeUploadSchema, { ...complete, parts: Array(10_001).fill({ partNumber: 1, etag: 'e' }) }],
    ['an upload id over 1024 characters', completeUploadSchema, { ...complete, uploadId: 'u'.repeat(1025) }],
    ['an unknown field in a part', completeUploadSchema, { ...complete, parts: [{ partNumber: 1, etag: 'e', size: 5 }] }],
    ['a lone surrogate in a file name (it would break every later read)', createModuleSchema, { ...moduleBody, sections: [{ ...section, originalFileName: 'a\ud800.pdf' }] }],
    ['a lone surrogate in a title', createModuleSchema, { ...moduleBody, title: 'Cells \udc00' }],
    ['a lone surrogate in a contentUrl', createModuleSchema, { ...moduleBody, sections: [{ ...section, contentUrl: 'k\ud800' }] }],
    ['a media type with a header break', createUploadSchema, { fileName: 'f', size: 1, contentType: 'application/pdf\r\nx: 1' }],
    ['a media type that is not one', createUploadSchema, { fileName: 'f', size: 1, contentType: 'pdf' }],
  ])('%s', (_case, schema, input) => {
    const message = messageFor(schema, input);
    expect(message).toMatch(SENTENCE);
    expect(message).not.toMatch(/Invalid input|Too (small|big)|expected \w+ to/);
  });
});

describe('accepted input', () => {
  it("trims text and gives an upload without a media type its extension's", () => {
    expect(createModuleSchema.parse({ ...moduleBody, title: '  Cells  ' }).title).toBe('Cells');
    expect(createUploadSchema.parse({ fileName: 'a.pdf', size: 1 }).contentType).toBe('application/pdf');
    expect(createUploadSchema.parse({ fileName: 'a.pdf', size: 1, contentType: '' }).contentType).toBe('application/pdf');
    expect(createUploadSchema.parse({ fileName: 'roster.zip', size: 1, contentType: 'application/x-zip-compressed' }).contentType).toBe('application/zip');
    expect(createModuleSchema.parse({ ...moduleBody, title: 'Cells 🧫' }).title).toBe('Cells 🧫');
  });

  it('accepts fields a client echoes back from a read (ignored by the server)', () => {
    const echoed = {
      ...moduleBody,
      _id: 'm',
      createdAt: '2024-01-01T00:00:00.000Z',
      updatedAt: '2024-01-02T00:00:00.000Z',
      sections: [{ ...section, _id: 's-1', order: 1, contentType: 'PDF', originalFileName: 'a.pdf', downloadUrl: 'https://x' }],
    };
    expect(updateModuleSchema.safeParse(echoed).success).toBe(true);
  });
});
