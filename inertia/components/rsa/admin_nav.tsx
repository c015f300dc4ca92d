import { Link } from '@inertiajs/react'
import { cn } from '~/lib/cn'

const BASE = '/admin/research-spend-analytics'

/** The pages of the research spend administration, in the order of its work. */
export const RSA_ADMIN_PAGES = [
  { key: 'overview', title: 'Overview', href: BASE },
  { key: 'budgets', title: 'Budget upload', href: `${BASE}/budget-upload` },
  {
    key: 'client_interactions',
    title: 'Client interactions',
    href: `${BASE}/client-interactions-upload`,
  },
  {
    key: 'peer_interactions',
    title: 'Peer interactions',
    href: `${BASE}/peer-interactions-upload`,
  },
  { key: 'submissions', title: 'Submissions', href: `${BASE}/data-collection-submissions` },
  { key: 'providers', title: 'Research providers', href: `${BASE}/providers` },
] as const

export type RsaAdminPageKey = (typeof RSA_ADMIN_PAGES)[number]['key']

export function RsaAdminNav({ current }: { current: RsaAdminPageKey }) {
  return (
    <nav aria-label="Research spend administration" className="mb-6 border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-x-1">
        {RSA_ADMIN_PAGES.map((page) => (
          <li key={page.key}>
            <Link
              href={page.href}
              aria-current={page.key === current ? 'page' : undefined}
              className={cn(
                'inline-block border-b-2 px-3 py-2 text-sm font-medium',
                page.key === current
                  ? 'border-brand-600 text-brand-700'
                  : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
              )}
            >
              {page.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
