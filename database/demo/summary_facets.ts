import type { DateTime } from 'luxon'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import * as clock from '#services/calendar/clock'

/**
 * The summary dashboard's facets for the demo (and the generated universe): what each research
 * provider, each market and alternative data provider and each of their products is about
 * (`summary_facet_tags`), and each team's ranking priority of its providers
 * (`team_provider_priorities`). Everything is derived from stored rows by fixed rules, so the
 * same data always gives the same tags:
 *
 * - research providers: their description (what the provider is known for), their type, what
 *   sets their published research apart (regions, GICS sectors and asset classes markedly more
 *   frequent in their documents than in everyone's) and the five themes they write about most;
 *   generalists are tagged with the sectors teams talk to them about most, a global bank with
 *   every sector; a provider whose description and documents name no market is tagged with the
 *   region of its head office;
 * - market and alternative data providers and products: keywords of the provider's name and
 *   description and of the product's category, type and name (index licences name their index);
 * - ranking priorities, per team: the research providers of its latest research budget by
 *   amount (top third Core, next third Secondary, the rest Tail); its market data providers
 *   under a contract in force Core, alternative data providers Secondary, providers whose
 *   contracts have all ended Tail.
 *
 * Safe to run again: the tags of every provider and product it looks at are rewritten, and the
 * priorities it set before (those without `updated_by_id`) are replaced; a priority a member set
 * on the dashboard is kept.
 */

export interface SummaryFacetsOptions {
  /** The day contracts are in force on (default: the product's today). */
  today?: DateTime
}

export interface SummaryFacetsResult {
  providers: number
  products: number
  tags: number
  priorities: number
}

type Category =
  | 'geographies'
  | 'industries'
  | 'themes'
  | 'factors'
  | 'researchstyles'
  | 'assetclasses'
  | 'indices'

/** A rule: when the text matches, the subject carries these codes (sector names for industries). */
type Rule = [RegExp, string[]]

const GEOGRAPHY_RULES: Rule[] = [
  [/\bglobal\b|\bworld\b|cross-asset/, ['global']],
  [/\bus\b|north americ|\bfed\b|\bamerican\b/, ['north_america']],
  [
    /europe|\bdach\b|german|austrian|nordic|italian|spanish|portuguese|benelux|swiss|mittelstand/,
    ['europe_ex_uk'],
  ],
  [/\buk\b|irish|north sea|\baim\b|ftse|investment trusts/, ['uk']],
  [/japan/, ['japan']],
  [/asia|asean|australia|new zealand|india/, ['asia_ex_japan']],
  [/china|chinese/, ['china']],
  [/emerging|frontier/, ['emerging_markets']],
  [/latin americ|latam/, ['latam']],
]

/** Where a provider is based (providers.hq_region), for providers whose description names no market. */
const HQ_GEOGRAPHIES: Record<string, string> = {
  UK: 'uk',
  EU: 'europe_ex_uk',
  US: 'north_america',
  APAC: 'asia_ex_japan',
}

const SECTOR_RULES: Rule[] = [
  [/energy|oil|\bgas\b|power markets|midstream/, ['Energy']],
  [/mining|materials|chemicals|resources/, ['Materials']],
  [/industrial|capital goods|transport|autos/, ['Industrials']],
  [/consumer|retail|luxury|leisure|autos/, ['Consumer Discretionary']],
  [/consumer|agriculture/, ['Consumer Staples']],
  [/health|pharma|biotech|medtech/, ['Health Care']],
  [/(?<!central )banks?\b|insurer|financials|payments/, ['Financials']],
  [/technology|semiconductor|software|cloud/, ['Information Technology']],
  [/telecom|media/, ['Communication Services']],
  [/utilities|power markets/, ['Utilities']],
  [/reit|real estate|property/, ['Real Estate']],
]

const ASSET_CLASS_RULES: Rule[] = [
  [/equit|\bcaps\b|stock|short ideas/, ['equities']],
  [/credit|high-yield|investment-grade|fixed income|bond/, ['credit']],
  [/\brates\b|central bank|fixed income|government bond|\bfed\b/, ['rates']],
  [/\bfx\b|currenc/, ['fx']],
  [/commodit|oil|\bgas\b|power markets|mining|agriculture|energy transition/, ['commodities']],
  [/cross-asset|multi-asset|asset allocation/, ['multi_asset']],
  [/econom|macro/, ['economics']],
]

