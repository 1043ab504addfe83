/** What every file viewer (a lazy chunk each) is given by the reader. */
export interface ViewerProps {
  /** A signed, short-lived link to the file. */
  url: string;
  /** Names the rendered content for assistive technology, e.g. the section's title. */
  label: string;
  /** The first page or slide is on screen. */
  onReady: () => void;
  /** The file could not be read or rendered; the reader decides between a fresh link and the fallback panel. */
  onError: (error: unknown) => void;
  /** The page or slide to open at when the address names none (`?page=`): where the student last was. */
  initialPage?: number;
  /** The page or slide shown changed (the first one included). */
  onPageChange?: (page: number) => void;
}
