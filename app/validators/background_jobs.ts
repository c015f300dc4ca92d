import vine from '@vinejs/vine'
import { JOB_RUN_STATUSES } from '#shared/job_runs'

/** The list's filter; its page follows the page rule of every list (#services/http/list_page). */
export const jobRunsQueryValidator = vine.create({
  status: vine.enum([...JOB_RUN_STATUSES, 'all'] as const).optional(),
})
