import type { ModuleName } from '#shared/modules'
import { MODULES } from '#shared/modules'
import { renderReportPdf, type ReportBlock } from '#services/pdf/report_pdf'
import { Random } from '#database/generate/random'

/**
 * The demo's Insights Reports as planned: their taxonomy (also used by the generator), the 33
 * reports with their title, summary, category, tags, author, audience and key figures, and
 * their PDFs — several pages each, rendered in memory by the product's report renderer with the
 * body text of their category, charts, tables and a data appendix (see insights_reports.ts for
 * the seed).
 */

export const INSIGHTS_CATEGORIES = [
  'Research Spend Trends',
  'Market Data Pricing',
  'Analyst Mapping',
  'Regulation',
  'Methodology',
  'Event & Webinar Notes',
  'Alternative Data',
  'Client Reviews',
] as const
export type Category = (typeof INSIGHTS_CATEGORIES)[number]

export const INSIGHTS_TAGS = [
  'Equities',
  'Fixed Income',
  'Multi-asset',
  'Market Data',
  'UK',
  'EU',
  'US',
  'APAC',
  'Switzerland',
  'COO',
  'Head of Research',
  'Procurement',
  'Compliance',
  'Portfolio Managers',
  'Budgeting',
  'Renewals',
  'Index Data',
  'Independent Research',
] as const
export type Tag = (typeof INSIGHTS_TAGS)[number]

export const NORTHBRIDGE = 'Northbridge Asset Management'
export const HELVETIA = 'Helvetia Capital Partners'
export const PACIFIC_CREST = 'Pacific Crest Investors'
export type DemoTeam = typeof NORTHBRIDGE | typeof HELVETIA | typeof PACIFIC_CREST

export type Access =
  | { type: 'all_clients' }
  | { type: 'product_holders'; module: ModuleName }
  | { type: 'selected_teams'; teams: DemoTeam[] }

/** What the PDF's data pages are about (the charts, tables and appendix it carries). */
type Kind = 'spend' | 'marketData' | 'analysts' | 'regulation' | 'method' | 'event' | 'altData'

export interface PlannedReport {
  /** Seeds the report's own random stream: its figures stay put when others change. */
  key: string
  /** ISO instant of publication. */
  published: string
  title: string
  summary: string
  category: Category
  tags: Tag[]
  author: string
  access: Access
  kind: Kind
  /** Key figures on the first page: label, value, hint. */
  figures: [string, string, string?][]
  findings: string[]
  /** Rows of the appendix table (more rows, more pages). */
  appendixRows: number
  /** A team's own review: its position against peers is drawn. */
  team?: DemoTeam
  withdrawn?: { at: string; reason: string }
  /** A replaced file: version 2, uploaded then, with what changed. */
  revised?: { at: string; note: string; notifyAgain: boolean }
}

const ALL: Access = { type: 'all_clients' }
const holders = (module: ModuleName): Access => ({ type: 'product_holders', module })
const only = (...teams: DemoTeam[]): Access => ({ type: 'selected_teams', teams })

const AUTHORS = {
  hart: 'Eleanor Hart',
  menon: 'Rajiv Menon',
  laurent: 'Sophie Laurent',
  kim: 'Daniel Kim',
  novak: 'Marta Novak',
  whitfield: 'James Whitfield',
}

