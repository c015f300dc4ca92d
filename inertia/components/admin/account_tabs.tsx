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

export function FieldError({ message }: { message?: string }) {
  return message ? <p className="mt-1 text-sm text-red-600">{message}</p> : null
}

/** A date-time in the viewer's locale, or a dash. */
export function When({ value, empty = '—' }: { value: string | null; empty?: string }) {
  return value ? <time dateTime={value}>{new Date(value).toLocaleString()}</time> : <>{empty}</>
}

export const tableClass = 'min-w-full divide-y divide-slate-200 text-sm'
export const theadClass =
  'bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase'
