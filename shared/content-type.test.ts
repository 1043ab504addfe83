import { contentTypeFromMediaType, rosterPackageMediaType, sectionFileMediaType } from './content-type';

describe('contentTypeFromMediaType', () => {
  it.each([
    ['application/pdf', 'PDF'],
    ['APPLICATION/PDF', 'PDF'],
    ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'PPT'],
    ['application/vnd.ms-powerpoint', 'PPT'],
    ['application/vnd.oasis.opendocument.presentation', 'PPT'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'WORD'],
    ['application/msword', 'WORD'],
    ['application/vnd.oasis.opendocument.text', 'WORD'],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'UNKNOWN'],
    ['image/png', 'UNKNOWN'],
    ['', 'UNKNOWN'],
    [undefined, 'UNKNOWN'],
  ])('%s → %s', (mediaType, contentType) => {
    expect(contentTypeFromMediaType(mediaType)).toBe(contentType);
  });
});

describe('sectionFileMediaType', () => {
  it.each([
    ['notes.pdf', 'application/pdf', 'application/pdf'],
    ['Notes.PDF', '', 'application/pdf'],
    ['slides.pptx', 'application/octet-stream', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['slides.pptx', 'application/vnd.ms-powerpoint', 'application/vnd.ms-powerpoint'],
    ['old.ppt', undefined, 'application/vnd.ms-powerpoint'],
    ['sheet.doc', 'application/msword', 'application/msword'],
    ['essay.docx', '', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ])('accepts %s sent as %p, stored as %s', (fileName, mediaType, stored) => {
    expect(sectionFileMediaType(fileName, mediaType)).toBe(stored);
  });

  it.each([
    ['photo.png', 'image/png'],
    ['table.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['page.html', 'text/html'],
    ['notes.pdf', 'text/html'],
    ['slides.pptx', 'application/pdf'],
    ['pdf', 'application/pdf'],
    ['archive.pdf.zip', 'application/zip'],
  ])('refuses %s sent as %s', (fileName, mediaType) => {
    expect(sectionFileMediaType(fileName, mediaType)).toBeUndefined();
  });
});

describe('rosterPackageMediaType', () => {
  it.each([
    ['package.zip', 'application/zip'],
    ['Package.ZIP', ''],
    ['export.zip', 'application/x-zip-compressed'],
    ['export.zip', 'application/octet-stream'],
    ['export.zip', undefined],
  ])('takes %s sent as %p as a zip, stored as application/zip', (fileName, mediaType) => {
    expect(rosterPackageMediaType(fileName, mediaType)).toBe('application/zip');
  });

  it.each([
    ['package.zip', 'text/html'],
    ['package.zip', 'application/pdf'],
    ['notes.pdf', 'application/zip'],
    ['zip', 'application/zip'],
  ])('refuses %s sent as %s', (fileName, mediaType) => {
    expect(rosterPackageMediaType(fileName, mediaType)).toBeUndefined();
  });
});
