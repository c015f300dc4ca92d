import vine from '@vinejs/vine'
import { offeredYear } from '#services/calendar/years'
import type { FieldContext } from '@vinejs/vine/types'
import { DateTime } from 'luxon'
import {
  ANALYST_STATUSES,
  MOVE_TYPES,
  REGION_CODES,
  SENIORITIES,
  SECTORS,
  type AnalystStatus,
  type MoveType,
  type Seniority,
} from '#shared/providers'
import { OwnMessagesProvider } from '#validators/messages'
import { optionalReference, reference } from '#validators/rules/reference'
import {
  ASSET_CLASS_KEYS,
  EARLIEST_EVENT_DATE,
  EARLIEST_INDUSTRY_START_YEAR,
  MAX_EXPERIENCE_YEARS,
  isIsoDate,
} from '#services/providers/admin/rules'
import { PROVIDERS_AUDIT_ENTITIES } from '#services/providers/admin/reference'

/*
 * Providers / analyst mapping administration (`/admin/providers`): the shapes of the analyst and
 * move forms, the lists' filters and the import upload. The rules that need the database
 * (providers are research providers, one move per analyst, date and type, a type's from/to) are
 * checked next by the services, with the same words.
 */

const SENIORITY_KEYS = Object.keys(SENIORITIES) as Seniority[]
const STATUS_KEYS = Object.keys(ANALYST_STATUSES) as AnalystStatus[]
const MOVE_TYPE_KEYS = Object.keys(MOVE_TYPES) as MoveType[]

/** Messages of these forms in the pages' words; anything else as everywhere else. */
const OWN_MESSAGES: Record<string, string> = {
  'analyst_id.reference': 'Choose an analyst from the list.',
  'provider_id.reference': 'Choose a research provider from the list.',
  'from_provider_id.reference': 'Choose the provider left from the list.',
  'to_provider_id.reference': 'Choose the provider joined from the list.',
  'full_name.required': 'Enter the analyst’s full name.',
  'full_name.minLength': 'Enter the analyst’s full name.',
  'external_id.required': 'Enter the analyst’s identifier, as the source names them.',
  'external_id.minLength': 'Enter the analyst’s identifier, as the source names them.',
  'external_id.regex':
    'The identifier may hold letters, digits and . _ : / - only, starting with a letter or digit.',
  'seniority.enum': 'Choose a seniority from the list.',
  'seniority.required': 'Choose a seniority from the list.',
  'status.enum': 'Choose a status from the list.',
  'asset_class.enum': 'Choose an asset class from the list.',
  'industry_start_year.required': 'Enter the year the analyst started in the industry.',
  'industry_start_year.number': 'The industry start year must be a year such as 2012.',
  'industry_start_year.withoutDecimals': 'The industry start year must be a year such as 2012.',
  'industry_start_year.min': `The industry start year must be ${EARLIEST_INDUSTRY_START_YEAR} or later.`,
  'industry_start_year.max': 'The industry start year cannot be in the future.',
  'coverage_year.number': 'Choose a coverage year such as 2026.',
  'coverage_year.withoutDecimals': 'Choose a coverage year such as 2026.',
  'coverage.maxLength': `Coverage holds at most ${SECTORS.length * REGION_CODES.length} sector × region cells.`,
  'coverage.*.sector_id.number': 'Choose the coverage sectors from the grid.',
  'coverage.*.sector_id.withoutDecimals': 'Choose the coverage sectors from the grid.',
  'coverage.*.sector_id.positive': 'Choose the coverage sectors from the grid.',
  'coverage.*.region_code.enum': 'Choose the coverage regions from the grid.',
  'type.enum': 'Choose a move type from the list.',
  'type.required': 'Choose a move type from the list.',
  'experience_years.number': 'Experience must be a whole number of years.',
  'experience_years.withoutDecimals': 'Experience must be a whole number of years.',
  'experience_years.min': 'Experience cannot be negative.',
  'experience_years.max': `Experience must be at most ${MAX_EXPERIENCE_YEARS} years.`,
  'sector_ids.maxLength': `Choose at most ${SECTORS.length} sectors.`,
  'sector_ids.distinct': 'Choose each sector once.',
  'sector_ids.*.number': 'Choose the sectors from the list.',
  'sector_ids.*.withoutDecimals': 'Choose the sectors from the list.',
  'sector_ids.*.positive': 'Choose the sectors from the list.',
  'region_codes.maxLength': `Choose at most ${REGION_CODES.length} regions.`,
  'region_codes.distinct': 'Choose each region once.',
  'region_codes.*.enum': 'Choose the regions from the list.',
  'file.extname':
    'The file must be a .csv or .xlsx file: this one is empty, or its content is of another kind.',
  'roster.file.extname':
    'The roster must be a .csv or .xlsx file: this one is empty, or its content is of another kind.',
  'moves.file.extname':
    'The moves file must be a .csv or .xlsx file: this one is empty, or its content is of another kind.',
}

