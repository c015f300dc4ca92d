import { createHash } from 'node:crypto'
import PDFDocument from 'pdfkit'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import { DateTime } from 'luxon'
import * as clock from '#services/calendar/clock'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { Random } from '#database/generate/random'
import {
  seedResearchProviders,
  type SeededResearchProvider,
} from '#database/demo/research_providers'
import { analystsOf, NORTHBRIDGE, PACIFIC_CREST } from '#database/demo/research_spend'
import { indexDocumentTexts } from '#services/research/search'
import { insertReturningId } from '#services/db/insert'
import { backfillWeeklySnapshots } from '#services/research/trending'
import { winAnsiText } from '#services/pdf/text'
import {
  DOCUMENT_TYPES,
  RESEARCH_REGIONS,
  type AssetClass,
  type DocumentType,
  type Entitlement,
  type ResearchRegion,
} from '#shared/research'
import type { GICS_SECTORS } from '#shared/rsa'
import { demoCalendar } from '#database/demo/demo_calendar'

/**
 * Research Insights for the demo: a theme taxonomy (21 top groups, each with one or two child
 * groups, 226 themes), about 4,000 research documents of the demo's 64 research providers
 * published from the demo's first year up to the day of seeding (dense in the last 12 weeks,
 * where a few themes clearly trend), each with a real one- or two-page PDF (pdfkit, in memory,
 * on the drive disk) and its text in the search index, the two Research Insights teams'
 * entitlements, the demo analyst's stars, bookmarks, reads and research requests, and the
 * weekly trending snapshots of those 12 weeks, the last one ending today (what the daily job
 * would have computed). Deterministic for a given day: the same documents, texts and PDFs.
 * Themes of past events (elections, the 2022 gilt crisis, …) keep their real dates; the trend
 * curves follow the day of seeding.
 *
 * The taxonomy, the trend curves and the text builders are shared with the large-scale
 * generator (database/generate/research_insights.ts).
 */

type Sector = (typeof GICS_SECTORS)[number]

const DAY_MS = 86_400_000
const WEEK_MS = 7 * DAY_MS

export const SNAPSHOT_WEEKS = 12

/** The documents' calendar (UTC milliseconds), relative to the day of seeding. */
export interface ResearchCalendar {
  /** 1 January of the demo's first year. */
  firstDay: number
  /** The start of the day of seeding: documents are published before it. */
  end: number
  /** The last 12 weeks before `end`, as the snapshots' trailing weeks cut them: dense. */
  denseStart: number
  /** The day the weekly snapshots end at (the last one is the week before it). */
  snapshotDay: DateTime
}

export function researchCalendar(today: DateTime = clock.now()): ResearchCalendar {
  const calendar = demoCalendar(today)
  const end = calendar.today.toMillis()
  return {
    firstDay: Date.UTC(calendar.firstYear, 0, 1),
    end,
    denseStart: end - SNAPSHOT_WEEKS * WEEK_MS,
    snapshotDay: calendar.today,
  }
}

/** Week of a moment counted from the dense weeks' start (negative before): the curves' index. */
export function trendWeekOf(ms: number, denseStart: number) {
  return Math.floor((ms - denseStart) / WEEK_MS)
}

// ---------------------------------------------------------------------------------------------
// The taxonomy
// ---------------------------------------------------------------------------------------------

interface GroupSpec {
  /** Top groups only: what providers' coverage refers to. */
  key?: string
  name: string
  assetClasses?: AssetClass[]
  types?: DocumentType[]
  regions?: ResearchRegion[]
  sectors?: Sector[]
  /** 'Theme name|term, term, term': the terms are the words its documents use. */
  themes: string[]
  children?: GroupSpec[]
}

const ALL_SECTORS: Sector[] = [
  'Energy',
  'Materials',
  'Industrials',
  'Consumer Discretionary',
  'Consumer Staples',
  'Health Care',
  'Financials',
  'Information Technology',
  'Communication Services',
  'Utilities',
  'Real Estate',
]

