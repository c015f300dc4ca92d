import { createHash } from 'node:crypto'
import drive from '@adonisjs/drive/services/main'
import { type DateTime } from 'luxon'
import { MODULES } from '#shared/modules'
import { RESEARCH_REGIONS, type ResearchRegion } from '#shared/research'
import { apportion } from '#database/generate/apportion'
import type { GenerationContext } from '#database/generate/context'
import type { GeneratedAccounts } from '#database/generate/accounts'
import type { Random } from '#database/generate/random'
import { RESEARCH_PROVIDERS, type SeededResearchProvider } from '#database/demo/research_providers'
import {
  SNAPSHOT_WEEKS,
  composeAbstract,
  composeBody,
  composeTitle,
  ensureThemeTaxonomy,
  planDocument,
  providerPickers,
  publishedWithin,
  renderResearchPdf,
  storedProfiles,
  trendWeekOf,
  weeklyThemePickers,
  type CompositionInput,
  type ThemeProfile,
} from '#database/demo/research_insights'
import { indexDocumentTexts, type SearchableText } from '#services/research/search'
import { backfillWeeklySnapshots } from '#services/research/trending'

/**
 * Research Insights for the generated universe: the demo taxonomy (written here when the demo
 * seed did not write it) plus themes per country (240 at the large scale), documents of the demo
 * seed's research providers published from the first year of the demo's calendar up to the day
 * of generation (200,000 at the large scale, denser in the last 12 weeks where the demo's trend
 * curves apply), their themes (one primary, two to five
 * secondary), their searchable text (title, abstract and a body of 80 to 150 words written from
 * the same vocabulary as the demo documents, so that search terms hit realistic shares), and the
 * entitlements of the generated teams holding Research Insights (the providers they pay in
 * their research budgets, else a random few). The weekly trending snapshots are computed once
 * the transaction is committed (snapshotResearchTrends, an after-commit step of planUniverse).
 *
 * No PDF is made per generated document: every one points at the same placeholder PDF, stored
 * once (GENERATED_PDF_KEY). Its `sha256` column, unique per document, is therefore a digest of
 * the document's own text, not of the placeholder's bytes.
 */

export const GENERATED_PDF_KEY = 'research/generated/placeholder.pdf'

const WEEK_MS = 7 * 86_400_000

/** Documents a week, relative: more in later years, two and a half times more in the last 12 weeks. */
function weekWeight(week: number, first: number, last: number) {
  const progress = (week - first) / Math.max(1, last - first)
  return (1 + 0.5 * progress) * (week >= 0 ? 2.5 : 1)
}

const DOCUMENT_COLUMNS = [
  'id',
  'provider_id',
  'title',
  'abstract',
  'authors',
  'document_type',
  'asset_classes',
  'regions',
  'sectors',
  'language',
  'page_count',
  'file_key',
  'sha256',
  'file_size',
  'entitlement',
  'status',
  'published_at',
  'created_at',
]

/** Countries and the region their research is filed under. */
const COUNTRIES: [string, ResearchRegion][] = [
  ['Germany', 'europe_ex_uk'],
  ['France', 'europe_ex_uk'],
  ['Italy', 'europe_ex_uk'],
  ['Spain', 'europe_ex_uk'],
  ['Netherlands', 'europe_ex_uk'],
  ['Sweden', 'europe_ex_uk'],
  ['Norway', 'europe_ex_uk'],
  ['Switzerland', 'europe_ex_uk'],
  ['Ireland', 'europe_ex_uk'],
  ['Poland', 'emerging_markets'],
  ['Canada', 'north_america'],
  ['Australia', 'asia_ex_japan'],
  ['New Zealand', 'asia_ex_japan'],
  ['Korea', 'asia_ex_japan'],
  ['Taiwan', 'asia_ex_japan'],
  ['India', 'asia_ex_japan'],
  ['Indonesia', 'asia_ex_japan'],
  ['Vietnam', 'asia_ex_japan'],
  ['Thailand', 'asia_ex_japan'],
  ['Philippines', 'asia_ex_japan'],
  ['Malaysia', 'asia_ex_japan'],
  ['Singapore', 'asia_ex_japan'],
  ['Hong Kong', 'china'],
  ['Brazil', 'latam'],
  ['Mexico', 'latam'],
  ['Chile', 'latam'],
  ['Colombia', 'latam'],
  ['Peru', 'latam'],
  ['South Africa', 'emerging_markets'],
  ['Nigeria', 'emerging_markets'],
  ['Egypt', 'emerging_markets'],
  ['Saudi Arabia', 'emerging_markets'],
  ['Turkey', 'emerging_markets'],
  ['Hungary', 'emerging_markets'],
  ['Czech Republic', 'emerging_markets'],
  ['Israel', 'emerging_markets'],
  ['UK', 'uk'],
  ['US', 'north_america'],
  ['Japan', 'japan'],
  ['China', 'china'],
]

