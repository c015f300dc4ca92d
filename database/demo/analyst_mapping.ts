import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { type DateTime } from 'luxon'
import { BulkWriter } from '#database/generate/bulk'
import { Random, hashSeed, weightedPicker } from '#database/generate/random'
import {
  seedResearchProviders,
  type ProviderRegion,
  type SeededResearchProvider,
} from '#database/demo/research_providers'
import {
  NORTHBRIDGE,
  PACIFIC_CREST,
  SECTOR_FOCUS,
  SECTOR_WEIGHTS,
  analystsOf,
  weekdaysOf,
} from '#database/demo/research_spend'
import {
  SECTORS,
  SENIORITIES,
  type MoveType,
  type RegionCode,
  type Seniority,
} from '#shared/providers'
import type { ResearchProviderType } from '#shared/rsa'
import { refreshProviderStatistics } from '#services/providers/statistics'
import { demoCalendar } from '#database/demo/demo_calendar'

/**
 * Providers / analyst mapping demo data (DOMAIN §3B): the sell-side analysts of the 60 research
 * providers, what each covered in each of the demo's years (database/demo/demo_calendar.ts: the
 * five years before the day of seeding and the current one, whose moves stop at the day of
 * seeding) by GICS sector × region, their moves, and the demo teams' interactions linked to
 * them. Deterministic for a given day (seeded streams and the calendar).
 *
 * How the roster is made: about 3,400 analysts on 1 January of the first year (banks 180–300
 * each, regional brokers 45–115, premium brokers 28–64, independents 4–22, expert networks,
 * economists and data vendors a handful; about 4,400 analysts in all, 3,000 at a provider
 * today), then each year is simulated team by team (provider × primary sector; the current
 * year for its share so far):
 * leavers drawn with a bias towards mid-career analysts (seniors mostly leave the industry,
 * juniors move), the team resized to the provider's plan (banks shrinking, premium brokers
 * growing, energy and health care cut, technology added), the openings filled by analysts
 * leaving other providers in the same sector (one move row: a joiner for one provider, a
 * leaver for the other), a few returning to the industry, some lateral hires from outside and
 * mostly juniors; a few analysts change sector or region inside their firm. Leavers average about
 * 7 years of experience, joiners about 2 (as in the published figures).
 *
 * What the demo shows on purpose:
 * - Calloway Brothers, the provider Northbridge pays most, loses a large part of its technology
 *   and financials analysts last year (Northbridge's two top sectors), its US technology team
 *   to Sixth Avenue Research in March, and keeps losing seniors this year: the spend × talent
 *   alert fires for Northbridge;
 * - Banque Delacroix CIB cuts its energy and health care teams in the two years before this
 *   one; Sixth Avenue Research (a premium broker) builds up information technology;
 * - a few analysts unverified for more than 12 months, a few without coverage in the current
 *   year (the admin's data-quality queue);
 * - Northbridge's and Pacific Crest's interactions name an analyst of the provider covering the
 *   interaction's sector, except about one in eight that resolves to neither an analyst nor a
 *   sector (and the economists' interactions, which have no sector): "% mapped" stays below 100.
 *
 * The same simulation makes the large-scale generator's analysts
 * (database/generate/analyst_mapping.ts).
 */

export const ANALYST_SOURCE = 'Demo roster'

/** A sector (index into SECTORS) in a region: one coverage row. */
export interface SimCell {
  sector: number
  region: RegionCode
}

export interface SimMove {
  date: string
  year: number
  type: MoveType
  /** Provider indexes (into the roster's providers); null: outside the tracked universe. */
  from: number | null
  to: number | null
  experience: number
  cells: SimCell[]
}

export interface SimAnalyst {
  seq: number
  name: string
  startYear: number
  /** Years added to the experience when choosing a seniority (some progress faster). */
  pace: number
  provider: number | null
  status: 'active' | 'left_industry'
  cells: SimCell[]
  coverage: Map<number, SimCell[]>
  moves: SimMove[]
  assetClass: 'equity' | 'fixed_income'
  /** Where the analyst worked, with dates (ISO, `to` excluded): for linking interactions. */
  stints: { provider: number; from: string; to: string | null }[]
  /** Set when the analyst is the head of research of the current provider. */
  head: boolean
}

export interface Roster {
  providers: SeededResearchProvider[]
  analysts: SimAnalyst[]
  /** The simulated years, oldest first; the last is the current one (up to the day simulated). */
  years: number[]
}

/**
 * Per provider type: analysts on 1 January of the first year, yearly leaving rate, yearly growth
 * 2021–2024 (earlier years as 2021, later ones as 2024: see tableYear).
 */
const PROFILE: Record<
  ResearchProviderType,
  { headcount: [number, number]; leave: number; growth: Record<number, number> }
> = {
  bulge_bracket: {
    headcount: [180, 300],
    leave: 0.13,
    growth: { 2021: -0.01, 2022: -0.035, 2023: -0.06, 2024: -0.03 },
  },
  regional_broker: {
    headcount: [45, 115],
    leave: 0.12,
    growth: { 2021: 0.005, 2022: -0.025, 2023: -0.04, 2024: -0.02 },
  },
  premium_broker: {
    headcount: [28, 64],
    leave: 0.1,
    growth: { 2021: 0.05, 2022: 0.03, 2023: 0.02, 2024: 0.04 },
  },
  independent: {
    headcount: [4, 22],
    leave: 0.08,
    growth: { 2021: 0.03, 2022: 0.01, 2023: 0, 2024: 0.02 },
  },
  expert_network: {
    headcount: [3, 7],
    leave: 0.1,
    growth: { 2021: 0.08, 2022: 0.04, 2023: 0.02, 2024: 0.04 },
  },
  macro_consultancy: {
    headcount: [4, 12],
    leave: 0.07,
    growth: { 2021: 0.02, 2022: 0, 2023: 0, 2024: 0.01 },
  },
  data_vendor: {
    headcount: [3, 10],
    leave: 0.09,
    growth: { 2021: 0.05, 2022: 0.03, 2023: 0.02, 2024: 0.03 },
  },
}

/** Fixed sizes of the providers the demo's stories are about (analysts at the start). */
const STORY_HEADCOUNT: Record<string, number> = {
  'calloway-brothers': 265,
  'banque-delacroix-cib': 215,
  'sixth-avenue-research': 34,
  'hollister-grant': 250,
}

const YEAR_LEAVE_FACTOR: Record<number, number> = { 2021: 0.92, 2022: 1, 2023: 1.15, 2024: 1.05 }

/** A year's value in a 2021–2024 table: earlier years as 2021, later ones as 2024. */
function tableYear(table: Record<number, number>, year: number) {
  return table[Math.min(2024, Math.max(2021, year))]
}

/** Sector trends across the industry (DOMAIN §3B: energy and health care cut, IT added). */
const SECTOR_TREND: Record<string, number> = {
  'Energy': -0.04,
  'Health Care': -0.025,
  'Information Technology': 0.02,
  'Utilities': -0.01,
}