export const THEME_TAXONOMY: GroupSpec[] = [
  {
    key: 'rates',
    name: 'Rates & central banks',
    assetClasses: ['rates', 'economics'],
    types: ['rates', 'macro', 'economics'],
    regions: ['global', 'north_america', 'europe_ex_uk'],
    sectors: [],
    themes: [
      'Global rates outlook|neutral rate, terminal rate, duration',
      'Term premium|term premium, bond vigilantes, duration supply',
      'Quantitative tightening|balance sheet runoff, bank reserves, QT taper',
    ],
    children: [
      {
        name: 'Central banks',
        themes: [
          'Fed policy|FOMC, dot plot, Powell, fed funds',
          'ECB policy|deposit rate, Lagarde, governing council',
          'Bank of England policy|MPC, Bank Rate, Bailey',
          'Bank of Japan policy|yield curve control, Ueda, negative rates',
          'Rate cut cycle|easing cycle, cutting cycle, insurance cuts',
          'Swiss National Bank|SNB, franc strength, sight deposits',
          'Central bank independence|mandate, political pressure, credibility',
        ],
      },
      {
        name: 'Bond markets',
        themes: [
          'US Treasury supply|quarterly refunding, auction sizes, bills share',
          'Yield curve|steepener, curve inversion, 2s10s',
          'Bund-BTP spread|BTP, Italian debt, spread compression',
          'Gilt market|gilts, LDI, DMO remit',
          'Real yields|TIPS, breakevens, real rates',
          'Swap spreads|swap spreads, SOFR, balance sheet constraints',
        ],
      },
    ],
  },
  {
    key: 'inflation',
    name: 'Inflation',
    assetClasses: ['economics', 'rates'],
    types: ['economics', 'macro', 'rates'],
    regions: ['global'],
    sectors: [],
    themes: [
      'Inflation|price pressures, core inflation, sticky prices',
      'Disinflation|goods deflation, base effects, last mile',
      'Inflation expectations|breakevens, survey expectations, anchoring',
    ],
    children: [
      {
        name: 'Consumer prices',
        themes: [
          'US CPI|core CPI, supercore, PCE deflator',
          'Euro area HICP|HICP, services inflation, flash estimate',
          'UK services inflation|UK CPI, services CPI, ONS',
          'Shelter inflation|owners equivalent rent, rents, housing costs',
          'Food prices|food inflation, grain prices, retailer margins',
        ],
      },
      {
        name: 'Wages & labour',
        themes: [
          'Wage growth|pay settlements, unit labour costs, wage-price spiral',
          'Labour market tightness|vacancies, quits rate, Beveridge curve',
          'Immigration and labour supply|net migration, participation, labour supply',
          'Productivity|output per hour, total factor productivity, productivity growth',
        ],
      },
    ],
  },
  {
    key: 'growth',
    name: 'Growth & cycle',
    assetClasses: ['economics', 'multi_asset'],
    types: ['economics', 'macro', 'strategy'],
    regions: ['global'],
    sectors: [],
    themes: [
      'Soft landing|soft landing, goldilocks, mid-cycle slowdown',
      'Recession risk|recession probability, leading indicators, Sahm rule',
      'Global PMIs|PMI, new orders, manufacturing cycle',
      'Stagflation risk|stagflation, supply shock, growth scare',
    ],
    children: [
      {
        name: 'US economy',
        regions: ['north_america'],
        themes: [
          'US consumer|real incomes, excess savings, consumer spending',
          'US labour market|payrolls, unemployment rate, jobless claims',
          'US housing|housing starts, existing home sales, homebuilders',
          'US manufacturing|ISM, industrial production, factory orders',
        ],
      },
      {
        name: 'European economy',
        regions: ['europe_ex_uk', 'uk'],
        themes: [
          'German industry|Ifo, industrial orders, Mittelstand',
          'Euro area growth|euro area GDP, periphery, fiscal impulse',
          'UK growth|UK GDP, consumer confidence, business investment',
          'French politics and fiscal risk|OAT spread, Barnier, no-confidence vote',
        ],
      },
    ],
  },
  {
    key: 'fiscal',
    name: 'Fiscal policy',
    assetClasses: ['rates', 'economics'],
    types: ['macro', 'economics', 'rates'],
    regions: ['global'],
    sectors: [],
    themes: [
      'Sovereign debt sustainability|debt-to-GDP, interest burden, r minus g',
      'Fiscal dominance|fiscal dominance, monetisation, primary deficits',
    ],
    children: [
      {
        name: 'US fiscal policy',
        regions: ['north_america'],
        themes: [
          'US fiscal|federal deficit, CBO, interest expense',
          'Debt ceiling|debt ceiling, X-date, Treasury General Account',
          'US tax policy|TCJA extension, corporate tax, tax cuts',
          'Inflation Reduction Act|IRA, tax credits, clean energy subsidies',
        ],
      },
      {
        name: 'European fiscal policy',
        regions: ['europe_ex_uk', 'uk'],
        themes: [
          'EU fiscal rules|Stability and Growth Pact, excessive deficit procedure, Commission',
          'German debt brake|Schuldenbremse, special funds, coalition',
          'UK budget|Reeves, fiscal headroom, OBR',
          'NextGenerationEU|recovery fund, RRF disbursements, EU bonds',
        ],
      },
    ],
  },
  {
    key: 'geopolitics',
    name: 'Geopolitics & trade',
    assetClasses: ['multi_asset', 'economics'],
    types: ['macro', 'strategy', 'thematic'],
    regions: ['global'],
    sectors: [],
    themes: [
      'Geopolitical risk|geopolitics, risk premium, sanctions',
      'Defence spending|NATO, defence budgets, rearmament',
      'Russia-Ukraine war|Ukraine, sanctions, reconstruction',
      'Middle East conflict|Red Sea, Strait of Hormuz, oil risk premium',
    ],
    children: [
      {
        name: 'Trade policy',
        themes: [
          'Tariffs & trade|tariffs, Section 301, universal tariff, retaliation',
          'US-China trade|decoupling, trade war, entity list',
          'Supply chain reshoring|reshoring, friend-shoring, supply chains',
          'Nearshoring to Mexico|nearshoring, USMCA, maquiladoras',
          'Export controls|chip export controls, CHIPS Act, dual-use goods',
        ],
      },
      {
        name: 'Elections',
        themes: [
          'US election 2024|Trump, Harris, swing states, Congress',
          'European elections|European Parliament, populism, coalition talks',
          'UK general election|Labour, Starmer, manifesto',
          'Election risk premium|election volatility, policy uncertainty, polling',
        ],
      },
    ],
  },
  {
    key: 'china',
    name: 'China',
    assetClasses: ['equities', 'multi_asset', 'economics'],
    types: ['macro', 'strategy', 'economics', 'equity_sector'],
    regions: ['china'],
    sectors: ['Financials', 'Consumer Discretionary', 'Real Estate'],
    themes: [
      'China stimulus|PBoC easing, special bonds, Politburo',
      'China growth outlook|growth target, credit impulse, total social financing',
      'China deflation|PPI deflation, overcapacity, export prices',
    ],
    children: [
      {
        name: 'China property',
        sectors: ['Real Estate', 'Financials'],
        themes: [
          'China property|property sales, housing inventory, presales',
          'Local government debt|LGFV, hidden debt, debt swap',
          'Property developers|developer defaults, offshore bonds, restructuring',
        ],
      },
      {
        name: 'China markets',
        themes: [
          'China equities|CSI 300, Hang Seng, southbound flows',
          'Renminbi|CNY fixing, USD/CNH, capital outflows',
          'China consumer|retail sales, consumer confidence, services spending',
          'China tech|platform regulation, internet platforms, e-commerce giants',
        ],
      },
    ],
  },
  {
    key: 'japan',
    name: 'Japan',
    assetClasses: ['equities', 'rates', 'fx'],
    types: ['macro', 'strategy', 'equity_sector'],
    regions: ['japan'],
    sectors: ['Financials', 'Industrials', 'Information Technology'],
    themes: [
      'Japan reflation|reflation, end of deflation, nominal GDP',
      'Yen carry trade|carry trade, carry unwind, funding currency',
    ],
    children: [
      {
        name: 'Japanese economy',
        sectors: [],
        themes: [
          'Japan inflation|Tokyo CPI, core-core inflation, import prices',
          'Shunto wage talks|shunto, Rengo, base pay',
          'JGB market|JGB yields, BoJ purchases, super-long bonds',
          'Japan fiscal policy|JGB issuance, supplementary budget, Ishiba',
        ],
      },
      {
        name: 'Japanese equities',
        themes: [
          'Japan corporate governance|TSE reform, price-to-book, cross-shareholdings',
          'Japan buybacks|buybacks, shareholder returns, activism',
          'Japan equities|TOPIX, Nikkei, foreign flows',
        ],
      },
    ],
  },
  {
    key: 'em',
    name: 'Emerging markets',
    assetClasses: ['credit', 'rates', 'equities', 'fx'],
    types: ['macro', 'credit', 'strategy', 'rates'],
    regions: ['emerging_markets'],
    sectors: [],
    themes: [
      'EM debt|hard currency, EMBI, sovereign spreads',
      'Frontier markets|frontier, Eurobonds, IMF programmes',
      'EM central banks|EM easing, real policy rates, FX reserves',
    ],
    children: [
      {
        name: 'EM countries',
        themes: [
          'India growth story|India, capex cycle, manufacturing push',
          'Brazil fiscal|Brazil, fiscal framework, Selic',
          'Mexico outlook|Banxico, peso, judicial reform',
          'Turkey orthodoxy|CBRT, lira, disinflation programme',
          'Argentina reforms|Milei, peso devaluation, IMF',
          'South Africa|GNU, rand, Eskom',
          'Indonesia|rupiah, Prabowo, nickel downstreaming',
          'Gulf economies|Saudi Arabia, Vision 2030, GCC',
        ],
      },
      {
        name: 'EM assets',
        themes: [
          'EM local bonds|local currency, GBI-EM, carry',
          'EM equities|MSCI EM, earnings revisions, EM flows',
          'Sovereign restructuring|Common Framework, haircuts, bondholder committee',
        ],
      },
    ],
  },
  {
    key: 'credit',
    name: 'Credit',
    assetClasses: ['credit'],
    types: ['credit', 'strategy'],
    regions: ['global', 'north_america', 'europe_ex_uk'],
    sectors: ['Financials', 'Industrials', 'Consumer Discretionary', 'Communication Services'],
    themes: [
      'Credit spreads|spread tightening, OAS, all-in yields',
      'Default cycle|default rates, distressed exchanges, recoveries',
    ],
    children: [
      {
        name: 'Corporate credit',
        themes: [
          'Investment grade supply|IG issuance, new issue concessions, reverse Yankees',
          'High yield|high yield, CCC, maturity wall',
          'Leveraged loans|leveraged loans, repricings, liability management',
          'Fallen angels|fallen angels, downgrades, BBB cliff',
          'CLOs|CLO, tranches, reinvestment period',
        ],
      },
      {
        name: 'Private markets',
        themes: [
          'Private credit|private credit, BDCs, payment-in-kind',
          'Private equity exits|exits, dividend recaps, continuation funds',
          'Direct lending|direct lending, unitranche, covenant-lite',
        ],
      },
    ],
  },
  {
    key: 'commodities',
    name: 'Commodities',
    assetClasses: ['commodities'],
    types: ['commodities', 'strategy'],
    regions: ['global'],
    sectors: ['Energy', 'Materials'],
    themes: ['Commodity supercycle|supercycle, underinvestment, capex discipline'],
    children: [
      {
        name: 'Energy',
        sectors: ['Energy'],
        themes: [
          'Oil supply|non-OPEC supply, inventories, Brent',
          'OPEC+|OPEC+, voluntary cuts, quotas',
          'US shale|shale, Permian, rig count',
          'European gas|TTF, gas storage, gas prices',
          'LNG|LNG, liquefaction, Qatar expansion',
          'Refining margins|crack spreads, refinery outages, diesel',
        ],
      },
      {
        name: 'Metals & agriculture',
        sectors: ['Materials', 'Consumer Staples'],
        themes: [
          'Gold|gold, central bank buying, bullion',
          'Copper|copper, smelters, grid demand',
          'Iron ore|iron ore, steel output, Pilbara',
          'Lithium|lithium, battery metals, spodumene',
          'Agricultural commodities|grains, soybeans, weather',
          'Uranium|uranium, enrichment, reactor restarts',
        ],
      },
    ],
  },
  {
    key: 'transition',
    name: 'Energy transition',
    assetClasses: ['equities', 'credit', 'commodities'],
    types: ['thematic', 'equity_sector', 'strategy'],
    regions: ['global', 'europe_ex_uk'],
    sectors: ['Utilities', 'Industrials', 'Energy', 'Materials'],
    themes: [
      'Energy transition|decarbonisation, net zero, transition capex',
      'Carbon pricing|EU ETS, carbon border adjustment, allowances',
      'Energy security|security of supply, interconnectors, strategic reserves',
    ],
    children: [
      {
        name: 'Clean energy',
        themes: [
          'Solar|solar, module prices, polysilicon',
          'Offshore wind|offshore wind, auctions, turbine costs',
          'Hydrogen|green hydrogen, electrolysers, subsidies',
          'Nuclear renaissance|SMRs, nuclear, life extensions',
          'Battery storage|storage, grid batteries, long duration',
        ],
      },
      {
        name: 'Grids & electrification',
        themes: [
          'Grid investment|transmission, grid capex, connection queues',
          'Electric vehicles|EV adoption, battery costs, charging',
          'Heat pumps|heat pumps, building retrofits, installations',
          'Data centre power demand|data centre load, power purchase agreements, hyperscaler demand',
        ],
      },
    ],
  },
  {
    key: 'tech',
    name: 'Technology & AI',
    assetClasses: ['equities', 'credit'],
    types: ['equity_sector', 'equity_company', 'thematic'],
    regions: ['global', 'north_america'],
    sectors: ['Information Technology', 'Communication Services'],
    themes: [
      'Technology valuations|multiples, growth at a reasonable price, duration risk',
      'Magnificent Seven|mega caps, concentration, hyperscalers',
      'Cloud software|SaaS, net revenue retention, seat-based pricing',
      'Cybersecurity|cyber, platform consolidation, breaches',
    ],
    children: [
      {
        name: 'Artificial intelligence',
        themes: [
          'AI capex|capex, GPU, hyperscaler spending',
          'Generative AI adoption|LLMs, copilots, enterprise adoption',
          'AI regulation|EU AI Act, model safety, copyright',
          'AI and productivity|productivity gains, automation, labour displacement',
          'AI infrastructure|data centres, networking, liquid cooling',
        ],
      },
      {
        name: 'Semiconductors',
        themes: [
          'Semiconductor cycle|inventory correction, book-to-bill, chip demand',
          'Memory chips|DRAM, HBM, NAND',
          'Semiconductor equipment|lithography, wafer fab equipment, EUV',
          'Taiwan and chip supply|TSMC, foundry, cross-strait risk',
        ],
      },
    ],
  },
  {
    key: 'equity',
    name: 'Equity strategy',
    assetClasses: ['equities'],
    types: ['strategy', 'equity_sector', 'quant'],
    regions: ['global'],
    sectors: ALL_SECTORS,
    themes: [
      'Equity valuations|forward P/E, equity risk premium, CAPE',
      'Earnings season|earnings beats, guidance, revisions',
      'Share buybacks|buybacks, shareholder yield, payout ratios',
      'Market concentration|concentration, breadth, equal weight',
      'IPO market|IPOs, listings, equity issuance',
    ],
    children: [
      {
        name: 'Style & factors',
        types: ['quant', 'strategy'],
        themes: [
          'Value vs growth|value, growth, style rotation',
          'Small caps|small caps, Russell 2000, refinancing risk',
          'Quality factor|quality, balance sheet strength, ROE',
          'Momentum|momentum, crowding, factor reversal',
          'Low volatility|low vol, defensives, minimum variance',
        ],
      },
      {
        name: 'Regional allocation',
        themes: [
          'US exceptionalism|US exceptionalism, S&P 500, dollar assets',
          'European equities|Stoxx 600, European discount, rerating',
          'UK equities|FTSE 100, UK discount, takeovers',
          'Emerging vs developed|EM versus DM, relative valuation, dollar cycle',
        ],
      },
    ],
  },
  {
    key: 'fx',
    name: 'FX',
    assetClasses: ['fx'],
    types: ['fx', 'macro'],
    regions: ['global'],
    sectors: [],
    themes: [
      'Dollar outlook|DXY, dollar smile, reserve currency',
      'Currency intervention|intervention, Ministry of Finance, FX reserves',
    ],
    children: [
      {
        name: 'Major currencies',
        themes: [
          'EUR/USD|euro, EUR/USD, rate differentials',
          'Sterling|GBP, cable, sterling',
          'Swiss franc|CHF, safe haven, franc',
          'Japanese yen|USD/JPY, yen weakness, MoF',
        ],
      },
      {
        name: 'Asia & EM FX',
        themes: [
          'Asian currencies|KRW, TWD, Asian FX',
          'EM FX carry|carry, high yielders, FX volatility',
        ],
      },
    ],
  },
  {
    key: 'health',
    name: 'Healthcare',
    assetClasses: ['equities', 'credit'],
    types: ['equity_sector', 'equity_company', 'thematic'],
    regions: ['north_america', 'europe_ex_uk', 'global'],
    sectors: ['Health Care'],
    themes: ['Healthcare policy|Medicare negotiation, most-favoured nation, PBM reform'],
    children: [
      {
        name: 'Pharma & biotech',
        themes: [
          'Obesity drugs|GLP-1, semaglutide, tirzepatide',
          'Biotech funding|biotech funding, XBI, follow-ons',
          'Patent cliffs|loss of exclusivity, patent cliff, biosimilars',
          'Alzheimer treatments|amyloid, donanemab, lecanemab',
          'Oncology pipelines|ADCs, oncology readouts, ASCO',
        ],
      },
      {
        name: 'Medtech & services',
        themes: [
          'Medtech|procedure volumes, robotic surgery, devices',
          'US managed care|medical loss ratio, utilisation, Medicare Advantage',
          'Hospital operators|hospital volumes, labour costs, payer mix',
        ],
      },
    ],
  },
  {
    key: 'financials',
    name: 'Financials',
    assetClasses: ['equities', 'credit'],
    types: ['equity_sector', 'credit', 'equity_company'],
    regions: ['global', 'europe_ex_uk', 'north_america'],
    sectors: ['Financials'],
    themes: [
      'Bank earnings|net interest income, provisions, capital return',
      'Net interest margins|NIM, deposit betas, structural hedge',
    ],
    children: [
      {
        name: 'Banks',
        themes: [
          'US regional banks|regional banks, deposit flight, unrealised losses',
          'European banks|European banks, distributions, consolidation',
          'Basel III endgame|Basel III, capital requirements, RWA inflation',
          'Bank M&A|bank M&A, cross-border deals, Commerzbank',
        ],
      },
      {
        name: 'Insurance & asset managers',
        themes: [
          'Insurance pricing cycle|reinsurance, rate hardening, catastrophe losses',
          'Life insurers|life insurers, bulk annuities, Solvency II',
          'Asset manager fees|fee compression, passive flows, scale',
          'Payments|payments, BNPL, interchange',
        ],
      },
    ],
  },
  {
    key: 'realestate',
    name: 'Real estate',
    assetClasses: ['equities', 'credit'],
    types: ['equity_sector', 'credit', 'thematic'],
    regions: ['global', 'north_america', 'europe_ex_uk', 'uk'],
    sectors: ['Real Estate', 'Financials'],
    themes: ['Real estate valuations|cap rates, NAV discounts, valuations'],
    children: [
      {
        name: 'Commercial real estate',
        themes: [
          'Office real estate|office vacancy, hybrid working, CMBS',
          'Logistics real estate|logistics, warehouses, rental growth',
          'REIT refinancing|refinancing, LTVs, unsecured bonds',
          'Data centre REITs|data centre REITs, leasing, colocation',
        ],
      },
      {
        name: 'Housing',
        themes: [
          'Mortgage rates|mortgage rates, refinancing, affordability',
          'UK housing|house prices, remortgaging, Nationwide index',
          'Housing affordability|first-time buyers, supply shortage, rents',
        ],
      },
    ],
  },
  {
    key: 'consumer',
    name: 'Consumer',
    assetClasses: ['equities'],
    types: ['equity_sector', 'equity_company', 'thematic'],
    regions: ['global', 'north_america', 'europe_ex_uk'],
    sectors: ['Consumer Discretionary', 'Consumer Staples'],
    themes: [
      'Consumer spending|discretionary spending, trade-down, real incomes',
      'Consumer credit|delinquencies, credit cards, auto loans',
    ],
    children: [
      {
        name: 'Retail & luxury',
        sectors: ['Consumer Discretionary'],
        themes: [
          'Luxury goods|luxury, aspirational consumer, Chinese shoppers',
          'Retail sales|retail sales, promotions, inventory',
          'E-commerce|e-commerce, online penetration, marketplaces',
          'Travel and leisure|travel, airlines, hotels',
        ],
      },
      {
        name: 'Consumer staples',
        sectors: ['Consumer Staples'],
        themes: [
          'Staples pricing power|pricing power, volumes, private label',
          'GLP-1 impact on food|snacking, calorie intake, food volumes',
          'Beverages and tobacco|spirits destocking, next-generation products, beverages',
        ],
      },
    ],
  },
  {
    key: 'industrials',
    name: 'Industrials & infrastructure',
    assetClasses: ['equities', 'credit'],
    types: ['equity_sector', 'equity_company', 'thematic'],
    regions: ['global'],
    sectors: ['Industrials', 'Materials'],
    themes: [
      'Infrastructure spending|infrastructure, public works, IIJA',
      'Capital goods cycle|orders, backlog, short-cycle recovery',
    ],
    children: [
      {
        name: 'Aerospace & transport',
        themes: [
          'Aerospace recovery|aircraft deliveries, aftermarket, engine supply',
          'Shipping and freight|container rates, Red Sea diversions, freight',
          'Defence contractors|defence orders, munitions, order backlog',
        ],
      },
      {
        name: 'Autos & mobility',
        sectors: ['Consumer Discretionary', 'Industrials'],
        themes: [
          'European autos|autos, CO2 targets, volumes',
          'Chinese EV competition|EV exports, price war, overcapacity',
          'Autonomous driving|robotaxis, autonomy, lidar',
        ],
      },
    ],
  },
  {
    key: 'esg',
    name: 'ESG & regulation',
    assetClasses: ['equities', 'credit', 'multi_asset'],
    types: ['thematic', 'strategy'],
    regions: ['global', 'europe_ex_uk', 'uk'],
    sectors: [],
    themes: [
      'ESG investing|ESG, fund flows, greenwashing',
      'Sustainable finance disclosure|SFDR, ISSB, taxonomy alignment',
    ],
    children: [
      {
        name: 'Stewardship',
        themes: [
          'Climate transition plans|transition plans, scope 3, net zero targets',
          'Biodiversity|TNFD, nature, deforestation',
          'Proxy voting|AGM season, say on pay, shareholder proposals',
        ],
      },
      {
        name: 'Market structure',
        themes: [
          'Research unbundling|MiFID II, research payments, unbundling',
          'T+1 settlement|T+1, settlement, FX funding',
          'Passive investing|passive, index funds, ETFs',
        ],
      },
    ],
  },
  {
    key: 'crossasset',
    name: 'Cross-asset strategy',
    assetClasses: ['multi_asset'],
    types: ['strategy', 'macro', 'quant'],
    regions: ['global'],
    sectors: [],
    themes: [
      'Year-ahead outlook|year ahead, base case, scenarios',
      'Asset allocation|asset allocation, overweights, underweights',
      '60/40 portfolio|stock-bond correlation, diversification, balanced portfolios',
      'Volatility regime|VIX, volatility, dispersion',
      'Liquidity conditions|liquidity, bank reserves, financial conditions',
    ],
    children: [
      {
        name: 'Digital assets',
        themes: [
          'Bitcoin ETFs|bitcoin, ETF flows, halving',
          'Stablecoins|stablecoins, tokenised deposits, crypto regulation',
          'Tokenisation|tokenisation, tokenised funds, blockchain settlement',
        ],
      },
    ],
  },
]