export const INSIGHTS_REPORTS: PlannedReport[] = [
  {
    key: 'spend-outlook-2024',
    published: '2024-01-18T09:30:00Z',
    title: 'Research spend outlook 2024: budgets after the unbundling decade',
    summary:
      'Six years after MiFID II, research budgets have settled at a fraction of their bundled levels, yet the spread between similar firms remains wide. We set out what peers plan to spend in 2024, where the cuts have stopped and which provider types are gaining share.',
    category: 'Research Spend Trends',
    tags: ['Equities', 'UK', 'Head of Research'],
    author: `${AUTHORS.hart} and ${AUTHORS.menon}`,
    access: ALL,
    kind: 'spend',
    figures: [
      ['Median 2024 budget change', '+2.1%', 'contributors planning an increase: 41%'],
      ['Median spend', '3.4 bps', 'of equity AUM, 2023 actuals'],
      ['Providers paid (median)', '23', 'down from 31 in 2019'],
      ['Share to independents', '17%', 'of external research spend'],
    ],
    findings: [
      'Budgets have stopped falling: the median contributor plans a small nominal increase for 2024, the first since 2018, driven by small- and mid-cap coverage rather than by the large banks.',
      'The spread is still wide: within the same AUM tier, the highest quartile spends more than twice the lowest per basis point of equity assets, and the gap is explained more by strategy than by size.',
      'Independent research providers keep gaining share, from 12% of external spend in 2019 to 17% in 2023, mostly at the expense of regional brokers.',
    ],
    appendixRows: 60,
  },
  {
    key: 'md-inflation-2024',
    published: '2024-02-22T10:00:00Z',
    title: 'Market data inflation survey 2024',
    summary:
      'Market data costs rose again in 2023, by more than research budgets and by more than most firms planned. This survey of renewals across our client base shows which vendor categories drove the increase and how much negotiation still moves the outcome.',
    category: 'Market Data Pricing',
    tags: ['Market Data', 'Procurement', 'COO'],
    author: AUTHORS.laurent,
    access: ALL,
    kind: 'marketData',
    figures: [
      ['Median renewal uplift', '+6.8%', '2023 renewals, like-for-like'],
      ['Index licences', '+9.4%', 'the fastest-rising category'],
      ['Renewals below list', '58%', 'closed under the vendor’s first quote'],
    ],
    findings: [
      'The median like-for-like renewal rose by 6.8% in 2023, ahead of general inflation in every major currency and well ahead of the 3–4% most budget owners had assumed.',
      'Index and ESG data rose fastest; desktop terminals, where seat counts were cut, rose least once the reductions are taken into account.',
      'Negotiation pays: renewals prepared three months or more before the notice date closed on average 2.9 points below those prepared in the last month.',
    ],
    appendixRows: 90,
  },
  {
    key: 'analyst-mapping-q1-2024',
    published: '2024-04-11T08:45:00Z',
    title: 'Analyst mapping Q1 2024: where the experience went',
    summary:
      'Brokers continued to trim senior research staff in the first quarter, while independents and a few regional houses hired. We map the moves by sector and show which coverage lost the most years of experience.',
    category: 'Analyst Mapping',
    tags: ['Equities', 'Head of Research', 'EU'],
    author: AUTHORS.kim,
    access: holders(MODULES.analystMapping),
    kind: 'analysts',
    figures: [
      ['Analyst moves tracked', '214', 'Q1 2024, all providers'],
      ['Net experience lost', '-312 yrs', 'at the ten largest brokers'],
      ['Sectors with a gap', '7', 'of 24 covered by fewer than three seniors'],
    ],
    findings: [
      'The ten largest brokers lost a net 312 years of analyst experience in the quarter; two thirds of it in European small and mid caps.',
      'Healthcare and utilities coverage held up; European banks and chemicals lost the most senior analysts.',
      'Half of the senior leavers joined an independent provider or a buy-side firm, not another broker.',
    ],
    appendixRows: 70,
  },
  {
    key: 'uk-research-review',
    published: '2024-05-16T09:00:00Z',
    title: 'UK research payment reforms: what the Investment Research Review means for budgets',
    summary:
      'The FCA has consulted on letting managers pay for research jointly with execution again, with new guardrails. We explain the proposals, what a firm would have to document and how the choice interacts with a research budget already set for the year.',
    category: 'Regulation',
    tags: ['UK', 'Compliance', 'Head of Research'],
    author: AUTHORS.whitfield,
    access: ALL,
    kind: 'regulation',
    figures: [
      ['Consultation', 'CP23/25', 'following the Investment Research Review'],
      ['Firms considering the option', '38%', 'of UK contributors asked'],
      ['Budget cycle', 'annual', 'set before the period starts'],
    ],
    findings: [
      'The proposal keeps the research budget at the centre: set at least annually, not linked to trading volumes, with overruns disclosed to clients.',
      'Firms choosing joint payment will need a written policy, a method for separating the research charge, and an assessment of value at least once a year.',
      'Most contributors who plan to use the option want it for small- and mid-cap coverage, where bundled access to corporate research was hardest to replace.',
    ],
    appendixRows: 0,
  },
  {
    key: 'ps24-9-guide',
    published: '2024-07-30T09:00:00Z',
    title: 'PS24/9 joint payments: a practical implementation guide',
    summary:
      'PS24/9 lets UK managers pay for research jointly with execution from 1 August 2024. This guide turns the rules into a checklist: the written policy, the budget, the allocation across providers and clients, the annual assessment and what to disclose.',
    category: 'Regulation',
    tags: ['UK', 'Compliance', 'COO'],
    author: `${AUTHORS.whitfield} and ${AUTHORS.hart}`,
    access: ALL,
    kind: 'regulation',
    figures: [
      ['In force', '1 Aug 2024', 'for MiFID investment firms'],
      ['Budget', 'annual', 'not linked to trading volumes'],
      ['Disclosure', 'provider types', 'not names or amounts'],
    ],
    findings: [
      'The joint-payment route is an option, not a return to bundling: the research charge must be identified separately, budgeted and assessed.',
      'An overrun of the budget must be disclosed to clients as soon as reasonably practicable, in practice in the next costs-and-charges report.',
      'Firms must be able to show that research charges are reasonable against relevant comparators — peer price benchmarks become a regulatory use case, not only a procurement one.',
    ],
    appendixRows: 0,
    revised: {
      at: '2025-06-12T09:00:00Z',
      note: 'Second edition: adds the proposed extension of the option to fund managers (AIFMs and UCITS management companies) and the lessons of the first year.',
      notifyAgain: true,
    },
  },
  {
    key: 'index-licensing-2024',
    published: '2024-09-12T09:15:00Z',
    title: 'Index data licensing: how much the same index costs different clients',
    summary:
      'The same benchmark index is licensed at very different prices to similar firms. Using anonymised contracts from our market data clients, we show the dispersion by licence type and the terms that explain most of it.',
    category: 'Market Data Pricing',
    tags: ['Market Data', 'Index Data', 'Procurement'],
    author: AUTHORS.laurent,
    access: holders(MODULES.marketDataContracts),
    kind: 'marketData',
    figures: [
      ['Index budgets', '0.55–1.27 bps', 'of AUM across contributors'],
      ['Price dispersion', '21%', 'average, same index, similar firms'],
      ['Paying over 2× peers', '1 in 9', 'contracts reviewed'],
    ],
    findings: [
      'Across contributors, the same index is priced on average 21% differently, and about one contract in nine pays more than twice the peer median.',
      'Reporting and redistribution licences show the widest dispersion; benchmark licences priced on benchmarked AUM the narrowest.',
      'Firms that renegotiated the AUM basis (average instead of peak, or only the assets actually benchmarked) saved the most.',
    ],
    appendixRows: 120,
  },
  {
    key: 'ficc-research-pricing',
    published: '2024-10-24T09:30:00Z',
    title: 'Fixed income research: pricing the FICC subscription',
    summary:
      'FICC research moved from free to paid with MiFID II, but pricing remains opaque and mostly by subscription. We compare what fixed income managers pay for macro, rates and credit research, and how they measure what they use.',
    category: 'Research Spend Trends',
    tags: ['Fixed Income', 'EU', 'Head of Research'],
    author: AUTHORS.menon,
    access: ALL,
    kind: 'spend',
    figures: [
      ['Median FICC subscription', '$62k', 'per bank, per year'],
      ['Range', '$8k – $420k', 'global banks, 2024'],
      ['Share of total research', '24%', 'for multi-asset contributors'],
    ],
    findings: [
      'The median FICC subscription with a global bank costs about $62,000 a year, with a range of $8,000 to $420,000 depending on the number of users and analyst access.',
      'Credit research is the most valued and the least measured: few contributors log credit analyst calls as systematically as equity interactions.',
      'Managers who moved FICC research into the same budget and vote as equities cut their provider list by a third within two years.',
    ],
    appendixRows: 45,
  },
  {
    key: 'forum-london-2024',
    published: '2024-12-05T10:00:00Z',
    title: 'Event notes: Research Valuation Forum, London, November 2024',
    summary:
      'Heads of research, COOs and compliance officers met in London to compare their first months under the joint-payment option. These notes summarise the sessions, the audience polls and the questions most often asked.',
    category: 'Event & Webinar Notes',
    tags: ['UK', 'Head of Research', 'Equities'],
    author: AUTHORS.novak,
    access: ALL,
    kind: 'event',
    figures: [
      ['Attendees', '86', 'from 54 firms'],
      ['Using joint payment', '19%', 'of firms present, by poll'],
      ['Top concern', 'comparators', 'proving charges are reasonable'],
    ],
    findings: [
      'Only a fifth of the firms present had adopted joint payment by November; most were waiting for the fund-manager extension or for their clients’ reaction.',
      'Proving that research charges are reasonable against comparators was the most cited concern, ahead of the allocation of costs across clients.',
      'Several participants asked for a common vocabulary of research services, so that providers’ price lists can be compared.',
    ],
    appendixRows: 31,
  },
  {
    key: 'budgets-2025-peers',
    published: '2025-01-23T09:00:00Z',
    title: 'Research budgets 2025: peer benchmarks by AUM tier',
    summary:
      'How much do comparable firms budget for research in 2025, and with how many providers? Built from the research spend submissions of our clients, this benchmark sets out budgets by AUM tier, strategy and payment method.',
    category: 'Research Spend Trends',
    tags: ['Equities', 'Budgeting', 'COO'],
    author: `${AUTHORS.menon} and ${AUTHORS.kim}`,
    access: holders(MODULES.rsaBudgets),
    kind: 'spend',
    figures: [
      ['Median 2025 budget', '3.1 bps', 'of equity AUM'],
      ['Budget change', '+3.4%', 'median, nominal'],
      ['Joint payment adopters', '14%', 'of UK contributors'],
      ['Providers paid', '24', 'median'],
    ],
    findings: [
      'The median 2025 research budget is 3.1 bps of equity AUM, 3.4% higher in nominal terms than 2024; small managers still spend three to five times more per basis point than the largest.',
      'UK firms that adopted joint payment did not raise their budgets on the way in: the research charge was identified first and the budget kept flat.',
      'Provider lists stopped shrinking: the median contributor pays 24 providers, one more than last year, with the addition mostly an independent.',
    ],
    appendixRows: 100,
  },
  {
    key: 'how-we-benchmark',
    published: '2025-02-27T09:00:00Z',
    title: 'How we benchmark: peer statistics and anonymity rules',
    summary:
      'Every peer figure in the service follows the same rules: enough contributors, no dominant contributor and data old enough to be shared. This note explains the rules, why they exist and how to read a benchmark that falls back to a wider peer group.',
    category: 'Methodology',
    tags: ['Compliance', 'Multi-asset'],
    author: AUTHORS.kim,
    access: ALL,
    kind: 'method',
    figures: [
      ['Minimum contributors', '5', 'per published statistic'],
      ['Largest contributor', '≤ 25%', 'of a statistic’s weight'],
      ['Fallback steps', '3', 'peer group widened in order'],
    ],
    findings: [
      'No statistic is shown with fewer than five contributors, and none where one contributor carries more than a quarter of the weight.',
      'When a peer group is too small, the benchmark widens it one step at a time — same tier and region, then same tier, then all contributors — and says which step it used.',
      'Quartiles are computed on the contributors’ own figures converted at the year’s average exchange rate, never on list prices.',
    ],
    appendixRows: 36,
  },
  {
    key: 'northbridge-review-2024',
    published: '2025-03-20T09:00:00Z',
    title: 'Northbridge Asset Management: research spend peer review 2024',
    summary:
      'A review of Northbridge’s 2024 research budget against its peers in the 10–50bn tier: where it pays above the market, which providers it pays but barely uses, and what moving to joint payment changed.',
    category: 'Client Reviews',
    tags: ['Equities', 'UK', 'Head of Research'],
    author: `${AUTHORS.menon} and ${AUTHORS.hart}`,
    access: only(NORTHBRIDGE),
    kind: 'spend',
    team: NORTHBRIDGE,
    figures: [
      ['Research spend', '2.9 bps', 'peer median 3.2 bps'],
      ['Providers above peers', '5', 'priced more than 25% over the median'],
      ['Paid but unused', '1', 'no interaction after June 2024'],
    ],
    findings: [
      'Overall spend is slightly below the peer median, but five providers are priced more than 25% above it — Calloway Brothers’ full-access package most of all, with a renewal due in February.',
      'Castellan Research was paid every quarter of 2024 with no logged interaction after June: a candidate for the next vote.',
      'Lantern Equity Research is cheap and heavily used, Helvetic Union Bank expensive and barely used: the usage-to-spend ratio is the clearest case for reallocation.',
    ],
    appendixRows: 40,
  },
  {
    key: 'analyst-mapping-2024-annual',
    published: '2025-04-17T08:45:00Z',
    title: 'Analyst mapping 2024 annual review: the broker league table',
    summary:
      'Our annual league table ranks research providers by the depth and stability of their analyst teams. 2024 saw fewer moves than 2023 but a continued loss of seniority at the large brokers and gains at independents.',
    category: 'Analyst Mapping',
    tags: ['Equities', 'EU', 'Head of Research'],
    author: AUTHORS.kim,
    access: holders(MODULES.analystMapping),
    kind: 'analysts',
    figures: [
      ['Analysts tracked', '4,050', 'at 60 providers'],
      ['Moves in 2024', '612', 'down 9% on 2023'],
      ['Independents’ net gain', '+48', 'analysts, mostly seniors'],
    ],
    findings: [
      'Moves slowed in 2024, but the seniors who left large brokers were replaced by analysts with half their experience on average.',
      'Independents gained 48 analysts net, the largest gain in five years; three of them now cover more European mid caps than any bank.',
      'Coverage of Japanese small caps fell to its lowest level since we started tracking it.',
    ],
    appendixRows: 150,
  },
  {
    key: 'eu-listing-act',
    published: '2025-05-22T09:00:00Z',
    title: 'EU Listing Act: research unbundling rules relaxed across the EU',
    summary:
      'The Listing Act removes the market-cap threshold of the 2021 quick fix: EU firms may again choose joint or separate payment for research on any issuer. We compare the EU and UK regimes and what EU managers should decide before the rules apply.',
    category: 'Regulation',
    tags: ['EU', 'Compliance', 'Head of Research'],
    author: AUTHORS.whitfield,
    access: ALL,
    kind: 'regulation',
    figures: [
      ['Directive', '(EU) 2024/2811', 'part of the Listing Act package'],
      ['Quick-fix threshold', 'removed', 'was €1bn market cap'],
      ['EU contributors on P&L', '61%', 'of those asked'],
    ],
    findings: [
      'EU firms may choose joint or separate payment for research on issuers of any size, provided the choice is documented and clients are informed.',
      'The EU regime asks for less detail than PS24/9 on budgets and assessments; firms active in both will find it simpler to apply the UK standard everywhere.',
      'Few EU contributors plan to leave P&L payment in the short term: the option matters most for small-cap funds.',
    ],
    appendixRows: 0,
  },
  {
    key: 'md-renewals-h1-2025',
    published: '2025-06-19T09:00:00Z',
    title: 'Market data renewals H1 2025: price increases by vendor category',
    summary:
      'Renewals closed in the first half of 2025 show uplifts easing from their 2023 peak, except for index and ESG data. We break the increases down by vendor category and licence type, with the terms that limited them.',
    category: 'Market Data Pricing',
    tags: ['Market Data', 'Renewals', 'Procurement'],
    author: AUTHORS.laurent,
    access: holders(MODULES.marketDataContracts),
    kind: 'marketData',
    figures: [
      ['Median renewal uplift', '+5.2%', 'H1 2025, like-for-like'],
      ['Capped renewals', '34%', 'with a multi-year price cap'],
      ['Seats removed', '7%', 'of desktop seats at renewal'],
    ],
    findings: [
      'The median uplift eased to 5.2% in the first half of 2025, from 6.8% in 2023.',
      'A third of renewals now carry a multi-year cap; capped contracts rose by 3.1% on average against 6.4% for the others.',
      'Firms that reviewed desktop usage before renewing removed 7% of seats on average, more than paying for the uplift on the rest.',
    ],
    appendixRows: 110,
  },
  {
    key: 'webinar-joint-budgets',
    published: '2025-07-10T14:00:00Z',
    title: 'Webinar notes: budgeting for joint payments in year one',
    summary:
      'In our July webinar, three COOs described how they set their first research budget under the joint-payment option: the research share of commissions, the overrun policy and the client disclosures. These notes include the audience questions.',
    category: 'Event & Webinar Notes',
    tags: ['UK', 'COO', 'Budgeting'],
    author: AUTHORS.novak,
    access: ALL,
    kind: 'event',
    figures: [
      ['Participants', '142', 'live, from 97 firms'],
      ['Questions asked', '38', 'in the hour'],
      ['Research share agreed', '3–6 bps', 'of commission, typical range'],
    ],
    findings: [
      'All three panellists set the budget first and derived the research share of commissions from it, not the other way round.',
      'Overrun policies differ: one firm absorbs any overrun in its P&L, two disclose it and recover it in the following year.',
      'The audience’s main question was how to compare research charges with peers without sharing provider names.',
    ],
    appendixRows: 38,
  },
  {
    key: 'pacific-crest-csa',
    published: '2025-09-04T13:00:00Z',
    title: 'Pacific Crest Investors: commission sharing and Section 28(e) review',
    summary:
      'A review of Pacific Crest’s commission-sharing arrangements against US peers: the research share of commissions, the brokers paid through CSAs and the documentation a Section 28(e) review expects.',
    category: 'Client Reviews',
    tags: ['US', 'Compliance', 'Portfolio Managers'],
    author: AUTHORS.menon,
    access: only(PACIFIC_CREST),
    kind: 'spend',
    team: PACIFIC_CREST,
    figures: [
      ['CSA brokers', '11', 'peer median 14'],
      ['Research share', '62%', 'of commissions, peer median 55%'],
      ['Unused CSA balance', '$0.4m', 'at year end'],
    ],
    findings: [
      'The research share of commissions is above the peer median, with a balance left unused at year end that could be reallocated or rebated.',
      'Two brokers are paid through CSAs for research the portfolio managers rarely use.',
      'The 28(e) documentation is complete for eligible research, but corporate access paid through the same arrangements should be separated.',
    ],
    appendixRows: 30,
  },
  {
    key: 'alt-data-2025',
    published: '2025-09-25T09:00:00Z',
    title: 'Alternative data spend benchmarks 2025',
    summary:
      'What do managers pay for alternative data, and how long do they trial before buying? We benchmark annual fees by dataset category and the share of trials that turn into contracts.',
    category: 'Alternative Data',
    tags: ['US', 'Procurement', 'Portfolio Managers'],
    author: AUTHORS.laurent,
    access: holders(MODULES.alternativeData),
    kind: 'altData',
    figures: [
      ['Median dataset fee', '$95k', 'per year'],
      ['Trials converted', '28%', 'into a contract'],
      ['Median trial', '8 weeks', 'from first data to decision'],
    ],
    findings: [
      'Transaction and consumer-spending datasets remain the most expensive, at a median of $210,000 a year.',
      'Fewer than three trials in ten become contracts; firms with a data-science team convert twice as often.',
      'Prices for web-scraped and app-usage data fell for the second year running.',
    ],
    appendixRows: 80,
  },
  {
    key: 'apac-coverage',
    published: '2025-10-30T01:30:00Z',
    title: 'APAC research coverage: who covers Japan and India mid-caps',
    summary:
      'Coverage of Asian mid caps has thinned at the global brokers and moved to local and independent providers. We map who covers Japanese and Indian mid caps today, with the depth and experience of each team.',
    category: 'Analyst Mapping',
    tags: ['APAC', 'Equities', 'Head of Research'],
    author: AUTHORS.kim,
    access: ALL,
    kind: 'analysts',
    figures: [
      ['Japan mid caps covered', '58%', 'of the index by two or more brokers'],
      ['India mid caps covered', '71%', 'up from 63% in 2023'],
      ['Local providers’ share', '46%', 'of the coverage'],
    ],
    findings: [
      'Local brokers and independents now provide almost half of the coverage of Japanese and Indian mid caps.',
      'Global brokers concentrate on the largest names; below $2bn of market cap, most Japanese companies have a single analyst or none.',
      'Indian coverage grew with the market: twelve providers added analysts in 2025.',
    ],
    appendixRows: 90,
  },
  {
    key: 'index-pricing-2025-preliminary',
    published: '2025-11-20T09:00:00Z',
    title: 'Index data pricing study 2025 (preliminary)',
    summary:
      'The preliminary results of our 2025 index data pricing study: licence prices by index family and licence type, and their dispersion across comparable clients.',
    category: 'Market Data Pricing',
    tags: ['Market Data', 'Index Data', 'Procurement'],
    author: AUTHORS.laurent,
    access: holders(MODULES.marketDataContracts),
    kind: 'marketData',
    figures: [
      ['Median index budget', '0.93 bps', 'of AUM'],
      ['Price dispersion', '24%', 'same index, similar firms'],
      ['Contracts reviewed', '412', 'from 61 contributors'],
    ],
    findings: [
      'Index budgets rose again in 2025, to a median of 0.93 bps of AUM.',
      'Dispersion widened slightly, to 24% on average for the same index.',
      'Redistribution licences showed the widest range of prices.',
    ],
    appendixRows: 130,
    withdrawn: {
      at: '2025-12-03T11:20:00Z',
      reason:
        'Withdrawn: a currency conversion error affected the CHF contracts; see the final study.',
    },
  },
  {
    key: 'index-pricing-2025',
    published: '2025-12-11T09:00:00Z',
    title: 'Index data pricing study 2025',
    summary:
      'The final results of our 2025 index data pricing study, replacing the preliminary edition: licence prices by index family and licence type, their dispersion across comparable clients and the contract terms that explain it.',
    category: 'Market Data Pricing',
    tags: ['Index Data', 'Switzerland', 'Procurement'],
    author: AUTHORS.laurent,
    access: holders(MODULES.marketDataContracts),
    kind: 'marketData',
    figures: [
      ['Median index budget', '0.89 bps', 'of AUM'],
      ['Price dispersion', '22%', 'same index, similar firms'],
      ['Contracts reviewed', '412', 'from 61 contributors'],
    ],
    findings: [
      'Index budgets rose to a median of 0.89 bps of AUM in 2025, from 0.84 bps in 2024.',
      'The same index is still priced on average 22% differently across comparable clients; Swiss contributors, once converted correctly, sit close to the median.',
      'Contracts that define the AUM basis precisely (benchmarked assets only, averaged over the year) show the lowest prices for their size.',
    ],
    appendixRows: 140,
  },
  {
    key: 'spend-outlook-2026',
    published: '2026-01-22T09:30:00Z',
    title: 'Research spend outlook 2026',
    summary:
      'Research budgets for 2026 rise modestly for the third year running, with the increase going to independents and specialist providers. We compare plans by region, strategy and payment method, and what contributors expect from the year’s votes.',
    category: 'Research Spend Trends',
    tags: ['Equities', 'Multi-asset', 'Head of Research'],
    author: `${AUTHORS.hart} and ${AUTHORS.menon}`,
    access: ALL,
    kind: 'spend',
    figures: [
      ['Median budget change', '+2.8%', '2026 plans, nominal'],
      ['Median spend', '3.2 bps', 'of equity AUM, 2025 actuals'],
      ['Joint payment', '22%', 'of UK and EU contributors'],
      ['Share to independents', '21%', 'of external research spend'],
    ],
    findings: [
      'Plans for 2026 rise by a median of 2.8%; a quarter of contributors plan cuts, almost all of them at the large banks.',
      'Joint payment is now used by more than a fifth of UK and EU contributors, up from 14% a year ago.',
      'Specialist and independent providers take 21% of external spend, their highest share yet.',
    ],
    appendixRows: 70,
  },
  {
    key: 'md-inflation-2026',
    published: '2026-02-19T10:00:00Z',
    title: 'Market data inflation survey 2026',
    summary:
      'Market data costs rose by less in 2025 than in the two years before, but the gap between well-negotiated and unmanaged contracts widened. This survey shows uplifts by vendor category, licence type and region.',
    category: 'Market Data Pricing',
    tags: ['Market Data', 'Procurement', 'Renewals'],
    author: AUTHORS.laurent,
    access: ALL,
    kind: 'marketData',
    figures: [
      ['Median renewal uplift', '+4.6%', '2025 renewals, like-for-like'],
      ['ESG data', '+8.9%', 'the fastest-rising category'],
      ['Gap, managed vs unmanaged', '3.7 pts', 'of uplift'],
    ],
    findings: [
      'The median uplift eased to 4.6% in 2025, the lowest since our survey began, though still above inflation in most currencies.',
      'ESG and index data rose fastest; real-time feeds rose least, helped by consolidation of entitlements.',
      'Contracts managed against a benchmark rose 3.7 points less than those renewed on the vendor’s terms.',
    ],
    appendixRows: 100,
    revised: {
      at: '2026-03-05T16:40:00Z',
      note: 'Corrected edition: the table of uplifts by licence type in the first edition swapped the site and enterprise rows.',
      notifyAgain: false,
    },
  },
  {
    key: 'research-value-framework',
    published: '2026-03-26T09:00:00Z',
    title: 'Measuring research value: a scoring framework for broker votes',
    summary:
      'A broker vote is only as good as its criteria. We propose a scoring framework that combines portfolio managers’ votes with logged usage and price, and show how peers weight each part.',
    category: 'Methodology',
    tags: ['Head of Research'],
    author: `${AUTHORS.kim} and ${AUTHORS.menon}`,
    access: ALL,
    kind: 'method',
    figures: [
      ['Criteria in a typical vote', '6', 'from 3 to 11 among peers'],
      ['Weight of usage data', '30%', 'median among contributors using it'],
      ['Votes per year', '2', 'median; quarterly at large firms'],
    ],
    findings: [
      'Votes that combine opinion with logged usage are more stable from one period to the next and easier to defend to clients.',
      'Price should enter the score as value for money against peers, not as an absolute amount.',
      'Separate scores for written research, analyst access and events avoid rewarding a provider for the wrong service.',
    ],
    appendixRows: 30,
  },
  {
    key: 'summit-new-york-2026',
    published: '2026-04-23T15:00:00Z',
    title: 'Event notes: Market Data Cost Summit, New York, April 2026',
    summary:
      'Procurement and market data managers met in New York to discuss renewals, usage monitoring and the first enterprise licences for AI use of data. Our notes summarise the sessions and polls.',
    category: 'Event & Webinar Notes',
    tags: ['US', 'Market Data'],
    author: AUTHORS.novak,
    access: ALL,
    kind: 'event',
    figures: [
      ['Attendees', '120', 'from 74 firms'],
      ['Negotiating AI-use terms', '44%', 'of firms present'],
      ['Top priority 2026', 'usage data', 'to support renewals'],
    ],
    findings: [
      'Vendors are adding separate fees for machine and AI use of data; 44% of the firms present were negotiating such terms.',
      'Usage monitoring remains the most effective lever, and the hardest to implement for enterprise feeds.',
      'Panellists expected more vendors to move to enterprise pricing based on AUM, extending the index model to other data.',
    ],
    appendixRows: 36,
  },
  {
    key: 'multi-asset-split',
    published: '2026-05-28T09:00:00Z',
    title: 'Multi-asset research: how fund managers split budgets across asset classes',
    summary:
      'Multi-asset managers buy equity, fixed income and macro research from overlapping providers. We show how peers split their budgets across asset classes and which providers serve several of them.',
    category: 'Research Spend Trends',
    tags: ['Multi-asset', 'Fixed Income', 'Budgeting'],
    author: AUTHORS.menon,
    access: ALL,
    kind: 'spend',
    figures: [
      ['Equity share', '58%', 'of research budgets, median'],
      ['Fixed income share', '27%', 'incl. credit and rates'],
      ['Macro and strategy', '15%', 'rising for two years'],
    ],
    findings: [
      'Equity research still takes the largest share of multi-asset budgets, but macro and strategy have grown for two years running.',
      'Most managers buy FICC research from the same global banks as equities, under separate subscriptions.',
      'A single vote across asset classes helps: managers who use one cut overlapping subscriptions by a fifth.',
    ],
    appendixRows: 60,
  },
  {
    key: 'helvetia-alt-data-dd',
    published: '2026-06-18T08:30:00Z',
    title: 'Helvetia Capital Partners: alternative data vendor due diligence',
    summary:
      'A review of Helvetia’s alternative data vendors against peers: fees, trial outcomes, contract terms and the due diligence points each vendor still has to answer before renewal.',
    category: 'Client Reviews',
    tags: ['Switzerland', 'Procurement', 'Market Data'],
    author: AUTHORS.laurent,
    access: only(HELVETIA),
    kind: 'altData',
    team: HELVETIA,
    figures: [
      ['Datasets licensed', '9', 'from 7 vendors'],
      ['Fees vs peers', '+12%', 'median across datasets'],
      ['Open due diligence points', '14', 'across 4 vendors'],
    ],
    findings: [
      'Two datasets cost more than the peer 75th percentile for comparable coverage; both renew in the next six months.',
      'Four vendors have not yet answered questions on data provenance and personal data, which Swiss and EU rules make a condition of renewal.',
      'One trial converted without a usage review: it should be measured before the first renewal.',
    ],
    appendixRows: 35,
  },
  {
    key: 'analyst-mapping-h1-2026',
    published: '2026-07-16T08:45:00Z',
    title: 'Analyst mapping H1 2026: moves, hires and coverage gaps',
    summary:
      'Analyst moves picked up again in the first half of 2026, led by hires at independents and mid-tier brokers. We map the moves by provider and sector and flag the coverage gaps they left.',
    category: 'Analyst Mapping',
    tags: ['Equities', 'US', 'Head of Research'],
    author: AUTHORS.kim,
    access: holders(MODULES.analystMapping),
    kind: 'analysts',
    figures: [
      ['Moves in H1 2026', '347', 'up 14% year on year'],
      ['Senior leavers', '96', '10+ years of experience'],
      ['New coverage gaps', '5', 'sectors below three seniors'],
    ],
    findings: [
      'Moves rose 14% on the first half of 2025, mostly seniors leaving the large brokers for mid-tier houses.',
      'Five sectors fell below three senior analysts across the providers we track, including European insurance and US regional banks.',
      'Independents hired 41 analysts, a third of them from the buy side.',
    ],
    appendixRows: 160,
  },
  {
    key: 'budgets-2027-planning',
    published: '2026-09-03T09:00:00Z',
    title: 'Research budgets 2027: planning assumptions and peer intentions',
    summary:
      'Budget season starts now. We survey what peers assume for 2027 — provider price increases, the number of providers, the split between written research and access — so that your budget committee starts from the market.',
    category: 'Research Spend Trends',
    tags: ['Budgeting', 'COO', 'Head of Research'],
    author: `${AUTHORS.menon} and ${AUTHORS.hart}`,
    access: holders(MODULES.rsaBudgets),
    kind: 'spend',
    figures: [
      ['Planned change', '+2.2%', 'median, 2027 over 2026'],
      ['Assumed price rises', '+4.0%', 'for the large banks'],
      ['Providers to cut', '2', 'median planned reduction'],
    ],
    findings: [
      'Peers plan a median budget increase of 2.2% for 2027, below the price rises they expect from the large banks.',
      'Most plan to pay for the difference by cutting two providers, chosen in the autumn vote.',
      'Analyst access is expected to take a larger share of budgets than written research for the first time.',
    ],
    appendixRows: 80,
  },
  {
    key: 'reference-pricing-data',
    published: '2026-09-24T09:00:00Z',
    title: 'Reference and pricing data: the quiet cost line in fixed income',
    summary:
      'Evaluated pricing and reference data rarely make the headlines of a market data review, yet for fixed income managers they are often the second-largest line. We benchmark what peers pay and how they structure the contracts.',
    category: 'Market Data Pricing',
    tags: ['Fixed Income', 'Market Data', 'Procurement'],
    author: AUTHORS.laurent,
    access: ALL,
    kind: 'marketData',
    figures: [
      ['Share of market data spend', '18%', 'for fixed income managers'],
      ['Median uplift', '+6.1%', '2025–26 renewals'],
      ['Instruments priced', '42k', 'median per contributor'],
    ],
    findings: [
      'Reference and evaluated pricing data take 18% of the market data budget of fixed income managers, second only to desktops.',
      'Prices are mostly set per instrument; contributors who pooled instrument lists across funds paid up to 30% less per instrument.',
      'Few contracts define what happens to prices when the instrument count falls.',
    ],
    appendixRows: 110,
  },
  {
    key: 'northbridge-md-renewals-2027',
    published: '2026-10-08T09:00:00Z',
    title: 'Northbridge Asset Management: market data renewal outlook 2027',
    summary:
      'Northbridge’s market data contracts that renew in 2027, with the expected uplift of each against peers, the notice dates to prepare for and the savings a benchmark-led negotiation could reach.',
    category: 'Client Reviews',
    tags: ['Market Data', 'Renewals', 'UK'],
    author: AUTHORS.laurent,
    access: only(NORTHBRIDGE),
    kind: 'marketData',
    team: NORTHBRIDGE,
    figures: [
      ['Contracts renewing', '12', 'in 2027'],
      ['Expected uplift', '+5.4%', 'if renewed on vendors’ terms'],
      ['Savings in reach', '£310k', 'a year, benchmark-led'],
    ],
    findings: [
      'Twelve contracts renew in 2027; four have notice dates before the end of March and should be prepared now.',
      'Three contracts are priced above the peer 75th percentile for comparable licences.',
      'Consolidating desktop entitlements across two vendors would remove about 6% of seats.',
    ],
    appendixRows: 45,
  },
  {
    key: 'webinar-joint-two-years',
    published: '2026-10-22T14:00:00Z',
    title: 'Webinar notes: joint payments two years on',
    summary:
      'Two years after PS24/9 and the EU Listing Act, our panel of heads of research compared how joint payment works in practice: budgets, disclosures, client reactions and the comparators they use.',
    category: 'Event & Webinar Notes',
    tags: ['UK', 'EU', 'Head of Research'],
    author: AUTHORS.novak,
    access: ALL,
    kind: 'event',
    figures: [
      ['Participants', '167', 'live, from 112 firms'],
      ['Using joint payment', '31%', 'of firms present, by poll'],
      ['Budget overruns disclosed', '2', 'among the panel’s firms'],
    ],
    findings: [
      'Almost a third of the firms present now use joint payment, mostly for small- and mid-cap strategies.',
      'Clients have asked few questions about the research charge; consultants have asked more.',
      'The panel agreed that peer price benchmarks are the most practical way to show charges are reasonable.',
    ],
    appendixRows: 30,
  },
  {
    key: 'irp-benchmark-2026',
    published: '2026-11-05T09:00:00Z',
    title: 'Independent research providers: pricing and usage benchmark 2026',
    summary:
      'Independent providers take a growing share of research budgets. We benchmark their prices by service type and size, and compare how intensively clients use them against bank research.',
    category: 'Research Spend Trends',
    tags: ['Independent Research', 'Equities', 'Head of Research'],
    author: AUTHORS.menon,
    access: ALL,
    kind: 'spend',
    figures: [
      ['Median IRP subscription', '$42k', 'per year'],
      ['Interactions per $10k', '3.4', 'vs 1.1 for bank research'],
      ['IRPs paid (median)', '6', 'up from 4 in 2023'],
    ],
    findings: [
      'The median independent subscription costs $42,000 a year, about half the median bank package.',
      'Clients log three times as many interactions per dollar with independents as with bank research.',
      'The number of independents paid has risen by half since 2023, mostly specialists in one sector or region.',
    ],
    appendixRows: 90,
  },
  {
    key: 'regulatory-outlook-2027',
    published: '2026-11-18T09:00:00Z',
    title: 'Regulatory outlook 2027: research and market data rules to watch',
    summary:
      'The rules that will shape research and market data budgets in 2027: the UK and EU payment options in their settled form, consolidated tape pricing, and the disclosures clients and regulators increasingly ask for.',
    category: 'Regulation',
    tags: ['UK', 'EU', 'Compliance'],
    author: `${AUTHORS.whitfield} and ${AUTHORS.laurent}`,
    access: ALL,
    kind: 'regulation',
    figures: [
      ['Rules to watch', '7', 'in the UK, EU and US'],
      ['Reviews due', '2027', 'FCA review of the payment option'],
      ['Action needed', '3', 'before the 2027 budget is set'],
    ],
    findings: [
      'The UK and EU payment options are settled; 2027 is about evidence: budgets, assessments and comparators that stand up to review.',
      'Consolidated tapes for bonds and equities change what firms pay for post-trade data, though not yet by much.',
      'US firms should expect questions about research paid through commissions as the cross-border gap persists.',
    ],
    appendixRows: 0,
  },
]

