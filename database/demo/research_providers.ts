import type { INTERACTION_REGIONS } from '#shared/rsa'
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { hashSeed } from '#database/generate/random'
import type {
  AccessType,
  InteractionType,
  PriceType,
  ResearchProviderType,
  ServiceType,
} from '#shared/rsa'

/**
 * The research providers of the demo universe (fictional firms), what each type of provider
 * sells and at what price. Shared by the demo seed (database/demo/research_spend.ts) and the
 * large-scale generator (database/generate/research_spend.ts), so that generated teams buy the
 * same services as the demo teams and peer cells fill up.
 */

/** Where a provider is based (providers.hq_region): the RSA domicile codes. */
export type ProviderRegion = 'UK' | 'EU' | 'US' | 'APAC'

export interface ResearchProviderSeed {
  key: string
  name: string
  type: ResearchProviderType
  hq: ProviderRegion
  parent?: string
  /** What the provider is known for (its description). */
  focus: string
  /** Other spellings seen in imports, lower-cased, unique across providers. */
  aliases: string[]
}

export const RESEARCH_PROVIDERS: ResearchProviderSeed[] = [
  // Bulge-bracket banks (8)
  {
    key: 'ashcombe-global-markets',
    name: 'Ashcombe Global Markets',
    type: 'bulge_bracket',
    hq: 'UK',
    parent: 'Ashcombe Banking Group',
    focus: 'global equity, credit and macro research with a large UK and European franchise',
    aliases: ['ashcombe gm', 'ashcombe global markets ltd', 'agm research'],
  },
  {
    key: 'calloway-brothers',
    name: 'Calloway Brothers',
    type: 'bulge_bracket',
    hq: 'US',
    parent: 'Calloway Financial Holdings',
    focus: 'US and global equity research, derivatives strategy and economics',
    aliases: ['calloway bros', 'calloway brothers & co llc'],
  },
  {
    key: 'hollister-grant',
    name: 'Hollister Grant & Co',
    type: 'bulge_bracket',
    hq: 'US',
    parent: 'Hollister Grant Group',
    focus: 'global equity research with deep technology and healthcare coverage',
    aliases: ['hollister grant', 'hg & co', 'hollister grant and company'],
  },
  {
    key: 'banque-delacroix-cib',
    name: 'Banque Delacroix CIB',
    type: 'bulge_bracket',
    hq: 'EU',
    parent: 'Groupe Delacroix',
    focus: 'pan-European equity and credit research, rates and FX strategy',
    aliases: ['delacroix cib', 'banque delacroix sa'],
  },
  {
    key: 'rhenania-bank-research',
    name: 'Rhenania Bank Research',
    type: 'bulge_bracket',
    hq: 'EU',
    parent: 'Rhenania Bank AG',
    focus: 'European equities, DACH mid caps and fixed income research',
    aliases: ['rhenania bank', 'rhenania research ag'],
  },
  {
    key: 'mercer-lowell-capital-markets',
    name: 'Mercer Lowell Capital Markets',
    type: 'bulge_bracket',
    hq: 'US',
    parent: 'Mercer Lowell Corporation',
    focus: 'global equities, quantitative strategy and US credit',
    aliases: ['mercer lowell', 'mlcm', 'mercer lowell cm inc'],
  },
  {
    key: 'takamura-securities',
    name: 'Takamura Securities',
    type: 'bulge_bracket',
    hq: 'APAC',
    parent: 'Takamura Financial Group',
    focus: 'Japanese and Asian equity research, global economics',
    aliases: ['takamura', 'takamura securities co ltd'],
  },
  {
    key: 'helvetic-union-bank',
    name: 'Helvetic Union Bank',
    type: 'bulge_bracket',
    hq: 'EU',
    parent: 'HUB Group AG',
    focus: 'global equity research, wealth-management strategy and Swiss equities',
    aliases: ['hub research', 'helvetic union bank ag'],
  },

  // Regional and mid-size brokers (12)
  {
    key: 'brackenbury-co',
    name: 'Brackenbury & Co',
    type: 'regional_broker',
    hq: 'UK',
    focus: 'UK mid and small caps, investment trusts and corporate broking',
    aliases: ['brackenbury', 'brackenbury and co ltd'],
  },
  {
    key: 'tolland-shore-securities',
    name: 'Tolland Shore Securities',
    type: 'regional_broker',
    hq: 'UK',
    focus: 'UK equities with strong consumer and industrials coverage',
    aliases: ['tolland shore', 'tss research'],
  },
  {
    key: 'caldwell-renshaw',
    name: 'Caldwell Renshaw',
    type: 'regional_broker',
    hq: 'UK',
    parent: 'Renshaw Holdings',
    focus: 'UK and Irish equities, resources and financials',
    aliases: ['caldwell renshaw llp', 'c renshaw'],
  },
  {
    key: 'skagen-nord-markets',
    name: 'Skagen Nord Markets',
    type: 'regional_broker',
    hq: 'EU',
    focus: 'Nordic equities and high-yield credit',
    aliases: ['skagen nord', 'skagen nord markets ab'],
  },
  {
    key: 'oberhaus-equities',
    name: 'Oberhaus Equities',
    type: 'regional_broker',
    hq: 'EU',
    focus: 'German and Austrian mid caps, capital goods and autos',
    aliases: ['oberhaus', 'oberhaus equities gmbh'],
  },
  {
    key: 'banca-lombarda-valori',
    name: 'Banca Lombarda Valori',
    type: 'regional_broker',
    hq: 'EU',
    parent: 'Gruppo Lombarda',
    focus: 'Italian equities, banks and utilities',
    aliases: ['lombarda valori', 'banca lombarda valori spa'],
  },
  {
    key: 'iberia-capital-research',
    name: 'Iberia Capital Research',
    type: 'regional_broker',
    hq: 'EU',
    focus: 'Spanish and Portuguese equities, Latin American exposure',
    aliases: ['iberia capital', 'iberia capital research sa'],
  },
  {
    key: 'van-loon-effecten',
    name: 'Van Loon Effecten',
    type: 'regional_broker',
    hq: 'EU',
    focus: 'Benelux equities, semiconductors equipment and chemicals',
    aliases: ['van loon', 'van loon effecten nv'],
  },
  {
    key: 'prairie-state-securities',
    name: 'Prairie State Securities',
    type: 'regional_broker',
    hq: 'US',
    focus: 'US small and mid caps, agriculture, energy and regional banks',
    aliases: ['prairie state', 'prairie state securities llc', 'pss'],
  },
  {
    key: 'bay-colony-research',
    name: 'Bay Colony Research',
    type: 'regional_broker',
    hq: 'US',
    focus: 'US healthcare, biotech and medtech small caps',
    aliases: ['bay colony', 'bay colony research inc'],
  },
  {
    key: 'southern-cross-equities',
    name: 'Southern Cross Equities',
    type: 'regional_broker',
    hq: 'APAC',
    focus: 'Australian and New Zealand equities, mining and energy',
    aliases: ['southern cross', 'southern cross equities pty ltd'],
  },
  {
    key: 'straits-pacific-securities',
    name: 'Straits Pacific Securities',
    type: 'regional_broker',
    hq: 'APAC',
    focus: 'ASEAN equities and Asian REITs',
    aliases: ['straits pacific', 'straits pacific securities pte ltd'],
  },

  // Premium research brokers (6)
  {
    key: 'redfern-research-partners',
    name: 'Redfern Research Partners',
    type: 'premium_broker',
    hq: 'UK',
    focus: 'research-led European equities with a small number of high-conviction analysts',
    aliases: ['redfern research', 'redfern partners llp', 'rrp'],
  },
  {
    key: 'carrow-street-research',
    name: 'Carrow Street Research',
    type: 'premium_broker',
    hq: 'US',
    focus: 'global thematic and sector research, execution on the side',
    aliases: ['carrow street', 'carrow st research'],
  },
  {
    key: 'longacre-research',
    name: 'Longacre Research',
    type: 'premium_broker',
    hq: 'UK',
    focus: 'European banks, insurers and payments',
    aliases: ['longacre', 'longacre research ltd'],
  },
  {
    key: 'ostara-securities',
    name: 'Ostara Securities',
    type: 'premium_broker',
    hq: 'EU',
    focus: 'European luxury, consumer and industrial technology',
    aliases: ['ostara', 'ostara securities sas'],
  },
  {
    key: 'bramwell-keane',
    name: 'Bramwell Keane',
    type: 'premium_broker',
    hq: 'UK',
    focus: 'global energy transition, utilities and materials',
    aliases: ['bramwell keane & co', 'bk research'],
  },
  {
    key: 'sixth-avenue-research',
    name: 'Sixth Avenue Research',
    type: 'premium_broker',
    hq: 'US',
    focus: 'US technology, media and telecoms with proprietary channel checks',
    aliases: ['sixth avenue', '6th avenue research'],
  },

  // Independent research providers (18)
  {
    key: 'ravenscourt-independent-research',
    name: 'Ravenscourt Independent Research',
    type: 'independent',
    hq: 'UK',
    focus: 'independent European equity research across large caps',
    aliases: ['ravenscourt', 'ravenscourt research ltd', 'rir'],
  },
  {
    key: 'beaumont-street-research',
    name: 'Beaumont Street Research',
    type: 'independent',
    hq: 'UK',
    focus: 'global strategy and asset allocation',
    aliases: ['beaumont street', 'beaumont st research'],
  },
  {
    key: 'lantern-equity-research',
    name: 'Lantern Equity Research',
    type: 'independent',
    hq: 'US',
    focus: 'US and European equity screens, earnings quality and short ideas',
    aliases: ['lantern equity', 'lantern research'],
  },
  {
    key: 'pelham-forensic-research',
    name: 'Pelham Forensic Research',
    type: 'independent',
    hq: 'US',
    focus: 'forensic accounting and governance red flags',
    aliases: ['pelham forensic', 'pelham forensic accounting'],
  },
  {
    key: 'osprey-point-research',
    name: 'Osprey Point Research',
    type: 'independent',
    hq: 'US',
    focus: 'US industrials and transport channel checks',
    aliases: ['osprey point', 'osprey point research llc'],
  },
  {
    key: 'marchmont-sector-research',
    name: 'Marchmont Sector Research',
    type: 'independent',
    hq: 'UK',
    focus: 'European consumer, retail and leisure',
    aliases: ['marchmont', 'marchmont research'],
  },
  {
    key: 'tamarind-asia-research',
    name: 'Tamarind Asia Research',
    type: 'independent',
    hq: 'APAC',
    focus: 'China and India equities from on-the-ground analysts',
    aliases: ['tamarind asia', 'tamarind research pte'],
  },
  {
    key: 'lindenhof-research',
    name: 'Lindenhof Research',
    type: 'independent',
    hq: 'EU',
    focus: 'German Mittelstand and European small caps',
    aliases: ['lindenhof', 'lindenhof research gmbh'],
  },
  {
    key: 'alderney-credit-research',
    name: 'Alderney Credit Research',
    type: 'independent',
    hq: 'UK',
    focus: 'European high-yield and investment-grade credit',
    aliases: ['alderney credit', 'alderney research'],
  },
  {
    key: 'sable-island-research',
    name: 'Sable Island Research',
    type: 'independent',
    hq: 'US',
    focus: 'North American energy, oil services and midstream',
    aliases: ['sable island', 'sable island research inc'],
  },
  {
    key: 'greenhithe-small-cap-research',
    name: 'Greenhithe Small Cap Research',
    type: 'independent',
    hq: 'UK',
    focus: 'UK small caps and AIM companies',
    aliases: ['greenhithe', 'greenhithe research'],
  },
  {
    key: 'montrose-energy-analysts',
    name: 'Montrose Energy Analysts',
    type: 'independent',
    hq: 'UK',
    focus: 'oil, gas and power markets, North Sea producers',
    aliases: ['montrose energy', 'montrose analysts'],
  },
  {
    key: 'vireo-healthcare-research',
    name: 'Vireo Healthcare Research',
    type: 'independent',
    hq: 'US',
    focus: 'pharma pipelines, clinical trial read-throughs and medtech',
    aliases: ['vireo healthcare', 'vireo research'],
  },
  {
    key: 'castellan-research',
    name: 'Castellan Research',
    type: 'independent',
    hq: 'EU',
    focus: 'European telecoms, media and infrastructure',
    aliases: ['castellan', 'castellan research sarl'],
  },
  {
    key: 'quayside-esg-research',
    name: 'Quayside ESG Research',
    type: 'independent',
    hq: 'UK',
    focus: 'ESG controversies, stewardship and climate transition plans',
    aliases: ['quayside esg', 'quayside research'],
  },
  {
    key: 'tranquebar-em-research',
    name: 'Tranquebar EM Research',
    type: 'independent',
    hq: 'APAC',
    focus: 'emerging-market equities and frontier markets',
    aliases: ['tranquebar', 'tranquebar em'],
  },
  {
    key: 'blackstairs-technology-research',
    name: 'Blackstairs Technology Research',
    type: 'independent',
    hq: 'US',
    focus: 'semiconductors, software and cloud infrastructure',
    aliases: ['blackstairs', 'blackstairs tech research'],
  },
  {
    key: 'clement-lane-research',
    name: 'Clement Lane Research',
    type: 'independent',
    hq: 'UK',
    focus: 'UK and European banks, insurers and regulation',
    aliases: ['clement lane', 'clement lane research ltd'],
  },

  // Expert networks (6)
  {
    key: 'guildhall-expert-network',
    name: 'Guildhall Expert Network',
    type: 'expert_network',
    hq: 'UK',
    focus: 'expert calls, surveys and transcripts across industries',
    aliases: ['guildhall experts', 'guildhall en', 'guildhall expert network ltd'],
  },
  {
    key: 'keyline-expert-network',
    name: 'Keyline Expert Network',
    type: 'expert_network',
    hq: 'US',
    focus: 'on-demand expert calls and a transcript library',
    aliases: ['keyline', 'keyline experts inc'],
  },
  {
    key: 'cogent-expert-network',
    name: 'Cogent Expert Network',
    type: 'expert_network',
    hq: 'US',
    focus: 'healthcare and technology experts, former executives',
    aliases: ['cogent experts', 'cogent en'],
  },
  {
    key: 'polymath-expert-network',
    name: 'Polymath Expert Network',
    type: 'expert_network',
    hq: 'UK',
    focus: 'industry experts and customer surveys for European companies',
    aliases: ['polymath experts', 'polymath network'],
  },
  {
    key: 'alpine-expert-partners',
    name: 'Alpine Expert Partners',
    type: 'expert_network',
    hq: 'EU',
    focus: 'DACH and Nordic industry experts',
    aliases: ['alpine experts', 'alpine expert partners ag'],
  },
  {
    key: 'sagebrush-expert-network',
    name: 'Sagebrush Expert Network',
    type: 'expert_network',
    hq: 'US',
    focus: 'energy, materials and agriculture specialists',
    aliases: ['sagebrush experts', 'sagebrush en'],
  },

  // Economics and macro consultancies (5)
  {
    key: 'fenwick-economics',
    name: 'Fenwick Economics',
    type: 'macro_consultancy',
    hq: 'UK',
    focus: 'UK and global macroeconomics, central banks and rates',
    aliases: ['fenwick', 'fenwick economics ltd'],
  },
  {
    key: 'broadview-macro',
    name: 'Broadview Macro',
    type: 'macro_consultancy',
    hq: 'US',
    focus: 'global macro and cross-asset strategy',
    aliases: ['broadview', 'broadview macro llc'],
  },
  {
    key: 'ardmore-macro-strategy',
    name: 'Ardmore Macro Strategy',
    type: 'macro_consultancy',
    hq: 'US',
    focus: 'US economy, Fed policy and credit cycles',
    aliases: ['ardmore macro', 'ardmore strategy'],
  },
  {
    key: 'stratford-economic-advisers',
    name: 'Stratford Economic Advisers',
    type: 'macro_consultancy',
    hq: 'UK',
    focus: 'European and emerging-market economics',
    aliases: ['stratford economics', 'stratford advisers', 'sea economics'],
  },
  {
    key: 'geopolitica-advisory',
    name: 'Geopolitica Advisory',
    type: 'macro_consultancy',
    hq: 'EU',
    focus: 'political risk, elections and geopolitics',
    aliases: ['geopolitica', 'geopolitica advisory srl'],
  },

  // Data and analytics vendors (5)
  {
    key: 'quantile-consensus-data',
    name: 'Quantile Consensus Data',
    type: 'data_vendor',
    hq: 'US',
    focus: 'crowd-sourced and broker consensus estimates',
    aliases: ['quantile consensus', 'quantile data'],
  },
  {
    key: 'signalhouse-analytics',
    name: 'Signalhouse Analytics',
    type: 'data_vendor',
    hq: 'US',
    focus: 'quantitative factor models and screening tools',
    aliases: ['signalhouse', 'signal house analytics'],
  },
  {
    key: 'northstar-estimates',
    name: 'Northstar Estimates',
    type: 'data_vendor',
    hq: 'US',
    focus: 'KPI-level estimates and company models',
    aliases: ['northstar', 'northstar estimates inc'],
  },
  {
    key: 'cirrus-earnings-models',
    name: 'Cirrus Earnings Models',
    type: 'data_vendor',
    hq: 'UK',
    focus: 'standardised three-statement models for European companies',
    aliases: ['cirrus models', 'cirrus earnings'],
  },
  {
    key: 'panorama-alternative-data',
    name: 'Panorama Alternative Data',
    type: 'data_vendor',
    hq: 'US',
    focus: 'card-spend, web-traffic and app-usage panels',
    aliases: ['panorama data', 'panorama alt data'],
  },
]

