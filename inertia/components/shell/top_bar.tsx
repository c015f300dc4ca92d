import { Link } from '@inertiajs/react'
import { useState } from 'react'
import { Logo } from '~/components/logo'
import { Icon } from '~/components/icons'
import { ProductMenu } from '~/components/shell/product_menu'
import { ProfileMenu } from '~/components/shell/profile_menu'
import { DisclaimerDialog } from '~/components/shell/disclaimer_dialog'
import type { LayoutData } from '~/hooks/use_layout_data'
import { useSharedProps } from '~/hooks/use_shared_props'
import { ADMIN_MENU, USER_MENU, visibleAdminMenu, visibleUserMenu } from '@shared/navigation'
import { unreadBadgeText } from '@shared/insights_reports'
import { cn } from '~/lib/cn'

export function TopBar({
  tone,
  layout,
  showInsights,
}: {
  tone: 'client' | 'admin'
  layout: LayoutData
  showInsights: boolean
}) {
  const { appName, user, team, permissions, routeName } = useSharedProps()
  const [disclaimerOpen, setDisclaimerOpen] = useState(false)
  if (!user) return null

  const items =
    tone === 'admin'
      ? visibleAdminMenu(permissions ?? layout.permissions, ADMIN_MENU)
      : visibleUserMenu(team?.moduleNames ?? [], USER_MENU)
  const isClientView = tone === 'client' && !user.isAdministrator

  return (
    <header
      className={cn(
        'border-b',
        tone === 'admin' ? 'border-teal-800 bg-teal-700' : 'border-slate-200 bg-white'
      )}
    >
      <div className="mx-auto flex h-16 max-w-screen-2xl items-center gap-3 px-4 sm:px-6">
        <ProductMenu
          items={items}
          routeName={routeName}
          tone={tone}
          label={tone === 'admin' ? 'Administration menu' : 'Products menu'}
          emptyText={
            tone === 'admin'
              ? 'No administration areas are assigned to you.'
              : 'Your current team has no products yet.'
          }
          onOpenDisclaimer={isClientView ? () => setDisclaimerOpen(true) : undefined}
          notificationCount={layout.unreadReports}
        />
        <Link href="/" aria-label={`${appName} home`}>
          <Logo name={appName} inverted={tone === 'admin'} />
        </Link>
        {tone === 'admin' ? (
          <span className="rounded bg-teal-900/40 px-2 py-0.5 text-xs font-semibold tracking-wide text-teal-50">
            ADMIN
          </span>
        ) : null}
        <div className="ml-auto flex items-center gap-2">
          {showInsights ? (
            <Link
              href="/insights-reports"
              aria-label={
                layout.unreadReports > 0
                  ? `Insights reports, ${layout.unreadReports} unread`
                  : 'Insights reports'
              }
              data-tour="insights"
              className="relative rounded-md p-2 text-slate-600 hover:bg-slate-100"
            >
              <Icon name="report" className="h-6 w-6" />
              {layout.unreadReports > 0 ? (
                <span
                  data-testid="unread-badge"
                  aria-hidden="true"
                  className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-semibold text-white"
                >
                  {unreadBadgeText(layout.unreadReports)}
                </span>
              ) : null}
            </Link>
          ) : null}
          <ProfileMenu
            user={user}
            team={team}
            tone={tone}
            currencyCode={layout.selectedCurrency?.code ?? null}
          />
        </div>
      </div>
      {isClientView ? (
        <DisclaimerDialog open={disclaimerOpen} onOpenChange={setDisclaimerOpen} />
      ) : null}
    </header>
  )
}
