import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { DateTime } from 'luxon'
import { audit } from '#services/audit/audit'
import { affectedRows } from '#services/db/affected_rows'
import { insertReturningId } from '#services/db/insert'
import { paginateCounted } from '#services/db/paginate'
import { fieldError } from '#services/http/field_error'
import { NotFoundForTeam } from '#services/market_data/benchmarks'
import { recomputeRsaStatistics } from '#services/rsa/benchmarks'
import { normalise } from '#services/data_collection/workbook'
import { isReservedProviderKey } from '#shared/modules'
import { SERVICE_TYPES, labelOf, type Domicile, type ResearchProviderType } from '#shared/rsa'

/*
 * Research providers administration: the list with what uses each provider, create and edit
 * (with the other spellings imports match), and merging a duplicate into the provider that
 * stays. Every write is audited in its own transaction as `research_provider`.
 */

export const PROVIDERS_PER_PAGE = 50
export const AUDIT_ENTITY = 'research_provider'

export interface ResearchProviderFilter {
  q?: string
  type?: ResearchProviderType
  independence?: 'independent' | 'affiliated'
  page: number
}

export interface ResearchProviderInput {
  name: string
  provider_key: string
  research_provider_type: ResearchProviderType
  is_independent: boolean
  parent_group?: string | null
  hq_region?: Domicile | null
  is_active: boolean
  aliases?: string[]
}