const TYPE_DESCRIPTIONS: Record<ResearchProviderType, string> = {
  bulge_bracket: 'Global investment bank',
  regional_broker: 'Regional broker',
  premium_broker: 'Research-led broker',
  independent: 'Independent research provider',
  expert_network: 'Expert network',
  macro_consultancy: 'Economics consultancy',
  data_vendor: 'Data and analytics vendor',
}

export function describeProvider(provider: ResearchProviderSeed) {
  return `${TYPE_DESCRIPTIONS[provider.type]}: ${provider.focus}.`
}

/**
 * What a type of provider sells: one offering per (service, price type, access type), with its
 * typical annualised price in US dollars as of 2021 (DOMAIN §1(a) price points). The first
 * offering is the provider's main line. Offerings of one provider sharing a service type are
 * alternatives (a budget holds one line per provider and service).
 */
export interface Offering {
  code: string
  service: ServiceType
  price: PriceType
  access: AccessType
  /** US dollars a year, 2021 list prices (low to high provider). */
  usd: [number, number]
}

export const OFFERINGS: Record<ResearchProviderType, Offering[]> = {
  bulge_bracket: [
    {
      code: 'A',
      service: 'written_research',
      price: 'tiered_subscription',
      access: 'full',
      usd: [150_000, 260_000],
    },
    {
      code: 'B',
      service: 'analyst_access',
      price: 'pay_per_use',
      access: 'analyst_only',
      usd: [30_000, 75_000],
    },
    {
      code: 'C',
      service: 'macro_strategy',
      price: 'fixed_fee',
      access: 'partial',
      usd: [20_000, 50_000],
    },
    { code: 'D', service: 'events', price: 'pay_per_use', access: 'partial', usd: [6_000, 18_000] },
    {
      code: 'E',
      service: 'corporate_access',
      price: 'fixed_fee',
      access: 'partial',
      usd: [12_000, 35_000],
    },
    {
      code: 'F',
      service: 'written_research',
      price: 'fixed_fee',
      access: 'written_only',
      usd: [15_000, 45_000],
    },
  ],
  regional_broker: [
    {
      code: 'A',
      service: 'written_research',
      price: 'fixed_fee',
      access: 'full',
      usd: [30_000, 110_000],
    },
    {
      code: 'B',
      service: 'analyst_access',
      price: 'vote_in_arrears',
      access: 'analyst_only',
      usd: [10_000, 35_000],
    },
    { code: 'C', service: 'sales_commentary', price: 'free', access: 'none', usd: [0, 0] },
    {
      code: 'D',
      service: 'corporate_access',
      price: 'pay_per_use',
      access: 'partial',
      usd: [5_000, 20_000],
    },
  ],
  premium_broker: [
    {
      code: 'A',
      service: 'written_research',
      price: 'tiered_subscription',
      access: 'full',
      usd: [80_000, 170_000],
    },
    {
      code: 'B',
      service: 'bespoke_research',
      price: 'retainer',
      access: 'full',
      usd: [25_000, 80_000],
    },
    {
      code: 'C',
      service: 'analyst_access',
      price: 'pay_per_use',
      access: 'analyst_only',
      usd: [15_000, 45_000],
    },
  ],
  independent: [
    {
      code: 'A',
      service: 'written_research',
      price: 'fixed_fee',
      access: 'full',
      usd: [18_000, 75_000],
    },
    {
      code: 'B',
      service: 'models_data',
      price: 'fixed_fee',
      access: 'named_users',
      usd: [10_000, 35_000],
    },
    {
      code: 'C',
      service: 'bespoke_research',
      price: 'pay_per_use',
      access: 'partial',
      usd: [8_000, 30_000],
    },
  ],
  expert_network: [
    {
      code: 'A',
      service: 'expert_calls',
      price: 'pay_per_use',
      access: 'named_users',
      usd: [70_000, 200_000],
    },
    {
      code: 'B',
      service: 'expert_calls',
      price: 'retainer',
      access: 'enterprise',
      usd: [140_000, 280_000],
    },
  ],
  macro_consultancy: [
    {
      code: 'A',
      service: 'macro_strategy',
      price: 'fixed_fee',
      access: 'full',
      usd: [35_000, 110_000],
    },
    {
      code: 'B',
      service: 'analyst_access',
      price: 'pay_per_use',
      access: 'analyst_only',
      usd: [8_000, 25_000],
    },
  ],
  data_vendor: [
    {
      code: 'A',
      service: 'models_data',
      price: 'tiered_subscription',
      access: 'enterprise',
      usd: [40_000, 140_000],
    },
    {
      code: 'B',
      service: 'models_data',
      price: 'fixed_fee',
      access: 'named_users',
      usd: [15_000, 50_000],
    },
  ],
}

