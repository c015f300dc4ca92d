import { useMemo } from 'react'
import {
  ProviderPage,
  type ProviderLists,
  type ProviderRecord,
} from '~/components/market_data/provider_page'
import { Card } from '~/components/ui/card'
import { DataTable, type DataTableColumn } from '~/components/ui/data_table'
import { CurrencySelect } from '~/components/market_data/currency_select'
import { useDisplayCurrency } from '~/hooks/use_display_currency'
import { useDates, type DateFormats } from '~/hooks/use_dates'
import { costChangeText } from '~/lib/format'
import { cn } from '~/lib/cn'
import { abbreviateAmount } from '@shared/money'
import type { ExchangeRate } from '@shared/currency_conversion'
import {
  compareAmounts,
  compareProposalLine,
  type Comparison,
  type ProposalMatch,
  type ProposalStatus,
} from '@shared/proposal_comparison'

interface ProposalItem {
  id: number
  product: { id: number; name: string }
  proposed_price: number
  currency_id: number
  match:
    | (ProposalMatch & {
        product_benchmark_id: number
        contract_reference: string
        start_date: string
        end_date: string
      })
    | null
}

interface Proposal {
  id: number
  reference: string
  received_on: string
  valid_until: string | null
  start_date: string
  end_date: string
  status: ProposalStatus
  status_label: string
  license_type: string | null
  comment: string | null
  items: ProposalItem[]
}

interface Props {
  provider: ProviderRecord
  providers: ProviderLists
  proposals: Proposal[]
  currencies: { id: number; code: string; name: string }[]
  selectedCurrencyId: number | null
  exchangeRates: ExchangeRate[]
  canSeeRateCard: boolean
}

const STATUS_STYLES: Record<ProposalStatus, string> = {
  under_review: 'bg-amber-50 text-amber-800 ring-amber-200',
  accepted: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  declined: 'bg-slate-100 text-slate-700 ring-slate-200',
  expired: 'bg-slate-100 text-slate-500 ring-slate-200',
}

const money = (amount: number | null) => (amount === null ? '—' : abbreviateAmount(amount))

function ComparisonCell({ comparison, testId }: { comparison: Comparison | null; testId: string }) {
  if (!comparison) return <span className="text-slate-500">—</span>
  return (
    <div className="text-right" data-testid={testId}>
      <div
        className={cn(
          'font-mono',
          comparison.difference > 0 && 'text-red-700',
          comparison.difference < 0 && 'text-emerald-700'
        )}
      >
        {comparison.difference > 0 ? '+' : ''}
        {money(comparison.difference)}
      </div>
      <div
        className={cn(
          'text-xs font-medium whitespace-nowrap',
          comparison.label === 'Potential Increase' && 'text-red-700',
          comparison.label === 'Potential Saving' && 'text-emerald-700',
          comparison.label === 'no change' && 'text-slate-500'
        )}
      >
        {comparison.percentage !== null ? (
          <span className="font-mono">
            {comparison.percentage > 0 ? '+' : ''}
            {comparison.percentage.toFixed(1)}%{' '}
          </span>
        ) : null}
        {costChangeText(comparison.label)}
      </div>
    </div>
  )
}

type Line = { item: ProposalItem; compared: ReturnType<typeof compareProposalLine> }

function lineColumns(
  totals: { proposed: number; vsBenchmark: Comparison | null; vsCurrent: Comparison | null },
  totalLabel: string,
  dates: DateFormats
): DataTableColumn<Line>[] {
  const twoLines = (title: string) => (
    <>
      {title}
      <span className="block font-normal normal-case">and the difference</span>
    </>
  )
  return [
    {
      id: 'product',
      header: 'Product',
      headerClassName: 'min-w-44',
      accessor: ({ item }) => item.product.name,
      cell: ({ item }) => (
        <>
          <div className="font-medium text-slate-900">{item.product.name}</div>
          {item.match ? (
            <div className="text-xs text-slate-500">
              <span className="block whitespace-nowrap">{item.match.contract_reference}</span>
              <span className="block whitespace-nowrap">
                ends {dates.date(item.match.end_date)}
              </span>
            </div>
          ) : (
            <div className="text-xs text-slate-500">Not in your contracts</div>
          )}
        </>
      ),
      footer: totalLabel,
    },
    {
      id: 'proposed',
      header: 'Proposed',
      align: 'right',
      className: 'font-mono',
      accessor: ({ compared }) => compared.proposed,
      cell: ({ compared }) => money(compared.proposed),
      footer: money(totals.proposed),
    },
    {
      id: 'benchmark',
      header: 'Benchmark and the difference',
      headerContent: twoLines('Benchmark'),
      align: 'right',
      accessor: ({ compared }) => compared.benchmark,
      cell: ({ compared }) => (
        <>
          <div className="font-mono text-slate-700">{money(compared.benchmark)}</div>
          <ComparisonCell comparison={compared.vsBenchmark} testId="vs-benchmark" />
        </>
      ),
      footer: <ComparisonCell comparison={totals.vsBenchmark} testId="total-vs-benchmark" />,
    },
    {
      id: 'current',
      header: 'Current contract and the difference',
      headerContent: twoLines('Current contract'),
      align: 'right',
      accessor: ({ compared }) => compared.current,
      cell: ({ compared }) => (
        <>
          <div className="font-mono text-slate-700">{money(compared.current)}</div>
          <ComparisonCell comparison={compared.vsCurrent} testId="vs-current" />
        </>
      ),
      footer: <ComparisonCell comparison={totals.vsCurrent} testId="total-vs-current" />,
    },
  ]
}