const isTrue = (value: unknown) => value === true || value === 1 || value === '1' || value === 't'
const now = (client: QueryClientContract) => DateTime.now().toFormat(client.dialect.dateTimeFormat)
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`

/**
 * One page of research providers matching the search (name, key or alias) and filters, with
 * their aliases and how many budget lines and interactions use each: five queries whatever the
 * data size (the count, the page, then one grouped query per table for the page's providers).
 */
export async function researchProviderList(filter: ResearchProviderFilter) {
  const filtered = (query: DatabaseQueryBuilderContract) => {
    query.where('providers.provider_type', 'research')
    if (filter.type) query.where('providers.research_provider_type', filter.type)
    if (filter.independence) {
      query.where('providers.is_independent', filter.independence === 'independent')
    }
    if (filter.q) {
      const pattern = likePattern(filter.q)
      query.where((search) =>
        search
          .whereRaw("lower(providers.name) like ? escape '\\'", [pattern])
          .orWhereRaw("providers.provider_key like ? escape '\\'", [pattern])
          .orWhereExists((alias) =>
            alias
              .from('provider_aliases')
              .whereColumn('provider_aliases.provider_id', 'providers.id')
              .whereRaw("provider_aliases.alias like ? escape '\\'", [pattern])
          )
      )
    }
    return query
  }
  const rows = filtered(
    db
      .from('providers')
      .select(
        'providers.id',
        'providers.provider_key',
        'providers.name',
        'providers.research_provider_type',
        'providers.is_independent',
        'providers.parent_group',
        'providers.hq_region',
        'providers.is_active',
        'providers.logo'
      )
      .orderByRaw('lower(providers.name)')
      .orderBy('providers.id')
  )
  const page = await paginateCounted(
    rows,
    filtered(db.from('providers')),
    filter.page,
    PROVIDERS_PER_PAGE
  )
  const meta = page.getMeta() as { total: number; currentPage: number; lastPage: number }
  const providers = page.all()
  const ids = providers.map((row) => Number(row.id))
  const grouped = (table: string) =>
    db
      .from(table)
      .whereIn('provider_id', ids)
      .groupBy('provider_id')
      .select('provider_id')
      .count('* as total')
  const [aliases, lines, interactions] = ids.length
    ? await Promise.all([
        db
          .from('provider_aliases')
          .whereIn('provider_id', ids)
          .select('provider_id', 'alias')
          .orderBy('alias'),
        grouped('rsa_budget_lines'),
        grouped('rsa_interactions'),
      ])
    : [[], [], []]
  const countOf = (counted: { provider_id: number; total: unknown }[]) =>
    new Map(counted.map((row) => [Number(row.provider_id), Number(row.total)]))
  const lineCounts = countOf(lines)
  const interactionCounts = countOf(interactions)
  const aliasesByProvider = new Map<number, string[]>()
  for (const row of aliases) {
    const list = aliasesByProvider.get(Number(row.provider_id)) ?? []
    list.push(row.alias as string)
    aliasesByProvider.set(Number(row.provider_id), list)
  }
  return {
    providers: providers.map((row) => {
      const id = Number(row.id)
      return {
        id,
        providerKey: row.provider_key as string,
        name: row.name as string,
        providerType: (row.research_provider_type as ResearchProviderType | null) ?? null,
        isIndependent: isTrue(row.is_independent),
        parentGroup: (row.parent_group as string | null) ?? null,
        hqRegion: (row.hq_region as Domicile | null) ?? null,
        isActive: isTrue(row.is_active),
        hasLogo: typeof row.logo === 'string' && row.logo.startsWith('logos/'),
        aliases: aliasesByProvider.get(id) ?? [],
        budgetLines: lineCounts.get(id) ?? 0,
        interactions: interactionCounts.get(id) ?? 0,
      }
    }),
    meta: { total: Number(meta.total), currentPage: meta.currentPage, lastPage: meta.lastPage },
  }
}

/** The aliases as stored: normalised, without repeats, without the provider's own name or key. */
function cleanAliases(input: ResearchProviderInput) {
  const own = new Set([normalise(input.name), input.provider_key])
  return [...new Set((input.aliases ?? []).map(normalise))]
    .filter((alias) => alias && !own.has(alias))
    .sort()
}

/** The provider's columns as audited and written. */
function providerValues(input: ResearchProviderInput) {
  return {
    name: input.name.trim(),
    provider_key: input.provider_key,
    research_provider_type: input.research_provider_type,
    is_independent: input.is_independent,
    parent_group: input.parent_group?.trim() || null,
    hq_region: input.hq_region ?? null,
    is_active: input.is_active,
  }
}

/**
 * Whether the key, the name and the aliases are free: a key is unique across every provider
 * (market data ones too, whose addresses share it); an alias, the name or key of no other
 * provider and no other provider's alias, so that an imported spelling means one provider.
 */
async function checkUnique(
  trx: TransactionClientContract,
  id: number | null,
  input: ResearchProviderInput,
  aliases: string[]
) {
  if (isReservedProviderKey(input.provider_key)) {
    throw fieldError('provider_key', 'This key is reserved by the application; choose another.')
  }
  const others = (query: DatabaseQueryBuilderContract, column: string) =>
    id === null ? query : query.whereNot(column, id)
  const keyHolder = await others(
    trx.from('providers').where('provider_key', input.provider_key).select('name'),
    'id'
  ).first()
  if (keyHolder) {
    throw fieldError('provider_key', `The key ${input.provider_key} belongs to ${keyHolder.name}.`)
  }
  if (aliases.length === 0) return
  const [aliasHolders, nameHolders] = await Promise.all([
    others(
      trx
        .from('provider_aliases')
        .join('providers', 'providers.id', 'provider_aliases.provider_id')
        .whereIn('provider_aliases.alias', aliases)
        .select('provider_aliases.alias', 'providers.name'),
      'provider_aliases.provider_id'
    ).orderBy('provider_aliases.alias'),
    others(
      trx
        .from('providers')
        .where((query) =>
          query
            .whereIn('provider_key', aliases)
            .orWhereRaw(`lower(name) in (${aliases.map(() => '?').join(', ')})`, aliases)
        )
        .select('name', 'provider_key'),
      'id'
    ).orderBy('name'),
  ])
  const clash = aliasHolders[0]
  if (clash) {
    throw fieldError('aliases', `The alias “${clash.alias}” already belongs to ${clash.name}.`)
  }
  const named = nameHolders[0]
  if (named) {
    const spelling = aliases.find((alias) => alias === named.provider_key) ?? normalise(named.name)
    throw fieldError(
      'aliases',
      `The alias “${spelling}” is the name or key of ${named.name}: it would match two providers.`
    )
  }
}

/** Years of peer statistics the provider's figures feed: those to recompute when it changes. */
async function statisticsYears(client: QueryClientContract, providerIds: number[]) {
  const rows = await client
    .from('rsa_budget_lines')
    .whereIn('provider_id', providerIds)
    .distinct('year')
    .union((query) =>
      query.from('rsa_team_provider_stats').whereIn('provider_id', providerIds).distinct('year')
    )
  return [...new Set(rows.map((row) => Number(row.year)))].sort()
}

async function researchProvider(client: QueryClientContract, id: number) {
  const row = await client
    .from('providers')
    .where({ id, provider_type: 'research' })
    .select(
      'id',
      'provider_key',
      'name',
      'research_provider_type',
      'is_independent',
      'parent_group',
      'hq_region',
      'is_active',
      'logo'
    )
    .first()
  if (!row) throw new NotFoundForTeam('Research provider not found')
  return row
}

/** A research provider by id (404 for any other provider), for the logo upload. */
export async function researchProviderOrFail(id: number) {
  const row = await researchProvider(db.connection(), id)
  return { id: Number(row.id), name: row.name as string }
}

async function aliasesOf(client: QueryClientContract, id: number) {
  const rows = await client
    .from('provider_aliases')
    .where('provider_id', id)
    .select('alias')
    .orderBy('alias')
  return rows.map((row) => row.alias as string)
}

/** The provider as the audit trail shows it: its columns and aliases, booleans as such. */
function audited(row: Record<string, any>, aliases: string[]) {
  return {
    name: row.name,
    provider_key: row.provider_key,
    research_provider_type: row.research_provider_type,
    is_independent: isTrue(row.is_independent),
    parent_group: row.parent_group ?? null,
    hq_region: row.hq_region ?? null,
    is_active: isTrue(row.is_active),
    aliases,
  }
}

/**
 * Creates (id null) or updates a research provider with its aliases, in one transaction with
 * its audit entry. A new classification (type, independence) changes peer statistics: the
 * years the provider's figures feed are recomputed in the same transaction.
 */
export async function saveResearchProvider(
  userId: number,
  id: number | null,
  input: ResearchProviderInput
) {
  const aliases = cleanAliases(input)
  const values = providerValues(input)
  return db.transaction(async (trx) => {
    const before = id === null ? null : await researchProvider(trx, id)
    const beforeAliases = id === null ? [] : await aliasesOf(trx, id)
    await checkUnique(trx, id, input, aliases)
    const stamp = now(trx)
    let providerId = id
    if (providerId === null) {
      providerId = await insertReturningId(trx, 'providers', {
        ...values,
        provider_type: 'research',
        has_rate_card: false,
        created_at: stamp,
        updated_at: stamp,
      })
    } else {
      await trx
        .from('providers')
        .where('id', providerId)
        .update({ ...values, updated_at: stamp })
    }
    const removed = beforeAliases.filter((alias) => !aliases.includes(alias))
    const added = aliases.filter((alias) => !beforeAliases.includes(alias))
    if (removed.length) {
      await trx
        .from('provider_aliases')
        .where('provider_id', providerId)
        .whereIn('alias', removed)
        .delete()
    }
    if (added.length) {
      await trx
        .table('provider_aliases')
        .multiInsert(added.map((alias) => ({ provider_id: providerId, alias, created_at: stamp })))
    }
    await audit(trx, {
      userId,
      entityType: AUDIT_ENTITY,
      entityId: providerId,
      action: before ? 'update' : 'create',
      summary: `${before ? 'Updated' : 'Created'} research provider ${values.name}`,
      before: before ? audited(before, beforeAliases) : undefined,
      after: audited(values, aliases),
    })
    const reclassified =
      before !== null &&
      (before.research_provider_type !== values.research_provider_type ||
        isTrue(before.is_independent) !== values.is_independent)
    if (reclassified) {
      const years = await statisticsYears(trx, [providerId])
      if (years.length) {
        await recomputeRsaStatistics({ years, trigger: 'provider_reclassified' }, trx)
      }
    }
    return providerId
  })
}

/*
|--------------------------------------------------------------------------
| Merging a duplicate
|--------------------------------------------------------------------------
*/

/** Market data records that name a provider: a provider holding any is not merged away. */
const MARKET_DATA_REFERENCES = [
  ['contracts', 'contracts'],
  ['proposals', 'proposals'],
  ['scenarios', 'scenario analyses'],
  ['rate_cards', 'rate cards'],
  ['product_categories', 'product categories'],
  ['provider_products', 'products'],
  ['drivers', 'pricing drivers'],
  ['data_collection_rows', 'market data collection rows'],
] as const

/** Research records re-pointed from the merged provider to the one that stays. */
const REPOINTED = [
  'rsa_budget_lines',
  'rsa_interactions',
  'rsa_assessments',
  'rsa_peer_interaction_stats',
  'provider_aliases',
  'rsa_interaction_staging',
  'rsa_import_replaced_interactions',
] as const

/** Stored JSON that names a provider by id: what a revert or a later import reads back. */
const JSON_REFERENCES = [
  { table: 'rsa_import_replaced_rows', column: 'before', key: 'provider_id' },
  { table: 'rsa_submission_rows', column: 'payload', key: 'providerId' },
] as const

async function marketDataUses(trx: TransactionClientContract, providerId: number) {
  const found = await Promise.all(
    MARKET_DATA_REFERENCES.map(async ([table, label]) =>
      (await trx.from(table).where('provider_id', providerId).select('id').first()) ? label : null
    )
  )
  return found.filter((label) => label !== null)
}

/**
 * What both providers hold under the same unique identity: a budget line of the same budget and
 * service, a peer interaction statistic of the same period, peer group, type and sector. Merging
 * would have to drop one of each pair, so these are listed and the merge is refused.
 */
async function collisions(trx: TransactionClientContract, survivorId: number, mergedId: number) {
  const [lines, stats] = await Promise.all([
    trx
      .from('rsa_budget_lines as kept')
      .join('rsa_budget_lines as merged', (join) =>
        join
          .on('merged.budget_id', 'kept.budget_id')
          .andOn('merged.service_type', 'kept.service_type')
      )
      .join('teams', 'teams.id', 'kept.team_id')
      .where('kept.provider_id', survivorId)
      .where('merged.provider_id', mergedId)
      // One line per budget group, provider and service (DOMAIN §1(d)): other groups are apart.
      .whereRaw("lower(coalesce(merged.budget_group, '')) = lower(coalesce(kept.budget_group, ''))")
      .select('teams.name as team', 'kept.year', 'kept.service_type', 'kept.budget_group')
      .orderBy('teams.name')
      .orderBy('kept.year')
      .limit(20),
    trx
      .from('rsa_peer_interaction_stats as kept')
      .join('rsa_peer_interaction_stats as merged', (join) =>
        join
          .on('merged.year', 'kept.year')
          .andOn('merged.quarter', 'kept.quarter')
          .andOn('merged.peer_group', 'kept.peer_group')
          .andOn('merged.interaction_type', 'kept.interaction_type')
          .andOn('merged.sector', 'kept.sector')
      )
      .where('kept.provider_id', survivorId)
      .where('merged.provider_id', mergedId)
      .select('kept.year', 'kept.quarter', 'kept.peer_group', 'kept.interaction_type')
      .orderBy('kept.year')
      .orderBy('kept.quarter')
      .limit(20),
  ])
  return {
    lines: lines.map(
      (row) =>
        `budget line ${row.team} ${row.year} · ${labelOf(SERVICE_TYPES, row.service_type)}${row.budget_group ? ` (${row.budget_group})` : ''}`
    ),
    stats: stats.map(
      (row) =>
        `peer interactions ${row.year} Q${row.quarter} · ${row.peer_group} · ${String(row.interaction_type).replaceAll('_', ' ')}`
    ),
  }
}

/**
 * Why a merge is refused, with what an administrator can do about it: budget lines and peer
 * statistics are written by imports, so the way out is through the import pages.
 */
export function collisionMessage(
  survivor: { name: string; provider_key: string },
  merged: { name: string },
  found: { lines: string[]; stats: string[] }
) {
  const steps: string[] = []
  if (found.lines.length) {
    steps.push(
      `for each budget line, on Budget upload (the team and year listed) revert the import that wrote ${merged.name}'s line, or upload that team's budget again with the line under '${survivor.provider_key}' and its amounts combined in one row`
    )
  }
  if (found.stats.length) {
    steps.push(
      `for the peer interactions, on Peer interactions upload revert the import that wrote ${merged.name}'s rows, or upload the period again with its rows under '${survivor.provider_key}'`
    )
  }
  return `${survivor.name} and ${merged.name} both have: ${[...found.lines, ...found.stats].join('; ')}. Merging would leave two records where one is allowed. ${steps.map((step) => step.charAt(0).toUpperCase() + step.slice(1)).join('. ')}; then merge again.`
}