// ---------------------------------------------------------------------------------------------
// The PDFs
// ---------------------------------------------------------------------------------------------

interface Section {
  heading: string
  paragraphs: string[]
  /** ISO day before which the section does not apply (it speaks of later rules). */
  from?: string
}

/** The body text of each category: two or three of these sections go into every report. */
const SECTIONS: Record<Category, Section[]> = {
  'Research Spend Trends': [
    {
      heading: 'Where the money goes',
      paragraphs: [
        'Research budgets are still dominated by the global banks, which take close to half of external spend among our contributors. Their share has fallen slowly since 2018, not because managers have dropped them, but because the price of a complete package has come down and the number of banks paid at that level has shrunk to a handful per firm.',
        'The share taken by regional brokers has fallen fastest. Many were paid through commissions for local coverage and corporate access; when research had to be budgeted, the coverage was often judged replaceable and the access was moved to a separate line. Independents and specialists filled part of the gap, usually for one sector or one region at a time.',
      ],
    },
    {
      heading: 'Size, strategy and intensity',
      paragraphs: [
        'Spend per basis point of equity assets falls with size: a manager with less than £10bn spends three to five times more per basis point than one with more than £150bn. The effect is strongest in small-cap and emerging market strategies, where external coverage is harder to replace with internal analysts.',
        'Within a tier, strategy matters more than size. Active, concentrated strategies spend more, and so do managers with larger in-house teams, counter-intuitively: their analysts use external research as an input, not a substitute, and they tend to log their interactions more completely.',
      ],
    },
    {
      heading: 'Payment methods',
      from: '2024-09-01',
      paragraphs: [
        'Most contributors still pay for research from their own P&L. Research payment accounts remain common among managers with a large share of institutional mandates in continental Europe, and joint payment has grown since August 2024 among UK managers with small- and mid-cap strategies.',
        'The payment method changes the governance more than the amount. Whichever route is chosen, the budget is set before the period, assessed against the value received and, where clients pay, disclosed to them. Firms that moved to joint payment kept their budgets broadly flat in the first year.',
      ],
    },
    {
      heading: 'What to take into the budget committee',
      paragraphs: [
        'Three comparisons are worth making before a budget is approved: total spend per basis point against the peer tier, the price paid to each of the largest providers against the peer quartiles for the same service, and the usage logged with each provider against its share of the budget.',
        'Where a provider is paid well above peers and little used, the conversation with that provider is easier with the evidence in hand. Where a provider is cheap and heavily used, the budget may be too low to keep the relationship, and the vote should say so.',
      ],
    },
  ],
  'Market Data Pricing': [
    {
      heading: 'What drove the increases',
      paragraphs: [
        'Price increases at renewal come from three sources: the vendor’s list price, changes in the licence basis (more users, more assets, more sites) and the loss of discounts granted at the previous renewal. In our sample, list prices explain about half of the uplift; the rest comes from the basis and the terms.',
        'Enterprise and index licences priced on assets under management rise with markets even when nothing else changes. Contracts that fix the asset basis for the term, or average it over a year, were the least affected by the strong markets of the period.',
      ],
    },
    {
      heading: 'Licence types and dispersion',
      paragraphs: [
        'Dispersion is widest where the licence is hardest to compare: redistribution, display and non-display use, and enterprise licences whose scope differs from one contract to the next. Named-user desktops are the easiest to benchmark and show the narrowest range of prices.',
        'A wide dispersion is an opportunity for those at the top of the range. Contributors in the top quartile for a product paid on average 35% more than the median for the same licence type and size; most could point to no term that justified the difference.',
      ],
    },
    {
      heading: 'Negotiation and timing',
      paragraphs: [
        'The single most effective lever remains time. Renewals prepared well ahead of the notice date allow the firm to review usage, request alternatives and, where needed, give notice. Renewals prepared in the last month are usually accepted on the vendor’s terms.',
        'Multi-year caps have become more common. They reduce uplifts during the term, but the price at the end of the cap period is often reset to the list; firms should benchmark the capped price against the market before signing the next term.',
      ],
    },
    {
      heading: 'Usage and entitlements',
      paragraphs: [
        'Usage data is the basis of every good renewal. For desktops it is readily available; for enterprise feeds it requires an entitlement system and a clear inventory of the applications consuming the data. Contributors with an inventory removed on average 7% of their licences at renewal.',
        'Non-display and machine use are the fastest-growing fee lines. Vendors now distinguish between human display, algorithmic use and, increasingly, the use of data to train or feed AI models. Each should be listed in the contract inventory with the applications concerned.',
      ],
    },
  ],
  'Analyst Mapping': [
    {
      heading: 'Why analyst moves matter',
      paragraphs: [
        'When a senior analyst leaves a provider, the research does not stop, but its depth often does. The replacement may be junior, the coverage may be dropped for months, and the relationships that made the research valuable may follow the analyst to a new firm that the manager does not pay.',
        'Tracking moves lets a research team adjust the vote before the budget is spent: reduce the allocation to a provider that lost its key analyst in a sector, and consider the provider the analyst joined. Few firms do this systematically; most learn of a move from the analyst’s farewell note.',
      ],
    },
    {
      heading: 'Experience and seniority',
      paragraphs: [
        'We measure the depth of a team in years of experience and in the number of senior analysts — those with ten years or more of covering their sector. Headcount alone hides the change: a provider can keep its numbers while replacing its seniors with analysts who have a third of their experience.',
        'Across the providers we track, the average experience of an analyst at the largest brokers has fallen by about two years since 2019, while it has risen at independents, which have hired many of the seniors who left.',
      ],
    },
    {
      heading: 'Coverage gaps',
      paragraphs: [
        'A coverage gap is a sector and region in which fewer than three senior analysts remain across the providers a firm could buy from. Gaps matter most for small and mid caps, where a single analyst often covers a company for the whole market.',
        'Gaps tend to persist: once a bank drops coverage of a sector in a region, it rarely resumes it. Independents and local brokers fill some gaps within a year; others stay open, and managers rely on corporate access and their own analysts.',
      ],
    },
  ],
  'Regulation': [
    {
      heading: 'What the rules require',
      paragraphs: [
        'Whatever the payment route, the rules ask a manager to set a research budget before the period starts, not linked to the volume or value of transactions, to assess the quality of the research bought against robust criteria, and to allocate the budget between providers according to that assessment.',
        'Where clients pay for research, they must be told the budgeted amount and the estimated charge before the service is provided, and the actual costs afterwards. Overruns must be disclosed, and surpluses rebated or carried forward according to the firm’s policy.',
      ],
    },
    {
      heading: 'Joint payment in practice',
      from: '2024-07-26',
      paragraphs: [
        'Joint payment allows research to be paid together with execution, but it does not allow the research cost to disappear into the commission. The firm must agree the research share with each broker, for example as a number of basis points of the commission, and track it against the budget.',
        'The allocation of costs across clients must be commensurate with the benefit they receive. Most firms do this at the level of strategies or groups of portfolios with a common investment approach, and document the grouping rationale alongside the budget.',
      ],
    },
    {
      heading: 'The role of comparators',
      from: '2024-07-26',
      paragraphs: [
        'The requirement that research charges be reasonable against relevant comparators is new in substance. It asks the firm to know what comparable firms pay for comparable research, which in practice means a peer price benchmark by provider and service type.',
        'A benchmark does not need provider names to be useful to a regulator: it needs to show that the charge sits within a range paid by similar firms for a similar service, and that charges outside the range were examined and explained.',
      ],
    },
    {
      heading: 'What to document',
      paragraphs: [
        'A firm’s file should contain the written policy, the budget and its approval, the method used to separate the research charge, the allocation across providers and clients, the periodic assessments and their effect on the next allocation, and the disclosures made to clients.',
        'Each of these documents should carry a date and an approver. Regulators reviewing a research arrangement look first for the sequence: budget before the period, assessment before the reallocation, disclosure before the charge.',
      ],
    },
  ],
  'Methodology': [
    {
      heading: 'Principles',
      paragraphs: [
        'Our benchmarks are built from the contracts, budgets and interactions our clients submit. Every figure published is an aggregate of several contributors, and no figure can be traced back to one of them: we follow the long-established rules for benchmarking exchanges, with a third party running the collection and statistics built only from enough contributors.',
        'We publish quartiles and medians rather than means, because they are robust to the occasional very large or very small contract, and we always show the number of contributors behind a statistic.',
      ],
    },
    {
      heading: 'Peer groups and fallbacks',
      paragraphs: [
        'A peer group is defined by the attributes that drive the measure: AUM tier and region for budgets, licence type and size for market data prices, service type and provider for research prices. When the group is too small to publish, it is widened one attribute at a time, and the label says which attributes were kept.',
        'A benchmark from a wider group is still useful, but it should be read with care: a median across all regions will not reflect the local price level of a provider that prices differently in Europe and in the US.',
      ],
    },
    {
      heading: 'Data quality',
      paragraphs: [
        'Submissions are checked for consistency before they enter a statistic: amounts against the contract period, currencies against the contributor’s domicile, and outliers against the contributor’s own history. Questions are returned to the contributor rather than corrected silently.',
        'Amounts are converted to a common currency at the average exchange rate of the year they relate to. Multi-year contracts are spread over their years, and one-off fees are shown separately.',
      ],
    },
  ],
  'Event & Webinar Notes': [
    {
      heading: 'Opening session',
      paragraphs: [
        'The opening session set the scene with the results of our latest survey and a discussion of what has changed since the previous edition. Panellists agreed that the debate has moved from whether to pay for research to how to show that what is paid is reasonable.',
        'Several speakers noted that their budget committees now ask for peer comparisons as a matter of course, and that providers have become more willing to discuss prices when presented with evidence.',
      ],
    },
    {
      heading: 'Panel discussion',
      paragraphs: [
        'The panel compared practices across firms of different sizes. The smaller firms relied on a handful of providers and informal assessments; the larger ones ran quarterly votes with usage data and formal reallocation rules. All agreed that documentation had become the main cost of compliance.',
        'Asked what they would do differently, panellists pointed to the inventory of services: knowing exactly which services each provider delivers, and to whom, was the step that made every later decision easier.',
      ],
    },
    {
      heading: 'Audience questions',
      paragraphs: [
        'Questions from the audience focused on practical points: how to treat corporate access, how to value analyst calls that are not logged, and how to allocate a research charge across funds with different strategies.',
        'On unlogged interactions, the consensus was pragmatic: estimate them once, from a sample of weeks, and improve the logging rather than argue over the estimate.',
      ],
    },
  ],
  'Alternative Data': [
    {
      heading: 'The market',
      paragraphs: [
        'The alternative data market has matured: the number of vendors has stabilised, prices for the most common datasets have fallen, and buyers have become more demanding on provenance, coverage history and delivery.',
        'The most expensive datasets remain those with unique coverage — card transactions, receipts, supply-chain shipments — where a single vendor often has no direct competitor and prices are set by what the largest buyers will pay.',
      ],
    },
    {
      heading: 'Trials and conversion',
      paragraphs: [
        'Most datasets are bought after a trial, and most trials do not convert. Firms that define the test in advance — the signal to be found, the backtest period, the decision criteria — convert more often and faster, and negotiate better because they know what the data is worth to them.',
        'Trials that run without a plan tend to drift: the data arrives, nobody has time to test it, and the vendor asks for a decision after the trial period ends.',
      ],
    },
    {
      heading: 'Due diligence',
      paragraphs: [
        'Due diligence has become a standard step before purchase: how the data was collected, whether it contains personal data, what consents apply, whether it could contain material non-public information, and what happens to the buyer’s rights if the vendor loses its source.',
        'Swiss and EU buyers add data-protection questions that US vendors are not always ready to answer. A standard questionnaire, sent at the start of the trial, saves weeks at the end.',
      ],
    },
  ],
  'Client Reviews': [
    {
      heading: 'Scope of this review',
      paragraphs: [
        'This review compares the team’s own figures, as submitted to the service, with those of its peers in the same AUM tier and region. Peer figures are aggregates of at least five contributors; no other client can be identified from them.',
        'Amounts are converted to the team’s reporting currency at the average exchange rate of each year. Where a peer statistic was not available at the narrowest peer group, the wider group used is named in the tables.',
      ],
    },
    {
      heading: 'Recommendations',
      paragraphs: [
        'We recommend discussing the findings at the next budget or vendor committee, in the order of the amounts at stake. For each provider priced above the peer range, the first step is to confirm that the services compared are the same; where they are, the benchmark supports a negotiation.',
        'Where a provider is paid but little used, the team should confirm the usage with the portfolio managers before the vote; logging gaps are common, and an unlogged but valued service should be recorded rather than cut.',
      ],
    },
    {
      heading: 'Next steps',
      paragraphs: [
        'The figures in this review will be refreshed when the team’s next submission is received. Our client services team can walk through the review with the team and prepare the material for the committee.',
      ],
    },
  ],
}

