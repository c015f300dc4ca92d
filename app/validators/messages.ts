import type { FieldContext, MessagesProviderContact } from '@vinejs/vine/types'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/password_policy'
import { TEAM_PASSWORD_MIN_LENGTH } from '#shared/team_security_policy'

/**
 * Fields as the pages label them, written to sit mid-sentence ("The {{ field }} field …");
 * `{{ Field }}` starts a sentence with it. Keys are field names or paths (`roleIds.*` for the
 * entries of a list). Fields not listed read as their words (`license_type_id` → "license
 * type"); a list entry reads as its list's name.
 */
export const FIELD_LABELS: Record<string, string> = {
  'q': 'search',
  'currencyCode': 'currency',
  'teamTypeKey': 'team type',
  'modules': 'products',
  'modules.*': 'product',
  'requireTwoFactor': 'require two-factor authentication',
  'allowSelfRegistration': 'allow self-registration',
  'passwordMinLength': 'minimum password length',
  'domains': 'allowed email domains',
  'ips': 'allowed IP ranges',
  'roleIds': 'roles',
  'roleIds.*': 'role',
  'permissions.*': 'permission',
  'currentPassword': 'current password',
  'passwordConfirmation': 'password confirmation',
  'team_id': 'team',
  'subscriptions.*': 'subscription',
  'feedbackText': 'feedback',
  'ssoEmail': 'work email address',
  'metadataFile': 'metadata file',
  'metadataXml': 'metadata XML',
  'certificateFingerprint': 'certificate fingerprint',
  'enabled': 'single sign-on',
  'required': 'mandatory single sign-on',
  'fileToUpload': 'completed template',
  'dataCollectionId': 'data collection',
  'additionalComments': 'additional comments',
  'deliveryDate': 'delivery date',
  'providerTypeKey': 'provider type',
  'isAdministrator': 'administrator',
  'research_provider_type': 'provider type',
  'is_independent': 'independent',
  'hq_region': 'HQ region',
  'aliases.*': 'alias',
  'kind': 'collection kind',
  'message': 'message to the submitter',
  'file_name': 'file name',
  'category_id': 'category',
  'access_type': 'access type',
  'access_module': 'product',
  'team_ids': 'teams',
  'team_ids.*': 'team',
  'tag_ids': 'tags',
  'tag_ids.*': 'tag',
  'user_ids': 'send list',
  'user_ids.*': 'user',
}

/** Also the service's refusal, so that the form and the rule say the same. */
export const TEAM_PASSWORD_LENGTH = `Minimum password length must be between ${TEAM_PASSWORD_MIN_LENGTH.lowest} and ${TEAM_PASSWORD_MIN_LENGTH.highest} characters.`
const fromList = (things: string) => `Choose ${things} from the list.`

/**
 * Messages by rule, and by `field.rule` or `list.*.rule` where a field needs its own words.
 * Each says what is allowed.
 */
export const MESSAGES: Record<string, string> = {
  'required': 'The {{ field }} field is required.',
  'string': 'The {{ field }} field must be text.',
  'email': 'Enter a valid email address.',
  'maxLength': 'The {{ field }} field must be at most {{ max }} characters long.',
  'minLength': 'The {{ field }} field must be at least {{ min }} characters long.',
  'fixedLength': 'The {{ field }} field must be exactly {{ size }} characters long.',
  'number': 'The {{ field }} field must be a number.',
  'withoutDecimals': '{{ Field }} must be a whole number.',
  'positive': '{{ Field }} must be greater than zero.',
  'min': '{{ Field }} must be at least {{ min }}.',
  'max': '{{ Field }} must be at most {{ max }}.',
  'range': '{{ Field }} must be between {{ min }} and {{ max }}.',
  'boolean': '{{ Field }} must be either on or off.',
  'enum': '{{ Field }} must be one of: {{ choices }}.',
  'in': '{{ Field }} must be one of: {{ choices }}.',
  'regex': '{{ Field }} is not in the expected format.',
  'array': '{{ Field }} must be a list.',
  'array.minLength': '{{ Field }} must hold at least {{ min }} entries.',
  'array.maxLength': '{{ Field }} can hold at most {{ max }} entries.',
  'date': '{{ Field }} must be a date such as 2026-03-31.',
  'file': 'Choose a file for the {{ field }}.',
  // The file's kind is read from its content: an empty file, or one renamed from another kind,
  // has none that is allowed.
  'file.extname':
    '{{ Field }} must be {{ extnames }} file: this one is empty, or its content is of another kind.',
  'file.size': '{{ Field }} must be at most {{ size }}.',
  'confirmed': 'The password confirmation does not match.',

  'password.minLength': `The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  'password.maxLength': `The password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  'password.regex': 'The password must contain both letters and digits.',
  'team_id.required': 'Choose a team.',
  'team_id.number': 'Choose a team.',
  'passwordMinLength.required': TEAM_PASSWORD_LENGTH,
  'passwordMinLength.number': TEAM_PASSWORD_LENGTH,
  'passwordMinLength.withoutDecimals': TEAM_PASSWORD_LENGTH,
  'passwordMinLength.min': TEAM_PASSWORD_LENGTH,
  'passwordMinLength.max': TEAM_PASSWORD_LENGTH,
  'roleIds.*.number': fromList('roles'),
  'roleIds.*.withoutDecimals': fromList('roles'),
  'roleIds.*.positive': fromList('roles'),
  'permissions.*.enum': fromList('permissions'),
  'modules.*.string': fromList('products'),
  'modules.*.minLength': fromList('products'),
  'subscriptions.*.enum': fromList('subscriptions'),
  'metadataFile.file.size': 'The metadata file must be smaller than 1 MB.',
  'metadataXml.maxLength': 'The metadata must be smaller than 1 MB.',
  'columns.*.enum': 'Choose the exported columns from the table’s columns.',
  'sort.enum': 'Sort by one of the table’s columns.',
  'providerSlug':
    'The provider key may hold only lower-case letters and digits, in words joined by single dashes (such as atlas-research).',
  'research_provider_type.enum': 'Choose a provider type from the list.',
  'hq_region.enum': 'Choose an HQ region from the list.',
  'aliases.*.required': 'An alias cannot be blank: remove the empty one.',
  'aliases.*.minLength': 'An alias cannot be blank: remove the empty one.',
  'aliases.*.maxLength': 'An alias must be at most {{ max }} characters long.',
  'aliases.maxLength': 'A provider can have at most {{ max }} aliases.',
  'readableText':
    'The {{ field }} may not hold invisible, direction-changing or control characters.',
  'hasLetters': 'The {{ field }} must hold at least one letter or digit.',
  'file_name.regex': 'The file name must end in .pdf and may not hold any of \\ / : * ? " < > |.',
  'category_id.required': 'Choose a category.',
  'category_id.number': fromList('a category'),
  'access_type.required': 'Choose who may see the report.',
  'access_type.enum': 'Choose who may see the report from the list.',
  'access_module.enum': fromList('the product'),
  'team_ids.*.number': fromList('the teams'),
  'tag_ids.*.number': fromList('the tags'),
  'tag_ids.array.maxLength': 'A report can carry at most {{ max }} tags.',
  'user_ids.required': 'Put at least one user on the send list.',
  'user_ids.array.minLength': 'Put at least one user on the send list.',
  'user_ids.*.number': 'Choose the users from the notify list.',
}