/** Per-country themes: the group they go in, their name and their terms. */
const STEMS: { group: string; name: (country: string) => string; terms: string[] }[] = [
  {
    group: 'Central banks',
    name: (country) => `${country} monetary policy`,
    terms: ['policy rate', 'rate path', 'central bank guidance'],
  },
  {
    group: 'Consumer prices',
    name: (country) => `${country} inflation`,
    terms: ['headline inflation', 'core prices', 'price data'],
  },
  {
    group: 'Growth & cycle',
    name: (country) => `${country} growth outlook`,
    terms: ['GDP growth', 'business surveys', 'domestic demand'],
  },
  {
    group: 'Regional allocation',
    name: (country) => `${country} equities`,
    terms: ['index earnings', 'equity flows', 'market valuations'],
  },
  {
    group: 'Banks',
    name: (country) => `${country} banks`,
    terms: ['loan growth', 'net interest income', 'asset quality'],
  },
  {
    group: 'Housing',
    name: (country) => `${country} housing market`,
    terms: ['house prices', 'mortgage lending', 'housing activity'],
  },
  {
    group: 'Fiscal policy',
    name: (country) => `${country} public finances`,
    terms: ['budget deficit', 'debt issuance', 'fiscal targets'],
  },
  {
    group: 'Bond markets',
    name: (country) => `${country} government bonds`,
    terms: ['sovereign yields', 'bond auctions', 'curve shape'],
  },
]

/**
 * Adds `count` per-country themes (names not taken yet) to the taxonomy, and returns what their
 * profiles need: their terms and region, by name.
 */
async function addCountryThemes(context: GenerationContext, count: number) {
  const { trx, timestamp } = context
  const groups: { id: number; name: string }[] = await trx
    .from('research_theme_groups')
    .select('id', 'name')
  const groupId = new Map(groups.map((group) => [group.name, Number(group.id)]))
  const names: { name: string }[] = await trx.from('research_themes').select('name')
  const taken = new Set(names.map((row) => String(row.name).toLowerCase()))
  const added = new Map<string, { terms: string[]; region: ResearchRegion }>()
  const rows: Record<string, unknown>[] = []
  const createdAt = timestamp(context.calendar.firstDay - 31 * 86_400_000 + 9 * 3_600_000)
  outer: for (const [country, region] of COUNTRIES) {
    for (const stem of STEMS) {
      if (rows.length >= count) break outer
      const name = stem.name(country)
      const group = groupId.get(stem.group)
      if (group === undefined || taken.has(name.toLowerCase())) continue
      taken.add(name.toLowerCase())
      rows.push({
        group_id: group,
        name,
        description: `${name}: ${stem.terms.join(', ')}.`,
        status: 'active',
        created_at: createdAt,
      })
      added.set(name, { terms: [...stem.terms, country], region })
    }
  }
  for (let index = 0; index < rows.length; index += 500) {
    await trx.table('research_themes').multiInsert(rows.slice(index, index + 500))
  }
  return added
}

