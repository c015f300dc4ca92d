import { router } from '@inertiajs/react'
import { useState } from 'react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { FilterField, ListFilterBar, ListPage, filterControlClass } from '~/components/list_page'
import { listHref, type ListPageMeta } from '@shared/list_page'
import { Button } from '~/components/ui/button'
import { AccountTabs } from '~/components/admin/account_tabs'

interface Event {
  id: number
  event: string
  label: string
  ip: string | null
  userAgent: string | null
  details: string | null
  createdAt: string
  user: string
}

interface Props {
  filter: { event: string | null; email: string }
  eventLabels: Record<string, string>
  events: Event[]
  meta: ListPageMeta
  pageNotice: string | null
}

export default function SecurityLog({ filter, eventLabels, events, meta, pageNotice }: Props) {
  const [email, setEmail] = useState(filter.email)
  const href = (change: Partial<{ event: string | null; email: string; page: number }>) => {
    const next = { ...filter, page: 1, ...change }
    return listHref(
      '/admin/account-management/security-log',
      { event: next.event, email: next.email },
      next.page
    )
  }
  return (
    <AdminShell title="Security log - Account Management">
      <PageHeading
        title="Account Management"
        description={`${meta.total.toLocaleString()} security event${meta.total === 1 ? '' : 's'}: sign-ins and failed attempts, sign-outs, password and two-factor changes, invitations, role and policy changes, with where they came from.`}
      />
      <AccountTabs current="security-log" />
      <ListPage
        notices={[pageNotice]}
        filterBar={
          <ListFilterBar
            label="Filter the security log"
            onSubmit={() => router.visit(href({ email }))}
          >
            <FilterField id="security-log-event" label="Event">
              <select
                id="security-log-event"
                className={filterControlClass}
                value={filter.event ?? ''}
                onChange={(event) => router.visit(href({ event: event.target.value || null }))}
              >
                <option value="">All</option>
                {Object.entries(eventLabels).map(([key, label]) => (
                  <option key={key} value={key}>
                    {label}
                  </option>
                ))}
              </select>
            </FilterField>
            <FilterField id="security-log-email" label="Email">
              <input
                id="security-log-email"
                type="search"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                className={filterControlClass}
                placeholder="name@firm.com"
              />
            </FilterField>
            <Button type="submit" variant="secondary">
              Search
            </Button>
          </ListFilterBar>
        }
        isEmpty={events.length === 0}
        empty="No event for this filter."
        meta={meta}
        href={(page) => href({ page })}
        paginationLabel="Security log pages"
        noun={['event', 'events']}
      >
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
          <table
            className="min-w-full divide-y divide-slate-200 text-sm"
            aria-label="Security events"
          >
            <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
              <tr>
                <th className="px-4 py-3">When</th>
                <th className="px-4 py-3">Event</th>
                <th className="px-4 py-3">User</th>
                <th className="px-4 py-3">IP address</th>
                <th className="px-4 py-3">Browser</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {events.map((event) => (
                <tr key={event.id} className="align-top">
                  <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                    {new Date(event.createdAt).toLocaleString()}
                  </td>
                  <td className="px-4 py-3">
                    <span className="font-medium text-slate-900">{event.label}</span>
                    {event.details ? (
                      <span className="block max-w-md text-xs break-words text-slate-500">
                        {event.details}
                      </span>
                    ) : null}
                  </td>
                  <td className="px-4 py-3 text-slate-700">{event.user}</td>
                  <td className="px-4 py-3 font-mono text-xs text-slate-600">{event.ip ?? '—'}</td>
                  <td className="max-w-md px-4 py-3 text-xs break-words text-slate-500">
                    {event.userAgent ?? '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ListPage>
    </AdminShell>
  )
}