/** How much is written on a theme in ordinary weeks (1 when not listed). */
const BASE_WEIGHTS: Record<string, number> = {
  'Fed policy': 4,
  'ECB policy': 3,
  'Inflation': 3,
  'AI capex': 2.5,
  'Credit spreads': 2,
  'Oil supply': 2,
  'Bank of England policy': 2,
  'US consumer': 2,
  'Earnings season': 2,
  'Equity valuations': 2,
  'China growth outlook': 2,
  'Energy transition': 2,
  'Dollar outlook': 1.6,
  'US labour market': 1.8,
  'Soft landing': 1.6,
  'Recession risk': 1.6,
  'Asset allocation': 1.6,
  'Generative AI adoption': 1.5,
  'EM debt': 1.5,
  'Gold': 1.4,
}

/**
 * A theme's moment in the news: [from, to) and a factor. Past events keep their dates; 'dense'
 * runs on until the dense weeks start (a story still running).
 */
const ERA_DATES: [string, string, string, number][] = [
  ['Supply chain reshoring', '2021-03-01', '2022-09-01', 3],
  ['Inflation', '2021-04-01', '2023-01-01', 3],
  ['US CPI', '2021-04-01', '2023-06-01', 3],
  ['Wage growth', '2021-09-01', '2023-06-01', 2.5],
  ['China tech', '2021-06-01', '2022-03-01', 4],
  ['China property', '2021-08-01', '2024-01-01', 3],
  ['Property developers', '2021-08-15', '2022-12-01', 4],
  ['Russia-Ukraine war', '2022-02-24', '2023-01-01', 8],
  ['European gas', '2022-02-24', '2023-01-01', 6],
  ['Energy security', '2022-03-01', '2023-01-01', 4],
  ['Food prices', '2022-03-01', '2022-10-01', 3],
  ['Quantitative tightening', '2022-05-01', '2023-06-01', 2.5],
  ['Gilt market', '2022-09-23', '2022-11-15', 10],
  ['UK budget', '2022-09-23', '2022-11-30', 5],
  ['Recession risk', '2022-06-01', '2023-06-01', 2.5],
  ['US regional banks', '2023-03-10', '2023-07-01', 10],
  ['Debt ceiling', '2023-04-15', '2023-06-10', 8],
  ['Generative AI adoption', '2023-01-15', 'dense', 3],
  ['AI capex', '2023-06-01', 'dense', 2.5],
  ['Magnificent Seven', '2023-05-01', '2025-01-01', 2.5],
  ['Obesity drugs', '2023-05-01', 'dense', 3],
  ['Term premium', '2023-08-01', '2023-12-01', 4],
  ['Bitcoin ETFs', '2023-12-15', '2024-04-01', 5],
  ['UK general election', '2024-05-22', '2024-07-10', 6],
  ['European elections', '2024-05-15', '2024-07-15', 5],
  ['French politics and fiscal risk', '2024-06-09', '2024-07-20', 6],
  ['US election 2024', '2024-06-01', '2024-11-09', 4],
  ['Yen carry trade', '2024-07-25', '2024-09-01', 8],
  ['Rate cut cycle', '2024-06-01', '2025-01-01', 2],
]

const ERAS = ERA_DATES.map(([name, from, to, factor]) => ({
  name,
  from: Date.parse(`${from}T00:00:00Z`),
  to: to === 'dense' ? null : Date.parse(`${to}T00:00:00Z`),
  factor,
}))

/**
 * The last 12 weeks before the day of seeding, week by week (week 0 is the oldest): how much
 * more than usual is written on these themes. Election risk, the tariff debate after it, the
 * central banks' meetings, OPEC+, French fiscal risk and, in their season, the year-ahead
 * outlooks take turns at the top.
 */
export const TREND_CURVES: Record<string, number[]> = {
  'Election risk premium': [3, 4, 6, 9, 12, 5, 2, 1, 0.5, 0.3, 0.2, 0.1],
  'Tariffs & trade': [0.6, 0.8, 1.5, 3, 9, 12, 10, 8, 6, 5, 5, 4],
  'US-China trade': [0.5, 0.6, 1, 2, 5, 6, 5, 4, 3, 3, 2, 2],
  'China stimulus': [9, 6, 4, 3, 5, 3, 2, 1.5, 2.5, 5, 2, 1],
  'ECB policy': [2, 3.5, 1, 0.8, 0.8, 1, 1.5, 2.5, 4, 3.5, 1, 0.6],
  'Fed policy': [1, 1, 1.2, 1.5, 3, 1.4, 1, 1, 1.4, 1.8, 3.2, 1],
  'Bank of England policy': [0.8, 0.8, 1.2, 2.5, 4, 1, 0.8, 0.8, 1.2, 2.5, 1, 0.4],
  'Bank of Japan policy': [1, 1, 1.5, 2, 1, 1, 1, 1, 2, 4, 6, 1.5],
  'UK budget': [1, 3, 6, 10, 4, 2, 1, 0.5, 0.5, 0.5, 0.3, 0.3],
  'OPEC+': [1, 1, 1, 1, 1, 1.5, 2, 5, 7, 2, 1, 1],
  'AI capex': [1, 1.2, 2, 2.2, 1.2, 1.5, 2.6, 1.2, 1, 1, 1, 0.8],
  'Year-ahead outlook': [0, 0, 0, 0.5, 1, 3, 6, 10, 14, 14, 11, 8],
  'French politics and fiscal risk': [1, 1, 1, 1, 1, 2, 4, 9, 10, 5, 2, 1],
  'Dollar outlook': [1, 1, 1.5, 2, 4, 5, 4, 3, 2, 2, 3, 2],
  'Small caps': [1, 1, 1, 1, 6, 4, 2, 1.5, 1, 1, 1, 1],
  'Bitcoin ETFs': [1, 1, 1, 1.5, 5, 8, 9, 6, 8, 4, 3, 3],
  'Defence spending': [1, 1, 1, 1, 2, 3, 2, 3, 2, 2, 1.5, 1],
  'Middle East conflict': [5, 4, 4, 2, 1, 1, 1, 1, 1, 1, 1, 1],
  'Gold': [2, 2.5, 2.5, 2, 1.5, 1, 1, 1, 1, 1, 1, 1],
  'Earnings season': [1.5, 2.5, 3, 2.5, 1.5, 1, 1, 0.5, 0.3, 0.3, 0.3, 0.3],
  'European equities': [1, 1, 1, 1, 1.5, 1.5, 1, 1, 2, 3, 3, 2],
  'Data centre power demand': [1, 1, 2, 3, 2, 2, 4, 2, 2, 2, 1, 1],
  'Obesity drugs': [1, 1, 1, 2, 1.5, 1, 1, 1, 1, 1, 4, 2],
  'Euro area growth': [1, 1.5, 1, 1, 1, 1.5, 1.5, 2, 2.5, 2, 1, 1],
  'Yield curve': [1, 1, 1, 1.5, 3, 2, 1.5, 1, 1, 1.2, 2, 1.5],
  'US fiscal': [1, 1, 1.5, 2, 4, 4, 3, 2.5, 2, 2, 2, 1.5],
  'Chinese EV competition': [1, 2.5, 3, 1.5, 1, 1, 1, 1, 1, 1, 1, 1],
  'Semiconductor cycle': [1.5, 2.5, 1.5, 1, 1, 2.5, 1.5, 1, 1, 1.5, 1, 1],
  'Bank M&A': [1, 1, 1, 1, 1, 2, 4, 5, 2, 1, 1, 1],
  'Japanese yen': [1, 1, 1.5, 2, 2.5, 2, 1.5, 1, 1, 2, 3.5, 2],
}