const BROKERS = [
  'Ashcombe Global Markets',
  'Calloway Brothers',
  'Hollister Grant & Co',
  'Banque Delacroix CIB',
  'Rhenania Bank Research',
  'Mercer Lowell Capital Markets',
  'Takamura Securities',
  'Helvetic Union Bank',
  'Brackenbury & Co',
  'Tolland Shore Securities',
  'Caldwell Renshaw',
  'Skagen Nord Markets',
  'Oberhaus Equities',
  'Banca Lombarda Valori',
  'Iberia Capital Research',
  'Straits Pacific Securities',
]

const INDEPENDENTS = [
  'Redfern Research Partners',
  'Carrow Street Research',
  'Longacre Research',
  'Ravenscourt Independent Research',
  'Beaumont Street Research',
  'Lantern Equity Research',
  'Marchmont Sector Research',
  'Tamarind Asia Research',
  'Alderney Credit Research',
  'Castellan Research',
]

const SECTORS = [
  'Banks',
  'Insurance',
  'Chemicals',
  'Capital goods',
  'Autos',
  'Utilities',
  'Telecoms',
  'Healthcare',
  'Software',
  'Semiconductors',
  'Consumer staples',
  'Retail',
  'Real estate',
  'Energy',
  'Mining',
  'Media',
]