const sectorIndex = (name: string) => SECTORS.findIndex((sector) => sector.name === name)
const ENERGY = sectorIndex('Energy')
const HEALTH_CARE = sectorIndex('Health Care')
const FINANCIALS = sectorIndex('Financials')
const TECHNOLOGY = sectorIndex('Information Technology')
const COMMUNICATION = sectorIndex('Communication Services')

/** Where a provider's analysts are (region → weight), by type and headquarters. */
function regionWeights(provider: SeededResearchProvider): [RegionCode, number][] {
  if (provider.key === 'takamura-securities') {
    return [
      ['JP', 55],
      ['APAC', 25],
      ['US', 10],
      ['EU', 4],
      ['UK', 2],
      ['EM', 4],
    ]
  }
  if (provider.key === 'tranquebar-em-research') {
    return [
      ['EM', 80],
      ['APAC', 20],
    ]
  }
  const byHq: Record<string, Record<ProviderRegion, [RegionCode, number][]>> = {
    bulge_bracket: {
      US: [
        ['US', 55],
        ['UK', 8],
        ['EU', 12],
        ['JP', 6],
        ['APAC', 11],
        ['EM', 8],
      ],
      UK: [
        ['UK', 30],
        ['EU', 28],
        ['US', 22],
        ['JP', 4],
        ['APAC', 8],
        ['EM', 8],
      ],
      EU: [
        ['EU', 50],
        ['UK', 15],
        ['US', 15],
        ['JP', 3],
        ['APAC', 7],
        ['EM', 10],
      ],
      APAC: [
        ['APAC', 60],
        ['JP', 20],
        ['US', 10],
        ['EM', 10],
      ],
    },
    regional_broker: {
      UK: [
        ['UK', 85],
        ['EU', 15],
      ],
      EU: [
        ['EU', 88],
        ['UK', 4],
        ['EM', 8],
      ],
      US: [['US', 1]],
      APAC: [
        ['APAC', 85],
        ['JP', 5],
        ['EM', 10],
      ],
    },
    premium_broker: {
      UK: [
        ['UK', 45],
        ['EU', 40],
        ['US', 15],
      ],
      EU: [
        ['EU', 80],
        ['UK', 10],
        ['EM', 10],
      ],
      US: [
        ['US', 85],
        ['UK', 5],
        ['EU', 10],
      ],
      APAC: [
        ['APAC', 70],
        ['JP', 15],
        ['EM', 15],
      ],
    },
    independent: {
      UK: [
        ['UK', 55],
        ['EU', 30],
        ['US', 15],
      ],
      EU: [
        ['EU', 85],
        ['UK', 15],
      ],
      US: [
        ['US', 90],
        ['UK', 5],
        ['EU', 5],
      ],
      APAC: [
        ['APAC', 70],
        ['JP', 15],
        ['EM', 15],
      ],
    },
  }
  const table = byHq[provider.type]
  if (table) return table[provider.hq]
  if (provider.type === 'expert_network') {
    return [
      ['US', 50],
      ['UK', 20],
      ['EU', 20],
      ['APAC', 10],
    ]
  }
  if (provider.type === 'data_vendor') {
    return [
      ['US', 70],
      ['UK', 15],
      ['EU', 15],
    ]
  }
  const home: Record<ProviderRegion, RegionCode> = { UK: 'UK', EU: 'EU', US: 'US', APAC: 'APAC' }
  return [[home[provider.hq], 1]]
}

const BASE_SECTOR_WEIGHTS = new Map(SECTOR_WEIGHTS)

/** What a provider's analysts cover (sector index → weight). */
function sectorWeights(provider: SeededResearchProvider): [number, number][] {
  const all = SECTORS.map(
    (sector, index) => [index, BASE_SECTOR_WEIGHTS.get(sector.name) ?? 4] as [number, number]
  )
  if (provider.type === 'macro_consultancy') {
    return [
      [FINANCIALS, 5],
      [sectorIndex('Real Estate'), 2],
      [sectorIndex('Utilities'), 1],
      [sectorIndex('Industrials'), 2],
    ]
  }
  if (provider.type === 'data_vendor') {
    return [
      [TECHNOLOGY, 4],
      [FINANCIALS, 3],
      [sectorIndex('Consumer Discretionary'), 2],
      [COMMUNICATION, 2],
    ]
  }
  const focus = SECTOR_FOCUS[provider.key]
  if (!focus) return all
  const focused = new Set(focus.map(sectorIndex))
  const broad = provider.type === 'bulge_bracket' || provider.type === 'regional_broker'
  // Specialists: 85% of their analysts in their sectors; brokers with a strength: 45%.
  const share = broad ? 0.45 : 0.85
  const focusTotal = all.filter(([index]) => focused.has(index)).reduce((sum, [, w]) => sum + w, 0)
  const restTotal = all.filter(([index]) => !focused.has(index)).reduce((sum, [, w]) => sum + w, 0)
  return all.map(([index, weight]) => [
    index,
    focused.has(index) ? (weight / focusTotal) * share : (weight / restTotal) * (1 - share),
  ])
}

/** Related sectors an analyst may cover as well (a second sector). */
const SECOND_SECTOR: Record<string, string[]> = {
  'Energy': ['Utilities', 'Materials'],
  'Materials': ['Energy', 'Industrials'],
  'Industrials': ['Materials', 'Consumer Discretionary'],
  'Consumer Discretionary': ['Consumer Staples', 'Communication Services'],
  'Consumer Staples': ['Consumer Discretionary'],
  'Health Care': ['Consumer Staples'],
  'Financials': ['Real Estate'],
  'Information Technology': ['Communication Services'],
  'Communication Services': ['Information Technology', 'Consumer Discretionary'],
  'Utilities': ['Energy', 'Real Estate'],
  'Real Estate': ['Financials', 'Utilities'],
}

/** Experience of the analysts there on 1 January of the first year (bucket → weight). */
const INITIAL_EXPERIENCE: [[number, number], number][] = [
  [[1, 3], 33],
  [[4, 7], 28],
  [[8, 12], 18],
  [[13, 20], 13],
  [[21, 30], 6],
  [[31, 36], 2],
]

/** How likely an analyst of that experience is to leave, relative to the team's rate. */
function leaveFactor(experience: number) {
  if (experience <= 1) return 0.5
  if (experience <= 3) return 1.25
  if (experience <= 7) return 1.3
  if (experience <= 12) return 0.75
  if (experience <= 20) return 0.33
  if (experience <= 30) return 0.35
  return 0.7
}

