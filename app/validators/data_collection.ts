import vine from '@vinejs/vine'
import { MAX_UPLOAD_SIZE, SUBMISSION_STATUSES } from '#shared/data_collection'

/*
 * Data collection, whatever the kind (market data contracts, research spend): the submissions
 * list and the upload of a completed template.
 */

export const submissionsPageValidator = vine.create({
  status: vine.enum([...SUBMISSION_STATUSES, 'all'] as const).optional(),
})

/**
 * The upload (spec: fileToUpload, dataCollectionId, additionalComments, deliveryDate). The file's
 * kind is read from its content by the body parser (an empty file has none); the workbook reader
 * checks the content again before anything is read from it.
 */
export const dataCollectionUploadValidator = vine.create({
  fileToUpload: vine.file({ size: MAX_UPLOAD_SIZE, extnames: ['xlsx'] }),
  dataCollectionId: vine.number().withoutDecimals().positive(),
  additionalComments: vine.string().trim().maxLength(2000).nullable().optional(),
  deliveryDate: vine.date({ formats: ['YYYY-MM-DD'] }),
})