/** Shorter names for titles ("ECB: …"). */
const SHORT_NAMES: Record<string, string> = {
  'Fed policy': 'Fed',
  'ECB policy': 'ECB',
  'Bank of England policy': 'BoE',
  'Bank of Japan policy': 'BoJ',
  'Swiss National Bank': 'SNB',
  'US election 2024': 'US election',
  'Russia-Ukraine war': 'Ukraine',
  'Middle East conflict': 'Middle East',
  'Quantitative tightening': 'QT',
  'French politics and fiscal risk': 'France',
  'Inflation Reduction Act': 'IRA',
  'Tariffs & trade': 'Tariffs',
  'Global rates outlook': 'Rates',
  'US Treasury supply': 'Treasury supply',
  'Sovereign debt sustainability': 'Debt sustainability',
  'Japan corporate governance': 'Japan governance',
  'Investment grade supply': 'IG supply',
}

/** Headlines particular to a theme ({M} month, {N} next year, {Q} quarter, {Y} year). */
const HOOKS: Record<string, string[]> = {
  'ECB policy': [
    'ECB: why the {M} cut is not the last',
    'ECB: the case for a faster path to neutral',
    'ECB preview: what to expect in {M}',
  ],
  'Fed policy': [
    'Fed: how far can the cutting cycle go?',
    'FOMC preview: the {M} meeting',
    'Fed: the dots, the data and the market',
  ],
  'Bank of England policy': ['BoE: gradual is the word', 'MPC preview: a split vote in {M}'],
  'Bank of Japan policy': [
    'BoJ: the next hike is closer than priced',
    'BoJ: normalisation without a tantrum',
  ],
  'Tariffs & trade': [
    'Tariffs: modelling a 60% levy on Chinese imports',
    'Tariffs: who pays, and how much',
    'Trade war 2.0: sector winners and losers',
  ],
  'AI capex': [
    'AI capex: hyperscaler spending shows no sign of slowing',
    'AI capex: when does the payback come?',
    'AI capex: raising our {N} estimates',
  ],
  'Oil supply': [
    'Oil: a surplus in {N} is the base case',
    'Oil supply: non-OPEC growth keeps a lid on Brent',
  ],
  'OPEC+': ['OPEC+: the {M} meeting and the unwind of voluntary cuts', 'OPEC+: discipline tested'],
  'China property': [
    'China property: is the bottom finally in?',
    'China property: sales data still point down',
  ],
  'China stimulus': [
    'China stimulus: bigger, but is it enough?',
    "China: reading the Politburo's {M} signals",
  ],
  'Japan reflation': [
    'Japan: the end of deflation is real this time',
    'Japan reflation: what it means for equities',
  ],
  'US election 2024': [
    'US election: market scenarios for every outcome',
    'US election: the morning after',
    'Election week: positioning for a sweep',
  ],
  'Year-ahead outlook': [
    '{O} outlook: a year of divergence',
    '{O} outlook: ten themes for the year ahead',
    'Year ahead {O}: our top trades',
  ],
  'Gold': ['Gold: central banks keep buying', 'Gold at record highs: still room to run'],
  'Credit spreads': [
    'Credit: spreads are tight, but carry wins',
    'Credit spreads: how much tighter can they go?',
  ],
  'EM debt': [
    'EM debt: the carry case survives a strong dollar',
    'EM sovereigns: picking through the high yielders',
  ],
  'US fiscal': [
    'US fiscal: the deficit nobody wants to fix',
    'US fiscal: term premium and the supply problem',
  ],
  'Inflation': [
    'Inflation: the last mile is the hardest',
    'Inflation: why services prices stay sticky',
  ],
  'Energy transition': [
    'Energy transition: capex is shifting to grids',
    'Energy transition: higher rates, tougher maths',
  ],
  'French politics and fiscal risk': [
    'France: what a no-confidence vote means for OATs',
    'France: the spread over Bunds has further to go',
  ],
  'UK budget': [
    'UK budget: more borrowing, more gilts',
    'Budget day: what the OBR numbers mean for gilts',
  ],
  'Obesity drugs': [
    'Obesity drugs: the market keeps getting bigger',
    'GLP-1: read-across from the latest trial data',
  ],
  'Dollar outlook': ['Dollar: stronger for longer', 'Dollar: the case for a turn in {N}'],
  'Yen carry trade': ['Yen carry: anatomy of an unwind'],
  'US regional banks': ['Regional banks: deposits, duration and doubt'],
  'Bitcoin ETFs': ['Bitcoin: ETF flows and the institutional bid'],
  'Data centre power demand': ['Power: data centres rewrite the load forecast'],
  'Small caps': ['Small caps: does the rotation finally have legs?'],
  'Defence spending': ['Defence: rearmament is a multi-year story'],
  'Earnings season': [
    'Earnings season: {Q} scorecard',
    '{Q} earnings: margins hold up better than feared',
  ],
}

const GENERIC_TITLES = [
  '{S}: what the market is still missing',
  '{S}: raising our base case',
  '{S}: the bear case deserves more attention',
  '{S}: scenarios and portfolio implications',
  '{S}: five questions from clients',
  '{S}: separating signal from noise',
  '{S}: positioning looks stretched',
  '{S}: three trades for the next quarter',
  '{S}: a view from {R}',
  'Chart book: {T}',
  '{T} in ten charts',
  '{S} after the {M} data',
  'Why {p} matters more than the consensus thinks',
  '{S}: turning more constructive',
  '{S}: turning more cautious',
  '{S}: the debate we keep having with clients',
  '{S}: {Q} {Y} update',
  'Weekly {G}: {S} in focus',
  '{S}: answering the pushback',
  '{S}: where we differ from consensus',
]

/** A theme with everything the document builders need. */
export interface ThemeProfile {
  id: number
  name: string
  short: string
  terms: string[]
  /** The top group's key (providers' coverage) and name; the theme's own group. */
  topKey: string
  topName: string
  groupName: string
  assetClasses: AssetClass[]
  types: DocumentType[]
  regions: ResearchRegion[]
  sectors: Sector[]
  weight: number
  hooks: string[]
  /** Themes of the same top group (ids filled in once stored). */
  siblings: ThemeProfile[]
}

/** Regions a theme's name implies (else its group's). */
const NAME_REGIONS: [RegExp, ResearchRegion][] = [
  [/\b(US|Fed|FOMC|Treasury|Debt ceiling|Inflation Reduction|Russell|S&P)\b/, 'north_america'],
  [/\b(ECB|Euro|EUR|European|German|French|Bund|EU|NextGenerationEU|Swiss)\b/, 'europe_ex_uk'],
  [/\b(UK|Gilt|Bank of England|Sterling)\b/, 'uk'],
  [/\b(Japan|Japanese|BoJ|Bank of Japan|Yen|JGB|Shunto)\b/, 'japan'],
  [/\b(China|Chinese|Renminbi)\b/, 'china'],
  [/\b(India|Indonesia|Asian|Taiwan)\b/, 'asia_ex_japan'],
  [/\b(Brazil|Mexico|Argentina)\b/, 'latam'],
  [/\b(EM|Turkey|South Africa|Frontier|Gulf|Sovereign restructuring)\b/, 'emerging_markets'],
]

export function parseTheme(line: string) {
  const [name, terms] = line.split('|')
  return {
    name: name.trim(),
    terms: (terms ?? name)
      .split(',')
      .map((term) => term.trim())
      .filter(Boolean),
  }
}

/** A profile for a theme, from its spec line and its groups. */
export function themeProfile(
  line: string,
  top: GroupSpec,
  group: GroupSpec
): Omit<ThemeProfile, 'siblings'> {
  const { name, terms: allTerms } = parseTheme(line)
  // A term that is the theme's own name reads badly next to it ("small caps … small caps").
  const others = allTerms.filter((term) => term.toLowerCase() !== name.toLowerCase())
  const terms = others.length ? others : allTerms
  const implied = NAME_REGIONS.filter(([pattern]) => pattern.test(name)).map(([, region]) => region)
  return {
    id: 0,
    name,
    short: SHORT_NAMES[name] ?? name,
    terms,
    topKey: top.key!,
    topName: top.name,
    groupName: group.name,
    assetClasses: group.assetClasses ?? top.assetClasses ?? ['multi_asset'],
    types: group.types ?? top.types ?? ['strategy'],
    regions: implied.length ? implied : (group.regions ?? top.regions ?? ['global']),
    sectors: group.sectors ?? top.sectors ?? [],
    weight: BASE_WEIGHTS[name] ?? 1,
    hooks: HOOKS[name] ?? [],
  }
}

/** Every theme of the taxonomy with its profile, top groups in order. */
export function taxonomyProfiles(): ThemeProfile[] {
  const profiles: ThemeProfile[] = []
  for (const top of THEME_TAXONOMY) {
    const family: ThemeProfile[] = []
    for (const group of [top, ...(top.children ?? [])]) {
      for (const line of group.themes) {
        family.push({ ...themeProfile(line, top, group), siblings: family })
      }
    }
    profiles.push(...family)
  }
  return profiles
}

/**
 * Writes the taxonomy (groups, child groups, themes) when there are no themes yet, and returns
 * the stored themes with their profiles: those of the taxonomy, and a generic profile for any
 * other theme found (one added by hand keeps its group's top-level profile, or a neutral one).
 */
export async function ensureThemeTaxonomy(
  client: QueryClientContract,
  createdAt: string
): Promise<ThemeProfile[]> {
  const existing = await client.from('research_themes').count('* as total').first()
  if (Number(existing?.total ?? 0) === 0) {
    for (const [index, top] of THEME_TAXONOMY.entries()) {
      const topId = await insertGroup(client, top.name, null, index, createdAt)
      const rows: Record<string, unknown>[] = []
      const add = (groupId: number, group: GroupSpec) => {
        for (const line of group.themes) {
          const { name, terms } = parseTheme(line)
          rows.push({
            group_id: groupId,
            name,
            description: `${top.name} › ${group === top ? name : `${group.name} › ${name}`}: research on ${terms.join(', ')}.`,
            status: 'active',
            created_at: createdAt,
          })
        }
      }
      add(topId, top)
      for (const [childIndex, child] of (top.children ?? []).entries()) {
        add(await insertGroup(client, child.name, topId, childIndex, createdAt), child)
      }
      await client.table('research_themes').multiInsert(rows)
    }
  }
  return storedProfiles(client)
}

async function insertGroup(
  client: QueryClientContract,
  name: string,
  parentId: number | null,
  sortOrder: number,
  createdAt: string
) {
  const [inserted] = await client
    .table('research_theme_groups')
    .insert({ name, parent_id: parentId, sort_order: sortOrder, created_at: createdAt })
    .returning('id')
  return Number(typeof inserted === 'object' ? inserted.id : inserted)
}

