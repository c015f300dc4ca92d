import vine from '@vinejs/vine'
import { DateTime } from 'luxon'
import { ASSET_CLASSES, RESEARCH_REGIONS } from '#shared/research'
import { offeredYear } from '#services/calendar/years'
import { RESEARCH_PROVIDER_TYPES } from '#shared/rsa'

const ids = () =>
  vine
    .array(vine.number().withoutDecimals().positive().max(2_147_483_647))
    .maxLength(200)
    .optional()
const keys = (values: object) =>
  vine
    .array(vine.enum(Object.keys(values)))
    .maxLength(Object.keys(values).length)
    .optional()
const isoDate = () =>
  vine
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .use(
      vine.createRule((value, _options, field) => {
        if (typeof value !== 'string' || !DateTime.fromISO(value, { zone: 'utc' }).isValid) {
          field.report('Enter a real date (YYYY-MM-DD).', 'date', field)
        }
      })()
    )
    .nullable()
    .optional()

/** The filters of the research lists (spec §7 and DOMAIN §2(b)), for both forms below. */
const filterFields = () => ({
  providerIds: ids(),
  themeIds: ids(),
  searchTerm: vine.string().trim().maxLength(200).nullable().optional(),
  startDate: isoDate(),
  endDate: isoDate(),
  providerTypes: keys(RESEARCH_PROVIDER_TYPES),
  assetClasses: keys(ASSET_CLASSES),
  regions: keys(RESEARCH_REGIONS),
  // One of the years research is offered for: from the first published document to this year.
  year: offeredYear('research').nullable().optional(),
})

const page = () => vine.number().withoutDecimals().min(1).max(10_000).optional()
const sort = () => vine.enum(['newest', 'relevance'] as const).optional()

/** `POST /api/trending-themes/research-documents` and `/user-research-documents` (spec §7). */
export const researchDocumentsValidator = vine.create({
  page: page(),
  isAnyFilterApplied: vine.boolean().optional(),
  filters: vine.object(filterFields()).optional(),
  sort: sort(),
})

/** The research pages' query string: the same filters, flat. */
export const researchPageValidator = vine.create({ page: page(), sort: sort(), ...filterFields() })

/** `POST /api/trending-themes/bookmark` and `/bookmark/destroy` (spec §7). */
export const bookmarkValidator = vine.create({
  userId: vine.number().withoutDecimals().positive().max(2_147_483_647),
  documentId: vine.number().withoutDecimals().positive().max(2_147_483_647),
})

export const starValidator = vine.create({
  themeId: vine.number().withoutDecimals().positive().max(2_147_483_647),
})

/** Request research: what the research team needs to answer it. */
export const researchRequestValidator = vine.create({
  topic: vine.string().trim().minLength(5).maxLength(160),
  description: vine.string().trim().minLength(30).maxLength(4000),
  assetClass: vine.enum(Object.keys(ASSET_CLASSES)),
  region: vine.enum(Object.keys(RESEARCH_REGIONS)),
  themeIds: vine
    .array(vine.number().withoutDecimals().positive().max(2_147_483_647))
    .maxLength(10)
    .distinct()
    .optional(),
  neededBy: vine
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/),
})
