// Free text that people read (person and class names, module and section titles, descriptions, check questions and
// options, file names, reasons): one rule, so every route and every form refuses the same characters in the same
// words, and stores the text composed (NFC), so "é" typed as one character or as "e" + accent is one text.
import * as z from './zod';

/** Control characters (NUL, ESC, BEL...), lone UTF-16 surrogates, and line or paragraph separators. */
const CONTROL = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}]/u;
/** The same, but the line breaks and tabs of a text typed in several lines. */
const CONTROL_IN_LINES = /(?![\t\n\r])[\p{Cc}\p{Cs}\p{Zl}\p{Zp}]/u;
/** Marks that turn the direction of the text around them, which let a text show other words than it holds. */
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;
/**
 * What shows nothing: spaces, format characters (zero-width space and joiners, word joiner, byte order mark) and the
 * fillers that render blank (Hangul fillers, the blank braille pattern). Joiners are kept inside a text (some scripts
 * need them), but a text of nothing else shows nothing.
 */
const INVISIBLE = /[\s\p{Cf}\p{Zs}\u034F\u115F\u1160\u2800\u3164\uFFA0]/gu;

export function readableTextMessages(label: string, { multiline = false } = {}) {
  return {
    control: `${label} contains a control character (such as NUL, ESC or BEL)${multiline ? '' : ', a line break'} or a character that is not valid text; type it again without it.`,
    direction: `${label} contains an invisible character that changes the direction of the text (such as U+202E); type it again without it.`,
    invisible: `${label} must have characters you can see, not only spaces or invisible characters.`,
  };
}

/**
 * A required text of at most `max` characters, trimmed and composed (NFC) before it is measured. `multiline` lets
 * line breaks and tabs through (a description, a question's prompt).
 */
export function readableText(label: string, max: number, { multiline = false } = {}) {
  const messages = readableTextMessages(label, { multiline });
  return z.string({ error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be text.`) }).check(
    z.trim(),
    z.normalize('NFC'),
    z.minLength(1, { error: `${label} is required.`, abort: true }),
    z.maxLength(max, { error: `${label} must be at most ${max} characters.` }),
    z.refine((value) => !(multiline ? CONTROL_IN_LINES : CONTROL).test(value), { error: messages.control }),
    z.refine((value) => !DIRECTION_CONTROLS.test(value), { error: messages.direction }),
    z.refine((value) => value.replace(INVISIBLE, '') !== '', { error: messages.invisible }),
  );
}
