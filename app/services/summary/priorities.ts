import db from '@adonisjs/lucid/services/db'
import type { HttpContext } from '@adonisjs/core/http'
import { fieldError } from '#services/http/field_error'
import { audit } from '#services/audit/audit'
import { now } from '#services/calendar/clock'

/**
 * The team's own ranking priority tier for a provider (Core, Secondary, Tail), set on the
 * summary dashboard and kept. Only a provider the team pays for or holds a contract with can be
 * ranked; the tier is one of the `rankingpriorities` values. One transaction, audited.
 */
export async function setRankingPriority(
  ctx: HttpContext,
  providerId: number,
  priorityId: number | null
) {
  const teamId = ctx.teamContext!.currentTeam!.id
  const userId = ctx.auth.user!.id
  const [provider, tier] = await Promise.all([
    db
      .from('providers')
      .where('providers.id', providerId)
      .where((query) => {
        query
          .whereExists((lines) =>
            lines
              .from('rsa_budget_lines')
              .whereColumn('rsa_budget_lines.provider_id', 'providers.id')
              .where('rsa_budget_lines.team_id', teamId)
          )
          .orWhereExists((contracts) =>
            contracts
              .from('contracts')
              .whereColumn('contracts.provider_id', 'providers.id')
              .where('contracts.team_id', teamId)
          )
      })
      .select('providers.id', 'providers.name')
      .first(),
    priorityId === null
      ? null
      : db
          .from('summary_facet_values')
          .where({ category: 'rankingpriorities', id: priorityId })
          .select('id', 'name')
          .first(),
  ])
  if (!provider) {
    throw fieldError('provider_id', 'Your team does not pay for this provider.')
  }
  if (priorityId !== null && !tier) {
    throw fieldError('rankingpriority_id', 'Choose Core, Secondary or Tail.')
  }
  await db.transaction(async (trx) => {
    const before = await trx
      .from('team_provider_priorities')
      .where({ team_id: teamId, provider_id: providerId })
      .select('rankingpriority_id')
      .first()
    if ((before?.rankingpriority_id ?? null) === priorityId) return
    if (priorityId === null) {
      await trx
        .from('team_provider_priorities')
        .where({ team_id: teamId, provider_id: providerId })
        .delete()
    } else if (before) {
      await trx
        .from('team_provider_priorities')
        .where({ team_id: teamId, provider_id: providerId })
        .update({
          rankingpriority_id: priorityId,
          updated_by_id: userId,
          updated_at: now().toFormat(trx.dialect.dateTimeFormat),
        })
    } else {
      await trx.table('team_provider_priorities').insert({
        team_id: teamId,
        provider_id: providerId,
        rankingpriority_id: priorityId,
        updated_by_id: userId,
        updated_at: now().toFormat(trx.dialect.dateTimeFormat),
      })
    }
    await audit(trx, {
      userId,
      entityType: 'team_provider_priority',
      entityId: providerId,
      action: 'update',
      summary: `Ranking priority of ${provider.name}: ${tier?.name ?? 'none'}`,
      before: { team_id: teamId, rankingpriority_id: before?.rankingpriority_id ?? null },
      after: { team_id: teamId, rankingpriority_id: priorityId },
    })
  })
  return { provider_id: providerId, rankingpriority_id: priorityId, name: tier?.name ?? null }
}
