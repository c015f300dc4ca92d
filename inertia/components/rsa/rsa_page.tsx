import type { ReactNode } from 'react'
import { router } from '@inertiajs/react'
import { AppShell } from '~/layouts/app_shell'
import { CurrencySelect } from '~/components/market_data/currency_select'
import { TabNav } from '~/components/ui/tab_nav'
import { useDisplayCurrency } from '~/hooks/use_display_currency'
import { cn } from '~/lib/cn'
import { PEER_ANONYMITY_RULES, RSA_PAGES, type RsaPageKey } from '@shared/rsa'
import type { PeerDataAge } from '@shared/peer_data_age'

export interface RsaFrameProps {
  /** The page, e.g. "Budgets" (the document title reads "Budgets - Research Spend Analytics"). */
  title: string
  current: RsaPageKey
  description?: ReactNode
  /** The year selector, on pages computed per year. */
  year?: { value: number; options: readonly number[] }
  /** The currency switcher, on pages with amounts; reloads the named props in the new currency. */
  currency?: {
    selectedId: number
    currencies: { id: number; code: string; name: string }[]
    reloadProps: string[]
  }
  actions?: ReactNode
  /** How current the peer figures are ("Peer data as of …"), said plainly when stale. */
  peerData?: PeerDataAge
  children: ReactNode
}

/**
 * The frame every Research Spend Analytics page shares: the area's navigation, the page title,
 * and the year and currency the figures are computed for (kept in the address and the session,
 * so a shared link opens on the same figures).
 */
export function RsaPage({
  title,
  current,
  description,
  year,
  currency,
  actions,
  peerData,
  children,
}: RsaFrameProps) {
  return (
    <AppShell title={`${title} - Research Spend Analytics`}>
      <p className="text-sm font-medium text-brand-700">Research Spend Analytics</p>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
          {description ? (
            <p className="mt-1 max-w-3xl text-sm text-slate-600">{description}</p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-4">
          {year ? <YearSelect value={year.value} options={year.options} /> : null}
          {currency ? <RsaCurrency {...currency} /> : null}
          {actions}
        </div>
      </div>
      <TabNav
        label="Research Spend Analytics"
        className="mt-5"
        current={current}
        tabs={RSA_PAGES.map((page) => ({
          key: page.key,
          title: page.title,
          href: year ? `${page.path}?year=${year.value}` : page.path,
        }))}
      />
      {peerData ? <PeerDataNote age={peerData} /> : null}
      <div className="mt-6">{children}</div>
      {PEER_PAGES.has(current) ? <PeerRules /> : null}
    </AppShell>
  )
}

/** The pages that show peer figures: each states the rules those figures obey. */
const PEER_PAGES = new Set<RsaPageKey>([
  'budgets',
  'peer-group',
  'outliers',
  'peer-interactions',
  'market-trends',
  'rate-card',
  'snapshot',
])

/** When the peer data ends; amber, with the reason, when older than expected. */
function PeerDataNote({ age }: { age: PeerDataAge }) {
  return (
    <p
      data-testid="peer-data-age"
      role={age.stale ? 'status' : undefined}
      className={cn(
        'mt-4 text-sm',
        age.stale
          ? 'rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-800'
          : 'text-slate-500'
      )}
    >
      {age.message}
    </p>
  )
}

export function PeerRules() {
  return (
    <details className="mt-8 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">
      <summary className="cursor-pointer font-medium text-slate-900">
        How peer figures protect every firm
      </summary>
      <ul className="mt-3 list-disc space-y-1.5 pl-5">
        {PEER_ANONYMITY_RULES.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </details>
  )
}

function YearSelect({ value, options }: { value: number; options: readonly number[] }) {
  return (
    <div className="flex items-center gap-3">
      <label className="text-sm text-slate-600" htmlFor="rsa-year">
        Year
      </label>
      <select
        id="rsa-year"
        value={value}
        onChange={(event) => {
          const url = new URL(window.location.href)
          url.searchParams.set('year', event.target.value)
          router.visit(`${url.pathname}${url.search}`, { preserveScroll: true })
        }}
        className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  )
}

function RsaCurrency({
  selectedId,
  currencies,
  reloadProps,
}: NonNullable<RsaFrameProps['currency']>) {
  const [currencyId, choose] = useDisplayCurrency(selectedId, reloadProps)
  return <CurrencySelect currencies={currencies} value={currencyId} onChange={choose} />
}

/** A figure in a headline card. */
export function KeyFigure({
  label,
  value,
  hint,
  tone = 'default',
}: {
  label: string
  value: ReactNode
  hint?: ReactNode
  tone?: 'default' | 'good' | 'warn' | 'bad'
}) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</p>
      <p
        className={cn(
          'mt-1 text-xl font-semibold tabular-nums',
          tone === 'good' && 'text-emerald-700',
          tone === 'warn' && 'text-amber-700',
          tone === 'bad' && 'text-red-700',
          tone === 'default' && 'text-slate-900'
        )}
      >
        {value}
      </p>
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
    </div>
  )
}

const STATUS_STYLES = {
  below: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  in_line: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  above: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  outlier: 'bg-red-50 text-red-800 ring-red-600/20',
} as const

/** The price status chip: below peers / in line / above / outlier. */
export function StatusChip({
  status,
  label,
}: {
  status: keyof typeof STATUS_STYLES | null
  label: string | null
}) {
  if (!status || !label) return <span className="text-xs text-slate-400">n/a</span>
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        STATUS_STYLES[status]
      )}
    >
      {label}
    </span>
  )
}

/** "1.2%", "+4.5%" with an explicit sign for differences. */
export function percent(value: number | null, options: { sign?: boolean; digits?: number } = {}) {
  if (value === null || !Number.isFinite(value)) return 'n/a'
  const digits = options.digits ?? 1
  const text = value.toFixed(digits)
  return `${options.sign && value > 0 ? '+' : ''}${text}%`
}

/** The exchange rates a page converted with, each with its date. */
export function RatesNote({
  rates,
}: {
  rates: { from: string; to: string; rate: number; asOf: string | null }[]
}) {
  if (rates.length === 0) return null
  return (
    <p className="mt-3 text-xs text-slate-500">
      Converted at{' '}
      {rates
        .map(
          (rate) =>
            `1 ${rate.from} = ${rate.rate.toLocaleString('en-GB', { maximumFractionDigits: 4 })} ${rate.to}${rate.asOf ? ` (rates of ${rate.asOf})` : ''}`
        )
        .join('; ')}
      .
    </p>
  )
}
