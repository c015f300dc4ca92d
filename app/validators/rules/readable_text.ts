import vine from '@vinejs/vine'
import { hasUnreadableCharacters } from '#services/text/readable'

/**
 * Text people read in lists, pages, mails and file names: no control characters, nothing
 * invisible or direction-changing (which would let "…exe.pdf" read as another name), and at
 * least one letter or digit. Line breaks only with `multiline`.
 */
export const readableText = vine.createRule<{ multiline?: boolean }>((value, options, field) => {
  if (typeof value !== 'string') return
  if (hasUnreadableCharacters(value, options)) {
    field.report(
      'The {{ field }} may not hold invisible, direction-changing or control characters.',
      'readableText',
      field
    )
    return
  }
  if (value !== '' && !/[\p{L}\p{N}]/u.test(value)) {
    field.report('The {{ field }} must hold at least one letter or digit.', 'hasLetters', field)
  }
})