/** The stored themes with their profiles (see ensureThemeTaxonomy). */
export async function storedProfiles(client: QueryClientContract): Promise<ThemeProfile[]> {
  const rows: { id: number; name: string; group_name: string; top_name: string }[] = await client
    .from('research_themes as t')
    .join('research_theme_groups as g', 'g.id', 't.group_id')
    .leftJoin('research_theme_groups as p', 'p.id', 'g.parent_id')
    .where('t.status', 'active')
    .orderBy('t.id')
    .select(
      't.id',
      't.name',
      'g.name as group_name',
      db.raw('coalesce(p.name, g.name) as top_name')
    )
  const known = new Map(taxonomyProfiles().map((profile) => [profile.name, profile]))
  const families = new Map<string, ThemeProfile[]>()
  const profiles = rows.map((row): ThemeProfile => {
    const top =
      THEME_TAXONOMY.find((group) => group.name === row.top_name) ??
      ({ key: 'other', name: row.top_name, themes: [] } as GroupSpec)
    let family = families.get(top.key!)
    if (!family) families.set(top.key!, (family = []))
    const base = known.get(row.name)
    const profile: ThemeProfile = base
      ? { ...base, id: Number(row.id), siblings: family }
      : {
          ...themeProfile(`${row.name}|${row.name}`, top, top),
          groupName: row.group_name,
          weight: 0.5,
          id: Number(row.id),
          siblings: family,
        }
    family.push(profile)
    return profile
  })
  return profiles
}

/** Themes written on in one season only: the months (0–11) their trend curve applies in. */
const SEASONS: Record<string, number[]> = { 'Year-ahead outlook': [10, 11, 0] }
/** Outside its season, a seasonal theme is written on this much less than usual. */
const OFF_SEASON = 0.3

/** How much is written on a theme at a moment: its base weight, its era and its trend curve. */
export function themeWeightAt(theme: ThemeProfile, ms: number, denseStart: number) {
  let weight = theme.weight
  for (const era of ERAS) {
    if (era.name === theme.name && ms >= era.from && ms < (era.to ?? denseStart)) {
      weight *= era.factor
    }
  }
  const season = SEASONS[theme.name]
  const inSeason = !season || season.includes(new Date(ms).getUTCMonth())
  const week = trendWeekOf(ms, denseStart)
  if (week >= 0 && week < SNAPSHOT_WEEKS) {
    const curve = TREND_CURVES[theme.name]
    if (curve) weight *= inSeason ? curve[week] : OFF_SEASON
  } else if (!inSeason) {
    weight *= OFF_SEASON
  }
  return weight
}

/** Cumulative weights, picked from by binary search (hundreds of themes, many draws). */
export class Picker<T> {
  readonly #values: T[]
  readonly #cumulative: Float64Array
  readonly #total: number