/** Where a leaver goes: another tracked provider, outside the universe, out of the industry. */
function destinationOdds(experience: number): [Destination, number][] {
  if (experience <= 4) {
    return [
      ['tracked', 50],
      ['outside', 20],
      ['industry', 30],
    ]
  }
  if (experience <= 8) {
    return [
      ['tracked', 24],
      ['outside', 21],
      ['industry', 55],
    ]
  }
  if (experience <= 15) {
    return [
      ['tracked', 15],
      ['outside', 15],
      ['industry', 70],
    ]
  }
  return [
    ['tracked', 6],
    ['outside', 6],
    ['industry', 88],
  ]
}
type Destination = 'tracked' | 'outside' | 'industry'

/** Seniority from the experience (and the analyst's pace). */
export function seniorityOf(experience: number, pace: number): Seniority {
  const effective = experience + pace
  if (effective < 3) return 'associate'
  if (effective < 6.5) return 'analyst'
  if (effective < 11) return 'vp'
  if (effective < 17) return 'director'
  return 'md'
}

/** Lead analyst on the primary sector from VP level, on a second sector from director level. */
function isLead(experience: number, pace: number, primary: boolean) {
  const effective = experience + pace
  return primary ? effective >= 7 : effective >= 11
}

const SUB_SECTORS: Record<string, string[]> = {
  'Energy': ['Oil & Gas', 'Integrated Oils', 'Oilfield Services', 'Energy Transition'],
  'Materials': ['Chemicals', 'Metals & Mining', 'Building Materials', 'Paper & Packaging'],
  'Industrials': ['Capital Goods', 'Aerospace & Defence', 'Transport', 'Business Services'],
  'Consumer Discretionary': ['Autos', 'Retail', 'Leisure', 'Luxury Goods'],
  'Consumer Staples': ['Food & Beverages', 'Household Products', 'Food Retail', 'Beverages'],
  'Health Care': ['Pharmaceuticals', 'Biotechnology', 'Medical Technology', 'Healthcare Services'],
  'Financials': ['Banks', 'Insurance', 'Diversified Financials', 'Payments'],
  'Information Technology': ['Software', 'Semiconductors', 'IT Services', 'Hardware'],
  'Communication Services': ['Telecoms', 'Media', 'Internet'],
  'Utilities': ['Utilities', 'Renewables'],
  'Real Estate': ['REITs', 'Property'],
}
const REGION_ADJECTIVE: Record<RegionCode, string> = {
  US: 'US',
  UK: 'UK',
  EU: 'European',
  JP: 'Japanese',
  APAC: 'Asian',
  EM: 'Emerging Markets',
}

/** A word list (an underscore stands for a space inside a name). */
const words = (text: string) => text.split(/\s+/).map((word) => word.replace('_', ' '))

/** First and last names by the region an analyst covers (fictional combinations). */
const GLOBAL_NAMES = {
  first: words(`James Michael Sarah Emily Daniel Rachel Andrew Katherine Matthew Laura Christopher
      Jessica Ryan Megan Jonathan Hannah Benjamin Olivia Nicholas Sophie Thomas Charlotte Alexander
      Victoria William Eleanor Edward Harriet Samuel Rebecca Joshua Natalie Adam Lauren Patrick
      Claire Kevin Amy Brian Jennifer Raj Priya Arjun Anjali David Grace Mark Helen Simon Lucy
      Richard Fiona Peter Caroline Jack Isabel Oliver Amelia Marcus Nadia Omar Aisha Ethan Chloe
      Luke Zoe Kwame Tunde Gemma Rory Imogen Hugo Alice Felix Ruth Conor Tessa Declan Maya Neil`),
  last: words(`Smith Johnson Williams Brown Jones Miller Davis Wilson Anderson Taylor Moore Martin
      Jackson Thompson White Harris Clark Lewis Robinson Walker Hall Allen Young King Wright Scott
      Green Baker Adams Nelson Carter Mitchell Roberts Turner Phillips Campbell Parker Evans Edwards
      Collins Stewart Morris Murphy Cook Rogers Morgan Cooper Reed Bailey Bell Kelly Howard Ward Cox
      Richardson Wood Watson Brooks Bennett Gray Hughes Price Sanders Myers Ross Foster Patel Shah
      Gupta Khan Chen Wong Kim Okafor Mensah Goldberg Rosen Kaplan Sullivan O'Connor Fitzgerald
      Ashworth Pemberton Whitaker Hargreaves Holloway Lindqvist Brennan Doyle Fraser Sinclair Grant
      Mackenzie Barrett Lowe Fletcher Kerr Gallagher Harrington Merriman Osborne Prescott Radcliffe`),
}
const NAMES: Record<RegionCode, { first: string[]; last: string[] }> = {
  US: GLOBAL_NAMES,
  UK: GLOBAL_NAMES,
  EU: {
    first:
      words(`Pierre Camille Julien Claire Matthieu Élodie Thomas Sophie Nicolas Amélie Lukas Anna
      Jonas Lena Felix Katharina Maximilian Johanna Marco Giulia Luca Francesca Alessandro Chiara
      Javier Lucía Alejandro Carmen Pablo Marta Daan Sanne Pieter Femke Erik Ingrid Lars Astrid
      Mikkel Sofie Henrik Elin Piotr Katarzyna Tomasz Agnieszka João Inês Miguel Beatriz Antoine
      Margaux Stefan Clara Matteo Elena Jan Eva Sven Karin`),
    last: words(`Martin Bernard Dubois Lefèvre Moreau Laurent Girard Fontaine Rousseau Chevalier Müller
      Schmidt Schneider Fischer Weber Wagner Becker Hoffmann Schulz Koch Rossi Russo Ferrari
      Esposito Bianchi Romano Colombo Ricci García Fernández González Rodríguez Martínez Sánchez
      Romero Navarro de_Vries van_Dijk Bakker Janssen Visser Smit Hansen Johansson Nilsson
      Lindberg Andersen Nielsen Eriksen Kowalski Nowak Silva Santos Ferreira Costa Marchetti
      Vogel Bergström Dupont Mercier Keller Brunner Huber Vasquez Moretti`),
  },
  JP: {
    first: words(`Hiroshi Takashi Kenji Yuki Haruka Satoshi Akira Naoko Yusuke Megumi Daisuke Ayumi
      Kazuki Emi Shota Mai Ryo Aiko Tomohiro Keiko Masato Yoko Sho Rina Kenta Misaki Takuya Nanami
      Hideki Sayaka`),
    last: words(`Sato Suzuki Takahashi Tanaka Watanabe Ito Yamamoto Nakamura Kobayashi Kato Yoshida
      Yamada Sasaki Yamaguchi Matsumoto Inoue Kimura Hayashi Shimizu Mori Abe Ikeda Hashimoto
      Ishikawa Ogawa Fujita Okada Goto Hasegawa Murakami Kondo Ishii Sakamoto Endo Aoki Fujii
      Nishimura Fukuda Ota Miura`),
  },
  APAC: {
    first:
      words(`Wei Jing Ming Xin Hao Jun Yan Kai Ji-ho Min-jun Seo-yeon Ji-woo Hyun Arjun Rohan Ananya
      Kavya Vikram Siddharth Neha Aditya Pooja Jia_Hui Thanh Linh Minh Duc Putri Budi Rizal Siti
      Somchai Nattaya Liam Mia Chloe Jack Aaron Grace`),
    last: words(`Wang Li Zhang Liu Chen Yang Huang Zhao Wu Zhou Lim Tan Ng Lee Goh Teo Chua Ong Kim Park
      Choi Jung Kang Yoon Sharma Iyer Reddy Menon Nair Rao Agarwal Mehta Nguyen Tran Pham Santoso
      Wijaya Halim O'Neill Fraser`),
  },
  EM: {
    first: words(`Lucas Gabriel Mariana Fernanda Rafael Camila Diego Valentina Santiago Sofía Mateus
      Beatriz Emre Elif Mehmet Zeynep Thabo Naledi Sipho Ayanda Omar Layla Youssef Yasmin Ahmed
      Fatima Andrei Ioana Dmitri Olga Kemal Aylin Carlos Ana Tomás Oluwaseun Chiamaka Kofi Ama`),
    last: words(`Oliveira Souza Lima Pereira Carvalho Almeida Ribeiro Gomes Rocha Barbosa Hernández
      López Ramírez Torres Flores Vargas Castro Morales Mendoza Ortiz Yılmaz Kaya Demir Şahin
      Çelik Öztürk Nkosi Dlamini Naidoo Botha Mokoena Haddad Khoury Mansour Popescu Ionescu
      Ivanova Adeyemi Okonkwo Boateng`),
  },
}
const INITIALS = 'ABCDEFGHJKLMNPRSTW'

