// The PDF frame's shape, reserved before a page is drawn: the first page's, or until it is known an A4 page's (the
// commonest), so the page arriving pushes nothing below it (the Next button) further down.

export interface PageSize {
  width: number;
  height: number;
}

const A4 = { width: 595, height: 842 };

/** A CSS aspect-ratio for the frame (width / height), from the first page's size in PDF points. */
export const reservedAspectRatio = (firstPage: PageSize = A4) => `${firstPage.width} / ${firstPage.height}`;