/** What a type of research provider covers when its description names no asset class. */
const TYPE_ASSET_CLASSES: Record<string, string[]> = {
  bulge_bracket: ['equities', 'credit', 'rates', 'fx', 'economics'],
  regional_broker: ['equities'],
  premium_broker: ['equities'],
  independent: ['equities'],
  expert_network: ['equities'],
  macro_consultancy: ['economics', 'rates', 'fx'],
  data_vendor: ['equities'],
}

const FACTOR_RULES: Rule[] = [
  [/small cap|mid cap|small-cap|mid-cap|\baim\b|mittelstand/, ['size']],
  [/earnings quality|forensic|governance|quality/, ['quality']],
  [/\besg\b|climate|stewardship|transition/, ['esg']],
  [/high-yield|utilities|reit|investment trusts|dividend|income|central bank|\brates\b/, ['yield']],
  [/technology|semiconductor|software|biotech|growth|luxury/, ['growth']],
  [/(?<!central )banks\b|insurer|resources|capital goods|\bvalue\b|short ideas/, ['value']],
  [/consensus|estimates|revision|momentum|sentiment|short ideas/, ['momentum']],
  [/wealth-management|asset allocation|low volatility/, ['low_volatility']],
  [/factor/, ['value', 'momentum', 'quality', 'low_volatility', 'size']],
]

/** A research provider's factors when its description names none. */
const TYPE_FACTORS: Record<string, string[]> = {
  bulge_bracket: ['value', 'growth'],
  regional_broker: ['value'],
  premium_broker: ['growth'],
  expert_network: ['growth'],
  macro_consultancy: ['yield'],
  data_vendor: ['momentum'],
}
/** Independents without a stated factor are spread over these by provider id. */
const INDEPENDENT_FACTORS = ['value', 'growth', 'quality', 'momentum']

const STYLE_RULES: Rule[] = [
  [/quantitative|factor model|screening|consensus|estimates|panels/, ['quantitative']],
  [/screens|derivatives|technical|cross-asset/, ['technical']],
  [/macro|econom|central bank|asset allocation|global strategy|\bfed\b/, ['top_down_macro']],
  [/thematic|transition|climate|\besg\b/, ['thematic']],
  [/politic|election|regulation|policy/, ['policy']],
]

const TYPE_STYLES: Record<string, string[]> = {
  bulge_bracket: ['bottom_up', 'top_down_macro'],
  regional_broker: ['bottom_up'],
  premium_broker: ['bottom_up'],
  independent: ['bottom_up'],
  expert_network: ['bottom_up'],
  macro_consultancy: ['top_down_macro'],
  data_vendor: ['quantitative'],
}
/** Independents that state no style beyond their fundamental work, spread by provider id. */
const INDEPENDENT_STYLES: (string | null)[] = ['thematic', 'technical', null]

/** Interaction regions (rsa_interactions.region) as geography codes. */
const INTERACTION_GEOGRAPHIES: Record<string, string> = {
  'UK': 'uk',
  'Europe': 'europe_ex_uk',
  'North America': 'north_america',
  'Asia Pacific': 'asia_ex_japan',
  'Japan': 'japan',
  'Emerging Markets': 'emerging_markets',
  'Global': 'global',
}

/** Index licences: what names an index, and the markets and asset classes it covers. */
const INDEX_RULES: [RegExp, string, string[], string[]][] = [
  [/msci world|msci.*(equity index|benchmark licence)/, 'msci_world', ['global'], ['equities']],
  [
    /msci em|msci emerging|msci.*equity index/,
    'msci_em',
    ['emerging_markets', 'china', 'asia_ex_japan', 'latam'],
    ['equities'],
  ],
  [/s&p 500/, 'sp500', ['north_america'], ['equities']],
  [/stoxx/, 'stoxx600', ['europe_ex_uk', 'uk'], ['equities']],
  [/ftse 100/, 'ftse100', ['uk'], ['equities']],
  [/global aggregate|bloomberg.*aggregate/, 'bbg_global_agg', ['global'], ['rates', 'credit']],
]

