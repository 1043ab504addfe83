import { contentTypeFromMediaType } from './content-type';

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