  constructor(entries: [T, number][]) {
    const kept = entries.filter(([, weight]) => weight > 0)
    this.#values = kept.map(([value]) => value)
    this.#cumulative = new Float64Array(kept.length)
    let sum = 0
    kept.forEach(([, weight], index) => (this.#cumulative[index] = sum += weight))
    this.#total = sum
  }

  pick(random: Random): T {
    const target = random.next() * this.#total
    let low = 0
    let high = this.#cumulative.length - 1
    while (low < high) {
      const middle = (low + high) >> 1
      if (this.#cumulative[middle] <= target) low = middle + 1
      else high = middle
    }
    return this.#values[low]
  }
}

/** Primary-theme pickers by week (trend curves and eras change the odds week by week). */
export function weeklyThemePickers(themes: ThemeProfile[], denseStart: number) {
  const pickers = new Map<number, Picker<ThemeProfile>>()
  return (ms: number) => {
    const week = trendWeekOf(ms, denseStart)
    let picker = pickers.get(week)
    if (!picker) {
      const middle = denseStart + week * WEEK_MS + WEEK_MS / 2
      picker = new Picker(themes.map((theme) => [theme, themeWeightAt(theme, middle, denseStart)]))
      pickers.set(week, picker)
    }
    return picker
  }
}

// ---------------------------------------------------------------------------------------------
// Providers: who writes on what
// ---------------------------------------------------------------------------------------------

const MACRO = ['rates', 'inflation', 'growth', 'fiscal', 'fx', 'crossasset']

/** What each research provider writes on (top-group keys); by type when not listed. */
const COVERAGE: Record<string, string[] | undefined> = {
  'takamura-securities': ['japan', 'china', 'em', 'equity', 'tech', 'rates', 'fx', 'growth'],
  'brackenbury-co': ['equity', 'consumer', 'industrials', 'financials', 'realestate'],
  'tolland-shore-securities': ['equity', 'consumer', 'industrials', 'growth'],
  'caldwell-renshaw': ['equity', 'commodities', 'financials'],
  'skagen-nord-markets': ['credit', 'equity', 'transition'],
  'oberhaus-equities': ['industrials', 'equity', 'growth'],
  'banca-lombarda-valori': ['financials', 'equity', 'transition', 'fiscal'],
  'iberia-capital-research': ['em', 'equity', 'financials'],
  'van-loon-effecten': ['tech', 'industrials', 'equity'],
  'prairie-state-securities': ['financials', 'commodities', 'equity', 'consumer'],
  'bay-colony-research': ['health'],
  'southern-cross-equities': ['commodities', 'equity', 'china'],
  'straits-pacific-securities': ['realestate', 'em', 'equity', 'fx'],
  'redfern-research-partners': ['equity', 'consumer', 'industrials', 'financials', 'health'],
  'carrow-street-research': ['tech', 'transition', 'equity', 'crossasset', 'geopolitics'],
  'longacre-research': ['financials', 'credit'],
  'ostara-securities': ['consumer', 'tech', 'industrials'],
  'bramwell-keane': ['transition', 'commodities', 'industrials'],
  'sixth-avenue-research': ['tech', 'consumer'],
  'ravenscourt-independent-research': ['equity', 'consumer', 'industrials', 'health', 'financials'],
  'beaumont-street-research': ['crossasset', 'equity', 'rates', 'growth', 'fx'],
  'lantern-equity-research': ['equity', 'tech', 'consumer'],
  'pelham-forensic-research': ['equity', 'esg'],
  'osprey-point-research': ['industrials', 'growth'],
  'marchmont-sector-research': ['consumer'],
  'tamarind-asia-research': ['china', 'em'],
  'lindenhof-research': ['industrials', 'equity'],
  'alderney-credit-research': ['credit'],
  'sable-island-research': ['commodities', 'transition'],
  'greenhithe-small-cap-research': ['equity'],
  'montrose-energy-analysts': ['commodities', 'transition'],
  'vireo-healthcare-research': ['health'],
  'castellan-research': ['tech', 'industrials'],
  'quayside-esg-research': ['esg', 'transition'],
  'tranquebar-em-research': ['em', 'china'],
  'blackstairs-technology-research': ['tech'],
  'clement-lane-research': ['financials'],
  'cogent-expert-network': ['health', 'tech'],
  'alpine-expert-partners': ['industrials', 'transition'],
  'sagebrush-expert-network': ['commodities', 'transition'],
  'fenwick-economics': ['rates', 'inflation', 'growth', 'fiscal', 'fx'],
  'broadview-macro': ['crossasset', 'rates', 'fx', 'commodities', 'geopolitics', 'equity'],
  'ardmore-macro-strategy': ['rates', 'inflation', 'growth', 'credit', 'fiscal'],
  'stratford-economic-advisers': ['em', 'growth', 'fiscal', 'inflation', 'fx', 'china'],
  'geopolitica-advisory': ['geopolitics', 'fiscal', 'china', 'em', 'commodities'],
  'quantile-consensus-data': ['equity'],
  'signalhouse-analytics': ['equity', 'crossasset'],
  'northstar-estimates': ['equity', 'tech', 'consumer'],
  'cirrus-earnings-models': ['equity', 'industrials'],
  'panorama-alternative-data': ['consumer', 'tech'],
}

const COVERAGE_BY_TYPE: Record<string, string[] | 'all' | undefined> = {
  bulge_bracket: 'all',
  regional_broker: ['equity', 'consumer', 'industrials', 'financials', 'realestate', 'growth'],
  premium_broker: ['equity', 'tech', 'consumer', 'industrials'],
  independent: ['equity'],
  expert_network: ['tech', 'health', 'consumer', 'industrials', 'transition'],
  macro_consultancy: MACRO,
  data_vendor: ['equity'],
}

/** Documents a provider of each type writes, relative to the others. */
const PRODUCTIVITY: Record<string, number> = {
  bulge_bracket: 7,
  premium_broker: 3,
  regional_broker: 2.4,
  independent: 1.8,
  macro_consultancy: 3,
  data_vendor: 0.7,
  expert_network: 0.7,
}

export interface ResearchWriter {
  id: number
  key: string
  name: string
  type: string
  /** Three letters for document references. */
  code: string
  analysts: string[]
}

/** A picker of providers per top group: those covering it, the most productive most often. */
export function providerPickers(providers: SeededResearchProvider[]) {
  const writers = providers.map((provider) => ({
    writer: {
      id: provider.id,
      key: provider.key,
      name: provider.name,
      type: provider.type,
      code: provider.name
        .replace(/[^A-Za-z ]/g, '')
        .split(/\s+/)
        .map((word) => word[0])
        .join('')
        .slice(0, 3)
        .toUpperCase()
        .padEnd(3, 'X'),
      analysts: analystsOf(provider),
    } satisfies ResearchWriter,
    coverage: COVERAGE[provider.key] ?? COVERAGE_BY_TYPE[provider.type] ?? ['equity'],
    weight: PRODUCTIVITY[provider.type] ?? 1,
  }))
  const pickers = new Map<string, Picker<ResearchWriter>>()
  return (topKey: string) => {
    let picker = pickers.get(topKey)
    if (!picker) {
      let entries = writers.filter(
        (entry) => entry.coverage === 'all' || entry.coverage.includes(topKey)
      )
      if (entries.length < 4) entries = writers
      picker = new Picker(entries.map((entry) => [entry.writer, entry.weight]))
      pickers.set(topKey, picker)
    }
    return picker
  }
}

// ---------------------------------------------------------------------------------------------
// Text
// ---------------------------------------------------------------------------------------------

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

const KEEP_CASE = new Set([
  'China',
  'Chinese',
  'Japan',
  'Japanese',
  'Euro',
  'European',
  'German',
  'French',
  'Brazil',
  'Mexico',
  'Turkey',
  'Argentina',
  'South',
  'Indonesia',
  'Gulf',
  'India',
  'Bund-BTP',
  'Swiss',
  'Bank',
  'Magnificent',
  'Bitcoin',
  'Alzheimer',
  'Taiwan',
  'Asian',
  'Russia-Ukraine',
  'Middle',
  'Basel',
  'T+1',
  'NextGenerationEU',
  'Renminbi',
])

/** A theme's name inside a sentence: "inflation", but "ECB policy" and "China property". */
export function inSentence(name: string) {
  const first = name.split(' ')[0]
  const capitals = first.replace(/[^A-Z]/g, '').length
  if (capitals >= 2 || KEEP_CASE.has(first) || !/^[A-Z]/.test(first)) return name
  return first[0].toLowerCase() + name.slice(1)
}

const DISTINCTIVE = [
  'stagflation',
  'reflation',
  'a hard landing',
  'a soft landing',
  'liquidity stress',
  'a policy mistake',
  'fiscal slippage',
  'a capex boom',
  'deglobalisation',
  'margin compression',
  'a volatility spike',
  'term-premium repricing',
  'a credit event',
  'a supply shock',
  'an earnings recession',
  'a productivity boom',
]
const INSTRUMENTS = [
  'curve steepeners',
  'receivers in the five-year sector',
  'quality large caps',
  'short-dated investment grade',
  'options rather than cash',
  'relative value pairs',
  'inflation-linked bonds',
  'the equal-weight index',
  'a basket of domestic cyclicals',
  'long volatility positions',
  'dividend growers',
  'front-end duration',
]
const ACTIONS = [
  'add duration',
  'trim equity beta',
  'rotate towards value',
  'stay underweight credit',
  'keep some cash',
  'lean into cyclicals',
  'raise portfolio quality',
  'hedge the tails',
  'buy the dip selectively',
]
const HORIZONS = ['12-month', 'year-end', 'two-year', 'six-month']
const PROBABILITIES = ['20', '25', '30', '35', '40']

const ABSTRACT_CLAIMS = [
  'We argue that {p} is entering a new phase as {t} shifts.',
  '{P} remains the central debate for investors, but the consensus underestimates {t}.',
  'Our analysis of {t} suggests the outlook for {p} is better than feared.',
  'We revisit {p} after recent moves in {t} and {u}.',
  'The risks around {p} are skewed to the downside as {t} deteriorates.',
  'We think the market is mispricing {p}: {t} matters more than the headlines suggest.',
  'After a quarter dominated by {t}, we update our framework for {p}.',
]
const ABSTRACT_SUPPORT = [
  'We look at {t}, {t2} and the read-across from {s}.',
  'Our models point to {v} as the main risk over the coming quarter.',
  'Client conversations suggest {u} is the overlooked driver.',
  'The evidence from {t2} and {u} points the same way.',
  'We quantify the sensitivity to {s} and stress-test the view against {v}.',
]
const ABSTRACT_IMPLICATIONS = [
  'We {a} and favour {i} as the preferred expression.',
  'For investors this favours {i}; the main risk to the view is {s}.',
  'We {a} and see {v} as the main risk to the call.',
  'Our {h} view is unchanged: {i} still offer the best risk-reward.',
]
const BODY_SENTENCES = [
  'Our base case for {p} assumes {t} stays the dominant driver over the next two quarters, with {u} a secondary but rising influence.',
  'The latest data on {t} argue against the consensus narrative, and we see asymmetric risks for {p} into {Q}.',
  'Positioning in {p} looks crowded, and a repricing of {t} would hit the most popular trades first.',
  'We link {p} to {s}: when {u} moves, {t} has historically followed with a lag of four to six weeks.',
  'In {R}, the read-across from {s} matters more than headline figures suggest.',
  'Our scenario analysis puts a {n}% probability on the bear case, driven by {t} and a sharper move in {u}.',
  'Investors should watch {t} closely; a break out of the recent range would confirm our call on {p}.',
  'Client conversations this week focused on {p}, {s} and the risk of {v}.',
  'We prefer to express the view through {i}, which offer better carry than outright exposure.',
  'Valuations already discount a benign outcome for {s}, leaving little margin of safety if {t} disappoints.',
  'Our proprietary indicator for {t} has turned {d} for the first time since {y}.',
  'The policy response matters: {u} is the transmission channel we think markets underestimate.',
  'History suggests that episodes of {v} tend to resolve through {t} rather than through {u}.',
  'For multi-asset portfolios the implication is to {a} and keep a hedge against {s}.',
  'We raise our {h} forecast and expect {t} to remain the main story for {p}.',
  'Sensitivity to {s} is highest where {u} feeds directly into margins and funding costs.',
  'The second-order effects of {t} on {s} are not in consensus estimates yet.',
  'Compared with previous cycles, {p} now looks closer to {v} than to the benign path priced in.',
]
const RISK_SENTENCES = [
  'The main risk to our view is a faster-than-expected move in {t}, which would challenge the case for {i}.',
  'A policy surprise linked to {s} could reverse the recent moves within days.',
  'If {v} materialises, correlations would rise and diversification across {p} trades would fail when it is most needed.',
  'Liquidity in the instruments we favour is adequate, but gapping risk around data releases on {u} remains.',
  'We would revisit the call if {t} and {u} moved in opposite directions for more than a month.',
]

export interface ComposedText {
  title: string
  abstract: string
  paragraphs: string[]
  risks: string[]
}

export interface CompositionInput {
  primary: ThemeProfile
  secondaries: ThemeProfile[]
  publishedMs: number
  regionLabel: string
}

function fill(random: Random, template: string, input: CompositionInput) {
  const { primary, secondaries } = input
  const date = new Date(input.publishedMs)
  const secondary = secondaries.length ? random.pick(secondaries) : primary
  const year = date.getUTCFullYear()
  const quarter = Math.floor(date.getUTCMonth() / 3) + 1
  return template.replace(/\{(\w+)\}/g, (_match, key: string) => {
    switch (key) {
      case 'S':
        return primary.short
      case 'T':
        return primary.name
      case 'P':
        return primary.name[0].toUpperCase() + inSentence(primary.name).slice(1)
      case 'p':
        return inSentence(primary.name)
      case 't':
        return random.pick(primary.terms)
      case 't2':
        return random.pick(primary.terms)
      case 's':
        return inSentence(secondary.name)
      case 'u':
        return random.pick(secondary.terms)
      case 'v':
        return random.pick(DISTINCTIVE)
      case 'i':
        return random.pick(INSTRUMENTS)
      case 'a':
        return random.pick(ACTIONS)
      case 'h':
        return random.pick(HORIZONS)
      case 'n':
        return random.pick(PROBABILITIES)
      case 'd':
        return random.chance(0.5) ? 'positive' : 'negative'
      case 'y':
        return String(year - random.int(1, 3))
      case 'R':
        return input.regionLabel
      case 'G':
        return primary.topName.toLowerCase().startsWith('fx') ? 'FX' : inSentence(primary.topName)
      case 'M':
        return MONTHS[date.getUTCMonth()]
      case 'N':
        return String(year + 1)
      case 'O':
        // The year an outlook is for: next year's from July on.
        return String(date.getUTCMonth() >= 6 ? year + 1 : year)
      case 'Y':
        return String(year)
      case 'Q':
        return `Q${quarter}`
      default:
        return key
    }
  })
}

/** "Why inflation matters…" reads well; a sentence starting with a lower-case word does not. */
function sentenceCase(text: string) {
  return text[0].toUpperCase() + text.slice(1)
}

export function composeTitle(random: Random, input: CompositionInput) {
  const hooks = input.primary.hooks
  const template =
    hooks.length && random.chance(0.45) ? random.pick(hooks) : random.pick(GENERIC_TITLES)
  return sentenceCase(fill(random, template, input))
}

/** Two or three sentences, at most 600 characters. */
export function composeAbstract(random: Random, input: CompositionInput) {
  const parts = [
    fill(random, random.pick(ABSTRACT_CLAIMS), input),
    fill(random, random.pick(ABSTRACT_SUPPORT), input),
  ]
  if (random.chance(0.7)) parts.push(fill(random, random.pick(ABSTRACT_IMPLICATIONS), input))
  let text = parts.map(sentenceCase).join(' ')
  if (text.length > 600) text = `${text.slice(0, 597).replace(/\s+\S*$/, '')}…`
  return text
}

/** A paragraph of three to five sentences, each mentioning the themes. */
export function composeParagraph(random: Random, input: CompositionInput, sentences?: number) {
  const count = sentences ?? random.int(3, 5)
  const chosen = random.sample(BODY_SENTENCES, count)
  return chosen.map((template) => sentenceCase(fill(random, template, input))).join(' ')
}

/** Body text of about `words` words (the generator's documents, which have no PDF). */
export function composeBody(random: Random, input: CompositionInput, words: number) {
  const sentences: string[] = []
  let count = 0
  while (count < words) {
    const sentence = sentenceCase(fill(random, random.pick(BODY_SENTENCES), input))
    sentences.push(sentence)
    count += sentence.split(' ').length
  }
  return sentences.join(' ')
}

export function composeRisks(random: Random, input: CompositionInput) {
  return random
    .sample(RISK_SENTENCES, random.int(2, 3))
    .map((template) => sentenceCase(fill(random, template, input)))
    .join(' ')
}

// ---------------------------------------------------------------------------------------------
// Documents
// ---------------------------------------------------------------------------------------------

export interface PlannedDocument {
  id: number
  writer: ResearchWriter
  publishedMs: number
  primary: ThemeProfile
  secondaries: { theme: ThemeProfile; relevance: number }[]
  primaryRelevance: number
  type: DocumentType
  assetClasses: AssetClass[]
  regions: ResearchRegion[]
  sectors: Sector[]
  entitlement: Entitlement
  status: 'published' | 'withdrawn'
  authors: string[]
}

const ENTITLEMENT_ODDS = new Picker<Entitlement>([
  ['open', 60],
  ['mnmb', 10],
  ['paid_provider_only', 30],
])

const EQUITY_TYPES = new Set<DocumentType>(['equity_sector', 'equity_company'])

/** Everything about a document but its text: themes, provider, classification, entitlement. */
export function planDocument(
  random: Random,
  id: number,
  publishedMs: number,
  primary: ThemeProfile,
  pickTheme: Picker<ThemeProfile>,
  pickWriter: Picker<ResearchWriter>
): PlannedDocument {
  const secondaries: { theme: ThemeProfile; relevance: number }[] = []
  const wanted = random.int(2, 5)
  const taken = new Set<ThemeProfile>([primary])
  for (let guard = 0; secondaries.length < wanted && guard < 30; guard++) {
    const theme =
      random.chance(0.55) && primary.siblings.length > 1
        ? random.pick(primary.siblings)
        : pickTheme.pick(random)
    if (taken.has(theme)) continue
    taken.add(theme)
    secondaries.push({ theme, relevance: Math.round(random.between(0.2, 0.7) * 100) / 100 })
  }
  const writer = pickWriter.pick(random)
  const type = random.pick(primary.types)
  const assetClasses = random.sample(primary.assetClasses, random.int(1, 2))
  const regions = random.sample(primary.regions, random.int(1, Math.min(2, primary.regions.length)))
  const sectorCount = primary.sectors.length
    ? EQUITY_TYPES.has(type)
      ? random.int(1, 2)
      : random.int(0, 1)
    : 0
  const authors = random.sample(writer.analysts, random.int(1, 3))
  return {
    id,
    writer,
    publishedMs,
    primary,
    secondaries,
    primaryRelevance: Math.round(random.between(0.7, 1) * 100) / 100,
    type,
    assetClasses,
    regions,
    sectors: random.sample(primary.sectors, sectorCount),
    entitlement: ENTITLEMENT_ODDS.pick(random),
    status: 'published',
    authors,
  }
}

/** A moment within [from, to): weekdays five times as likely as weekends, 06:00–19:00 UTC. */
export function publishedWithin(random: Random, from: number, to: number) {
  for (let attempt = 0; attempt < 8; attempt++) {
    const day = Math.floor(random.between(from, to) / DAY_MS) * DAY_MS
    const weekday = new Date(day).getUTCDay()
    if ((weekday === 0 || weekday === 6) && random.chance(0.8)) continue
    const ms = day + random.int(6 * 3600, 19 * 3600 - 1) * 1000
    if (ms >= from && ms < to) return ms
  }
  return from + Math.floor(random.between(0, to - from) / 1000) * 1000
}

// ---------------------------------------------------------------------------------------------
// PDF
// ---------------------------------------------------------------------------------------------

const PDF_COLORS = { brand: '#1f3a5f', text: '#1a1a1a', muted: '#5b6470', rule: '#c9ced6' }

export interface ResearchPdfInput {
  title: string
  provider: string
  reference: string
  published: Date
  typeLabel: string
  regionsLabel: string
  authors: string[]
  abstract: string
  themes: string[]
  paragraphs: string[]
  /** A second page: risks and disclosures. */
  risks: string | null
}

const LATIN1 = /^[\n\u0020-\u007e\u00a0-\u00ff]*$/

const pdfDate = (date: Date) =>
  `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`

/**
 * A research note as a PDF of one or two A4 pages: provider and date, title, authors, summary,
 * themes and the analysis (page one), risks and disclosures (page two when there are risks).
 * The same input always gives the same bytes. Returns the bytes and the number of pages.
 * Two built-in fonts only and ragged-right text: each font is parsed again for every document,
 * and thousands of documents are made in one seed.
 */
export function renderResearchPdf(
  input: ResearchPdfInput
): Promise<{ pdf: Buffer; pages: number }> {
  // Plain Latin-1 text (nearly all of it) needs no cleaning for the built-in fonts.
  const text = (value: string) => (LATIN1.test(value) ? value : winAnsiText(value))
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: {
        Title: text(input.title),
        Author: text(`${input.provider} (${input.authors.join(', ')})`),
        Subject: text(input.themes.join(', ')),
        Creator: 'Spendlens demo research',
        CreationDate: input.published,
        ModDate: input.published,
      },
    })
    let pages = 1
    doc.on('pageAdded', () => pages++)
    const chunks: Buffer[] = []
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve({ pdf: Buffer.concat(chunks), pages }))
    doc.on('error', reject)

