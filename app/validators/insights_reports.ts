import vine from '@vinejs/vine'
import {
  REPORT_ACCESS_TYPES,
  REPORT_AUTHOR_MAX,
  TAXONOMY_NAME_MAX,
  TAXONOMY_NAME_MIN,
  REPORT_FILE_NAME_MAX,
  REPORT_MAX_FILE_MB,
  REPORT_MAX_TAGS,
  REPORT_PRODUCT_MODULES,
  REPORT_SUMMARY_MAX,
  REPORT_TITLE_MAX,
} from '#shared/insights_reports'
import { readableText } from '#validators/rules/readable_text'

const id = () => vine.number().withoutDecimals().positive().max(2_147_483_647)

/** The client list's query string. Values that do not parse are dropped by the controller. */
export const reportListValidator = vine.create({
  category: id().optional(),
  tag: id().optional(),
  year: vine.number().withoutDecimals().min(2000).max(2100).optional(),
  q: vine.string().trim().maxLength(100).use(readableText({})).optional(),
})

const fileName = () =>
  vine
    .string()
    .trim()
    .minLength(5)
    .maxLength(REPORT_FILE_NAME_MAX)
    .use(readableText({}))
    .regex(/^[^\\/:*?"<>|\p{Cc}]+\.pdf$/iu)

/** The report's details: the wizard's steps 2–5 and the edit form. */
const details = {
  title: vine.string().trim().minLength(3).maxLength(REPORT_TITLE_MAX).use(readableText({})),
  summary: vine
    .string()
    .trim()
    .maxLength(REPORT_SUMMARY_MAX)
    .use(readableText({ multiline: true }))
    .nullable()
    .optional(),
  file_name: fileName(),
  author: vine
    .string()
    .trim()
    .maxLength(REPORT_AUTHOR_MAX)
    .use(readableText({}))
    .nullable()
    .optional(),
  category_id: id(),
  access_type: vine.enum([...REPORT_ACCESS_TYPES]),
  access_module: vine
    .enum(REPORT_PRODUCT_MODULES.map((product) => product.module))
    .nullable()
    .optional(),
  team_ids: vine.array(id()).maxLength(500).distinct().optional(),
  tag_ids: vine.array(id()).maxLength(REPORT_MAX_TAGS).distinct().optional(),
}

const pdf = () => vine.file({ size: `${REPORT_MAX_FILE_MB}mb`, extnames: ['pdf'] })

export const createReportValidator = vine.create({ ...details, file: pdf() })
/** The wizard's first step: the PDF alone, checked before the details are asked for. */
export const checkReportFileValidator = vine.create({ file: pdf() })
export const updateReportValidator = vine.create(details)
export const replaceFileValidator = vine.create({
  file: pdf(),
  file_name: fileName().nullable().optional(),
})

export const notifyValidator = vine.create({
  user_ids: vine.array(id()).minLength(1).maxLength(5000).distinct(),
})

export const taxonomyNameValidator = vine.create({
  name: vine
    .string()
    .trim()
    .minLength(TAXONOMY_NAME_MIN)
    .maxLength(TAXONOMY_NAME_MAX)
    .use(readableText({})),
})

export const adminReportListValidator = vine.create({
  q: vine.string().trim().maxLength(100).use(readableText({})).optional(),
  status: vine.enum(['published', 'withdrawn', 'all'] as const).optional(),
  category: id().optional(),
})
