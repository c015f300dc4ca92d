import { router } from '@inertiajs/react'
import { Pagination } from '~/components/ui/pagination'
import { useState } from 'react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Card } from '~/components/ui/card'
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
  meta: { total: number; currentPage: number; lastPage: number }
}

export default function SecurityLog({ filter, eventLabels, events, meta }: Props) {
  const [email, setEmail] = useState(filter.email)
  const href = (change: Partial<{ event: string | null; email: string; page: number }>) => {
    const next = { ...filter, page: 1, ...change }
    const params = new URLSearchParams()
    if (next.event) params.set('event', next.event)
    if (next.email) params.set('email', next.email)
    if (next.page > 1) params.set('page', String(next.page))
    const search = params.toString()
    return `/admin/account-management/security-log${search ? `?${search}` : ''}`
  }
  return (
    <AdminShell title="Security log - Account Management">
      <PageHeading
        title="Account Management"
        description={`${meta.total.toLocaleString()} security event${meta.total === 1 ? '' : 's'}: sign-ins and failed attempts, sign-outs, password and two-factor changes, invitations, role and policy changes, with where they came from.`}
      />
      <AccountTabs current="security-log" />
      <form
        className="mb-4 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault()
          router.visit(href({ email }))
        }}
      >
        <label className="text-sm text-slate-700">
          Event
          <select
            className="ml-2 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
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
        </label>
        <label className="text-sm text-slate-700">
          Email
          <input
            type="search"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className="ml-2 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
            placeholder="name@firm.com"
          />
        </label>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      {events.length === 0 ? (
        <Card>
          <p className="text-sm text-slate-600">No event for this filter.</p>
        </Card>
      ) : (
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
      )}
      <Pagination
        label="Security log pages"
        currentPage={meta.currentPage}
        lastPage={meta.lastPage}
        href={(page) => href({ page })}
      />
    </AdminShell>
  )
}