    const width = doc.page.width - 112
    doc.font('Helvetica-Bold').fontSize(11).fillColor(PDF_COLORS.brand)
    doc.text(text(input.provider), 56, 56, { width, lineBreak: false })
    doc.font('Helvetica').fontSize(8.5).fillColor(PDF_COLORS.muted)
    doc.text(text(`${input.typeLabel} · ${pdfDate(input.published)}`), 56, 58, {
      width,
      align: 'right',
      lineBreak: false,
    })
    doc
      .moveTo(56, 74)
      .lineTo(56 + width, 74)
      .lineWidth(0.75)
      .strokeColor(PDF_COLORS.rule)
      .stroke()
    doc.rect(56, 73, 56, 2).fill(PDF_COLORS.brand)

    doc.font('Helvetica-Bold').fontSize(17).fillColor(PDF_COLORS.text)
    doc.text(text(input.title), 56, 88, { width })
    doc.moveDown(0.4).font('Helvetica').fontSize(9).fillColor(PDF_COLORS.muted)
    doc.text(text(`${input.authors.join(', ')}  ·  ${input.regionsLabel}`), { width })

    const heading = (label: string) => {
      doc.moveDown(0.9).font('Helvetica-Bold').fontSize(10.5).fillColor(PDF_COLORS.brand)
      doc.text(text(label), { width })
      doc.moveDown(0.25)
    }
    heading('Summary')
    doc.font('Helvetica').fontSize(10).fillColor(PDF_COLORS.brand)
    doc.text(text(input.abstract), { width, lineGap: 1.5 })
    doc.moveDown(0.5).font('Helvetica').fontSize(8.5).fillColor(PDF_COLORS.muted)
    doc.text(text(`Themes: ${input.themes.join(', ')}`), { width })

    heading('Analysis')
    doc.font('Helvetica').fontSize(10).fillColor(PDF_COLORS.text)
    for (const paragraph of input.paragraphs) {
      doc.text(text(paragraph), { width, lineGap: 1.5 })
      doc.moveDown(0.6)
    }

    if (input.risks) {
      if (pages === 1) doc.addPage()
      heading('Risks to our view')
      doc.font('Helvetica').fontSize(10).fillColor(PDF_COLORS.text)
      doc.text(text(input.risks), { width, lineGap: 1.5 })
      heading('Analyst certification and disclosures')
      doc.font('Helvetica').fontSize(8).fillColor(PDF_COLORS.muted)
      doc.text(text(disclosure(input.provider)), { width, lineGap: 1 })
    }
    doc.moveDown(1).font('Helvetica').fontSize(7.5).fillColor(PDF_COLORS.muted)
    doc.text(
      text(
        `Ref. ${input.reference}  ·  Published ${pdfDate(input.published)}  ·  For professional investors only. Demonstration document: the provider and analysts are fictional.`
      ),
      { width }
    )
    doc.end()
  })
}

function disclosure(provider: string) {
  return `The analysts named certify that the views expressed accurately reflect their personal views and that no part of their compensation was, is or will be related to the specific recommendations in this report. ${provider} may hold positions in, or provide services to, issuers mentioned. This document is provided for information only and is not an offer to buy or sell any security.`
}

// ---------------------------------------------------------------------------------------------
// The demo seed
// ---------------------------------------------------------------------------------------------

/** Documents a week before the dense weeks, from the first day on. */
const BACKGROUND_PER_WEEK = 6.5
/** Documents in each of the last 12 weeks (the trending snapshots' weeks). */
const DENSE_WEEKS = [164, 170, 160, 172, 180, 168, 171, 162, 175, 169, 158, 152]
const WITHDRAWN = 6

const STARRED = [
  'ECB policy',
  'AI capex',
  'Tariffs & trade',
  'China property',
  'Japan reflation',
  'Credit spreads',
  'Oil supply',
]

/**
 * The analyst's research requests, dated in days before the day of seeding ({N}: the year the
 * coming months' scenarios are for).
 */
const REQUESTS = [
  {
    topic: 'Impact of US tariffs on European autos and capital goods',
    description:
      'We would like independent work on the earnings sensitivity of European autos and capital goods to a universal US tariff, with scenarios for 10% and 20% levies and the likely EU response.',
    assetClass: 'equities',
    region: 'europe_ex_uk',
    themes: ['Tariffs & trade', 'European autos', 'Capital goods cycle'],
    status: 'answered',
    created: [79, 9.33],
    updated: [42, 16.08],
    neededBy: -47,
    assigned: true,
    response:
      'We have gathered the strongest work on tariff sensitivity for European autos and capital goods from your providers: the linked notes model 10% and 20% levies, with the likely EU response in the scenarios. In short, German premium autos carry most of the earnings risk; capital goods with US plants are largely hedged.',
    linkedDocuments: 3,
  },
  {
    topic: 'ECB terminal rate scenarios for {N} and the Bund curve',
    description:
      'Scenarios for the ECB deposit rate through {N} (neutral estimates, the growth outlook, French fiscal risk) and what each implies for the 2s10s Bund curve and BTP spreads.',
    assetClass: 'rates',
    region: 'europe_ex_uk',
    themes: ['ECB policy', 'Yield curve', 'Euro area growth', 'Bund-BTP spread'],
    status: 'in_progress',
    created: [34, 11.7],
    updated: [23, 10.25],
    neededBy: 14,
    assigned: true,
  },
  {
    topic: 'AI data-centre power demand: utilities and grid equipment winners',
    description:
      'Which utilities and grid equipment makers benefit most from data-centre load growth in the US and Europe, and how much is already priced in? Ideally with a comparison of load forecasts.',
    assetClass: 'equities',
    region: 'global',
    themes: ['Data centre power demand', 'Grid investment', 'AI capex'],
    status: 'submitted',
    created: [16, 15.05],
    updated: [16, 15.05],
    neededBy: 44,
  },
  // Pacific Crest's portfolio manager: one declined, one open and already past its date.
  {
    topic: 'Private credit default outlook for US middle-market loans',
    description:
      'A bottom-up view of default and recovery rates for US middle-market direct lending over the next two years, by sector, with the sensitivity to a higher-for-longer rates path.',
    assetClass: 'credit',
    region: 'north_america',
    themes: [],
    status: 'declined',
    created: [27, 14.4],
    updated: [25, 9.6],
    neededBy: -5,
    requester: 'pm',
    assigned: true,
    response:
      'None of the providers your team reads covers US middle-market private credit, and this is outside what the research team can write itself. We suggest asking your private credit managers for their default data.',
  },
  {
    topic: 'Japanese bank earnings under a rising BoJ policy rate',
    description:
      'How sensitive are the net interest margins of the Japanese megabanks and regional banks to further BoJ hikes, and which names do providers favour after the latest rate move?',
    assetClass: 'equities',
    region: 'japan',
    themes: [],
    status: 'submitted',
    created: [20, 8.75],
    updated: [20, 8.75],
    neededBy: -3,
    requester: 'pm',
  },
] satisfies {
  /** Days before the day of seeding and the hour (UTC). */
  created: [number, number]
  updated: [number, number]
  /** Days after the day of seeding (negative: before). */
  neededBy: number
  /** The analyst (default) or Pacific Crest's portfolio manager. */
  requester?: 'pm'
  /** Assigned to the research administrator. */
  assigned?: boolean
  /** The answer, or the reason for declining. */
  response?: string
  /** How many documents the answer links (readable by the team, on the request's themes). */
  linkedDocuments?: number
  [key: string]: unknown
}[]

/** What ended up in the database (for the console and the tests). */
export interface ResearchInsightsSummary {
  themes: number
  documents: number
  snapshots: number
  seconds: number
}

/**
 * The demo's Research Insights, written once the rest of the demo is committed (it reads the
 * research providers and the teams' budget lines): see the file's comment. Skipped when
 * research documents exist already.
 */
export async function seedResearchInsights(
  today: DateTime = clock.now()
): Promise<ResearchInsightsSummary | null> {
  const started = performance.now()
  const calendar = researchCalendar(today)
  const { firstDay, denseStart } = calendar
  const existing = await db.from('research_documents').count('* as total').first()
  if (Number(existing?.total ?? 0) > 0) return null

  const written = await db.transaction(async (trx) => {
    const format = trx.dialect.dateTimeFormat
    const sqlTime = (ms: number) => DateTime.fromMillis(ms, { zone: 'utc' }).toFormat(format)
    const providers = await seedResearchProviders(trx)
    const themes = await ensureThemeTaxonomy(trx, sqlTime(firstDay - 31 * DAY_MS + 9 * 3_600_000))
    const byName = new Map(themes.map((theme) => [theme.name, theme]))

    const random = new Random('research-insights:demo')
    const pickers = weeklyThemePickers(themes, denseStart)
    const writers = providerPickers(providers)
    const last = await trx.from('research_documents').max('id as id').first()
    let nextId = Number(last?.id ?? 0)

    // When: the background years, then the dense weeks.
    const moments: number[] = []
    const background = Math.round(((denseStart - firstDay) / WEEK_MS) * BACKGROUND_PER_WEEK)
    for (let index = 0; index < background; index++) {
      moments.push(publishedWithin(random, firstDay, denseStart))
    }
    for (const [week, count] of DENSE_WEEKS.entries()) {
      const from = denseStart + week * WEEK_MS
      for (let index = 0; index < count; index++) {
        moments.push(publishedWithin(random, from, from + WEEK_MS))
      }
    }
    moments.sort((a, b) => a - b)

    const documents = moments.map((ms) => {
      const pickTheme = pickers(ms)
      const primary = pickTheme.pick(random)
      return planDocument(random, ++nextId, ms, primary, pickTheme, writers(primary.topKey))
    })
    // A handful withdrawn by their provider (older ones: the trending weeks stay whole).
    for (const document of random.sample(
      documents.filter((entry) => entry.publishedMs < denseStart),
      WITHDRAWN
    )) {
      document.status = 'withdrawn'
    }

    // The PDFs (in memory, then on the drive disk) and the rows.
    const disk = drive.use()
    const rows: Record<string, unknown>[] = []
    const themeRows: Record<string, unknown>[] = []
    const texts: { documentId: number; title: string; abstract: string; body: string }[] = []
    let pending: Promise<unknown>[] = []
    for (const document of documents) {
      const input: CompositionInput = {
        primary: document.primary,
        secondaries: document.secondaries.map((entry) => entry.theme),
        publishedMs: document.publishedMs,
        regionLabel: RESEARCH_REGIONS[document.regions[0]],
      }
      const title = composeTitle(random, input)
      const abstract = composeAbstract(random, input)
      const paragraphs = Array.from({ length: random.int(2, 4) }, () =>
        composeParagraph(random, input)
      )
      const risks = random.chance(0.45) ? composeRisks(random, input) : null
      const published = new Date(document.publishedMs)
      const reference = `${document.writer.code}-${published.getUTCFullYear()}-${String(document.id).padStart(6, '0')}`
      const { pdf, pages } = await renderResearchPdf({
        title,
        provider: document.writer.name,
        reference,
        published,
        typeLabel: DOCUMENT_TYPES[document.type],
        regionsLabel: document.regions.map((region) => RESEARCH_REGIONS[region]).join(', '),
        authors: document.authors,
        abstract,
        themes: [document.primary, ...input.secondaries].map((theme) => theme.name),
        paragraphs,
        risks,
      })
      const sha256 = createHash('sha256').update(pdf).digest('hex')
      const key = `research/${sha256.slice(0, 2)}/${document.id}.pdf`
      pending.push(disk.put(key, pdf))
      if (pending.length >= 128) {
        await Promise.all(pending)
        pending = []
      }

      const time = sqlTime(document.publishedMs)
      rows.push({
        id: document.id,
        provider_id: document.writer.id,
        title,
        abstract,
        authors: JSON.stringify(document.authors),
        document_type: document.type,
        asset_classes: JSON.stringify(document.assetClasses),
        regions: JSON.stringify(document.regions),
        sectors: JSON.stringify(document.sectors),
        language: 'en',
        page_count: pages,
        file_key: key,
        sha256,
        file_size: pdf.length,
        entitlement: document.entitlement,
        status: document.status,
        published_at: time,
        created_at: time,
      })
      themeRows.push({
        document_id: document.id,
        theme_id: document.primary.id,
        is_primary: true,
        relevance: document.primaryRelevance,
      })
      for (const { theme, relevance } of document.secondaries) {
        themeRows.push({
          document_id: document.id,
          theme_id: theme.id,
          is_primary: false,
          relevance,
        })
      }
      // The searchable text is the PDF's: the analysis, then the risks and disclosures.
      const body = [...paragraphs, ...(risks ? [risks, disclosure(document.writer.name)] : [])]
      texts.push({ documentId: document.id, title, abstract, body: body.join('\n\n') })
    }
    await Promise.all(pending)

    for (let index = 0; index < rows.length; index += 500) {
      await trx.table('research_documents').multiInsert(rows.slice(index, index + 500))
    }
    for (let index = 0; index < themeRows.length; index += 500) {
      await trx.table('research_document_themes').multiInsert(themeRows.slice(index, index + 500))
    }
    for (let index = 0; index < texts.length; index += 500) {
      await indexDocumentTexts(trx, texts.slice(index, index + 500))
    }
    if (trx.dialect.name === 'postgres') {
      await trx.rawQuery(
        `select setval(pg_get_serial_sequence('research_documents', 'id'), (select coalesce(max(id), 1) from research_documents))`
      )
    }

    await seedTeamsAndAnalyst(trx, calendar, documents, byName, sqlTime)
    return { themes: themes.length, documents: documents.length }
  })

  const snapshots = await backfillWeeklySnapshots(calendar.snapshotDay, SNAPSHOT_WEEKS)
  return {
    ...written,
    snapshots: snapshots.filter((outcome) => outcome.snapshotId !== null).length,
    seconds: (performance.now() - started) / 1000,
  }
}

