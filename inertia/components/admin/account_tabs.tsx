import { Link } from '@inertiajs/react'
import type { ReactNode } from 'react'
import { cn } from '~/lib/cn'

const TABS = [
  { key: 'teams', label: 'Teams', href: '/admin/account-management' },
  { key: 'users', label: 'Users', href: '/admin/account-management/users' },
  { key: 'roles', label: 'Roles', href: '/admin/account-management/roles' },
  { key: 'security-log', label: 'Security log', href: '/admin/account-management/security-log' },
] as const

export type AccountTab = (typeof TABS)[number]['key']

/** The sections of account management, as tabs under the page heading. */
export function AccountTabs({ current }: { current: AccountTab }) {
  return (
    <nav aria-label="Account management" className="mb-6 flex gap-1 border-b border-slate-200">
      {TABS.map((tab) => (
        <Link
          key={tab.key}
          href={tab.href}
          aria-current={tab.key === current ? 'page' : undefined}
          className={cn(
            '-mb-px border-b-2 px-4 py-2 text-sm font-medium',
            tab.key === current
              ? 'border-teal-600 text-teal-800'
              : 'border-transparent text-slate-600 hover:text-slate-900'
          )}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  )
}

export const inputClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none'

export function Badge({
  tone = 'slate',
  children,
}: {
  tone?: 'slate' | 'green' | 'amber' | 'red' | 'teal'
  children: ReactNode
}) {
  const tones = {
    slate: 'bg-slate-100 text-slate-700',
    green: 'bg-green-100 text-green-800',
    amber: 'bg-amber-100 text-amber-800',
    red: 'bg-red-100 text-red-800',
    teal: 'bg-teal-100 text-teal-800',
  }
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        tones[tone]
      )}
    >
      {children}
    </span>
  )
}

/** A date-time in the viewer's locale, or a dash. */
export function When({ value, empty = '—' }: { value: string | null; empty?: string }) {
  return value ? <time dateTime={value}>{new Date(value).toLocaleString()}</time> : <>{empty}</>
}

export const tableClass = 'min-w-full divide-y divide-slate-200 text-sm'
export const theadClass =
  'bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase'

export interface SecurityEventRow {
  id: number
  label: string
  createdAt: string
  ip?: string | null
  details?: string | null
  /** Who it concerns, when the list spans several people. */
  user?: string
}

/** Recent security events in a card: what, who, when, from where and the details. */
export function SecurityEventList({ events }: { events: SecurityEventRow[] }) {
  if (events.length === 0) return <p className="px-6 pb-6 text-sm text-slate-600">No event yet.</p>
  return (
    <ul className="divide-y divide-slate-100 text-sm" aria-label="Security events">
      {events.map((event) => (
        <li key={event.id} className="px-6 py-3">
          <div className="flex justify-between gap-3">
            <span>
              <span className="font-medium text-slate-900">{event.label}</span>
              {event.user ? <span className="text-slate-600"> · {event.user}</span> : null}
            </span>
            <span className="text-xs whitespace-nowrap text-slate-500">
              <When value={event.createdAt} />
            </span>
          </div>
          {event.ip !== undefined ? (
            <div className="font-mono text-xs text-slate-500">{event.ip ?? '—'}</div>
          ) : null}
          {event.details ? (
            <div className="text-xs break-words text-slate-500">{event.details}</div>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
