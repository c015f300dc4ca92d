import vine from '@vinejs/vine'
import { JOB_RUN_STATUSES } from '#shared/job_runs'

export const jobRunsQueryValidator = vine.create({
  status: vine.enum([...JOB_RUN_STATUSES, 'all'] as const).optional(),
  page: vine.number().withoutDecimals().positive().max(100_000).optional(),
})