/** Replaces a provider id wherever `key` appears in a JSON value. */
function repointed(value: unknown, key: string, from: number, to: number): unknown {
  if (Array.isArray(value)) return value.map((entry) => repointed(entry, key, from, to))
  if (!value || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([name, entry]) => [
      name,
      name === key && entry === from ? to : repointed(entry, key, from, to),
    ])
  )
}

async function repointJson(trx: TransactionClientContract, from: number, to: number) {
  for (const { table, column, key } of JSON_REFERENCES) {
    const rows = await trx
      .from(table)
      .where((query) =>
        query
          .where(column, 'like', `%"${key}":${from},%`)
          .orWhere(column, 'like', `%"${key}":${from}}%`)
      )
      .select('id', column)
    for (const row of rows) {
      const next = JSON.stringify(repointed(JSON.parse(row[column]), key, from, to))
      await trx
        .from(table)
        .where('id', row.id)
        .update({ [column]: next })
    }
  }
}

/**
 * Merges a duplicate research provider into the one that stays, in one transaction: every
 * research record of the merged provider moves to the survivor, the merged provider's name and
 * key become aliases of the survivor (so imports that spelled it so still match), the merged
 * provider is deleted, the peer statistics of the years concerned are recomputed, and both
 * changes are audited. Refused, with nothing changed, when the merged provider is a market data
 * provider too, or when both hold a record the survivor could keep only one of.
 */