export function offeringOf(type: ResearchProviderType, code: string) {
  const offering = OFFERINGS[type].find((candidate) => candidate.code === code)
  if (!offering) throw new Error(`No offering ${code} for ${type}`)
  return offering
}

/**
 * Like-for-like price index per provider type (2021 = 1): bank research prices fell after the
 * first MiFID II renewals, independents, expert networks and data vendors kept raising theirs.
 * Years after the table follow each type's yearly drift; years before it are at 2021's level.
 */
export const PRICE_INDEX: Record<ResearchProviderType, Record<number, number>> = {
  bulge_bracket: { 2021: 1, 2022: 0.88, 2023: 0.82, 2024: 0.79 },
  regional_broker: { 2021: 1, 2022: 0.97, 2023: 0.96, 2024: 0.97 },
  premium_broker: { 2021: 1, 2022: 1.02, 2023: 1.04, 2024: 1.07 },
  independent: { 2021: 1, 2022: 1.05, 2023: 1.1, 2024: 1.16 },
  expert_network: { 2021: 1, 2022: 1.06, 2023: 1.12, 2024: 1.17 },
  macro_consultancy: { 2021: 1, 2022: 1.03, 2023: 1.06, 2024: 1.09 },
  data_vendor: { 2021: 1, 2022: 1.07, 2023: 1.14, 2024: 1.21 },
}
const PRICE_INDEX_FIRST = 2021
const PRICE_INDEX_LAST = 2024

