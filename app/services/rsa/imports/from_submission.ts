import { writeFile } from 'node:fs/promises'
import db from '@adonisjs/lucid/services/db'
import { isOfferedYear, yearsText } from '#shared/years'
import { offeredYears } from '#services/calendar/years'
import { NotFoundForTeam } from '#services/market_data/benchmarks'
import { ImportRefused, scratchPath, storeImportFile } from '#services/rsa/imports/imports'

/**
 * "Apply" of an accepted research spend submission: the provider lines the client sent (the
 * template's Providers sheet, as read and checked on upload) written out in the budget import
 * format and fed through the budget import, whose preview the administrator then reviews and
 * commits like any upload.
 */

const COLUMNS: [header: string, key: string][] = [
  ['provider_key', 'providerKey'],
  ['service_type', 'serviceType'],
  ['price_type', 'priceType'],
  ['access_type', 'accessType'],
  ['seats', 'seats'],
  ['contract_start', 'contractStart'],
  ['contract_end', 'contractEnd'],
  ['renewal_notice_days', 'renewalNoticeDays'],
  ['budget_amount', 'budgetAmount'],
  ['contracted_price', 'contractedPrice'],
  ['paid_amount', 'paidAmount'],
  ['currency', 'currency'],
  ['payment_frequency', 'paymentFrequency'],
  ['research_share_bps', 'researchShareBps'],
  ['notes', 'notes'],
]

function csvCell(value: unknown) {
  if (value === null || value === undefined) return ''
  const text = value instanceof Date ? value.toISOString().slice(0, 10) : String(value)
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export async function budgetImportFromSubmission(submissionId: number, userId: number) {
  const submission = await db
    .from('data_collection_submissions as s')
    .join('data_collections as c', 'c.id', 's.data_collection_id')
    .where('s.id', submissionId)
    .select('s.id', 's.team_id', 's.status', 'c.kind', 'c.year', 'c.name')
    .first()
  if (!submission || submission.kind !== 'rsa') throw new NotFoundForTeam('Submission not found')
  if (submission.status !== 'completed') {
    throw new ImportRefused('Only a completed submission can be applied to the budgets.')
  }
  // Any year offered, next year's budgets included (firms budget it in the autumn).
  const range = await offeredYears('research_spend', { ahead: true, backfill: true })
  if (!isOfferedYear(range, submission.year)) {
    throw new ImportRefused(
      `The collection's year (${submission.year ?? 'none'}) is not one the product covers (${yearsText(range)}).`
    )
  }
  const applied = await db
    .from('rsa_imports')
    .where('submission_id', submissionId)
    .whereIn('status', ['uploaded', 'previewing', 'previewed', 'queued', 'committing', 'committed'])
    .select('id', 'status')
    .first()
  if (applied) {
    throw new ImportRefused(
      `This submission is already import #${applied.id} (${applied.status}); revert or discard it first.`
    )
  }
  const rows = await db
    .from('rsa_submission_rows')
    .where({ submission_id: submissionId, sheet: 'providers' })
    .orderBy('row_number')
    .select('payload')
  if (rows.length === 0) throw new ImportRefused('The submission holds no provider lines.')
  const lines = rows.map((row) => JSON.parse(row.payload) as Record<string, unknown>)
  const providerIds = [...new Set(lines.map((line) => Number(line.providerId)))]
  const providers = await db
    .from('providers')
    .whereIn('id', providerIds)
    .select('id', 'provider_key')
  const keys = new Map(providers.map((provider) => [provider.id, provider.provider_key]))
  const body = lines.map((line) =>
    COLUMNS.map(([, key]) =>
      csvCell(
        key === 'providerKey' ? (keys.get(Number(line.providerId)) ?? line.provider) : line[key]
      )
    ).join(',')
  )
  const path = await scratchPath('csv')
  await writeFile(path, [COLUMNS.map(([header]) => header).join(','), ...body].join('\r\n'))
  return storeImportFile({
    kind: 'budgets',
    teamId: submission.team_id,
    year: submission.year,
    userId,
    source: 'submission',
    submissionId,
    originalFileName: `submission-${submissionId}-providers.csv`,
    path,
  })
}