/** Names handed out so far (a middle initial tells two people with the same name apart). */
class NameBook {
  #taken = new Set<string>()

  take(random: Random, region: RegionCode) {
    const pool = random.chance(0.7) ? NAMES[region] : GLOBAL_NAMES
    for (let attempt = 0; attempt < 40; attempt++) {
      const first = random.pick(pool.first)
      const last = random.pick(pool.last)
      const name =
        attempt < 3 ? `${first} ${last}` : `${first} ${random.pick([...INITIALS])}. ${last}`
      if (this.reserve(name)) return name
    }
    const fallback = `${random.pick(pool.first)} ${random.pick(pool.last)}-${random.int(2, 99)}`
    this.#taken.add(fallback)
    return fallback
  }

  reserve(name: string) {
    if (this.#taken.has(name)) return false
    this.#taken.add(name)
    return true
  }
}

export interface SimulationOptions {
  /** The random stream's name. */
  seed: string
  providers: SeededResearchProvider[]
  /** The years to simulate, oldest first; the last one only up to `until`. */
  years: number[]
  /** The last day anything happens ('YYYY-MM-DD', in the last year). */
  until: string
  /** Multiplies every provider's size (the generator's scales); default 1. */
  sizeFactor?: number
  /** The demo's stories (Calloway's losses, Delacroix's cuts, Sixth Avenue's growth). */
  stories?: boolean
  /** Give the first analysts of each provider the names the demo interactions carry. */
  interactionNames?: boolean
}

/** Simulates the analysts of the providers over the analyst years (see the module comment). */
export function simulateRoster(options: SimulationOptions): Roster {
  const random = new Random(options.seed)
  const providers = options.providers
  const stories = options.stories ?? false
  const sizeFactor = options.sizeFactor ?? 1
  const years = options.years
  const names = new NameBook()
  const analysts: SimAnalyst[] = []
  const roster: Set<SimAnalyst>[] = providers.map(() => new Set())
  const pickExperience = weightedPicker(INITIAL_EXPERIENCE)
  const regionPickers = providers.map((provider) => weightedPicker(regionWeights(provider)))
  const regionSets = providers.map(
    (provider) => new Set(regionWeights(provider).map(([code]) => code))
  )
  const sectorPickers = providers.map((provider) => weightedPicker(sectorWeights(provider)))
  const indexOf = new Map(providers.map((provider, index) => [provider.key, index]))

  const cellsFor = (providerIndex: number, sector?: number, region?: RegionCode): SimCell[] => {
    const primary = sector ?? sectorPickers[providerIndex](random)
    const where = region ?? regionPickers[providerIndex](random)
    const cells = [{ sector: primary, region: where }]
    const related = SECOND_SECTOR[SECTORS[primary].name]
    if (related && random.chance(0.14)) {
      cells.push({ sector: sectorIndex(random.pick(related)), region: where })
    }
    return cells
  }

  const create = (input: {
    providerIndex: number
    startYear: number
    cells: SimCell[]
    name?: string
  }): SimAnalyst => {
    const provider = providers[input.providerIndex]
    const analyst: SimAnalyst = {
      seq: analysts.length + 1,
      name: input.name ?? names.take(random, input.cells[0].region),
      startYear: input.startYear,
      pace: random.between(-1.5, 1.5),
      provider: null,
      status: 'active',
      cells: input.cells,
      coverage: new Map(),
      moves: [],
      assetClass:
        provider.key === 'alderney-credit-research' ||
        (provider.type === 'bulge_bracket' && random.chance(0.08))
          ? 'fixed_income'
          : 'equity',
      stints: [],
      head: false,
    }
    analysts.push(analyst)
    return analyst
  }

  const join = (analyst: SimAnalyst, providerIndex: number, date: string) => {
    analyst.provider = providerIndex
    analyst.status = 'active'
    analyst.stints.push({ provider: providerIndex, from: date, to: null })
    roster[providerIndex].add(analyst)
  }
  const leave = (analyst: SimAnalyst, date: string) => {
    roster[analyst.provider!].delete(analyst)
    const stint = analyst.stints[analyst.stints.length - 1]
    stint.to = date
    analyst.provider = null
  }
  const record = (analyst: SimAnalyst, move: Omit<SimMove, 'year' | 'experience' | 'cells'>) => {
    const year = Number(move.date.slice(0, 4))
    analyst.moves.push({
      ...move,
      year,
      experience: Math.max(0, year - analyst.startYear),
      cells: analyst.cells.map((cell) => ({ ...cell })),
    })
  }

  // 1 January of the first year: the providers' teams.
  for (const [index, provider] of providers.entries()) {
    const profile = PROFILE[provider.type]
    const base =
      stories && STORY_HEADCOUNT[provider.key]
        ? STORY_HEADCOUNT[provider.key]
        : random.int(profile.headcount[0], profile.headcount[1])
    const size = Math.max(1, Math.round(base * sizeFactor))
    const known = options.interactionNames ? analystsOf(provider) : []
    for (let count = 0; count < size; count++) {
      const [low, high] = pickExperience(random)
      const experience = random.int(low, high)
      const name = count < known.length && names.reserve(known[count]) ? known[count] : undefined
      const analyst = create({
        providerIndex: index,
        startYear: Math.max(1985, years[0] - experience),
        cells: cellsFor(index),
        name,
      })
      join(analyst, index, '2000-01-01')
    }
  }

  const leftIndustry: SimAnalyst[] = []
  for (const year of years) {
    // The current year happens up to `until`, for its share of the year's leavers and growth.
    const yearDays = weekdaysOf(year).days
    const days = yearDays.filter((day) => day <= options.until)
    if (days.length === 0) continue
    const share = days.length / yearDays.length
    const someDay = () => days[Math.floor(random.next() * days.length)]
    const summer = days.filter((day) => day >= `${year}-07-01` && day < `${year}-10-01`)
    const starting = roster.map((members) => [...members])
    const leavers = new Set<SimAnalyst>()
    /** Movers waiting for an opening in their sector: [analyst, date, provider left]. */
    const pool = new Map<number, { analyst: SimAnalyst; date: string; from: number }[]>()
    const openings: { providerIndex: number; sector: number; count: number }[] = []
    const forced = new Map<string, number>()
    const returnersThisYear = { count: 0 }

    const depart = (
      analyst: SimAnalyst,
      providerIndex: number,
      destination: Destination,
      date: string,
      forcedTo?: number
    ) => {
      leavers.add(analyst)
      analyst.coverage.set(
        year,
        analyst.cells.map((cell) => ({ ...cell }))
      )
      if (forcedTo !== undefined) {
        record(analyst, { date, type: 'joiner', from: providerIndex, to: forcedTo })
        leave(analyst, date)
        moveRegion(analyst, forcedTo)
        join(analyst, forcedTo, date)
        const key = `${forcedTo}|${analyst.cells[0].sector}`
        forced.set(key, (forced.get(key) ?? 0) + 1)
        return
      }
      if (destination === 'tracked') {
        const list = pool.get(analyst.cells[0].sector) ?? []
        list.push({ analyst, date, from: providerIndex })
        pool.set(analyst.cells[0].sector, list)
        return
      }
      const type: MoveType = destination === 'industry' ? 'left_industry' : 'leaver'
      record(analyst, { date, type, from: providerIndex, to: null })
      leave(analyst, date)
      if (destination === 'industry') {
        analyst.status = 'left_industry'
        leftIndustry.push(analyst)
      }
    }

    const moveRegion = (analyst: SimAnalyst, providerIndex: number) => {
      const region = analyst.cells[0].region
      if (regionSets[providerIndex].has(region) && random.chance(0.85)) return
      const next = regionPickers[providerIndex](random)
      analyst.cells = analyst.cells.map((cell) => ({ ...cell, region: next }))
    }

    // Leavers, team by team (provider × primary sector), and the openings that follow.
    for (const [providerIndex, provider] of providers.entries()) {
      const profile = PROFILE[provider.type]
      const teams = new Map<number, SimAnalyst[]>()
      for (const analyst of starting[providerIndex]) {
        const team = teams.get(analyst.cells[0].sector) ?? []
        team.push(analyst)
        teams.set(analyst.cells[0].sector, team)
      }
      for (const [sector, members] of [...teams.entries()].sort(([a], [b]) => a - b)) {
        const story = stories ? storyOf(provider.key, sector, year, years, share) : null
        const growth =
          (tableYear(profile.growth, year) +
            (SECTOR_TREND[SECTORS[sector].name] ?? 0) *
              (provider.type === 'bulge_bracket' || provider.type === 'regional_broker'
                ? 1.5
                : 1)) *
            share +
          (story?.growth ?? 0)
        const rate =
          profile.leave * tableYear(YEAR_LEAVE_FACTOR, year) * share * (story?.leave ?? 1)
        const target = Math.max(0, stochasticRound(members.length * (1 + growth), random))
        // A lift-out: the most experienced of the team in a region leave together.
        const liftedTo = story?.liftOut ? indexOf.get(story.liftOut.to) : undefined
        const lifted =
          story?.liftOut && liftedTo !== undefined
            ? members
                .filter(
                  (analyst) =>
                    analyst.cells[0].region === story.liftOut!.region &&
                    year - analyst.startYear >= 8 &&
                    year - analyst.startYear <= 22
                )
                .sort((a, b) => a.startYear - b.startYear || a.seq - b.seq)
                .slice(0, story.liftOut.count)
            : []
        for (const analyst of lifted) {
          depart(analyst, providerIndex, 'tracked', story!.liftOut!.date, liftedTo)
        }
        const chosen = members.filter((analyst) => {
          if (lifted.includes(analyst)) return false
          const experience = year - analyst.startYear
          const factor =
            story?.seniorLeave && experience >= 5
              ? story.seniorLeave / rate
              : leaveFactor(experience)
          return random.chance(Math.min(0.95, rate * factor))
        })
        // Cuts beyond the natural leavers: the rest of the reduction, mid-career first.
        const extra = members.length - lifted.length - chosen.length - target
        if (extra > 0) {
          const remaining = members.filter(
            (analyst) => !chosen.includes(analyst) && !lifted.includes(analyst)
          )
          const keyed = remaining.map((analyst) => ({
            analyst,
            key: random.next() ** (1 / leaveFactor(year - analyst.startYear)),
          }))
          keyed.sort((a, b) => b.key - a.key)
          for (const entry of keyed.slice(0, extra)) chosen.push(entry.analyst)
        }
        for (const analyst of chosen) {
          const experience = year - analyst.startYear
          let destination = random.weighted(
            story?.destinations ?? destinationOdds(experience)
          ) as Destination
          const date = someDay()
          if (destination === 'tracked' && providers.length < 2) destination = 'outside'
          depart(analyst, providerIndex, destination, date)
        }
        const count = target - (members.length - lifted.length - chosen.length)
        if (count > 0) openings.push({ providerIndex, sector, count })
      }
    }

    // Openings: movers from other providers in the sector first, a few returners, some
    // experienced hires from outside the universe, mostly juniors.
    for (const opening of random.shuffle(openings)) {
      const already = forced.get(`${opening.providerIndex}|${opening.sector}`) ?? 0
      for (let slot = already; slot < opening.count; slot++) {
        const candidates = (pool.get(opening.sector) ?? []).filter(
          (entry) => entry.from !== opening.providerIndex
        )
        if (candidates.length) {
          const entry = random.pick(candidates)
          const list = pool.get(opening.sector)!
          list.splice(list.indexOf(entry), 1)
          record(entry.analyst, {
            date: entry.date,
            type: 'joiner',
            from: entry.from,
            to: opening.providerIndex,
          })
          leave(entry.analyst, entry.date)
          moveRegion(entry.analyst, opening.providerIndex)
          join(entry.analyst, opening.providerIndex, entry.date)
          continue
        }
        const returners = leftIndustry.filter(
          (analyst) =>
            analyst.status === 'left_industry' &&
            analyst.cells[0].sector === opening.sector &&
            analyst.moves[analyst.moves.length - 1].year < year
        )
        if (returners.length && returnersThisYear.count < 6 * sizeFactor && random.chance(0.2)) {
          const analyst = random.pick(returners)
          returnersThisYear.count++
          moveRegion(analyst, opening.providerIndex)
          const date = someDay()
          record(analyst, { date, type: 'returned', from: null, to: opening.providerIndex })
          join(analyst, opening.providerIndex, date)
          continue
        }
        const lateral = random.chance(0.1)
        const experience = lateral ? random.int(2, 7) : random.chance(0.75) ? 0 : 1
        const analyst = create({
          providerIndex: opening.providerIndex,
          startYear: year - experience,
          cells: cellsFor(opening.providerIndex, opening.sector),
        })
        const date =
          !lateral && summer.length && random.chance(0.6) ? random.pick(summer) : someDay()
        record(analyst, { date, type: 'joiner', from: null, to: opening.providerIndex })
        join(analyst, opening.providerIndex, date)
      }
    }
    // Movers no opening took: they leave for a firm outside the tracked universe.
    for (const entries of pool.values()) {
      for (const entry of entries) {
        record(entry.analyst, { date: entry.date, type: 'leaver', from: entry.from, to: null })
        leave(entry.analyst, entry.date)
      }
    }

    // Internal moves: a new sector, a second sector added or dropped, a relocation.
    for (const [providerIndex] of providers.entries()) {
      const stayers = starting[providerIndex].filter((analyst) => !leavers.has(analyst))
      const count = stochasticRound(stayers.length * 0.025 * share, random)
      for (const analyst of random.sample(stayers, count)) {
        const date = someDay()
        const before = analyst.cells
        const draw = random.next()
        if (draw < 0.6) {
          const next = sectorPickers[providerIndex](random)
          if (next === before[0].sector) continue
          analyst.cells = [{ sector: next, region: before[0].region }]
        } else if (draw < 0.85) {
          if (before.length > 1) {
            analyst.cells = [before[0]]
          } else {
            const related = SECOND_SECTOR[SECTORS[before[0].sector].name]
            if (!related) continue
            analyst.cells = [
              before[0],
              { sector: sectorIndex(random.pick(related)), region: before[0].region },
            ]
          }
        } else {
          const next = regionPickers[providerIndex](random)
          if (next === before[0].region) continue
          analyst.cells = before.map((cell) => ({ ...cell, region: next }))
        }
        analyst.moves.push({
          date,
          year,
          type: 'internal_move',
          from: providerIndex,
          to: providerIndex,
          experience: Math.max(0, year - analyst.startYear),
          cells: before.map((cell) => ({ ...cell })),
        })
      }
    }

    // What everyone there on 31 December covered this year.
    for (const members of roster) {
      for (const analyst of members) {
        analyst.coverage.set(
          year,
          analyst.cells.map((cell) => ({ ...cell }))
        )
      }
    }
  }

  // Heads of research: the most senior analyst of each provider of 25 or more.
  for (const members of roster) {
    if (members.size < 25) continue
    let head: SimAnalyst | null = null
    for (const analyst of members) {
      if (!head || analyst.startYear - analyst.pace < head.startYear - head.pace) head = analyst
    }
    if (head) head.head = true
  }

  for (const analyst of analysts) {
    analyst.moves.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    assertConsistent(analyst)
  }
  return { providers, analysts, years }
}

interface Story {
  growth?: number
  leave?: number
  /** Yearly probability of leaving for analysts with 5 years of experience or more. */
  seniorLeave?: number
  destinations?: [Destination, number][]
  /** The team's most experienced analysts in a region (8 to 22 years), hired together elsewhere. */
  liftOut?: { to: string; date: string; region: RegionCode; count: number }
}

/**
 * The demo's stories: who cuts or builds which team, when (last year is the last complete one;
 * the current year's share is the part of it simulated).
 */
function storyOf(
  key: string,
  sector: number,
  year: number,
  years: number[],
  share: number
): Story | null {
  const current = years[years.length - 1]
  const last = current - 1
  if (key === 'calloway-brothers' && year === current) {
    // The losses go on this year, at a slower pace.
    if (sector === TECHNOLOGY || sector === FINANCIALS) {
      return { growth: -0.12 * share, seniorLeave: 0.16 * share }
    }
  }
  if (key === 'calloway-brothers' && year === last) {
    if (sector === TECHNOLOGY) {
      return {
        growth: -0.28,
        seniorLeave: 0.3,
        destinations: [
          ['tracked', 25],
          ['outside', 10],
          ['industry', 65],
        ],
        liftOut: { to: 'sixth-avenue-research', date: `${last}-03-11`, region: 'US', count: 3 },
      }
    }
    if (sector === FINANCIALS) {
      return {
        growth: -0.22,
        seniorLeave: 0.26,
        destinations: [
          ['tracked', 20],
          ['outside', 10],
          ['industry', 70],
        ],
      }
    }
  }
  if (key === 'banque-delacroix-cib' && (year === last - 1 || year === last)) {
    if (sector === ENERGY || sector === HEALTH_CARE) return { growth: -0.2, leave: 1.6 }
  }
  if (key === 'sixth-avenue-research' && (year === last - 1 || year === last)) {
    if (sector === TECHNOLOGY) return { growth: 0.3 }
    if (sector === COMMUNICATION) return { growth: 0.1 }
  }
  return null
}

function stochasticRound(value: number, random: Random) {
  const floor = Math.floor(value)
  return floor + (random.next() < value - floor ? 1 : 0)
}

/** Each move leaves from where the previous one arrived; the current provider follows the last. */
function assertConsistent(analyst: SimAnalyst) {
  let at: number | null | undefined
  for (const move of analyst.moves) {
    if (at !== undefined && move.from !== at) {
      throw new Error(`Analyst mapping demo: ${analyst.name}'s moves do not follow each other`)
    }
    if (move.experience < 0) throw new Error(`Analyst mapping demo: negative experience`)
    at = move.to
  }
  const current = at === undefined ? analyst.provider : at
  if (current !== analyst.provider) {
    throw new Error(`Analyst mapping demo: ${analyst.name}'s provider is not the last move's`)
  }
}

/** What writing a roster needs. */
export interface RosterOutput {
  writer: BulkWriter
  /** Sector name → sectors.id. */
  sectorIds: Map<string, number>
  /** The dialect's timestamp of an instant. */
  timestamp: (ms: number) => string
  /** The day verification ages are measured from. */
  today: number
  externalIdPrefix: string
  source: string
  random: Random
  /** Reports the analysts written so far. */
  progress?: (done: number, total: number) => void
}

/** Rows written per table. */
export interface RosterCounts {
  analysts: number
  active: number
  coverages: number
  moves: number
}

const DAY_MS = 86_400_000

/** Writes the roster's analysts, coverage, moves and move coverage; returns their ids by seq. */
export async function writeRoster(roster: Roster, output: RosterOutput) {
  const { writer, sectorIds, timestamp, random } = output
  const analystsTable = await writer.table(
    'analysts',
    [
      'id',
      'external_id',
      'full_name',
      'provider_id',
      'title',
      'seniority',
      'industry_start_year',
      'role_start_date',
      'asset_class',
      'status',
      'is_ranked',
      'source',
      'last_verified_at',
      'created_at',
      'updated_at',
    ],
    { withIds: true }
  )
  const movesTable = await writer.table(
    'analyst_moves',
    [
      'id',
      'analyst_id',
      'event_date',
      'year',
      'type',
      'from_provider_id',
      'to_provider_id',
      'experience_years',
      'source',
      'created_at',
      'updated_at',
    ],
    { withIds: true }
  )
  const coverageTable = await writer.table('analyst_coverages', [
    'analyst_id',
    'year',
    'sector_id',
    'region_code',
    'is_lead',
  ])
  const moveCellsTable = await writer.table('analyst_move_coverages', [
    'move_id',
    'sector_id',
    'region_code',
  ])

  const providerIds = roster.providers.map((provider) => provider.id)
  const sectorId = (index: number) => sectorIds.get(SECTORS[index].name)!
  const now = timestamp(output.today)
  const firstYear = roster.years[0]
  const latestYear = roster.years[roster.years.length - 1]
  const ids = new Map<number, number>()
  const counts: RosterCounts = { analysts: 0, active: 0, coverages: 0, moves: 0 }
  const digits = Math.max(5, String(roster.analysts.length).length)

  for (const analyst of roster.analysts) {
    const id = analystsTable.nextId()
    ids.set(analyst.seq, id)
    const last = analyst.moves[analyst.moves.length - 1]
    const employed = analyst.provider !== null
    const asOf = employed ? latestYear : (last?.year ?? latestYear)
    const experience = Math.max(0, asOf - analyst.startYear)
    const seniority: Seniority = analyst.head
      ? 'head_of_research'
      : seniorityOf(experience, analyst.pace)
    const cell = analyst.cells[0]
    const sectorName = SECTORS[cell.sector].name
    const speciality = `${REGION_ADJECTIVE[cell.region]} ${pickStable(SUB_SECTORS[sectorName], analyst.seq)}`
    const title = analyst.head
      ? 'Head of Research'
      : `${SENIORITIES[seniority]}, ${analyst.assetClass === 'fixed_income' ? `${speciality} Credit` : speciality}`
    const arrivals = analyst.moves.filter((move) => move.to !== null)
    const roleStart = arrivals.length
      ? arrivals[arrivals.length - 1].date
      : isoDay(
          Date.UTC(Math.max(analyst.startYear, firstYear - random.int(1, 12)), 0, 1) +
            random.int(0, 360) * DAY_MS
        )
    const senior =
      seniority === 'director' || seniority === 'md' || seniority === 'head_of_research'
    const brokerage = ['bulge_bracket', 'regional_broker', 'premium_broker'].includes(
      roster.providers[analyst.provider ?? last?.from ?? 0]?.type ?? ''
    )
    const ranked = senior
      ? random.chance(brokerage ? 0.3 : 0.08)
      : seniority === 'vp' && random.chance(0.04)
    const draw = random.next()
    // Mostly verified in the last six months; some not for more than a year, a few never.
    const verifiedDaysAgo = employed
      ? draw < 0.84
        ? random.int(3, 170)
        : draw < 0.96
          ? random.int(171, 350)
          : draw < 0.995
            ? random.int(380, 900)
            : null
      : draw < 0.88
        ? random.int(20, 330)
        : random.int(380, 800)
    const push = analystsTable.push([
      id,
      `${output.externalIdPrefix}${String(analyst.seq).padStart(digits, '0')}`,
      analyst.name,
      employed ? providerIds[analyst.provider!] : null,
      title,
      seniority,
      analyst.startYear,
      roleStart,
      analyst.assetClass,
      analyst.status,
      ranked,
      output.source,
      verifiedDaysAgo === null ? null : timestamp(output.today - verifiedDaysAgo * DAY_MS),
      now,
      now,
    ])
    if (push) await analystsTable.flush()
    counts.analysts++
    if (output.progress && counts.analysts % 1000 === 0) {
      output.progress(counts.analysts, roster.analysts.length)
    }
    if (employed) counts.active++

    for (const [year, cells] of analyst.coverage) {
      const yearExperience = Math.max(0, year - analyst.startYear)
      for (const [index, entry] of cells.entries()) {
        const full = coverageTable.push([
          id,
          year,
          sectorId(entry.sector),
          entry.region,
          isLead(yearExperience, analyst.pace, index === 0),
        ])
        if (full) await coverageTable.flush()
        counts.coverages++
      }
    }
    for (const move of analyst.moves) {
      const moveId = movesTable.nextId()
      const full = movesTable.push([
        moveId,
        id,
        move.date,
        move.year,
        move.type,
        move.from === null ? null : providerIds[move.from],
        move.to === null ? null : providerIds[move.to],
        move.experience,
        output.source,
        now,
        now,
      ])
      if (full) await movesTable.flush()
      counts.moves++
      for (const entry of move.cells) {
        if (moveCellsTable.push([moveId, sectorId(entry.sector), entry.region])) {
          await moveCellsTable.flush()
        }
      }
    }
  }
  return { ids, counts }
}

function pickStable<T>(list: readonly T[], seq: number) {
  return list[hashSeed(`sub:${seq}`) % list.length]
}

function isoDay(ms: number) {
  return new Date(ms).toISOString().slice(0, 10)
}

/**
 * A few analysts without coverage in the latest year (the data-quality queue's "missing
 * sector"): some who stayed where they were, some juniors who joined that year.
 */
export function dropLatestCoverage(
  roster: Roster,
  random: Random,
  stayers: number,
  juniors: number
) {
  const latest = roster.years[roster.years.length - 1]
  const settled = roster.analysts.filter(
    (analyst) =>
      analyst.provider !== null &&
      analyst.coverage.has(latest) &&
      analyst.coverage.has(latest - 1) &&
      !analyst.moves.some((move) => move.year === latest)
  )
  for (const analyst of random.sample(settled, stayers)) analyst.coverage.delete(latest)
  const newcomers = roster.analysts.filter(
    (analyst) =>
      analyst.provider !== null &&
      analyst.moves.length === 1 &&
      analyst.moves[0].year === latest &&
      analyst.moves[0].from === null &&
      analyst.startYear >= latest - 1
  )
  for (const analyst of random.sample(newcomers, juniors)) {
    analyst.coverage.clear()
    analyst.moves[0].cells = []
  }
}

/** The dialect's timestamp text of an instant (as the generator writes them). */
export function timestampFor(trx: TransactionClientContract) {
  return trx.dialect.name === 'postgres'
    ? (ms: number) => new Date(ms).toISOString()
    : (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ')
}

export async function sectorIdsOf(trx: TransactionClientContract) {
  const rows: { id: number; name: string }[] = await trx.from('sectors').select('id', 'name')
  return new Map(rows.map((row) => [row.name, Number(row.id)]))
}

/** Which analyst a team met: one of the provider's analysts there that day, covering the sector. */
class AnalystIndex {
  #byCell = new Map<
    string,
    { analyst: SimAnalyst; from: string; to: string | null; weight: number }[]
  >()

  constructor(roster: Roster) {
    for (const analyst of roster.analysts) {
      for (const stint of analyst.stints) {
        const providerId = roster.providers[stint.provider].id
        for (const year of roster.years) {
          if (stint.to !== null && stint.to < `${year}-01-01`) continue
          if (stint.from > `${year}-12-31`) continue
          const cells = analyst.coverage.get(year)
          if (!cells) continue
          const experience = year - analyst.startYear
          for (const [index, cell] of cells.entries()) {
            const key = `${providerId}|${year}|${SECTORS[cell.sector].name}`
            const list = this.#byCell.get(key) ?? []
            list.push({
              analyst,
              from: stint.from,
              to: stint.to,
              weight: isLead(experience, analyst.pace, index === 0) ? 3 : 1,
            })
            this.#byCell.set(key, list)
          }
        }
      }
    }
  }

  pick(random: Random, teamId: number, providerId: number, date: string, sector: string) {
    const list = this.#byCell.get(`${providerId}|${date.slice(0, 4)}|${sector}`)
    if (!list) return null
    const there = list.filter(
      (entry) => entry.from <= date && (entry.to === null || date < entry.to)
    )
    if (!there.length) return null
    // Each team has its favourite analysts at a provider.
    return random.weighted(
      there.map(
        (entry) =>
          [
            entry.analyst,
            entry.weight * (1 + (hashSeed(`${teamId}:${entry.analyst.seq}`) % 6)),
          ] as const
      )
    )
  }
}

const DESKS = ['Equity sales desk', 'Research desk', 'Corporate access team', 'Sales trading']

/**
 * Links a team's interactions to the analysts met (analyst_id and analyst_name), leaving some
 * unresolved: no sector and no analyst (about 11%), the analyst only (sector left blank, about
 * 18%), the sector only (the CRM's name matches nobody, about 6%). The economists' interactions
 * stay as they are (no sector). Returns the interactions examined and those mapped.
 */
async function linkInteractions(
  trx: TransactionClientContract,
  roster: Roster,
  ids: Map<number, number>,
  teamIds: number[],
  random: Random
) {
  const index = new AnalystIndex(roster)
  const macro = new Set(
    roster.providers.filter((p) => p.type === 'macro_consultancy').map((p) => p.id)
  )
  const rows: {
    id: number
    team_id: number
    provider_id: number
    occurred_on: unknown
    sector: string | null
  }[] = await trx
    .from('rsa_interactions')
    .whereIn('team_id', teamIds)
    .orderBy('id')
    .select('id', 'team_id', 'provider_id', 'occurred_on', 'sector')
  const updates: (number | string | null)[][] = []
  let mapped = 0
  for (const row of rows) {
    const providerId = Number(row.provider_id)
    if (macro.has(providerId)) continue
    const date = isoDate(row.occurred_on)
    const draw = random.next()
    if (draw < 0.11) {
      updates.push([row.id, null, random.chance(0.5) ? null : random.pick(DESKS), null])
      continue
    }
    const analyst = row.sector
      ? index.pick(random, Number(row.team_id), providerId, date, row.sector)
      : null
    if (!analyst || draw < 0.17) {
      // The sector only: the name in the CRM matches no analyst of the roster.
      if (row.sector) mapped++
      continue
    }
    mapped++
    updates.push([row.id, ids.get(analyst.seq)!, analyst.name, draw < 0.35 ? null : row.sector])
  }
  const tuple =
    '(cast(? as integer), cast(? as integer), cast(? as varchar(160)), cast(? as varchar(64)))'
  for (let start = 0; start < updates.length; start += 1000) {
    const chunk = updates.slice(start, start + 1000)
    await trx.rawQuery(
      `update rsa_interactions set analyst_id = v.column2, analyst_name = v.column3, sector = v.column4
       from (values ${chunk.map(() => tuple).join(', ')}) as v
       where rsa_interactions.id = v.column1`,
      // Nulls are bound as SQL NULL (the binding type leaves them out).
      chunk.flat() as any[]
    )
  }
  return { interactions: rows.length, mapped }
}

function isoDate(value: unknown) {
  if (value instanceof Date) {
    const pad = (part: number) => String(part).padStart(2, '0')
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`
  }
  return String(value).slice(0, 10)
}

export interface AnalystMappingSummary {
  analysts: number
  active: number
  moves: number
  coverages: number
  interactions: number
  mappedInteractions: number
  statisticsRows: number
  seconds: number
}

/**
 * Seeds the analyst map (see the module comment) into a database holding the demo universe,
 * then computes the provider statistics. Does nothing (null) when analysts are already there.
 */
export async function seedAnalystMapping(
  options: { today?: DateTime } = {}
): Promise<AnalystMappingSummary | null> {
  const started = performance.now()
  const existing = await db.from('analysts').count('* as total').first()
  if (Number(existing?.total ?? 0) > 0) return null
  const calendar = demoCalendar(options.today)
  const today = calendar.today.toMillis()

  const written = await db.transaction(async (trx) => {
    const providers = await seedResearchProviders(trx)
    const sectorIds = await sectorIdsOf(trx)
    if (sectorIds.size < SECTORS.length) {
      throw new Error('Analyst mapping demo: the sectors are missing (ensureReferenceData).')
    }
    const roster = simulateRoster({
      seed: 'analyst-mapping:demo',
      providers,
      years: calendar.years,
      until: calendar.today.toISODate()!,
      stories: true,
      interactionNames: true,
    })
    const random = new Random('analyst-mapping:demo:rows')
    dropLatestCoverage(roster, random, 10, 6)

    const writer = new BulkWriter(trx)
    const { ids, counts } = await writeRoster(roster, {
      writer,
      sectorIds,
      timestamp: timestampFor(trx),
      today,
      externalIdPrefix: 'AM-',
      source: ANALYST_SOURCE,
      random,
    })
    await writer.finish()

    const teams: { id: number }[] = await trx
      .from('teams')
      .whereIn('name', [NORTHBRIDGE, PACIFIC_CREST])
      .select('id')
    const linked = teams.length
      ? await linkInteractions(
          trx,
          roster,
          ids,
          teams.map((team) => Number(team.id)),
          new Random('analyst-mapping:demo:interactions')
        )
      : { interactions: 0, mapped: 0 }
    const statistics = await refreshProviderStatistics({ trigger: 'demo', client: trx })
    return { counts, linked, statistics }
  })

  return {
    analysts: written.counts.analysts,
    active: written.counts.active,
    moves: written.counts.moves,
    coverages: written.counts.coverages,
    interactions: written.linked.interactions,
    mappedInteractions: written.linked.mapped,
    statisticsRows: written.statistics.rows,
    seconds: (performance.now() - started) / 1000,
  }
}