/** Yearly price change per provider type after the table's last year. */
export const PRICE_DRIFT: Record<ResearchProviderType, number> = {
  bulge_bracket: -0.01,
  regional_broker: 0,
  premium_broker: 0.025,
  independent: 0.04,
  expert_network: 0.035,
  macro_consultancy: 0.025,
  data_vendor: 0.05,
}

/** The price index of a provider type in any year (see PRICE_INDEX). */
export function priceIndex(type: ResearchProviderType, year: number) {
  const table = PRICE_INDEX[type]
  if (year <= PRICE_INDEX_FIRST) return table[PRICE_INDEX_FIRST]
  if (year <= PRICE_INDEX_LAST) return table[year]
  return table[PRICE_INDEX_LAST] * (1 + PRICE_DRIFT[type]) ** (year - PRICE_INDEX_LAST)
}

/**
 * The list price (US dollars a year) a provider asks for an offering in a year, before the
 * buyer's size and negotiation: each provider sits at its own place in the type's range.
 */
export function listPriceUsd(
  provider: Pick<ResearchProviderSeed, 'key' | 'type'>,
  offering: Offering,
  year: number
) {
  const [low, high] = offering.usd
  const position = (hashSeed(`${provider.key}:${offering.code}`) % 1000) / 999
  return (low + (high - low) * position) * priceIndex(provider.type, year)
}