const FIELD_WORDS: Record<string, string> = {
  'full_name': 'full name',
  'external_id': 'identifier',
  'provider_id': 'provider',
  'role_start_date': 'role start date',
  'asset_class': 'asset class',
  'is_ranked': 'survey-ranked',
  'mark_verified': 'mark verified now',
  'event_date': 'event date',
  'from_provider_id': 'provider left',
  'to_provider_id': 'provider joined',
  'experience_years': 'experience',
  'sector_ids': 'sectors',
  'region_codes': 'regions',
  'coverage.*.is_lead': 'lead flag',
  'coverage.*.sector_id': 'coverage sector',
  'coverage.*.region_code': 'coverage region',
  'roster': 'roster file',
  'moves': 'moves file',
  'dry_run': 'check only',
}

/** The shared messages name a field by the form's label. */
class ProvidersAdminMessages extends OwnMessagesProvider {
  getMessage(raw: string, rule: string, field: FieldContext, args?: Record<string, any>) {
    const words = FIELD_WORDS[field.wildCardPath]
    if (!words) return super.getMessage(raw, rule, field, args)
    const own = this.ownMessage(rule, field)
    if (own) return own
    // The same messages, naming the field by the form's label.
    const renamed = Object.create(field, {
      name: { value: words },
      wildCardPath: { value: words },
      getFieldPath: { value: () => words },
    }) as FieldContext
    return super.getMessage(raw, rule, renamed, args)
  }
}

const messages = new ProvidersAdminMessages(OWN_MESSAGES)

/** A calendar date written YYYY-MM-DD, between `min` and today. */
const isoDateRule = vine.createRule<{ label: string; min: string }>((value, options, field) => {
  if (typeof value !== 'string') return
  if (!isIsoDate(value)) {
    field.report(`${options.label} must be a date such as 2024-03-31.`, 'isoDate', field)
    return
  }
  const today = DateTime.now().toISODate()!
  if (value < options.min || value > today) {
    field.report(`${options.label} must be between ${options.min} and today.`, 'isoDate', field)
  }
})

const isoDate = (label: string, min: string) =>
  vine.string().trim().maxLength(10).use(isoDateRule({ label, min }))

const search = () => vine.string().trim().maxLength(100).optional()
const thisYear = () => DateTime.now().year

