import vine from '@vinejs/vine'
import { THEME_NAME_MAX } from '#shared/research_themes_admin'
import { OwnMessagesProvider } from '#validators/messages'

/*
 * Theme management (`themeManagement`): the group and theme forms. Names are read generously here
 * (any text up to a bound) and checked in the page's words by
 * app/services/research/admin/themes.ts (trimmed, not empty, at most THEME_NAME_MAX, readable,
 * unique), which also checks that the groups and themes chosen still exist.
 */

const GROUP_MESSAGE = 'Choose a group from the list.'
const THEME_MESSAGE = 'Choose a theme from the list.'
const idMessages = (field: string, message: string) =>
  Object.fromEntries(
    ['required', 'number', 'withoutDecimals', 'positive', 'max'].map((rule) => [
      `${field}.${rule}`,
      message,
    ])
  )

const OWN_MESSAGES: Record<string, string> = {
  'name.required': 'Give it a name.',
  'name.string': 'Give it a name.',
  'name.maxLength': `The name holds at most ${THEME_NAME_MAX} characters.`,
  'synonym.required': 'Type the synonym.',
  'synonym.string': 'Type the synonym.',
  'synonym.maxLength': `The synonym holds at most ${THEME_NAME_MAX} characters.`,
  ...idMessages('parent_id', GROUP_MESSAGE),
  ...idMessages('group_id', GROUP_MESSAGE),
  ...idMessages('into_id', THEME_MESSAGE),
  'direction.required': 'Choose up or down.',
  'direction.enum': 'Choose up or down.',
}

const messages = new OwnMessagesProvider(OWN_MESSAGES)

/** Long enough for the service to say how long a name typed is; short enough to refuse a flood. */
const text = () => vine.string().maxLength(THEME_NAME_MAX * 10)
const id = () => vine.number().withoutDecimals().positive().max(2_147_483_647)

export const groupValidator = vine.create({ name: text(), parent_id: id().nullable().optional() })
groupValidator.messagesProvider = messages

export const nameValidator = vine.create({ name: text() })
nameValidator.messagesProvider = messages

export const moveGroupValidator = vine.create({ parent_id: id().nullable() })
moveGroupValidator.messagesProvider = messages

export const reorderGroupValidator = vine.create({ direction: vine.enum(['up', 'down'] as const) })
reorderGroupValidator.messagesProvider = messages

export const themeValidator = vine.create({ name: text(), group_id: id() })
themeValidator.messagesProvider = messages

export const synonymValidator = vine.create({ synonym: text() })
synonymValidator.messagesProvider = messages

export const mergeValidator = vine.create({ into_id: id() })
mergeValidator.messagesProvider = messages