/** Buyers pay more for the same service as they grow (AUM tier key → factor). */
export const TIER_PRICE_FACTOR: Record<string, number> = {
  '0-10': 0.72,
  '10-50': 1,
  '50-100': 1.3,
  '100-250': 1.9,
  '250-500': 2.5,
  '500+': 3.2,
}

export { GICS_SECTORS, INTERACTION_REGIONS } from '#shared/rsa'

/** The region most of a provider's work is about. */
export function homeRegion(hq: ProviderRegion): (typeof INTERACTION_REGIONS)[number] {
  return { UK: 'UK', EU: 'Europe', US: 'North America', APAC: 'Asia Pacific' }[hq] as
    'UK' | 'Europe' | 'North America' | 'Asia Pacific'
}

/** What a team receives from each type of provider (interaction type → weight). */
export const INTERACTION_MIX: Record<ResearchProviderType, [InteractionType, number][]> = {
  bulge_bracket: [
    ['report_read', 58],
    ['analyst_call', 12],
    ['sales_call', 8],
    ['model_download', 6],
    ['one_to_one', 5],
    ['group_meeting', 4],
    ['event', 3],
    ['corporate_access', 3],
    ['bespoke_request', 1],
  ],
  regional_broker: [
    ['report_read', 55],
    ['analyst_call', 13],
    ['sales_call', 10],
    ['model_download', 6],
    ['one_to_one', 5],
    ['corporate_access', 5],
    ['group_meeting', 3],
    ['event', 2],
    ['bespoke_request', 1],
  ],
  premium_broker: [
    ['report_read', 50],
    ['analyst_call', 18],
    ['one_to_one', 9],
    ['model_download', 8],
    ['group_meeting', 5],
    ['bespoke_request', 4],
    ['sales_call', 3],
    ['event', 2],
    ['corporate_access', 1],
  ],
  independent: [
    ['report_read', 62],
    ['analyst_call', 15],
    ['model_download', 8],
    ['one_to_one', 6],
    ['bespoke_request', 4],
    ['group_meeting', 3],
    ['event', 2],
  ],
  expert_network: [
    ['analyst_call', 70],
    ['one_to_one', 15],
    ['bespoke_request', 10],
    ['report_read', 5],
  ],
  macro_consultancy: [
    ['report_read', 60],
    ['analyst_call', 15],
    ['group_meeting', 10],
    ['event', 8],
    ['one_to_one', 7],
  ],
  data_vendor: [
    ['model_download', 70],
    ['report_read', 22],
    ['analyst_call', 5],
    ['bespoke_request', 3],
  ],
}

