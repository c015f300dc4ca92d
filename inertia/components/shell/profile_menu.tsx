import { router } from '@inertiajs/react'
import { Icon } from '~/components/icons'
import { useShell } from '~/components/shell/shell_context'
import {
  Dropdown,
  DropdownContent,
  DropdownItem,
  DropdownLabel,
  DropdownSeparator,
  DropdownTrigger,
} from '~/components/ui/dropdown_menu'
import { cn } from '~/lib/cn'
import type { SharedTeam, SharedUser } from '~/types'

function initials(name: string) {
  const [first = '', last = ''] = name.trim().split(/\s+/)
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase() || '?'
}

interface ProfileMenuProps {
  user: SharedUser
  team: SharedTeam | null
  tone: 'client' | 'admin'
  currencyCode: string | null
}

/**
 * Profile button and dropdown: who is signed in, their teams (switching posts switchTeam),
 * then the admin entry points, settings and logout.
 */
export function ProfileMenu({ user, team, tone, currencyCode }: ProfileMenuProps) {
  const shell = useShell()
  const teams = [...(team?.teams ?? [])].sort((a, b) => a.name.localeCompare(b.name))
  const currentId = team?.current?.id
  return (
    <Dropdown
      open={shell.profileOpen}
      onOpenChange={(open) => shell.setProfileOpen(open)}
      modal={!shell.tourRunning}
    >
      <DropdownTrigger
        data-tour="profile"
        className={cn(
          'flex items-center gap-2 rounded-full py-1 pr-3 pl-1 text-sm',
          tone === 'admin' ? 'text-white hover:bg-teal-600' : 'text-slate-700 hover:bg-slate-100'
        )}
      >
        {/* The name comes from the content, so that it includes the visible team name. */}
        <span className="sr-only">
          {`Profile and teams for ${user.name}${team?.current ? ', current team ' : ''}`}
        </span>
        <span
          aria-hidden="true"
          className={cn(
            'flex h-8 w-8 items-center justify-center rounded-full text-xs font-semibold',
            tone === 'admin' ? 'bg-white text-teal-700' : 'bg-brand-600 text-white'
          )}
        >
          {initials(user.name)}
        </span>
        {team?.current ? (
          <span
            data-testid="profile-team-name"
            className="hidden max-w-72 truncate font-medium desktop:inline"
          >
            {team.current.name}
          </span>
        ) : null}
        <Icon name="chevron" className="h-4 w-4" />
      </DropdownTrigger>
      <DropdownContent align="end" className="w-72" data-tour="profile-menu">
        <div className="px-3 py-2">
          <p className="text-sm font-semibold text-slate-900">{user.name}</p>
          <p className="truncate text-xs text-slate-500">{user.email}</p>
          {currencyCode ? (
            <p className="mt-1 text-xs text-slate-500">
              Amounts in <span data-testid="selected-currency">{currencyCode}</span>
            </p>
          ) : null}
        </div>
        <DropdownSeparator />
        {teams.length > 0 ? (
          <>
            <DropdownLabel>YOUR TEAMS</DropdownLabel>
            {teams.map((entry) => (
              <DropdownItem
                key={entry.id}
                data-testid="team-option"
                aria-checked={entry.id === currentId}
                role="menuitemradio"
                onSelect={() => {
                  if (entry.id !== currentId) {
                    router.post('/teams/switch', { team_id: entry.id }, { preserveScroll: true })
                  }
                }}
              >
                <span className="w-4">
                  {entry.id === currentId ? (
                    <Icon name="check" className="h-4 w-4 text-brand-600" />
                  ) : null}
                </span>
                <span className="truncate">{entry.name}</span>
              </DropdownItem>
            ))}
            <DropdownSeparator />
          </>
        ) : null}
        {user.isAdministrator && tone === 'client' ? (
          <DropdownItem onSelect={() => router.visit('/admin/welcome')}>
            <Icon name="shield" className="h-4 w-4" /> Admin
          </DropdownItem>
        ) : null}
        {tone === 'admin' ? (
          <DropdownItem onSelect={() => router.visit('/')}>
            <Icon name="home" className="h-4 w-4" /> User Dashboard
          </DropdownItem>
        ) : null}
        <DropdownItem onSelect={() => router.visit('/user/profile')}>
          <Icon name="settings" className="h-4 w-4" /> Settings
        </DropdownItem>
        <DropdownItem onSelect={() => router.post('/logout')}>
          <Icon name="logout" className="h-4 w-4" /> Logout
        </DropdownItem>
      </DropdownContent>
    </Dropdown>
  )
}
