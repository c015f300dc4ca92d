/**
 * Characters that have no place in text people read in lists, pages, mails, file names and audit
 * trails: those that are invisible or turn the direction of the text around them (U+202E lets
 * "oxedni" read as "indexo", or "…exe.pdf" as another name), and control characters. Zero-width
 * joiners (U+200C, U+200D) are allowed: some scripts need them.
 */
const HIDDEN =
  /[\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/u
/** Control characters other than line breaks and tabs. */
// eslint-disable-next-line no-control-regex -- the point is to find them
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u
const LINE_BREAKS = /[\n\r\t]/u

/** True when `text` holds such a character; line breaks and tabs pass only when `multiline`. */
export function hasUnreadableCharacters(
  text: string | null | undefined,
  { multiline = false }: { multiline?: boolean } = {}
) {
  if (typeof text !== 'string') return false
  return HIDDEN.test(text) || CONTROL.test(text) || (!multiline && LINE_BREAKS.test(text))
}

/** The message for such a field, naming it by its label (`full name`, `source`). */
export function unreadableMessage(label: string) {
  return `The ${label} may not hold invisible, direction-changing or control characters.`
}
