import vine from '@vinejs/vine'
import {
  MAX_POSITION,
  OVERRIDE_KINDS,
  OVERRIDE_NOTE_MAX,
  OVERRIDE_NOTE_MIN,
} from '#shared/research_ranking'
import { OwnMessagesProvider } from '#validators/messages'

/*
 * Theme ranking administration (`themeRanking`): the week in the address, and the override,
 * withdrawal and publication forms. Whether the week was computed and the theme is in it is
 * checked next by app/services/research/admin/ranking.ts, in the same words.
 */

const WEEK_MESSAGE = 'Choose a week from the list.'
const POSITION_MESSAGE = `Enter the position, a whole number from 1 to ${MAX_POSITION}.`
const NOTE_MESSAGE = `Write a note saying why (at least ${OVERRIDE_NOTE_MIN} characters).`

const OWN_MESSAGES: Record<string, string> = {
  'week.required': WEEK_MESSAGE,
  'week.regex': WEEK_MESSAGE,
  'themeId.required': 'Choose a theme of the week’s ranking.',
  'themeId.number': 'Choose a theme of the week’s ranking.',
  'themeId.withoutDecimals': 'Choose a theme of the week’s ranking.',
  'themeId.positive': 'Choose a theme of the week’s ranking.',
  'themeId.max': 'Choose a theme of the week’s ranking.',
  'kind.required': 'Choose what to do: pin, move or hide.',
  'kind.enum': 'Choose what to do: pin, move or hide.',
  'position.required': POSITION_MESSAGE,
  'position.requiredWhen': POSITION_MESSAGE,
  'position.number': POSITION_MESSAGE,
  'position.withoutDecimals': POSITION_MESSAGE,
  'position.min': POSITION_MESSAGE,
  'position.max': POSITION_MESSAGE,
  'note.required': NOTE_MESSAGE,
  'note.minLength': NOTE_MESSAGE,
  'note.maxLength': `The note holds at most ${OVERRIDE_NOTE_MAX} characters.`,
}

const messages = new OwnMessagesProvider(OWN_MESSAGES)

const week = () =>
  vine
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
const note = () => vine.string().trim().minLength(OVERRIDE_NOTE_MIN).maxLength(OVERRIDE_NOTE_MAX)

/** The page's address: a week the page does not understand shows the latest. */
export const rankingPageValidator = vine.create({
  week: week().optional(),
})

export const overrideValidator = vine.create({
  week: week(),
  themeId: vine.number().withoutDecimals().positive().max(2_147_483_647),
  kind: vine.enum(Object.keys(OVERRIDE_KINDS) as (keyof typeof OVERRIDE_KINDS)[]),
  position: vine
    .number()
    .withoutDecimals()
    .min(1)
    .max(MAX_POSITION)
    .nullable()
    .optional()
    .requiredWhen('kind', 'in', ['pin', 'move']),
  note: note(),
})
overrideValidator.messagesProvider = messages

export const removeOverrideValidator = vine.create({ note: note() })
removeOverrideValidator.messagesProvider = messages

export const publishValidator = vine.create({ week: week() })
publishValidator.messagesProvider = messages