const PRODUCT_ASSET_CLASS_RULES: Rule[] = [
  [
    /terminal|anywhere|workspace|workstation|desktop|b-pipe|data license|feed|reference data/,
    ['multi_asset'],
  ],
  [/capital iq|fundamentals|estimates|equit|ownership|transcripts/, ['equities']],
  [/fixed income|bond index|evaluated pricing|pricing service/, ['rates', 'credit']],
  [/ratings ?direct|credit/, ['credit']],
  [/\besg\b|climate|carbon|controvers/, ['equities', 'credit']],
  [/derivatives|multi-asset|risk/, ['multi_asset']],
  [/shipping|vessel|satellite|supply chain|parking/, ['commodities']],
  [
    /consumer|transaction|web|app usage|news|sentiment|panel|e-commerce|footfall|receipts|job listings/,
    ['equities'],
  ],
  [/equity index|factor index|custom index|benchmark licence/, ['equities']],
]

const PRODUCT_GEOGRAPHY_RULES: Rule[] = [
  [
    /terminal|anywhere|workspace|workstation|desktop|b-pipe|data license|feed|reference data|global/,
    ['global'],
  ],
  [/consumer|transaction|e-commerce|footfall|receipts|web|app usage/, ['north_america']],
  [/news|sentiment|satellite|shipping|vessel|supply chain/, ['global']],
]

const PRODUCT_FACTOR_RULES: Rule[] = [
  [/\besg\b|climate|carbon|controvers/, ['esg']],
  [/factor index|factor/, ['value', 'momentum', 'quality', 'low_volatility', 'size']],
  [/estimates|consensus|sentiment|news|earnings tone|social/, ['momentum']],
  [/risk model|equity model|multi-asset model|var engine|stress/, ['low_volatility']],
  [/fundamentals|financials|ratings ?direct|capital iq/, ['value', 'quality']],
  [/consumer|transaction|e-commerce|\bweb\b|\bapp\b/, ['growth']],
]

const PRODUCT_SECTOR_RULES: Rule[] = [
  [
    /consumer|receipts|e-commerce|footfall|card panel/,
    ['Consumer Discretionary', 'Consumer Staples'],
  ],
  [/web|app usage|app downloads/, ['Information Technology', 'Communication Services']],
  [/shipping|vessel|supply chain|satellite/, ['Energy', 'Materials', 'Industrials']],
]

function matches(rules: Rule[], text: string) {
  const codes = new Set<string>()
  for (const [pattern, values] of rules) {
    if (pattern.test(text)) for (const value of values) codes.add(value)
  }
  return codes
}

/** The values with the most counts: the top `count`, or every one over `share` of the total. */
function leading(counts: Map<string, number> | undefined, count: number, share: number) {
  if (!counts || counts.size === 0) return []
  const total = [...counts.values()].reduce((sum, value) => sum + value, 0)
  return [...counts.entries()]
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .filter(([, value], index) => index < count || value / total >= share)
    .map(([key]) => key)
}

/**
 * What sets a provider's documents apart: the values at least `minShare` of its documents carry
 * and half as often again as the documents of every provider do (their themes spread the rest
 * over the usual regions and sectors).
 */
function distinctive(
  counts: Map<string, number> | undefined,
  documents: number,
  corpus: Map<string, number>,
  corpusDocuments: number,
  minShare = 0.2
) {
  if (!counts || documents === 0 || corpusDocuments === 0) return []
  return [...counts.entries()]
    .filter(([key, value]) => {
      const share = value / documents
      return share >= minShare && share >= 1.5 * ((corpus.get(key) ?? 0) / corpusDocuments)
    })
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .map(([key]) => key)
}

function parseList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String)
  if (typeof value !== 'string' || value === '') return []
  try {
    const parsed = JSON.parse(value)
    return Array.isArray(parsed) ? parsed.map(String) : []
  } catch {
    return []
  }
}

function add(map: Map<number, Map<string, number>>, id: number, key: string, by = 1) {
  let counts = map.get(id)
  if (!counts) map.set(id, (counts = new Map()))
  counts.set(key, (counts.get(key) ?? 0) + by)
}