/** The placeholder every generated document points at (one page, stored once). */
async function storePlaceholder(published: Date) {
  const { pdf } = await renderResearchPdf({
    title: 'Generated research document',
    provider: 'Spendlens synthetic universe',
    reference: 'GENERATED',
    published,
    typeLabel: 'Placeholder',
    regionsLabel: 'Global',
    authors: ['demo:generate'],
    abstract:
      'This document was generated by demo:generate for a large-scale test universe. Its title, abstract and body are in the search index; no PDF was made for it.',
    themes: ['Generated'],
    paragraphs: [
      'Every generated research document shares this placeholder file. The demo seed’s own documents (npm run ace -- db:seed) each have a PDF of their own.',
    ],
    risks: null,
  })
  await drive.use().put(GENERATED_PDF_KEY, pdf)
  return pdf.length
}

export async function generateResearchInsights(
  context: GenerationContext,
  accounts: GeneratedAccounts
) {
  const { trx, scale, writer, timestamp } = context
  const random = context.random('research-insights')
  const providerRows: { id: number; provider_key: string }[] = await trx
    .from('providers')
    .whereIn(
      'provider_key',
      RESEARCH_PROVIDERS.map((provider) => provider.key)
    )
    .select('id', 'provider_key')
  // The research providers come with the demo seed; without them nobody writes research.
  if (providerRows.length === 0) return
  const idOf = new Map(providerRows.map((row) => [row.provider_key, Number(row.id)]))
  const providers: SeededResearchProvider[] = RESEARCH_PROVIDERS.filter((provider) =>
    idOf.has(provider.key)
  ).map((provider) => ({ ...provider, id: idOf.get(provider.key)! }))

  // The taxonomy: the demo's (reused, or written now), then the per-country themes.
  const { firstDay, end, denseStart } = context.calendar.research
  await ensureThemeTaxonomy(trx, timestamp(firstDay - 31 * 86_400_000 + 9 * 3_600_000))
  const countryThemes = await addCountryThemes(context, scale.researchThemes)
  const stored = await storedProfiles(trx)
  const themes: ThemeProfile[] = stored.map((theme) => {
    const country = countryThemes.get(theme.name)
    if (!country) return theme
    const profile = { ...theme, terms: country.terms, regions: [country.region], weight: 0.35 }
    theme.siblings[theme.siblings.indexOf(theme)] = profile
    return profile
  })

  const fileSize = await storePlaceholder(new Date(end))
  await entitleTeams(context, accounts, providers, random)

  const documents = await writer.table('research_documents', DOCUMENT_COLUMNS, { withIds: true })
  const documentThemes = await writer.table('research_document_themes', [
    'document_id',
    'theme_id',
    'is_primary',
    'relevance',
  ])
  // Hundreds of thousands of rows: their secondary indexes (and PostgreSQL's GIN index of the
  // search vectors) are built once, after the load.
  const restore = [
    await writer.deferIndexes('research_documents'),
    await writer.deferIndexes('research_document_themes'),
    await writer.deferIndexes('research_document_search'),
  ]

  const pickers = weeklyThemePickers(themes, denseStart)
  const writers = providerPickers(providers)
  const firstWeek = trendWeekOf(firstDay, denseStart)
  const lastWeek = trendWeekOf(end - 1, denseStart)
  const weeks: { from: number; to: number; weight: number }[] = []
  for (let week = firstWeek; week <= lastWeek; week++) {
    const from = Math.max(firstDay, denseStart + week * WEEK_MS)
    const to = Math.min(end, denseStart + (week + 1) * WEEK_MS)
    weeks.push({
      from,
      to,
      weight: weekWeight(week, firstWeek, lastWeek) * ((to - from) / WEEK_MS),
    })
  }
  const perWeek = apportion(
    scale.researchDocuments,
    weeks.map((week) => week.weight)
  )

  const total = scale.researchDocuments
  let written = 0
  let texts: SearchableText[] = []
  const indexTexts = async () => {
    // The documents first: on PostgreSQL the search rows refer to them.
    await documents.flush()
    await indexDocumentTexts(trx, texts)
    texts = []
  }
  for (const [weekIndex, week] of weeks.entries()) {
    const moments: number[] = []
    for (let index = 0; index < perWeek[weekIndex]; index++) {
      moments.push(publishedWithin(random, week.from, week.to))
    }
    moments.sort((a, b) => a - b)
    const pickTheme = pickers(week.from + (week.to - week.from) / 2)
    for (const ms of moments) {
      const id = documents.nextId()
      const primary = pickTheme.pick(random)
      const document = planDocument(random, id, ms, primary, pickTheme, writers(primary.topKey))
      const input: CompositionInput = {
        primary,
        secondaries: document.secondaries.map((entry) => entry.theme),
        publishedMs: ms,
        regionLabel: RESEARCH_REGIONS[document.regions[0]],
      }
      const title = composeTitle(random, input)
      const abstract = composeAbstract(random, input)
      const body = composeBody(random, input, random.int(80, 150))
      const time = timestamp(ms)
      const full = documents.push([
        id,
        document.writer.id,
        title,
        abstract,
        JSON.stringify(document.authors),
        document.type,
        JSON.stringify(document.assetClasses),
        JSON.stringify(document.regions),
        JSON.stringify(document.sectors),
        'en',
        1,
        GENERATED_PDF_KEY,
        createHash('sha256').update(`${id}\n${title}\n${abstract}\n${body}`).digest('hex'),
        fileSize,
        document.entitlement,
        random.next() < 0.002 ? 'withdrawn' : 'published',
        time,
        time,
      ])
      if (full) await documents.flush()
      if (documentThemes.push([id, primary.id, true, document.primaryRelevance])) {
        await documentThemes.flush()
      }
      for (const { theme, relevance } of document.secondaries) {
        if (documentThemes.push([id, theme.id, false, relevance])) await documentThemes.flush()
      }
      texts.push({ documentId: id, title, abstract, body })
      if (texts.length >= 2_000) await indexTexts()
      if (++written % 5_000 === 0) context.progress(written, total)
    }
  }
  await indexTexts()
  await documentThemes.flush()
  for (const restoreIndexes of restore) await restoreIndexes()
  context.progress(total, total)
}