export async function mergeResearchProviders(userId: number, survivorId: number, mergedId: number) {
  if (survivorId === mergedId) {
    throw fieldError(
      'merged_id',
      'Choose two different providers: a provider cannot merge into itself.'
    )
  }
  const { summary, logo } = await db.transaction(async (trx) => {
    const survivor = await researchProvider(trx, survivorId)
    const merged = await researchProvider(trx, mergedId)
    const uses = await marketDataUses(trx, mergedId)
    if (uses.length) {
      throw fieldError(
        'merged_id',
        `${merged.name} is also a market data provider (it has ${uses.join(', ')}): it cannot be merged away. Merge the other provider into it instead, or move its market data first.`
      )
    }
    const conflicts = await collisions(trx, survivorId, mergedId)
    if (conflicts.lines.length || conflicts.stats.length) {
      throw fieldError('merged_id', collisionMessage(survivor, merged, conflicts))
    }
    const [survivorAliases, mergedAliases, years] = await Promise.all([
      aliasesOf(trx, survivorId),
      aliasesOf(trx, mergedId),
      statisticsYears(trx, [survivorId, mergedId]),
    ])

    const moved: Record<string, number> = {}
    for (const table of REPOINTED) {
      moved[table] = affectedRows(
        await trx.from(table).where('provider_id', mergedId).update({ provider_id: survivorId })
      )
    }
    await repointJson(trx, mergedId, survivorId)
    // Computed from the lines and interactions: dropped here, recomputed below.
    await trx.from('rsa_team_provider_stats').where('provider_id', mergedId).delete()
    await trx.from('rsa_benchmarks').where('provider_id', mergedId).delete()

    const own = new Set([normalise(survivor.name), survivor.provider_key])
    const kept = new Set([...survivorAliases, ...mergedAliases])
    const spellings = [...new Set([normalise(merged.name), merged.provider_key])].filter(
      (spelling) => !own.has(spelling) && !kept.has(spelling)
    )
    const stamp = now(trx)
    if (spellings.length) {
      await trx
        .table('provider_aliases')
        .multiInsert(
          spellings.map((alias) => ({ provider_id: survivorId, alias, created_at: stamp }))
        )
    }
    await trx.from('providers').where('id', mergedId).delete()
    await trx.from('providers').where('id', survivorId).update({ updated_at: stamp })
    if (years.length) {
      await recomputeRsaStatistics({ years, trigger: 'provider_merge' }, trx)
    }

    const afterAliases = [...new Set([...survivorAliases, ...mergedAliases, ...spellings])].sort()
    await audit(trx, {
      userId,
      entityType: AUDIT_ENTITY,
      entityId: survivorId,
      action: 'update',
      summary: `Merged research provider ${merged.name} into ${survivor.name}`,
      before: {
        ...audited(survivor, survivorAliases),
        merged_provider: audited(merged, mergedAliases),
      },
      after: {
        ...audited(survivor, afterAliases),
        moved_from_merged_provider: {
          budget_lines: moved.rsa_budget_lines,
          interactions: moved.rsa_interactions,
          assessments: moved.rsa_assessments,
          peer_interaction_statistics: moved.rsa_peer_interaction_stats,
        },
      },
    })
    await audit(trx, {
      userId,
      entityType: AUDIT_ENTITY,
      entityId: mergedId,
      action: 'delete',
      summary: `Deleted research provider ${merged.name}, merged into ${survivor.name}`,
      before: audited(merged, mergedAliases),
      after: { merged_into: survivor.name, provider_id: survivorId },
    })
    return {
      summary: `${merged.name} merged into ${survivor.name}: ${moved.rsa_budget_lines} budget line${moved.rsa_budget_lines === 1 ? '' : 's'} and ${moved.rsa_interactions} interaction${moved.rsa_interactions === 1 ? '' : 's'} moved.`,
      logo:
        typeof merged.logo === 'string' && merged.logo.startsWith('logos/')
          ? (merged.logo as string)
          : null,
    }
  })
  // The merged provider's logo file is no one's any more.
  if (logo) {
    await drive
      .use()
      .delete(logo)
      .catch(() => {})
  }
  return summary
}

/** The research providers as choices (the merge form's lists): id and name, by name. */
export async function researchProviderChoices() {
  const rows = await db
    .from('providers')
    .where('provider_type', 'research')
    .select('id', 'name', 'provider_key')
    .orderByRaw('lower(name)')
    .orderBy('id')
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name as string,
    providerKey: row.provider_key as string,
  }))
}