const CHUNK = 500

/**
 * Tags every research, market data and alternative data provider and every product of the
 * latter two, and sets the teams' ranking priorities (see the file's comment). Returns what was
 * written.
 */
export async function seedSummaryFacets(
  client: QueryClientContract,
  options: SummaryFacetsOptions = {}
): Promise<SummaryFacetsResult> {
  const today = (options.today ?? clock.now()).toUTC()
  const todayIso = today.toISODate()!

  const values: { category: string; id: number; code: string | null }[] = await client
    .from('summary_facet_values')
    .select('category', 'id', 'code')
  const idOf = new Map(values.map((row) => [`${row.category}:${row.code}`, Number(row.id)]))
  const sectors: { id: number; name: string }[] = await client.from('sectors').select('id', 'name')
  const sectorId = new Map(sectors.map((row) => [row.name, Number(row.id)]))

  const tags = new Map<
    string,
    { subject_type: string; subject_id: number; category: Category; value_id: number }
  >()
  const tag = (
    subjectType: 'provider' | 'product',
    subjectId: number,
    category: Category,
    codes: Iterable<string | number>
  ) => {
    for (const code of codes) {
      const valueId =
        typeof code === 'number'
          ? code
          : category === 'industries'
            ? sectorId.get(code)
            : idOf.get(`${category}:${code}`)
      if (valueId === undefined) continue
      const key = `${subjectType}:${subjectId}:${category}:${valueId}`
      tags.set(key, {
        subject_type: subjectType,
        subject_id: subjectId,
        category,
        value_id: valueId,
      })
    }
  }

  const providers: {
    id: number
    name: string
    provider_type: string
    research_provider_type: string | null
    hq_region: string | null
    description: string | null
  }[] = await client
    .from('providers')
    .whereIn('provider_type', ['research', 'market_data', 'alternative_data'])
    .select('id', 'name', 'provider_type', 'research_provider_type', 'hq_region', 'description')
    .orderBy('id')

  // What the research providers publish: regions, sectors and asset classes of their documents.
  const documentRegions = new Map<number, Map<string, number>>()
  const documentSectors = new Map<number, Map<string, number>>()
  const documentAssetClasses = new Map<number, Map<string, number>>()
  const documentTotals = new Map<number, number>()
  const corpus = new Map<number, Map<string, number>>()
  const corpusKey = { regions: -1, sectors: -2, assetClasses: -3 }
  let corpusDocuments = 0
  let afterId = 0
  for (;;) {
    const rows: {
      id: number
      provider_id: number
      regions: unknown
      sectors: unknown
      asset_classes: unknown
    }[] = await client
      .from('research_documents')
      .where('id', '>', afterId)
      .where('status', 'published')
      .orderBy('id')
      .limit(5_000)
      .select('id', 'provider_id', 'regions', 'sectors', 'asset_classes')
    if (rows.length === 0) break
    for (const row of rows) {
      const providerId = Number(row.provider_id)
      documentTotals.set(providerId, (documentTotals.get(providerId) ?? 0) + 1)
      corpusDocuments++
      for (const region of parseList(row.regions)) {
        add(documentRegions, providerId, region)
        add(corpus, corpusKey.regions, region)
      }
      for (const sector of parseList(row.sectors)) {
        add(documentSectors, providerId, sector)
        add(corpus, corpusKey.sectors, sector)
      }
      for (const assetClass of parseList(row.asset_classes)) {
        add(documentAssetClasses, providerId, assetClass)
        add(corpus, corpusKey.assetClasses, assetClass)
      }
    }
    afterId = Number(rows[rows.length - 1].id)
  }

  // The themes they write about, primary or secondary.
  const themeCounts = new Map<number, Map<string, number>>()
  const themeRows: { provider_id: number; theme_id: number; total: number | string }[] =
    await client
      .from('research_document_themes as dt')
      .join('research_documents as d', 'd.id', 'dt.document_id')
      .where('d.status', 'published')
      .groupBy('d.provider_id', 'dt.theme_id')
      .select('d.provider_id', 'dt.theme_id')
      .count('* as total')
  for (const row of themeRows) {
    add(themeCounts, Number(row.provider_id), String(row.theme_id), Number(row.total))
  }

  // What teams talked to them about: the sectors and regions of the interactions.
  const interactionSectors = new Map<number, Map<string, number>>()
  const interactionRegions = new Map<number, Map<string, number>>()
  const sectorRows: { provider_id: number; sector: string; total: number | string }[] = await client
    .from('rsa_interactions')
    .whereNotNull('sector')
    .groupBy('provider_id', 'sector')
    .select('provider_id', 'sector')
    .count('* as total')
  for (const row of sectorRows) {
    add(interactionSectors, Number(row.provider_id), row.sector, Number(row.total))
  }
  const regionRows: { provider_id: number; region: string; total: number | string }[] = await client
    .from('rsa_interactions')
    .whereNotNull('region')
    .groupBy('provider_id', 'region')
    .select('provider_id', 'region')
    .count('* as total')
  for (const row of regionRows) {
    const code = INTERACTION_GEOGRAPHIES[row.region]
    if (code) add(interactionRegions, Number(row.provider_id), code, Number(row.total))
  }

  for (const provider of providers) {
    const id = Number(provider.id)
    const text = `${provider.name} ${provider.description ?? ''}`.toLowerCase()
    if (provider.provider_type === 'research') {
      // What the provider is known for: its description after the kind of provider it is
      // ("Global investment bank: …"), which says nothing of its own coverage.
      const description = (provider.description ?? '').toLowerCase()
      const focus = description.includes(': ')
        ? description.slice(description.indexOf(': ') + 2)
        : description
      const type = provider.research_provider_type ?? 'independent'
      const documents = documentTotals.get(id) ?? 0
      const fromDocuments = (counts: Map<string, number> | undefined, key: number) =>
        distinctive(counts, documents, corpus.get(key) ?? new Map(), corpusDocuments)

      const geographies = matches(GEOGRAPHY_RULES, focus)
      for (const code of fromDocuments(documentRegions.get(id), corpusKey.regions)) {
        geographies.add(code)
      }
      if (geographies.size === 0) {
        const home = provider.hq_region ? HQ_GEOGRAPHIES[provider.hq_region] : undefined
        const fromInteractions = leading(interactionRegions.get(id), 1, 1)
        for (const code of home ? [home] : fromInteractions) geographies.add(code)
      }
      if (geographies.size === 0) geographies.add('global')
      tag('provider', id, 'geographies', geographies)

      // Economists cover economies, not sectors; a global bank's equity research covers every
      // sector (its specialities on top).
      const industries =
        type === 'macro_consultancy' ? new Set<string>() : matches(SECTOR_RULES, focus)
      if (type === 'bulge_bracket') for (const name of sectorId.keys()) industries.add(name)
      if (industries.size === 0 && type !== 'macro_consultancy') {
        for (const name of fromDocuments(documentSectors.get(id), corpusKey.sectors)) {
          industries.add(name)
        }
      }
      if (industries.size === 0 && type !== 'macro_consultancy') {
        // A generalist: the sectors teams talk to it about most (else those it writes on most).
        const counts = interactionSectors.get(id) ?? documentSectors.get(id)
        for (const name of leading(counts, 4, 0.2)) industries.add(name)
      }
      tag('provider', id, 'industries', industries)

      const assetClasses = matches(ASSET_CLASS_RULES, focus)
      if (assetClasses.size === 0) {
        for (const code of TYPE_ASSET_CLASSES[type] ?? ['equities']) assetClasses.add(code)
      }
      for (const code of fromDocuments(documentAssetClasses.get(id), corpusKey.assetClasses)) {
        assetClasses.add(code)
      }
      tag('provider', id, 'assetclasses', assetClasses)

      const factors = matches(FACTOR_RULES, focus)
      if (factors.size === 0) {
        const fallback =
          type === 'independent'
            ? [INDEPENDENT_FACTORS[id % INDEPENDENT_FACTORS.length]]
            : (TYPE_FACTORS[type] ?? [])
        for (const code of fallback) factors.add(code)
      }
      tag('provider', id, 'factors', factors)

      const styles = matches(STYLE_RULES, focus)
      for (const code of TYPE_STYLES[type] ?? ['bottom_up']) styles.add(code)
      if (type === 'independent' && styles.size === 1) {
        const extra = INDEPENDENT_STYLES[id % INDEPENDENT_STYLES.length]
        if (extra) styles.add(extra)
      }
      tag('provider', id, 'researchstyles', styles)

      const themes = leading(themeCounts.get(id), 5, 1).map(Number)
      tag('provider', id, 'themes', themes)
    } else {
      // Market and alternative data providers: the markets and asset classes they serve.
      const alternative = provider.provider_type === 'alternative_data'
      const geographies = matches(GEOGRAPHY_RULES, text)
      if (geographies.size === 0) geographies.add(alternative ? 'north_america' : 'global')
      tag('provider', id, 'geographies', geographies)
      const assetClasses = matches(ASSET_CLASS_RULES, text)
      for (const code of matches(PRODUCT_ASSET_CLASS_RULES, text)) assetClasses.add(code)
      if (assetClasses.size === 0) assetClasses.add(alternative ? 'equities' : 'multi_asset')
      tag('provider', id, 'assetclasses', assetClasses)
      if (alternative) tag('provider', id, 'researchstyles', ['quantitative'])
    }
  }

  // The products of market and alternative data providers.
  const products: {
    id: number
    name: string
    type_name: string | null
    category_name: string | null
    provider_name: string
    provider_type: string
  }[] = await client
    .from('provider_products as pp')
    .join('providers as p', 'p.id', 'pp.provider_id')
    .leftJoin('product_types as pt', 'pt.id', 'pp.product_type_id')
    .leftJoin('product_categories as pc', 'pc.id', 'pt.category_id')
    .whereIn('p.provider_type', ['market_data', 'alternative_data'])
    .select(
      'pp.id',
      'pp.name',
      'pt.name as type_name',
      'pc.name as category_name',
      'p.name as provider_name',
      'p.provider_type'
    )
    .orderBy('pp.id')
  for (const product of products) {
    const id = Number(product.id)
    const text = [product.provider_name, product.category_name, product.type_name, product.name]
      .filter(Boolean)
      .join(' ')
      .toLowerCase()
    const geographies = new Set<string>()
    const assetClasses = new Set<string>()
    const indices: string[] = []
    for (const [pattern, index, markets, classes] of INDEX_RULES) {
      if (!pattern.test(text)) continue
      indices.push(index)
      for (const code of markets) geographies.add(code)
      for (const code of classes) assetClasses.add(code)
    }
    tag('product', id, 'indices', indices)
    if (indices.length === 0) {
      for (const code of matches(PRODUCT_ASSET_CLASS_RULES, text)) assetClasses.add(code)
      for (const code of matches(PRODUCT_GEOGRAPHY_RULES, text)) geographies.add(code)
    }
    if (assetClasses.size === 0) {
      assetClasses.add(product.provider_type === 'alternative_data' ? 'equities' : 'multi_asset')
    }
    if (geographies.size === 0) geographies.add('global')
    tag('product', id, 'assetclasses', assetClasses)
    tag('product', id, 'geographies', geographies)
    tag('product', id, 'factors', matches(PRODUCT_FACTOR_RULES, text))
    tag('product', id, 'industries', matches(PRODUCT_SECTOR_RULES, text))
  }

  // Rewrite the tags of every subject looked at.
  const providerIds = providers.map((provider) => Number(provider.id))
  const productIds = products.map((product) => Number(product.id))
  for (const [subjectType, ids] of [
    ['provider', providerIds],
    ['product', productIds],
  ] as const) {
    for (let index = 0; index < ids.length; index += CHUNK) {
      await client
        .from('summary_facet_tags')
        .where('subject_type', subjectType)
        .whereIn('subject_id', ids.slice(index, index + CHUNK))
        .delete()
    }
  }
  const tagRows = [...tags.values()]
  for (let index = 0; index < tagRows.length; index += CHUNK) {
    await client.table('summary_facet_tags').multiInsert(tagRows.slice(index, index + CHUNK))
  }

  const priorities = await rankingPriorities(client, todayIso)
  const stamp = today.startOf('day').toFormat(client.dialect.dateTimeFormat)
  const kept: { team_id: number; provider_id: number }[] = await client
    .from('team_provider_priorities')
    .whereNotNull('updated_by_id')
    .select('team_id', 'provider_id')
  const keep = new Set(kept.map((row) => `${row.team_id}:${row.provider_id}`))
  await client.from('team_provider_priorities').whereNull('updated_by_id').delete()
  const priorityRows = priorities
    .filter((row) => !keep.has(`${row.team_id}:${row.provider_id}`))
    .map((row) => ({ ...row, updated_by_id: null, updated_at: stamp }))
  for (let index = 0; index < priorityRows.length; index += CHUNK) {
    await client
      .table('team_provider_priorities')
      .multiInsert(priorityRows.slice(index, index + CHUNK))
  }

  return {
    providers: providers.length,
    products: products.length,
    tags: tagRows.length,
    priorities: priorityRows.length,
  }
}

