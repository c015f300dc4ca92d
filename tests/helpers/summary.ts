import db from '@adonisjs/lucid/services/db'
import { MODULES } from '#shared/modules'
import { currentYear } from '#services/calendar/clock'
import { makeContract, makeProvider } from '#tests/helpers/market_data_fixtures'
import {
  researchProvider,
  rsaBudget,
  rsaInteractions,
  rsaMember,
  rsaTeam,
} from '#tests/helpers/rsa'

/** Facet values of the seeded dictionaries used by the summary fixtures. */
export const FACET = {
  geography: { global: 1, uk: 4, japan: 5 },
  assetclass: { equities: 1, fx: 4 },
  index: { msciWorld: 1 },
  pricetype: { all: 0, fixedFee: 1, payPerUse: 3, enterprise: 8 },
  priority: { core: 1, secondary: 2, tail: 3 },
} as const

export async function tag(
  subjectType: 'provider' | 'product',
  subjectId: number,
  category: string,
  valueIds: number[]
) {
  await db.table('summary_facet_tags').multiInsert(
    valueIds.map((valueId) => ({
      subject_type: subjectType,
      subject_id: subjectId,
      category,
      value_id: valueId,
    }))
  )
}

/**
 * A small world the summary tests compute by hand (this year, all GBP):
 * - the viewer team pays Atlas (bulge bracket; tagged UK and Global; fixed fee, price £150,000,
 *   paid £120,000 + £30,000; 3 interactions) and Birch (independent; tagged Japan; pay per use,
 *   price £50,000, paid £40,000), and holds a contract (enterprise licence, two years from a year
 *   ago) with a market data vendor for two products (each £52,000 over the period, benchmark
 *   £50,000, 25 users): the first tagged MSCI World and Equities, the second FX;
 * - another team pays Atlas too and holds a contract with the same vendor, with 5 interactions:
 *   none of it may ever show in the viewer's figures or counts.
 */
export async function summaryWorld(
  options: { modules?: (typeof MODULES)[keyof typeof MODULES][] } = {}
) {
  const year = currentYear()
  const modules = options.modules ?? [
    MODULES.rsaBudgets,
    MODULES.marketDataContracts,
    MODULES.alternativeData,
  ]
  const atlas = await researchProvider('Atlas Global Markets', 'bulge_bracket')
  const birch = await researchProvider('Birch Independent Research', 'independent')
  const vendor = await makeProvider({ products: 2 })
  const viewer = await rsaTeam({ currency: 'GBP', year, modules })
  const { budget } = await rsaBudget(
    viewer.team,
    viewer.currencyId,
    [
      { provider: atlas, price: 150_000, paid: [120_000, 30_000], priceType: 'fixed_fee' },
      { provider: birch, price: 50_000, paid: [40_000], priceType: 'pay_per_use' },
    ],
    { year, approvedAt: `${year - 1}-12-01T10:00:00Z` }
  )
  const contract = await makeContract(viewer.team.id, vendor, { licenseTypeIndex: 0 })
  await rsaInteractions(viewer.team, atlas, { analyst_call: 3 }, { on: `${year}-01-15` })

  const other = await rsaTeam({ currency: 'GBP', year, modules })
  await rsaBudget(
    other.team,
    other.currencyId,
    [{ provider: atlas, price: 900_000, paid: [900_000] }],
    {
      year,
      approvedAt: `${year - 1}-12-01T10:00:00Z`,
    }
  )
  const otherContract = await makeContract(other.team.id, vendor, { licenseTypeIndex: 0 })
  await rsaInteractions(other.team, atlas, { analyst_call: 5 }, { on: `${year}-01-15` })

  await tag('provider', atlas.id, 'geographies', [FACET.geography.uk, FACET.geography.global])
  await tag('provider', birch.id, 'geographies', [FACET.geography.japan])
  await tag('product', vendor.productIds[0], 'indices', [FACET.index.msciWorld])
  await tag('product', vendor.productIds[0], 'assetclasses', [FACET.assetclass.equities])
  await tag('product', vendor.productIds[1], 'assetclasses', [FACET.assetclass.fx])

  const member = await rsaMember(viewer.team)
  const otherMember = await rsaMember(other.team)
  return {
    year,
    budget,
    atlas,
    birch,
    vendor,
    viewer,
    other,
    contract,
    otherContract,
    member,
    otherMember,
  }
}
