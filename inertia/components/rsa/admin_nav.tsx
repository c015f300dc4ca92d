import { TabNav } from '~/components/ui/tab_nav'

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
  { key: 'collections', title: 'Data collections', href: `${BASE}/data-collections` },
  { key: 'submissions', title: 'Submissions', href: `${BASE}/data-collection-submissions` },
  { key: 'providers', title: 'Research providers', href: `${BASE}/providers` },
] as const

export type RsaAdminPageKey = (typeof RSA_ADMIN_PAGES)[number]['key']

export function RsaAdminNav({ current }: { current: RsaAdminPageKey }) {
  return (
    <TabNav
      label="Research spend administration"
      className="mb-6"
      current={current}
      tabs={RSA_ADMIN_PAGES}
    />
  )
}
