import { Link } from '@inertiajs/react'
import { AppShell, PageHeading } from '~/layouts/app_shell'
import { Card } from '~/components/ui/card'
import { cn } from '~/lib/cn'
import { Icon } from '~/components/icons'
import { useSharedProps } from '~/hooks/use_shared_props'
import { useFreshAfterHistoryRestore } from '~/lib/history_restore'
import { MODULE_PAGES, USER_MENU, isUserMenuItemHeld, moduleMenuItem } from '@shared/navigation'
import type { ModuleName } from '@shared/modules'
import { useDates } from '~/hooks/use_dates'

interface DashboardProduct {
  key: string
  name: string
  description: string | null
  modules: { internalName: string; name: string }[]
}

interface LatestReport {
  id: number
  title: string
  category: string
  tag: string | null
  createdAt: string
  unread: boolean
}

export default function Dashboard({
  products,
  reports,
}: {
  products: DashboardProduct[]
  reports: LatestReport[] | null
}) {
  const { user, team } = useSharedProps()
  const dates = useDates()
  const current = team?.current
  const summary = USER_MENU.find((item) => item.key === 'summary')
  const withSummary = !!summary && isUserMenuItemHeld(summary, team?.moduleNames ?? [])
  // Back from a report read since: the unread marks are asked for again.
  useFreshAfterHistoryRestore(['reports'])
  return (
    <AppShell title="Dashboard">
      <PageHeading
        title={`Welcome, ${user?.name.split(' ')[0] ?? ''}`}
        description={
          current ? (
            <>
              You are working for <strong>{current.name}</strong>. Amounts are shown in{' '}
              {current.currency.name} ({current.currency.code}).
            </>
          ) : null
        }
      />
      {withSummary && summary ? (
        <Card className="mb-6 flex flex-wrap items-center justify-between gap-4">
          <div className="min-w-0">
            <h2 className="text-lg font-semibold text-slate-900">Summary</h2>
            <p className="mt-1 text-sm text-slate-600">
              Everything your team pays for and uses in one ledger: spend against benchmarks and
              usage, filtered by provider, geography, theme and more.
            </p>
          </div>
          <Link
            href={summary.path}
            className="flex items-center gap-2 text-sm font-medium text-brand-700 hover:text-brand-900"
          >
            <Icon name={summary.icon} className="h-4 w-4" />
            Open the summary
          </Link>
        </Card>
      ) : null}
      {products.length === 0 ? (
        <Card className="max-w-2xl">
          <h2 className="text-lg font-semibold">No products for this team yet</h2>
          <p className="mt-2 text-sm text-slate-600">
            Your current team has no products enabled. If you belong to several teams, switch team
            from the profile menu; otherwise contact your account manager.
          </p>
        </Card>
      ) : (
        <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          {products.map((product) => (
            <Card key={product.key} className="flex flex-col">
              <h2 className="text-lg font-semibold text-slate-900">{product.name}</h2>
              {product.description ? (
                <p className="mt-1 text-sm text-slate-600">{product.description}</p>
              ) : null}
              <ul className="mt-4 space-y-2">
                {product.modules.map((module) => {
                  const entry =
                    moduleMenuItem(module.internalName) ??
                    MODULE_PAGES[module.internalName as ModuleName]
                  return (
                    <li key={module.internalName}>
                      {entry ? (
                        <Link
                          href={entry.path}
                          className="flex items-center gap-2 text-sm font-medium text-brand-700 hover:text-brand-900"
                        >
                          <Icon name={entry.icon} className="h-4 w-4" />
                          {module.name}
                        </Link>
                      ) : (
                        <span className="flex items-center gap-2 text-sm text-slate-700">
                          <Icon name="check" className="h-4 w-4 text-emerald-600" />
                          {module.name}
                        </span>
                      )}
                    </li>
                  )
                })}
              </ul>
            </Card>
          ))}
        </div>
      )}
      {reports ? (
        <Card className="mt-8">
          <div className="flex items-center justify-between">
            <h2 className="text-lg font-semibold text-slate-900">Latest insights reports</h2>
            <Link
              href="/insights-reports"
              className="text-sm font-medium text-brand-700 hover:text-brand-900"
            >
              All reports
            </Link>
          </div>
          {reports.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">
              No insights report has been published for your team yet. You will find them here as
              soon as they are.
            </p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-100">
              {reports.map((report) => (
                <li
                  key={report.id}
                  className="flex items-center justify-between gap-4 py-2 text-sm"
                >
                  {/* A long title (a word without spaces) wraps within the card. */}
                  <span className="flex min-w-0 items-center gap-2">
                    {report.unread ? (
                      <span
                        role="img"
                        className="h-2 w-2 shrink-0 rounded-full bg-brand-600"
                        aria-label="Unread"
                      />
                    ) : null}
                    <span
                      className={cn(
                        'min-w-0 [overflow-wrap:anywhere]',
                        report.unread ? 'font-semibold text-slate-900' : 'text-slate-700'
                      )}
                    >
                      {report.title}
                    </span>
                    <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
                      {report.category}
                    </span>
                  </span>
                  <span className="text-xs whitespace-nowrap text-slate-500">
                    {dates.date(report.createdAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      ) : null}
    </AppShell>
  )
}