/** An analyst as the roster form edits it, with one year's coverage. */
export const analystValidator = vine.create({
  full_name: vine.string().trim().minLength(1).maxLength(160),
  external_id: vine
    .string()
    .trim()
    .minLength(1)
    .maxLength(64)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._:/-]*$/),
  provider_id: optionalReference('provider'),
  title: vine.string().trim().maxLength(120).nullable().optional(),
  seniority: vine.enum(SENIORITY_KEYS),
  industry_start_year: vine
    .number()
    .withoutDecimals()
    .min(EARLIEST_INDUSTRY_START_YEAR)
    .max(thisYear()),
  role_start_date: isoDate('The role start date', `${EARLIEST_INDUSTRY_START_YEAR}-01-01`)
    .nullable()
    .optional(),
  asset_class: vine.enum(ASSET_CLASS_KEYS),
  status: vine.enum(STATUS_KEYS),
  is_ranked: vine.boolean(),
  source: vine.string().trim().maxLength(80).nullable().optional(),
  // One of the years offered, or of the last five: past coverage may be recorded.
  coverage_year: offeredYear('analysts', { backfill: true }).optional(),
  coverage: vine
    .array(
      vine.object({
        sector_id: vine.number().withoutDecimals().positive().max(1_000_000),
        region_code: vine.enum(REGION_CODES),
        is_lead: vine.boolean(),
      })
    )
    .maxLength(SECTORS.length * REGION_CODES.length)
    .optional(),
  mark_verified: vine.boolean().optional(),
})
analystValidator.messagesProvider = messages

/** A move as the moves form edits it. */
export const moveValidator = vine.create({
  analyst_id: reference('analyst'),
  event_date: isoDate('The event date', EARLIEST_EVENT_DATE),
  type: vine.enum(MOVE_TYPE_KEYS),
  from_provider_id: optionalReference('provider the analyst left'),
  to_provider_id: optionalReference('provider the analyst joined'),
  experience_years: vine
    .number()
    .withoutDecimals()
    .min(0)
    .max(MAX_EXPERIENCE_YEARS)
    .nullable()
    .optional(),
  sector_ids: vine
    .array(vine.number().withoutDecimals().positive().max(1_000_000))
    .maxLength(SECTORS.length)
    .distinct()
    .optional(),
  region_codes: vine
    .array(vine.enum(REGION_CODES))
    .maxLength(REGION_CODES.length)
    .distinct()
    .optional(),
  source: vine.string().trim().maxLength(80).nullable().optional(),
})
moveValidator.messagesProvider = messages

/** The analysts list's search and filters, from the address (anything not understood is dropped). */
export const analystListValidator = vine.create({
  q: search(),
  provider: vine
    .string()
    .trim()
    .regex(/^(none|[1-9]\d{0,8})$/)
    .optional(),
  status: vine.enum(STATUS_KEYS).optional(),
  edit: vine.number().withoutDecimals().positive().max(1_000_000_000).optional(),
})

/** The moves list's search and filters. */
export const moveListValidator = vine.create({
  q: search(),
  provider: vine.number().withoutDecimals().positive().max(1_000_000_000).optional(),
  analyst: vine.number().withoutDecimals().positive().max(1_000_000_000).optional(),
  year: vine.number().withoutDecimals().min(2000).max(2100).optional(),
  type: vine.enum(MOVE_TYPE_KEYS).optional(),
})

/** The analyst picker of the moves form. */
export const analystSearchValidator = vine.create({ q: search() })

/** The providers audit trail's filters: one of its entity types, an author. */
export const providersAuditValidator = vine.create({
  entity: vine.enum(PROVIDERS_AUDIT_ENTITIES).optional(),
  user: vine.number().withoutDecimals().positive().optional(),
})

export const DATA_QUALITY_REASONS = ['unverified', 'no_coverage'] as const
export type DataQualityReason = (typeof DATA_QUALITY_REASONS)[number]

export const dataQualityValidator = vine.create({
  reason: vine.enum(DATA_QUALITY_REASONS).optional(),
})

/** The import: a roster, a moves file or both, checked only or written. */
export const analystImportValidator = vine.create({
  roster: vine.file({ size: '20mb', extnames: ['csv', 'xlsx'] }).optional(),
  moves: vine.file({ size: '20mb', extnames: ['csv', 'xlsx'] }).optional(),
  dry_run: vine.boolean().optional(),
})
analystImportValidator.messagesProvider = messages
