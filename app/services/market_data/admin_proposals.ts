import db from '@adonisjs/lucid/services/db'
import { insertReturningId } from '#services/db/insert'
import { DateTime } from 'luxon'
import { errors } from '@vinejs/vine'
import { audit } from '#services/audit/audit'
import { NotFoundForTeam } from '#services/market_data/benchmarks'
import { storedProposals } from '#services/market_data/proposals'
import type { PROPOSAL_STATUSES } from '#shared/proposal_comparison'

export interface ProposalInput {
  reference: string
  license_type_id: number | null
  received_on: string
  valid_until: string | null
  start_date: string
  end_date: string
  status: (typeof PROPOSAL_STATUSES)[number]
  comment: string | null
  items: { product_id: number; proposed_price: number; currency_id: number }[]
}

/**
 * The team's proposals from the provider in the editor's shape (raw status and items).
 */
export async function proposalsForAdmin(teamId: number, providerId: number) {
  const proposals = await storedProposals(teamId, providerId)
  return proposals.map(({ view, status, licenseTypeId }) => ({
    id: view.id,
    reference: view.reference,
    license_type_id: licenseTypeId,
    received_on: view.received_on,
    valid_until: view.valid_until,
    start_date: view.start_date,
    end_date: view.end_date,
    status: status as ProposalInput['status'],
    status_label: view.status_label,
    comment: view.comment,
    items: view.items.map((item) => ({
      product_id: item.product.id,
      product_name: item.product.name,
      proposed_price: item.proposed_price,
      currency_id: item.currency_id,
    })),
  }))
}

async function check(providerId: number, input: ProposalInput) {
  const problems: { field: string; message: string }[] = []
  const [products, currencies, license] = await Promise.all([
    db.from('provider_products').where('provider_id', providerId).select('id'),
    db.from('currencies').select('id'),
    input.license_type_id
      ? db.from('license_types').where('id', input.license_type_id).first()
      : Promise.resolve(true),
  ])
  if (!license) problems.push({ field: 'license_type_id', message: 'Choose a license type.' })
  const dates: [keyof ProposalInput, string | null][] = [
    ['received_on', input.received_on],
    ['valid_until', input.valid_until],
    ['start_date', input.start_date],
    ['end_date', input.end_date],
  ]
  for (const [field, value] of dates) {
    if (value !== null && !DateTime.fromISO(value).isValid) {
      problems.push({ field, message: 'Enter a date (YYYY-MM-DD).' })
    }
  }
  if (input.end_date < input.start_date) {
    problems.push({ field: 'end_date', message: 'The term must end on or after its start.' })
  }
  if (input.items.length === 0) {
    problems.push({ field: 'items', message: 'A proposal needs at least one product line.' })
  }
  input.items.forEach((item, index) => {
    if (!products.some((row) => row.id === item.product_id)) {
      problems.push({
        field: `items.${index}.product_id`,
        message: 'Choose one of the provider products.',
      })
    }
    if (!(item.proposed_price >= 0)) {
      problems.push({
        field: `items.${index}.proposed_price`,
        message: 'The price must not be negative.',
      })
    }
    if (!currencies.some((row) => row.id === item.currency_id)) {
      problems.push({ field: `items.${index}.currency_id`, message: 'Choose a currency.' })
    }
  })
  if (problems.length) {
    throw new errors.E_VALIDATION_ERROR(
      problems.map((problem) => ({ ...problem, rule: 'proposal' }))
    )
  }
}

export async function saveProposal(
  userId: number,
  scope: { teamId: number; providerId: number },
  id: number | null,
  input: ProposalInput
) {
  const before = id
    ? await db
        .from('proposals')
        .where({ id, team_id: scope.teamId, provider_id: scope.providerId })
        .first()
    : null
  if (id && !before) throw new NotFoundForTeam('Proposal not found')
  await check(scope.providerId, input)
  return db.transaction(async (trx) => {
    const now = DateTime.now().toFormat(trx.dialect.dateTimeFormat)
    const values = {
      reference: input.reference.trim(),
      license_type_id: input.license_type_id,
      received_on: input.received_on,
      valid_until: input.valid_until,
      start_date: input.start_date,
      end_date: input.end_date,
      status: input.status,
      comment: input.comment?.trim() || null,
      updated_at: now,
    }
    let proposalId = id
    if (proposalId) {
      await trx.from('proposals').where('id', proposalId).update(values)
      await trx.from('proposal_items').where('proposal_id', proposalId).delete()
    } else {
      proposalId = await insertReturningId(trx, 'proposals', {
        ...values,
        team_id: scope.teamId,
        provider_id: scope.providerId,
        created_at: now,
      })
    }
    await trx
      .table('proposal_items')
      .multiInsert(input.items.map((item) => ({ ...item, proposal_id: proposalId })))
    await audit(trx, {
      userId,
      entityType: 'proposal',
      entityId: proposalId,
      action: id ? 'update' : 'create',
      summary: `${id ? 'Updated' : 'Created'} proposal ${values.reference}`,
      before: before ?? undefined,
      after: input,
    })
    return proposalId
  })
}

export async function deleteProposal(
  userId: number,
  scope: { teamId: number; providerId: number },
  id: number
) {
  const proposal = await db
    .from('proposals')
    .where({ id, team_id: scope.teamId, provider_id: scope.providerId })
    .first()
  if (!proposal) throw new NotFoundForTeam('Proposal not found')
  await db.transaction(async (trx) => {
    await trx.from('proposals').where('id', id).delete()
    await audit(trx, {
      userId,
      entityType: 'proposal',
      entityId: id,
      action: 'delete',
      summary: `Deleted proposal ${proposal.reference}`,
      before: proposal,
    })
  })
}