/** How long an interaction of a type usually lasts (minutes; null: not measured). */
export const DURATION_RANGE: Record<InteractionType, [number, number] | null> = {
  report_read: null,
  model_download: null,
  analyst_call: [20, 60],
  one_to_one: [45, 90],
  group_meeting: [60, 120],
  event: [120, 480],
  bespoke_request: null,
  sales_call: [10, 30],
  corporate_access: [45, 75],
}

/** The row a provider gets in `providers`, with the columns Research Spend Analytics adds. */
export interface SeededResearchProvider extends ResearchProviderSeed {
  id: number
}

/**
 * Inserts the research providers and their aliases (those not there yet: safe to run again)
 * and returns them with their ids, in catalogue order.
 */
export async function seedResearchProviders(
  trx: TransactionClientContract
): Promise<SeededResearchProvider[]> {
  const now = DateTime.now().toFormat(trx.dialect.dateTimeFormat)
  const keys = RESEARCH_PROVIDERS.map((provider) => provider.key)
  const existing: { provider_key: string }[] = await trx
    .from('providers')
    .whereIn('provider_key', keys)
    .select('provider_key')
  const present = new Set(existing.map((row) => row.provider_key))
  const missing = RESEARCH_PROVIDERS.filter((provider) => !present.has(provider.key))
  if (missing.length) {
    await trx.table('providers').multiInsert(
      missing.map((provider) => ({
        provider_key: provider.key,
        name: provider.name,
        provider_type: 'research',
        research_provider_type: provider.type,
        is_independent: provider.type === 'independent',
        parent_group: provider.parent ?? null,
        hq_region: provider.hq,
        is_active: true,
        has_rate_card: false,
        description: describeProvider(provider),
        created_at: now,
        updated_at: now,
      }))
    )
  }
  const rows: { id: number; provider_key: string }[] = await trx
    .from('providers')
    .whereIn('provider_key', keys)
    .select('id', 'provider_key')
  const idOf = new Map(rows.map((row) => [row.provider_key, Number(row.id)]))
  const aliases = missing.flatMap((provider) =>
    provider.aliases.map((alias) => ({
      provider_id: idOf.get(provider.key)!,
      alias: alias.toLowerCase(),
      created_at: now,
    }))
  )
  if (aliases.length) {
    await trx
      .insertQuery()
      .table('provider_aliases')
      .multiInsert(aliases)
      .knexQuery.onConflict('alias')
      .ignore()
  }
  return RESEARCH_PROVIDERS.map((provider) => ({ ...provider, id: idOf.get(provider.key)! }))
}