const REGIONS = ['UK', 'Europe ex UK', 'US', 'Japan', 'Asia ex Japan']

const ROLES = [
  'Head of research',
  'Chief operating officer',
  'Research business manager',
  'Compliance officer',
  'Portfolio manager',
  'Market data manager',
  'Procurement lead',
  'Chief investment officer',
]

const VENDOR_CATEGORIES: [string, number][] = [
  ['Terminals and desktops', 4.8],
  ['Real-time feeds', 5.9],
  ['Enterprise data', 6.6],
  ['Index licences', 9.1],
  ['Reference and pricing', 6.2],
  ['ESG data', 10.4],
  ['Credit ratings', 5.1],
  ['Research platforms', 3.9],
]

const LICENCE_TYPES = ['Named user', 'Site', 'Enterprise', 'Redistribution', 'Non-display']

const ALT_DATA: [string, number][] = [
  ['Card transactions', 210],
  ['Receipts and e-commerce', 160],
  ['Supply chain and shipping', 120],
  ['Geolocation and footfall', 95],
  ['App usage', 70],
  ['Web-scraped prices', 55],
  ['Job postings', 45],
  ['Sentiment and news', 60],
]

const percent = (value: number, digits = 1) => `${value >= 0 ? '+' : ''}${value.toFixed(digits)}%`
const thousands = (value: number, symbol = '$') =>
  `${symbol}${Math.round(value).toLocaleString('en-GB')}k`