function ProposalCard({
  proposal,
  currencyId,
  currencyCode,
  exchangeRates,
}: {
  proposal: Proposal
  currencyId: number | null
  currencyCode: string | null
  exchangeRates: ExchangeRate[]
}) {
  const lines = useMemo(
    () =>
      proposal.items.map((item) => ({
        item,
        compared: compareProposalLine(item, currencyId, exchangeRates),
      })),
    [proposal.items, currencyId, exchangeRates]
  )
  // Totals compare like with like: only the lines that have both amounts.
  const totals = useMemo(() => {
    const withCurrent = lines.filter(
      (entry) => entry.compared.proposed !== null && entry.compared.current !== null
    )
    const withBenchmark = lines.filter(
      (entry) => entry.compared.proposed !== null && entry.compared.benchmark !== null
    )
    return {
      proposed: lines.reduce((total, entry) => total + (entry.compared.proposed ?? 0), 0),
      vsCurrent: compareAmounts(
        withCurrent.reduce((total, entry) => total + entry.compared.proposed!, 0),
        withCurrent.length
          ? withCurrent.reduce((total, entry) => total + entry.compared.current!, 0)
          : null
      ),
      vsBenchmark: compareAmounts(
        withBenchmark.reduce((total, entry) => total + entry.compared.proposed!, 0),
        withBenchmark.length
          ? withBenchmark.reduce((total, entry) => total + entry.compared.benchmark!, 0)
          : null
      ),
    }
  }, [lines])
  const singleCurrency =
    currencyId === null && new Set(proposal.items.map((item) => item.currency_id)).size > 1
  const totalLabel = `Total ${
    singleCurrency ? '(original currencies)' : currencyCode ? `in ${currencyCode}` : ''
  }`
  const dates = useDates()
  const columns = useMemo(() => lineColumns(totals, totalLabel, dates), [totals, totalLabel, dates])

  return (
    <Card padding="none" className="overflow-hidden">
      <div
        className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-100 px-5 py-4"
        data-testid="proposal"
      >
        <div>
          <h2 className="text-base font-semibold text-slate-900">{proposal.reference}</h2>
          <p className="mt-1 text-sm text-slate-600">
            Received {proposal.received_on}
            {proposal.valid_until ? ` · valid until ${proposal.valid_until}` : ''} · term{' '}
            {dates.range(proposal.start_date, proposal.end_date)}
            {proposal.license_type ? ` · ${proposal.license_type}` : ''}
          </p>
          {proposal.comment ? (
            <p className="mt-2 max-w-3xl text-sm text-slate-700">{proposal.comment}</p>
          ) : null}
        </div>
        <span
          className={cn(
            'rounded-full px-2.5 py-1 text-xs font-semibold ring-1',
            STATUS_STYLES[proposal.status]
          )}
        >
          {proposal.status_label}
        </span>
      </div>
      <DataTable
        data={lines}
        columns={columns}
        caption={`${proposal.reference}: proposed prices compared`}
        getRowId={(line) => String(line.item.id)}
        enableSorting={false}
        enableHiding={false}
        keyboardNavigation={false}
        framed={false}
        verticalAlign="top"
      />
    </Card>
  )
}

export default function Proposals(props: Props) {
  const { provider, proposals, currencies } = props
  const [currencyId, setCurrencyId] = useDisplayCurrency(props.selectedCurrencyId)
  const currency = currencies.find((entry) => entry.id === currencyId) ?? null

  return (
    <ProviderPage
      title={`${provider.name} proposals`}
      provider={provider}
      providers={props.providers}
      current="proposals"
      showRateCard={props.canSeeRateCard && provider.hasRateCard}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-4">
        <p className="max-w-2xl text-sm text-slate-600">
          Each proposal line is compared with the benchmark for the product and with what you pay
          under your current contract.
        </p>
        <CurrencySelect currencies={currencies} value={currencyId} onChange={setCurrencyId} />
      </div>
      {proposals.length === 0 ? (
        <Card>
          <p className="text-sm text-slate-600">
            No proposals from {provider.name} yet. When {provider.name} sends your team a renewal or
            new offer, it is compared here with the benchmark and your current contract.
          </p>
        </Card>
      ) : (
        <div className="space-y-6">
          {proposals.map((proposal) => (
            <ProposalCard
              key={proposal.id}
              proposal={proposal}
              currencyId={currencyId}
              currencyCode={currency?.code ?? null}
              exchangeRates={props.exchangeRates}
            />
          ))}
        </div>
      )}
    </ProviderPage>
  )
}