/**
 * The generated teams holding Research Insights are entitled to the providers they pay in their
 * latest research budget (up to 30), or to 5–20 providers at random when they have none.
 */
async function entitleTeams(
  context: GenerationContext,
  accounts: GeneratedAccounts,
  providers: SeededResearchProvider[],
  random: Random
) {
  const { trx, writer, timestamp } = context
  const teams = accounts.teams.filter(
    (team) => !team.isDemo && team.modules.has(MODULES.trendingThemes)
  )
  if (!teams.length) return
  // The budget lines written so far are in the database once flushed.
  await writer.flushAll()
  const rows: { team_id: number; provider_id: number; amount: number | string }[] = await trx
    .from('rsa_budget_lines')
    .whereIn(
      'team_id',
      teams.map((team) => team.id)
    )
    .where('year', context.calendar.currentYear)
    .groupBy('team_id', 'provider_id')
    .select('team_id', 'provider_id')
    .sum('budget_amount as amount')
  const paid = new Map<number, { providerId: number; amount: number }[]>()
  for (const row of rows) {
    const list = paid.get(Number(row.team_id)) ?? []
    list.push({ providerId: Number(row.provider_id), amount: Number(row.amount) })
    paid.set(Number(row.team_id), list)
  }
  const entitlements = await writer.table('research_entitlements', [
    'team_id',
    'provider_id',
    'created_at',
  ])
  const ids = providers.map((provider) => provider.id)
  for (const team of teams) {
    const budget = (paid.get(team.id) ?? [])
      .sort((a, b) => b.amount - a.amount || a.providerId - b.providerId)
      .slice(0, 30)
      .map((entry) => entry.providerId)
    const chosen = budget.length ? budget : random.sample(ids, random.int(5, 20))
    const createdAt = timestamp(Math.max(team.createdAt, context.calendar.firstDay))
    for (const providerId of chosen) await entitlements.add(team.id, providerId, createdAt)
  }
}

/**
 * The weekly trending snapshots of the 12 weeks before the day of generation, from the
 * committed documents (demo and generated together): run after the generation's transaction
 * has been committed.
 */
export async function snapshotResearchTrends(day: DateTime) {
  return backfillWeeklySnapshots(day, SNAPSHOT_WEEKS)
}