const jitter = (random: Random, value: number, spread: number) =>
  value * (1 + random.between(-spread, spread))

/** The charts, tables and appendix of a report, from its own random stream. */
function dataBlocks(report: PlannedReport, random: Random, version: number): ReportBlock[] {
  const symbol = report.team === NORTHBRIDGE ? '£' : report.team === HELVETIA ? 'CHF ' : '$'
  switch (report.kind) {
    case 'spend': {
      const tiers: [string, number][] = [
        ['Below $10bn', 6.8],
        ['$10–50bn', 3.9],
        ['$50–150bn', 2.6],
        ['$150–500bn', 1.7],
        ['Above $500bn', 1.1],
      ]
      const types: [string, number, number][] = [
        ['Global banks', 46, -1.8],
        ['Regional and mid-tier brokers', 19, -1.1],
        ['Independent research providers', 18, 1.9],
        ['Expert networks', 9, 0.6],
        ['Specialist data and surveys', 8, 0.4],
      ]
      const providers = [...BROKERS, ...INDEPENDENTS]
      const blocks: ReportBlock[] = [
        {
          type: 'barChart',
          title: 'Median research spend by AUM tier',
          unit: 'bps of equity AUM',
          bars: tiers.map(([label, value]) => ({
            label,
            value: Number(jitter(random, value, 0.08).toFixed(1)),
          })),
        },
        { type: 'heading', text: 'Spend by provider type' },
        {
          type: 'table',
          columns: [
            { label: 'Provider type', width: 200 },
            { label: 'Share of spend', align: 'right' },
            { label: 'Change (pts)', align: 'right' },
            { label: 'Median providers paid', align: 'right' },
          ],
          rows: types.map(([label, share, change]) => [
            label,
            `${Math.round(jitter(random, share, 0.06))}%`,
            percent(jitter(random, change, 0.3)).replace('%', ''),
            String(random.int(2, label === 'Global banks' ? 7 : 12)),
          ]),
        },
      ]
      if (report.team) {
        blocks.push({
          type: 'rangeChart',
          title: `${report.team}: research spend against peers (bps of equity AUM)`,
          format: 'number',
          // The four years before the review's.
          rows: [4, 3, 2, 1].map((back) => {
            const year = String(new Date(report.published).getUTCFullYear() - back)
            const median = jitter(random, 3.2, 0.1)
            return {
              label: year,
              p25: Number((median * 0.72).toFixed(2)),
              median: Number(median.toFixed(2)),
              p75: Number((median * 1.34).toFixed(2)),
              you: Number(jitter(random, median * 0.92, 0.12).toFixed(2)),
            }
          }),
        })
      }
      blocks.push(
        { type: 'heading', text: 'Appendix: price points observed' },
        {
          type: 'paragraph',
          text: 'Annual prices paid by contributors for each provider and service level, in thousands, converted at the average exchange rate of the year. Only cells with five contributors or more are shown.',
        },
        {
          type: 'table',
          columns: [
            { label: 'Provider', width: 170 },
            { label: 'Service' },
            { label: 'Median', align: 'right' },
            { label: 'p25 – p75', align: 'right' },
            { label: 'Contributors', align: 'right' },
          ],
          rows: Array.from({ length: report.appendixRows }, (_, index) => {
            const provider = providers[index % providers.length]
            const independent = INDEPENDENTS.includes(provider)
            const service = random.pick(
              independent
                ? ['Written research', 'Analyst access', 'Full access']
                : ['Full access', 'Written research', 'Analyst access', 'Events']
            )
            const median = random.between(independent ? 18 : 40, independent ? 90 : 260)
            return [
              provider,
              service,
              thousands(median, symbol),
              `${thousands(median * random.between(0.6, 0.85), symbol)} – ${thousands(median * random.between(1.2, 1.6), symbol)}`,
              String(random.int(5, 38)),
            ]
          }),
        }
      )
      return blocks
    }
    case 'marketData': {
      // The corrected edition of the 2026 survey put the licence rows in their right order.
      const licences = [...LICENCE_TYPES]
      if (report.revised && version === 1) [licences[1], licences[2]] = [licences[2], licences[1]]
      const blocks: ReportBlock[] = [
        {
          type: 'barChart',
          title: 'Median price increase at renewal by vendor category',
          unit: '%',
          bars: VENDOR_CATEGORIES.map(([label, value]) => ({
            label,
            value: Number(jitter(random, value, 0.12).toFixed(1)),
            color: value > 8 ? 'amber' : 'brand',
          })),
        },
        { type: 'heading', text: 'Uplifts by licence type' },
        {
          type: 'table',
          columns: [
            { label: 'Licence type', width: 150 },
            { label: 'Median uplift', align: 'right' },
            { label: 'p75', align: 'right' },
            { label: 'Renewals', align: 'right' },
            { label: 'Closed below quote', align: 'right' },
          ],
          rows: [4.1, 5.3, 6.9, 8.2, 9.6].map((median, index) => [
            licences[index],
            percent(jitter(random, median, 0.08)),
            percent(jitter(random, median * 1.6, 0.08)),
            String(random.int(40, 260)),
            `${random.int(38, 71)}%`,
          ]),
        },
      ]
      if (report.team) {
        blocks.push({
          type: 'rangeChart',
          title: `${report.team}: annual cost per licence against peers (thousands)`,
          format: 'number',
          rows: ['Terminals', 'Feeds', 'Index', 'Pricing'].map((label) => {
            const median = random.between(20, 90)
            return {
              label,
              p25: Math.round(median * 0.75),
              median: Math.round(median),
              p75: Math.round(median * 1.3),
              you: Math.round(median * random.between(0.85, 1.45)),
            }
          }),
        })
      }
      blocks.push(
        { type: 'heading', text: 'Appendix: renewals by product type' },
        {
          type: 'paragraph',
          text: 'Like-for-like uplifts of renewals closed in the period, by vendor category, product type and licence type. Renewals with a change of scope are excluded.',
        },
        {
          type: 'table',
          columns: [
            { label: 'Vendor category', width: 130 },
            { label: 'Licence type' },
            { label: 'Region' },
            { label: 'Median uplift', align: 'right' },
            { label: 'Range', align: 'right' },
            { label: 'Renewals', align: 'right' },
          ],
          rows: Array.from({ length: report.appendixRows }, (_, index) => {
            const [category, base] = VENDOR_CATEGORIES[index % VENDOR_CATEGORIES.length]
            const median = jitter(random, base, 0.35)
            return [
              category,
              random.pick(LICENCE_TYPES),
              random.pick(['UK', 'EU', 'US', 'Switzerland', 'APAC']),
              percent(median),
              `${(median * random.between(0.1, 0.6)).toFixed(1)}–${(median * random.between(1.4, 2.2)).toFixed(1)}%`,
              String(random.int(5, 64)),
            ]
          }),
        }
      )
      return blocks
    }
    case 'analysts': {
      const brokers = random.sample([...BROKERS, ...INDEPENDENTS], 10)
      return [
        {
          type: 'barChart',
          title: 'Net change in senior analysts by provider',
          unit: 'analysts',
          bars: brokers.map((label) => {
            const value = INDEPENDENTS.includes(label) ? random.int(-1, 6) : random.int(-9, 3)
            return { label, value, color: value < 0 ? 'red' : 'green' }
          }),
        },
        { type: 'heading', text: 'League table' },
        {
          type: 'table',
          columns: [
            { label: 'Provider', width: 170 },
            { label: 'Analysts', align: 'right' },
            { label: 'Joiners', align: 'right' },
            { label: 'Leavers', align: 'right' },
            { label: 'Avg. experience', align: 'right' },
          ],
          rows: brokers.map((label) => {
            const analysts = INDEPENDENTS.includes(label) ? random.int(8, 45) : random.int(40, 180)
            return [
              label,
              String(analysts),
              String(random.int(1, Math.ceil(analysts / 8))),
              String(random.int(1, Math.ceil(analysts / 7))),
              `${random.between(6, 17).toFixed(1)} yrs`,
            ]
          }),
        },
        { type: 'heading', text: 'Appendix: coverage by provider and sector' },
        {
          type: 'paragraph',
          text: 'Analysts covering each sector and region at the end of the period, with the change over the period and the experience of the most senior analyst.',
        },
        {
          type: 'table',
          columns: [
            { label: 'Provider', width: 150 },
            { label: 'Sector' },
            { label: 'Region' },
            { label: 'Analysts', align: 'right' },
            { label: 'Change', align: 'right' },
            { label: 'Senior (yrs)', align: 'right' },
          ],
          rows: Array.from({ length: report.appendixRows }, (_, index) => {
            const change = random.int(-2, 2)
            return [
              [...BROKERS, ...INDEPENDENTS][index % (BROKERS.length + INDEPENDENTS.length)],
              random.pick(SECTORS),
              random.pick(REGIONS),
              String(random.int(1, 6)),
              change > 0 ? `+${change}` : String(change),
              String(random.int(4, 24)),
            ]
          }),
        },
      ]
    }
    case 'regulation': {
      // What existed when the report was written: PS24/9 from its publication (26 July 2024),
      // the Listing Act from November 2024; before that, the FCA's proposals.
      // A second version speaks as of its own date.
      const published =
        version > 1 && report.revised ? Date.parse(report.revised.at) : Date.parse(report.published)
      const ps24 = published >= Date.UTC(2024, 6, 26)
      const uk = ps24 ? 'PS24/9' : 'CP23/25 (proposed)'
      const obligations: [string, string, string][] = [
        [
          'Research budget set before the period',
          `MiFID II Art. 13; ${uk}`,
          'Budget, approval date and approver; version history',
        ],
        [
          'Budget not linked to trading volumes',
          `ESMA Q&A; ${uk}`,
          'The method used to set the budget',
        ],
        [
          'Regular assessment of quality and value',
          `MiFID II Art. 13; ${uk}`,
          'Votes or scores per provider, linked to the next allocation',
        ],
        [
          'Research charge identified separately',
          `${uk}, joint payment`,
          'Research share agreed with each broker (e.g. bps of commission)',
        ],
        [
          'Costs allocated fairly across clients',
          uk,
          'Grouping rationale and allocation key per strategy',
        ],
        [
          'Charges reasonable against comparators',
          uk,
          'Peer price comparison per provider and service',
        ],
        [
          'Disclosure to clients',
          `MiFID II; ${uk}`,
          'Budget, charge, overruns, provider types paid',
        ],
      ]
      if (published >= Date.UTC(2024, 10, 14)) {
        obligations.push([
          'Choice of joint or separate payment',
          'Directive (EU) 2024/2811',
          'Documented choice and client information',
        ])
      }
      const timeline: [number, string, string][] = [
        [
          Date.UTC(2018, 0, 3),
          '3 Jan 2018',
          'MiFID II in force: research paid from P&L or a research payment account',
        ],
        [
          Date.UTC(2021, 1, 26),
          'Feb 2021',
          'EU quick fix: bundled payment allowed for issuers up to €1bn market cap',
        ],
        [Date.UTC(2023, 6, 10), 'Jul 2023', 'UK Investment Research Review published'],
        [Date.UTC(2023, 11, 1), 'Dec 2023', 'FCA consultation on payment optionality (CP23/25)'],
        [
          Date.UTC(2024, 6, 26),
          '1 Aug 2024',
          'PS24/9 in force: joint payment option for UK MiFID firms',
        ],
        [Date.UTC(2024, 10, 14), 'Nov 2024', 'Listing Act Directive (EU) 2024/2811 published'],
        [Date.UTC(2025, 3, 1), '2025', 'FCA proposes extending the option to fund managers'],
      ]
      const methods: [string, number][] =
        published >= Date.UTC(2024, 8, 1)
          ? [
              ['Own P&L', 54],
              ['Research payment account', 17],
              ['Joint payment', 21],
              ['Commission sharing (US, 28(e))', 6],
              ['Undecided', 2],
            ]
          : [
              ['Own P&L', 63],
              ['Research payment account', 21],
              ['Commission sharing (US, 28(e))', 9],
              ['Undecided', 7],
            ]
      return [
        {
          type: 'barChart',
          title: 'How contributors pay for research',
          unit: '%',
          bars: methods.map(([label, value]) => ({
            label,
            value: Math.round(jitter(random, value, 0.1)),
          })),
        },
        { type: 'heading', text: 'The obligations side by side' },
        {
          type: 'table',
          columns: [
            { label: 'Requirement', width: 170 },
            { label: 'Where it comes from', width: 130 },
            { label: 'What to keep on file' },
          ],
          rows: obligations,
        },
        { type: 'heading', text: 'Implementation checklist' },
        {
          type: 'checklist',
          items: [
            { label: 'Adopt a written research payment policy', done: true },
            {
              label: 'Set the research budget for the next period and record its approval',
              done: true,
            },
            {
              label: 'Agree the research share of commissions with each broker',
              done: false,
              note: 'Only for joint payment: a rate in basis points, reviewed at least annually.',
            },
            { label: 'Define the allocation of costs across strategies and clients', done: false },
            {
              label: 'Run the assessment of value and record its effect on the allocation',
              done: false,
            },
            { label: 'Compare charges with peers for each material provider', done: false },
            { label: 'Prepare the client disclosures and the overrun procedure', done: false },
          ],
        },
        { type: 'heading', text: 'Timeline' },
        {
          type: 'table',
          columns: [{ label: 'Date', width: 110 }, { label: 'Event' }],
          rows: timeline.filter(([at]) => at <= published).map(([, date, event]) => [date, event]),
        },
      ]
    }
    case 'method':
      return [
        {
          type: 'barChart',
          title: 'Contributors behind published statistics',
          unit: 'statistics',
          bars: ['5–9', '10–19', '20–49', '50 and more'].map((label, index) => ({
            label: `${label} contributors`,
            value: Math.round(jitter(random, [320, 540, 410, 160][index], 0.1)),
          })),
        },
        { type: 'heading', text: 'The rules' },
        {
          type: 'table',
          columns: [
            { label: 'Rule', width: 170 },
            { label: 'Threshold', width: 90 },
            { label: 'Why' },
          ],
          rows: [
            ['Minimum contributors', '5', 'No statistic can reveal one contributor’s figure.'],
            [
              'Largest contributor',
              '≤ 25% of weight',
              'A dominant contributor would set the statistic on its own.',
            ],
            ['Age of data', '≥ 3 months', 'Prices are shared only once they are history.'],
            ['Quartiles', '≥ 5 values', 'Below that, only the median is shown.'],
            ['Fallback', '3 steps', 'A wider peer group, named on the figure.'],
          ],
        },
        { type: 'heading', text: 'Appendix: a worked example' },
        {
          type: 'paragraph',
          text: 'One statistic — the median annual price of a full research package with one provider in one AUM tier — with its contributors, their weights and whether each was kept. Contributor names are replaced by letters.',
        },
        {
          type: 'table',
          columns: [
            { label: 'Contributor', width: 90 },
            { label: 'Price (thousands)', align: 'right' },
            { label: 'Weight', align: 'right' },
            { label: 'Capped weight', align: 'right' },
            { label: 'Included' },
          ],
          rows: Array.from({ length: report.appendixRows }, (_, index) => {
            const weight = random.between(0.5, 6)
            return [
              `Contributor ${String.fromCharCode(65 + (index % 26))}${index >= 26 ? Math.floor(index / 26) : ''}`,
              thousands(random.between(35, 220)),
              `${weight.toFixed(1)}%`,
              `${Math.min(weight, 25).toFixed(1)}%`,
              random.chance(0.9) ? 'yes' : 'no (data under 3 months old)',
            ]
          }),
        },
      ]
    case 'event':
      return [
        {
          type: 'barChart',
          title: 'Poll: what is your main challenge this year?',
          unit: '%',
          bars: [
            ['Showing charges are reasonable', 31],
            ['Allocating costs across clients', 22],
            ['Logging usage', 19],
            ['Setting the budget', 15],
            ['Client disclosures', 13],
          ].map(([label, value]) => ({
            label: label as string,
            value: Math.round(jitter(random, value as number, 0.15)),
          })),
        },
        { type: 'heading', text: 'Sessions' },
        {
          type: 'table',
          columns: [
            { label: 'Session', width: 170 },
            { label: 'Speakers', width: 130 },
            { label: 'Takeaway' },
          ],
          rows: [
            [
              'The state of the market',
              'Spendlens Insights',
              'Budgets stable, dispersion still wide',
            ],
            [
              'Budgets and votes',
              'Two heads of research, one COO',
              'Set the budget first, then the research share',
            ],
            [
              'Comparators in practice',
              'Compliance officer, consultant',
              'A peer range is enough evidence',
            ],
            ['Usage and entitlements', 'Market data manager', 'Inventory before negotiation'],
            ['Open floor', 'All speakers', 'Common vocabulary of services wanted'],
          ],
        },
        { type: 'heading', text: 'Poll results' },
        {
          type: 'table',
          columns: [
            { label: 'Question', width: 250 },
            { label: 'Yes', align: 'right' },
            { label: 'No', align: 'right' },
            { label: 'Not sure', align: 'right' },
          ],
          rows: [
            'Do you benchmark research prices against peers?',
            'Has your research budget changed this year?',
            'Do you log analyst calls systematically?',
            'Do clients ask about research charges?',
            'Will you change payment method next year?',
          ].map((question) => {
            const yes = random.int(20, 70)
            const no = random.int(10, 100 - yes - 5)
            return [question, `${yes}%`, `${no}%`, `${100 - yes - no}%`]
          }),
        },
        ...(report.appendixRows > 0
          ? ([
              { type: 'heading', text: 'Appendix: who attended' },
              {
                type: 'table',
                columns: [
                  { label: 'Role', width: 150 },
                  { label: 'Firm type' },
                  { label: 'Region' },
                  { label: 'Attendees', align: 'right' },
                  { label: 'Firms', align: 'right' },
                ],
                rows: Array.from({ length: report.appendixRows }, (_, index) => {
                  const attendees = random.int(1, 9)
                  return [
                    ROLES[index % ROLES.length],
                    random.pick(['Asset manager', 'Hedge fund', 'Asset owner', 'Wealth manager']),
                    random.pick(['UK', 'Europe ex UK', 'US', 'APAC', 'Switzerland']),
                    String(attendees),
                    String(random.int(1, attendees)),
                  ]
                }),
              },
            ] satisfies ReportBlock[])
          : []),
      ]
    case 'altData': {
      const blocks: ReportBlock[] = [
        {
          type: 'barChart',
          title: 'Median annual fee by dataset category',
          unit: 'thousands',
          bars: ALT_DATA.map(([label, value]) => ({
            label,
            value: Math.round(jitter(random, value, 0.1)),
          })),
        },
        { type: 'heading', text: 'Trials and contracts' },
        {
          type: 'table',
          columns: [
            { label: 'Dataset category', width: 160 },
            { label: 'Median fee', align: 'right' },
            { label: 'Median trial', align: 'right' },
            { label: 'Converted', align: 'right' },
          ],
          rows: ALT_DATA.map(([label, value]) => [
            label,
            thousands(jitter(random, value, 0.1), symbol),
            `${random.int(4, 14)} weeks`,
            `${random.int(12, 45)}%`,
          ]),
        },
      ]
      if (report.team) {
        blocks.push({
          type: 'rangeChart',
          title: `${report.team}: annual fees against peers (thousands)`,
          format: 'number',
          rows: ALT_DATA.slice(0, 5).map(([label, value]) => ({
            label,
            p25: Math.round(value * 0.7),
            median: value,
            p75: Math.round(value * 1.35),
            you: Math.round(value * random.between(0.8, 1.5)),
          })),
        })
      }
      blocks.push(
        { type: 'heading', text: 'Appendix: datasets observed' },
        {
          type: 'table',
          columns: [
            { label: 'Dataset category', width: 150 },
            { label: 'Vendor type' },
            { label: 'History', align: 'right' },
            { label: 'Annual fee', align: 'right' },
            { label: 'Buyers', align: 'right' },
          ],
          rows: Array.from({ length: report.appendixRows }, (_, index) => {
            const [label, value] = ALT_DATA[index % ALT_DATA.length]
            return [
              label,
              random.pick(['Specialist vendor', 'Aggregator', 'Data marketplace', 'Start-up']),
              `${random.int(2, 12)} yrs`,
              thousands(jitter(random, value, 0.4), symbol),
              String(random.int(5, 40)),
            ]
          }),
        }
      )
      return blocks
    }
  }
}