/**
 * The entitlements of the two Research Insights teams (providers they pay in their research
 * budgets, where they have them), and the demo analyst's stars, bookmarks, reads and requests.
 */
async function seedTeamsAndAnalyst(
  trx: TransactionClientContract,
  calendar: ResearchCalendar,
  documents: PlannedDocument[],
  byName: Map<string, ThemeProfile>,
  sqlTime: (ms: number) => string
) {
  const random = new Random('research-insights:demo:people')
  const northbridge = await trx.from('teams').where('name', NORTHBRIDGE).select('id').first()
  const pacificCrest = await trx.from('teams').where('name', PACIFIC_CREST).select('id').first()
  const analyst = await trx.from('users').where('email', 'analyst@example.com').select('id').first()
  if (!northbridge || !pacificCrest) return
  const providerIds = [...new Set(documents.map((document) => document.writer.id))].sort(
    (a, b) => a - b
  )

  const northbridgeProviders = fillUp(
    random,
    await paidProviders(trx, Number(northbridge.id)),
    providerIds,
    25,
    new Set()
  )
  const nb = new Set(northbridgeProviders)
  const pacificPaid = await paidProviders(trx, Number(pacificCrest.id))
  const shared = pacificPaid.filter((id) => nb.has(id)).slice(0, 3)
  const pacificProviders = fillUp(
    random,
    [...pacificPaid.filter((id) => !nb.has(id)).slice(0, 12), ...shared],
    providerIds,
    15,
    nb
  )
  const entitledAt = sqlTime(calendar.firstDay + 3 * DAY_MS + 9 * 3_600_000)
  await trx.table('research_entitlements').multiInsert([
    ...northbridgeProviders.map((providerId) => ({
      team_id: northbridge.id,
      provider_id: providerId,
      created_at: entitledAt,
    })),
    ...pacificProviders.map((providerId) => ({
      team_id: pacificCrest.id,
      provider_id: providerId,
      created_at: entitledAt,
    })),
  ])
  if (!analyst) return

  const starred = STARRED.map((name) => byName.get(name)).filter((theme) => theme !== undefined)
  await trx.table('research_starred_themes').multiInsert(
    starred.map((theme, index) => ({
      user_id: analyst.id,
      theme_id: theme.id,
      starred_at: sqlTime(calendar.end - (300 - index * 9) * DAY_MS + 10.5 * 3_600_000),
    }))
  )

  // Bookmarks and reads: documents Northbridge may read, of the last weeks, on starred themes first.
  const readable = documents.filter(
    (document) =>
      document.status === 'published' &&
      document.publishedMs >= calendar.denseStart &&
      (document.entitlement !== 'paid_provider_only' || nb.has(document.writer.id))
  )
  const onStarred = readable.filter((document) => starred.includes(document.primary))
  const bookmarked = random.sample(onStarred.length >= 12 ? onStarred : readable, 12)
  const lastMoment = calendar.end - 3_600_000
  const afterPublication = (document: PlannedDocument, maxDays: number) =>
    Math.min(
      lastMoment,
      document.publishedMs + Math.floor((random.between(0.05, maxDays) * DAY_MS) / 1000) * 1000
    )
  await trx.table('research_bookmarks').multiInsert(
    bookmarked.map((document) => ({
      user_id: analyst.id,
      document_id: document.id,
      created_at: sqlTime(afterPublication(document, 3)),
    }))
  )
  const reads = [
    ...bookmarked,
    ...random.sample(
      readable.filter((document) => !bookmarked.includes(document)),
      28
    ),
  ]
  await trx.table('research_read_events').multiInsert(
    reads.map((document) => ({
      user_id: analyst.id,
      team_id: northbridge.id,
      document_id: document.id,
      channel: 'web',
      opened_at: sqlTime(afterPublication(document, 6)),
    }))
  )

  await seedRequests(trx, {
    calendar,
    analystId: Number(analyst.id),
    northbridgeId: Number(northbridge.id),
    pacificCrestId: Number(pacificCrest.id),
    readable,
    byName,
    sqlTime,
  })

  // The analyst reads the weekly digest (`npm run ace -- digest:send` sends this week's).
  await trx
    .table('email_subscriptions')
    .insert({ user_id: analyst.id, subscription: 'weekly_digest', created_at: entitledAt })
    .onConflict(['user_id', 'subscription'])
    .ignore()
}

/**
 * The demo's research requests in every state: the analyst's (Northbridge) and Pacific Crest's
 * portfolio manager's, assigned to the research administrator where the team took them on, with
 * their status changes (already mailed) and, once answered, the documents the answer links —
 * the newest Northbridge may read on the request's themes.
 */
async function seedRequests(
  trx: TransactionClientContract,
  world: {
    calendar: ResearchCalendar
    analystId: number
    northbridgeId: number
    pacificCrestId: number
    readable: PlannedDocument[]
    byName: Map<string, ThemeProfile>
    sqlTime: (ms: number) => string
  }
) {
  const { calendar, byName, sqlTime } = world
  const pm = await trx.from('users').where('email', 'pm@example.com').select('id').first()
  const researchAdmin = await trx
    .from('users')
    .where('email', 'research.admin@example.com')
    .select('id')
    .first()
  const daysBefore = ([days, hour]: [number, number]) =>
    calendar.end - days * DAY_MS + Math.round(hour * 3_600_000)
  const scenarioYear = new Date(calendar.end + 180 * DAY_MS).getUTCFullYear()
  const withYear = (text: string) => text.replaceAll('{N}', String(scenarioYear))
  for (const [index, request] of REQUESTS.entries()) {
    if (request.requester === 'pm' && !pm) continue
    const fromPm = request.requester === 'pm'
    const created = daysBefore(request.created)
    const updated = daysBefore(request.updated)
    const assigneeId = request.assigned && researchAdmin ? Number(researchAdmin.id) : null
    const requestId = await insertReturningId(trx, 'research_requests', {
      reference: `RR-${new Date(created).getUTCFullYear()}-${String(index + 1).padStart(4, '0')}`,
      team_id: fromPm ? world.pacificCrestId : world.northbridgeId,
      user_id: fromPm ? Number(pm!.id) : world.analystId,
      topic: withYear(request.topic),
      description: withYear(request.description),
      asset_class: request.assetClass,
      region: request.region,
      theme_ids: JSON.stringify(
        request.themes.map((name) => byName.get(name)?.id).filter((id) => id !== undefined)
      ),
      needed_by: new Date(calendar.end + request.neededBy * DAY_MS).toISOString().slice(0, 10),
      status: request.status,
      assignee_id: assigneeId,
      response: request.response ?? null,
      responded_at: request.response ? sqlTime(updated) : null,
      created_at: sqlTime(created),
      updated_at: sqlTime(updated),
    })
    // Its way here: taken in progress halfway, then answered or declined.
    const steps: [string, string, number][] = []
    if (request.status === 'in_progress' || request.status === 'answered') {
      steps.push([
        'submitted',
        'in_progress',
        request.status === 'answered' ? (created + updated) / 2 : updated,
      ])
    }
    if (request.status === 'answered') steps.push(['in_progress', 'answered', updated])
    if (request.status === 'declined') steps.push(['submitted', 'declined', updated])
    for (const [from, to, at] of steps) {
      const moment = sqlTime(Math.floor(at / 1000) * 1000)
      await trx.table('research_request_status_changes').insert({
        request_id: requestId,
        from_status: from,
        to_status: to,
        message: to === 'answered' || to === 'declined' ? (request.response ?? null) : null,
        changed_by: assigneeId,
        notified_at: moment,
        created_at: moment,
      })
    }
    if (request.linkedDocuments) {
      const themeNames = new Set<string>(request.themes)
      const linked = world.readable
        .filter(
          (document) =>
            document.publishedMs <= updated &&
            (themeNames.has(document.primary.name) ||
              document.secondaries.some((entry) => themeNames.has(entry.theme.name)))
        )
        .sort((a, b) => b.publishedMs - a.publishedMs || a.id - b.id)
        .slice(0, request.linkedDocuments)
      if (linked.length) {
        await trx.table('research_request_documents').multiInsert(
          linked.map((document, position) => ({
            request_id: requestId,
            document_id: document.id,
            position,
          }))
        )
      }
    }
  }
}

/** The providers a team pays in its latest research budget, largest budget first. */
async function paidProviders(trx: TransactionClientContract, teamId: number) {
  const rows = await trx
    .from('rsa_budget_lines')
    .where('team_id', teamId)
    .where('year', trx.from('rsa_budget_lines').where('team_id', teamId).max('year'))
    .groupBy('provider_id')
    .select('provider_id')
    .sum('budget_amount as amount')
    .orderBy([
      { column: 'amount', order: 'desc' },
      { column: 'provider_id', order: 'asc' },
    ])
  return rows.map((row) => Number(row.provider_id))
}

/** `count` providers: the preferred ones first, then others (not in `avoid`) at random. */
function fillUp(
  random: Random,
  preferred: number[],
  all: number[],
  count: number,
  avoid: Set<number>
) {
  const chosen = [...new Set(preferred.filter((id) => all.includes(id)))].slice(0, count)
  const others = random.shuffle(all.filter((id) => !chosen.includes(id) && !avoid.has(id)))
  return [...chosen, ...others.slice(0, Math.max(0, count - chosen.length))]
}