/** "a, b or c" */
function either(values: unknown[]) {
  const texts = values.map(String)
  return texts.length > 1 ? `${texts.slice(0, -1).join(', ')} or ${texts.at(-1)}` : texts.join('')
}

function size(value: unknown) {
  if (typeof value === 'number') return `${Math.round(value / 1024 / 1024)} MB`
  return String(value).replace(
    /^(\d+)\s*(kb|mb|gb)$/i,
    (_, n, unit) => `${n} ${unit.toUpperCase()}`
  )
}

function words(name: string) {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .replace(/ id$/i, '')
    .toLowerCase()
    .trim()
}

/** A list entry (`roleIds.3`) reads as its list: "roles" → "role". */
function label(field: FieldContext) {
  const path = field.getFieldPath()
  const known = FIELD_LABELS[field.wildCardPath] ?? FIELD_LABELS[path] ?? FIELD_LABELS[field.name]
  if (known) return known
  const name = String(field.name)
  if (/^\d+$/.test(name) && field.wildCardPath.endsWith('.*')) {
    const list = field.wildCardPath.slice(0, -2).split('.').at(-1) ?? ''
    return (FIELD_LABELS[list] ?? words(list)).replace(/s$/, '')
  }
  return words(name) || 'value'
}

/** Values a message may show, in words: lists of choices and extensions, sizes. */
function readable(rule: string, args: Record<string, unknown> = {}) {
  const out: Record<string, unknown> = { ...args }
  // `enum` reports its list as `choices`, `in` as `values`: both read as choices.
  const choices = Array.isArray(args.choices) ? args.choices : args.values
  if (Array.isArray(choices)) {
    out.choices = either(choices.map((choice) => String(choice).replace(/_+/g, ' ')))
  }
  if (Array.isArray(args.extnames)) {
    const list = either(args.extnames.map((ext) => `.${ext}`))
    out.extnames = `${/^\.[aeiox]/i.test(list) ? 'an' : 'a'} ${list}`
  }
  if (rule.startsWith('file.') && args.size !== undefined) out.size = size(args.size)
  return out
}

/**
 * VineJS messages in the pages' words: field names never leak as code (`passwordMinLength`,
 * "The selected 1"), and a file without an extension is not called "undefined".
 */
export class LabelledMessagesProvider implements MessagesProviderContact {
  getMessage(
    rawMessage: string,
    rule: string,
    field: FieldContext,
    args?: Record<string, any>
  ): string {
    const template =
      MESSAGES[`${field.getFieldPath()}.${rule}`] ??
      MESSAGES[`${field.wildCardPath}.${rule}`] ??
      MESSAGES[`${String(field.name)}.${rule}`] ??
      MESSAGES[rule] ??
      rawMessage
    const name = label(field)
    const data: Record<string, unknown> = {
      ...readable(rule, args),
      field: name,
      Field: name.charAt(0).toUpperCase() + name.slice(1),
    }
    return template.replace(/{{\s*([\w.]+)\s*}}/g, (_, key: string) => String(data[key] ?? ''))
  }
}

/**
 * A validator's own messages before the shared ones, by `path.rule` (`list.*.rule` for a list's
 * entries) or `field.rule`: a field that needs its own words gets them without another provider.
 */
export class OwnMessagesProvider extends LabelledMessagesProvider {
  constructor(private readonly own: Record<string, string>) {
    super()
  }

  protected ownMessage(rule: string, field: FieldContext): string | undefined {
    return this.own[`${field.wildCardPath}.${rule}`] ?? this.own[`${String(field.name)}.${rule}`]
  }

  getMessage(rawMessage: string, rule: string, field: FieldContext, args?: Record<string, any>) {
    return this.ownMessage(rule, field) ?? super.getMessage(rawMessage, rule, field, args)
  }
}
