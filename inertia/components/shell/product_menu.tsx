import { Link } from '@inertiajs/react'
import { useShell } from '~/components/shell/shell_context'
import { Icon } from '~/components/icons'
import {
  Dropdown,
  DropdownContent,
  DropdownItem,
  DropdownLabel,
  DropdownSeparator,
  DropdownTrigger,
} from '~/components/ui/dropdown_menu'
import { cn } from '~/lib/cn'
import { unreadBadgeText } from '@shared/insights_reports'
import { isMenuItemActive, type AdminMenuItem, type UserMenuItem } from '@shared/navigation'

interface ProductMenuProps {
  items: (UserMenuItem | AdminMenuItem)[]
  routeName: string | null
  label: string
  tone: 'client' | 'admin'
  emptyText: string
  onOpenDisclaimer?: () => void
  /** Shown on entries that carry notifications (insights reports). */
  notificationCount?: number
}

/**
 * The burger menu: the products (or admin areas) this user may open, the active one marked.
 */
export function ProductMenu({
  items,
  routeName,
  label,
  tone,
  emptyText,
  onOpenDisclaimer,
  notificationCount = 0,
}: ProductMenuProps) {
  const shell = useShell()
  return (
    <Dropdown
      open={shell.burgerOpen}
      onOpenChange={(open) => shell.setBurgerOpen(open)}
      modal={!shell.tourRunning}
    >
      <DropdownTrigger
        aria-label={label}
        data-tour="main-menu"
        className={cn(
          'rounded-md p-2',
          tone === 'admin' ? 'text-teal-50 hover:bg-teal-600' : 'text-slate-600 hover:bg-slate-100'
        )}
      >
        <Icon name="menu" className="h-6 w-6" />
      </DropdownTrigger>
      <DropdownContent
        align="start"
        className="w-72"
        data-tour="products"
        data-testid="product-menu"
      >
        <DropdownLabel>{tone === 'admin' ? 'ADMINISTRATION' : 'PRODUCTS'}</DropdownLabel>
        {items.length === 0 ? (
          <p className="px-3 py-2 text-sm text-slate-500">{emptyText}</p>
        ) : null}
        {items.map((item) => {
          const active = isMenuItemActive(item, routeName)
          return (
            <DropdownItem key={item.key} asChild>
              <Link
                href={item.path}
                data-testid="product-menu-item"
                aria-current={active ? 'page' : undefined}
                className={cn(
                  active &&
                    (tone === 'admin' ? 'bg-teal-50 text-teal-800' : 'bg-brand-50 text-brand-700')
                )}
              >
                <Icon name={item.icon} className="h-5 w-5 shrink-0" />
                <span>{item.title}</span>
                {'hasNotifications' in item && item.hasNotifications && notificationCount > 0 ? (
                  <span className="ml-auto rounded-full bg-red-600 px-1.5 text-[11px] font-semibold text-white">
                    <span aria-hidden="true">{unreadBadgeText(notificationCount)}</span>
                    <span className="sr-only">{`${notificationCount} unread`}</span>
                  </span>
                ) : null}
              </Link>
            </DropdownItem>
          )
        })}
        {onOpenDisclaimer ? (
          <>
            <DropdownSeparator />
            <DropdownItem onSelect={onOpenDisclaimer}>
              <Icon name="info" className="h-5 w-5 shrink-0" />
              <span>Disclaimer</span>
            </DropdownItem>
          </>
        ) : null}
      </DropdownContent>
    </Dropdown>
  )
}