const CORE = 1
const SECONDARY = 2
const TAIL = 3

/** Each team's ranking priority of its providers (see the file's comment). */
async function rankingPriorities(client: QueryClientContract, todayIso: string) {
  const result: { team_id: number; provider_id: number; rankingpriority_id: number }[] = []

  const budgetRows: { team_id: number; year: number; provider_id: number; amount: unknown }[] =
    await client
      .from('rsa_budget_lines as l')
      .join('providers as p', 'p.id', 'l.provider_id')
      .where('p.provider_type', 'research')
      .groupBy('l.team_id', 'l.year', 'l.provider_id')
      .select('l.team_id', 'l.year', 'l.provider_id')
      .sum('l.budget_amount as amount')
  const latest = new Map<number, number>()
  for (const row of budgetRows) {
    const team = Number(row.team_id)
    latest.set(team, Math.max(latest.get(team) ?? 0, Number(row.year)))
  }
  const byTeam = new Map<number, { providerId: number; amount: number }[]>()
  for (const row of budgetRows) {
    const team = Number(row.team_id)
    if (Number(row.year) !== latest.get(team)) continue
    const list = byTeam.get(team) ?? []
    list.push({ providerId: Number(row.provider_id), amount: Number(row.amount) })
    byTeam.set(team, list)
  }
  const seen = new Set<string>()
  for (const [teamId, list] of [...byTeam.entries()].sort(([a], [b]) => a - b)) {
    list.sort((a, b) => b.amount - a.amount || a.providerId - b.providerId)
    const coreUntil = Math.ceil(list.length / 3)
    const secondaryUntil = Math.ceil((list.length * 2) / 3)
    for (const [index, { providerId }] of list.entries()) {
      seen.add(`${teamId}:${providerId}`)
      result.push({
        team_id: teamId,
        provider_id: providerId,
        rankingpriority_id: index < coreUntil ? CORE : index < secondaryUntil ? SECONDARY : TAIL,
      })
    }
  }

  const contractRows: {
    team_id: number
    provider_id: number
    provider_type: string
    live: number | string | null
  }[] = await client
    .from('contracts as c')
    .join('providers as p', 'p.id', 'c.provider_id')
    .whereIn('p.provider_type', ['market_data', 'alternative_data'])
    .groupBy('c.team_id', 'c.provider_id', 'p.provider_type')
    .select('c.team_id', 'c.provider_id', 'p.provider_type')
    .select(
      client.raw('max(case when c.start_date <= ? and c.end_date >= ? then 1 else 0 end) as live', [
        todayIso,
        todayIso,
      ])
    )
    .orderBy([
      { column: 'c.team_id', order: 'asc' },
      { column: 'c.provider_id', order: 'asc' },
    ])
  for (const row of contractRows) {
    const key = `${row.team_id}:${row.provider_id}`
    if (seen.has(key)) continue
    seen.add(key)
    result.push({
      team_id: Number(row.team_id),
      provider_id: Number(row.provider_id),
      rankingpriority_id:
        Number(row.live) !== 1 ? TAIL : row.provider_type === 'market_data' ? CORE : SECONDARY,
    })
  }
  return result
}