const MONTHS =
  'January February March April May June July August September October November December'.split(' ')

function monthYear(ms: number) {
  const date = new Date(ms)
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`
}

/** A report's PDF (of one version): summary, key figures, findings, analysis and data. */
export async function renderInsightsReportPdf(report: PlannedReport, version: number) {
  const random = new Random(`insights-reports:${report.key}`)
  const published = Date.parse(report.published)
  const issued = version > 1 && report.revised ? Date.parse(report.revised.at) : published
  const sections = SECTIONS[report.category].filter(
    (section) => !section.from || Date.parse(section.from) <= Date.parse(report.published)
  )
  // Two or three of the category's sections, in their order.
  const chosen = random
    .sample(sections, Math.min(sections.length, random.int(2, 3)))
    .sort((a, b) => sections.indexOf(a) - sections.indexOf(b))
  const blocks: ReportBlock[] = []
  if (version > 1 && report.revised) {
    blocks.push(
      { type: 'heading', text: `Version ${version}` },
      {
        type: 'paragraph',
        text: report.revised.note,
      }
    )
  }
  blocks.push(
    { type: 'heading', text: 'Summary' },
    { type: 'paragraph', text: report.summary },
    {
      type: 'metrics',
      items: report.figures.map(([label, value, hint]) => ({ label, value, hint })),
    },
    { type: 'heading', text: 'Key findings' },
    ...report.findings.map((text, index): ReportBlock => ({
      type: 'paragraph',
      text: `${index + 1}. ${text}`,
    }))
  )
  for (const section of chosen.slice(0, 1)) {
    blocks.push({ type: 'heading', text: section.heading })
    for (const text of section.paragraphs) blocks.push({ type: 'paragraph', text })
  }
  const data = dataBlocks(report, random, version)
  const appendix = data.findIndex(
    (block) => block.type === 'heading' && block.text.startsWith('Appendix')
  )
  blocks.push(...(appendix === -1 ? data : data.slice(0, appendix)))
  for (const section of chosen.slice(1)) {
    blocks.push({ type: 'heading', text: section.heading })
    for (const text of section.paragraphs) blocks.push({ type: 'paragraph', text })
  }
  if (version > 1 && report.key === 'ps24-9-guide') {
    blocks.push(
      { type: 'heading', text: 'Update: fund managers and the first year' },
      {
        type: 'paragraph',
        text: 'The FCA has proposed extending the option to managers of alternative investment funds and UCITS management companies, on the same conditions: a written policy, a budget set at least annually, the research charge identified separately, an assessment of value and disclosure of the types of providers paid. Fund managers that already apply the rules to their segregated mandates should be able to use the same budget structure for their funds.',
      },
      {
        type: 'paragraph',
        text: 'In its first year, most adopters used the option for small- and mid-cap strategies only, kept their budgets flat and agreed a research share of three to six basis points of commission with their brokers. None of the firms we spoke to had a budget overrun to disclose; several had surpluses carried forward.',
      }
    )
  }
  blocks.push(
    { type: 'heading', text: 'Method and data' },
    {
      type: 'paragraph',
      text: 'The figures in this report are drawn from the contracts, budgets, interactions and survey answers submitted by Spendlens clients, aggregated under our peer statistics rules: no figure is published with fewer than five contributors, and no contributor can weigh more than a quarter of a statistic. Amounts are converted at the average exchange rate of the year they relate to.',
    }
  )
  if (appendix !== -1) blocks.push(...data.slice(appendix))
  blocks.push(
    { type: 'heading', text: 'About this report' },
    {
      type: 'paragraph',
      text: `Published by Spendlens Insights in ${monthYear(published)}${version > 1 ? ` (version ${version}, ${monthYear(issued)})` : ''}. Authors: ${report.author}. This report is provided to Spendlens clients for their internal use; it may not be passed to research or data providers or to other third parties. It does not constitute legal or investment advice. Demonstration document: the figures and the firms named are fictional.`,
    }
  )
  const pdf = await renderReportPdf({
    title: report.title,
    subtitle: `${report.category}  ·  ${monthYear(published)}  ·  ${report.author}`,
    generatedAt: new Date(issued).toISOString(),
    footerNote: `Spendlens Insights${version > 1 ? ` · version ${version}` : ''} · for client use only`,
    blocks,
  })
  return { pdf, pageCount: pageCountOf(pdf) }
}

/**
 * The number of pages of a PDF made by pdfkit: its page tree is one uncompressed dictionary
 * (/Type /Pages … /Count n). The upload path counts with PDF.js; the seed's files agree with it.
 */
export function pageCountOf(pdf: Buffer) {
  const match = /\/Type \/Pages\s+\/Count (\d+)/.exec(pdf.toString('latin1'))
  if (!match) throw new Error('The rendered PDF has no page tree.')
  return Number(match[1])
}
