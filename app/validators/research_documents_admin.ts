import vine from '@vinejs/vine'
import { DateTime } from 'luxon'
import { OwnMessagesProvider } from '#validators/messages'
import { reference } from '#validators/rules/reference'
import { id } from '#validators/rules/id'
import { ASSET_CLASSES, DOCUMENT_TYPES, ENTITLEMENTS, RESEARCH_REGIONS } from '#shared/research'
import { GICS_SECTORS } from '#shared/rsa'
import {
  ADMIN_DOCUMENT_SORTS,
  BULK_DOCUMENTS_MAX,
  BULK_DOCUMENT_ACTIONS,
  DOCUMENT_LIMITS,
  PROCESSING_STATUSES,
  PUBLICATION_STATUSES,
  RESEARCH_DOCUMENT_MAX_MB,
} from '#shared/research_admin'

/*
 * Research discovery administration, documents: the list's filters, the document form (its
 * file checked by content next, in the service: pdf_check), the bulk actions.
 */

const keys = <T extends object>(record: T) => Object.keys(record) as (keyof T & string)[]

const OWN_MESSAGES: Record<string, string> = {
  'providerId.reference': 'Choose the research provider from the list.',
  'title.required': 'Enter the document’s title.',
  'title.minLength': 'Enter the document’s title.',
  'title.maxLength': `The title may be at most ${DOCUMENT_LIMITS.title} characters.`,
  'abstract.required': 'Enter the abstract clients read in the list.',
  'abstract.minLength': 'Enter the abstract clients read in the list.',
  'abstract.maxLength': `The abstract may be at most ${DOCUMENT_LIMITS.abstract.toLocaleString('en')} characters.`,
  'authors.maxLength': `A document names at most ${DOCUMENT_LIMITS.authors} authors.`,
  'authors.*.maxLength': `An author’s name may be at most ${DOCUMENT_LIMITS.author} characters.`,
  'authors.*.minLength': 'An author’s name cannot be blank.',
  'documentType.required': 'Choose the type of document.',
  'documentType.enum': 'Choose the type of document from the list.',
  'publishedOn.required': 'Enter the publication date.',
  'assetClasses.*.enum': 'Choose asset classes from the list.',
  'regions.*.enum': 'Choose regions from the list.',
  'sectors.*.enum': 'Choose sectors from the list.',
  'entitlement.required': 'Choose who may read the document.',
  'entitlement.enum': 'Choose who may read the document from the list.',
  'primaryThemeId.reference': 'Choose the primary theme.',
  'themeIds.maxLength': `A document has at most ${DOCUMENT_LIMITS.themes} themes.`,
  'themeIds.*.id': 'Choose themes from the list.',
  'file.required': 'Choose the PDF of the document.',
  'ids.required': 'Choose at least one document.',
  'ids.minLength': 'Choose at least one document.',
  'ids.maxLength': `Choose at most ${BULK_DOCUMENTS_MAX} documents at a time.`,
  'action.enum': 'Choose an action from the list.',
}

const messages = new OwnMessagesProvider(OWN_MESSAGES)

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/

/** A calendar day written YYYY-MM-DD between 1990 and a year from today. */
const dayRule = vine.createRule<{ label: string }>((value, options, field) => {
  if (typeof value !== 'string') return
  const day = DateTime.fromISO(value, { zone: 'utc' })
  if (!ISO_DAY.test(value) || !day.isValid) {
    field.report(`${options.label} must be a date such as 2026-03-31.`, 'isoDay', field)
    return
  }
  if (value < '1990-01-01' || day > DateTime.utc().plus({ years: 1 })) {
    field.report(
      `${options.label} must be between 1990-01-01 and a year from today.`,
      'isoDay',
      field
    )
  }
})
const day = (label: string) => vine.string().trim().maxLength(10).use(dayRule({ label }))

const metadata = {
  providerId: reference('provider'),
  title: vine.string().trim().minLength(1).maxLength(DOCUMENT_LIMITS.title),
  abstract: vine.string().trim().minLength(1).maxLength(DOCUMENT_LIMITS.abstract),
  authors: vine
    .array(vine.string().trim().minLength(1).maxLength(DOCUMENT_LIMITS.author))
    .maxLength(DOCUMENT_LIMITS.authors)
    .optional(),
  documentType: vine.enum(keys(DOCUMENT_TYPES)),
  publishedOn: day('The publication date'),
  assetClasses: vine
    .array(vine.enum(keys(ASSET_CLASSES)))
    .maxLength(10)
    .distinct()
    .optional(),
  regions: vine
    .array(vine.enum(keys(RESEARCH_REGIONS)))
    .maxLength(12)
    .distinct()
    .optional(),
  sectors: vine
    .array(vine.enum([...GICS_SECTORS]))
    .maxLength(12)
    .distinct()
    .optional(),
  entitlement: vine.enum(keys(ENTITLEMENTS)),
  primaryThemeId: reference('theme'),
  themeIds: vine.array(id()).maxLength(DOCUMENT_LIMITS.themes).distinct().optional(),
}

// The file is checked by its content (pdf_check), not its name: a renamed PDF is a PDF.
const file = () => vine.file({ size: `${RESEARCH_DOCUMENT_MAX_MB}mb` })

export const newDocumentValidator = vine.create({
  ...metadata,
  file: file(),
  publishWhenProcessed: vine.boolean().optional(),
})
newDocumentValidator.messagesProvider = messages

export const editDocumentValidator = vine.create({ ...metadata, file: file().optional() })
editDocumentValidator.messagesProvider = messages

/** One row of a bulk import's metadata table, checked by the form's rules (its file apart). */
export const importedDocumentValidator = vine.create(metadata)
importedDocumentValidator.messagesProvider = messages

export const bulkDocumentsValidator = vine.create({
  action: vine.enum(keys(BULK_DOCUMENT_ACTIONS)),
  ids: vine.array(id()).minLength(1).maxLength(BULK_DOCUMENTS_MAX).distinct(),
  entitlement: vine.enum(keys(ENTITLEMENTS)).optional().requiredWhen('action', '=', 'entitlement'),
})
bulkDocumentsValidator.messagesProvider = new OwnMessagesProvider({
  ...OWN_MESSAGES,
  'entitlement.required': 'Choose the new entitlement.',
})

/** The list's filters as the address gives them (each optional; anything else is refused). */
export const documentListValidator = vine.create({
  processing: vine.enum([...keys(PROCESSING_STATUSES), 'all' as const]).optional(),
  status: vine.enum(keys(PUBLICATION_STATUSES)).optional(),
  provider: id().optional(),
  theme: id().optional(),
  entitlement: vine.enum(keys(ENTITLEMENTS)).optional(),
  from: day('The start date').optional(),
  to: day('The end date').optional(),
  q: vine.string().trim().maxLength(200).optional(),
  sort: vine.enum(keys(ADMIN_DOCUMENT_SORTS)).optional(),
  page: vine.any().optional(),
})
documentListValidator.messagesProvider = messages
