import { Link, router, useForm } from '@inertiajs/react'
import { useState } from 'react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Card } from '~/components/ui/card'
import { Button } from '~/components/ui/button'
import { Pagination } from '~/components/ui/pagination'
import {
  AccountTabs,
  Badge,
  FieldError,
  inputClass,
  tableClass,
  theadClass,
} from '~/components/admin/account_tabs'

interface TeamRow {
  id: number
  name: string
  region: string
  currency: string
  teamType: string
  members: number
  requireTwoFactor: boolean
}

interface Props {
  filter: { q: string }
  teams: TeamRow[]
  meta: { total: number; currentPage: number; lastPage: number }
  currencies: { code: string; name: string }[]
  teamTypes: { key: string; name: string }[]
}

const REGIONS = ['EMEA', 'AMER', 'APAC']

function listHref(q: string, page = 1) {
  const params = new URLSearchParams()
  if (q) params.set('q', q)
  if (page > 1) params.set('page', String(page))
  const search = params.toString()
  return `/admin/account-management${search ? `?${search}` : ''}`
}

function NewTeamForm({ currencies, teamTypes }: Pick<Props, 'currencies' | 'teamTypes'>) {
  const form = useForm({
    name: '',
    currencyCode: currencies[0]?.code ?? '',
    teamTypeKey: teamTypes[0]?.key ?? '',
    region: 'EMEA',
  })
  return (
    <Card>
      <h2 className="text-base font-semibold text-slate-900">New team</h2>
      <form
        className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-[2fr_1fr_1fr_1fr_auto] xl:items-end"
        onSubmit={(event) => {
          event.preventDefault()
          form.post('/admin/account-management/teams')
        }}
      >
        <label className="text-sm font-medium text-slate-700">
          Name
          <input
            className={`mt-1 ${inputClass}`}
            value={form.data.name}
            onChange={(event) => form.setData('name', event.target.value)}
            required
          />
          <FieldError message={form.errors.name} />
        </label>
        <label className="text-sm font-medium text-slate-700">
          Currency
          <select
            className={`mt-1 ${inputClass}`}
            value={form.data.currencyCode}
            onChange={(event) => form.setData('currencyCode', event.target.value)}
          >
            {currencies.map((currency) => (
              <option key={currency.code} value={currency.code}>
                {currency.code} — {currency.name}
              </option>
            ))}
          </select>
          <FieldError message={form.errors.currencyCode} />
        </label>
        <label className="text-sm font-medium text-slate-700">
          Team type
          <select
            className={`mt-1 ${inputClass}`}
            value={form.data.teamTypeKey}
            onChange={(event) => form.setData('teamTypeKey', event.target.value)}
          >
            {teamTypes.map((type) => (
              <option key={type.key} value={type.key}>
                {type.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          Region
          <select
            className={`mt-1 ${inputClass}`}
            value={form.data.region}
            onChange={(event) => form.setData('region', event.target.value)}
          >
            {REGIONS.map((region) => (
              <option key={region}>{region}</option>
            ))}
          </select>
        </label>
        <Button type="submit" disabled={form.processing}>
          Create team
        </Button>
      </form>
    </Card>
  )
}

export default function AccountTeams({ filter, teams, meta, currencies, teamTypes }: Props) {
  const [q, setQ] = useState(filter.q)
  return (
    <AdminShell title="Account Management">
      <PageHeading
        title="Account Management"
        description="Teams, their members, invitations, products and security policies; users and administrator roles."
      />
      <AccountTabs current="teams" />
      <div className="space-y-6">
        <NewTeamForm currencies={currencies} teamTypes={teamTypes} />
        <form
          role="search"
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault()
            router.visit(listHref(q))
          }}
        >
          <label className="text-sm text-slate-700">
            <span className="sr-only">Search teams</span>
            <input
              type="search"
              value={q}
              onChange={(event) => setQ(event.target.value)}
              placeholder="Search teams by name"
              className={`w-72 ${inputClass}`}
            />
          </label>
          <Button type="submit" variant="secondary">
            Search
          </Button>
          <span className="text-sm text-slate-600">
            {meta.total.toLocaleString()} team{meta.total === 1 ? '' : 's'}
          </span>
        </form>
        {teams.length === 0 ? (
          <Card>
            <p className="text-sm text-slate-600">No team matches this search.</p>
          </Card>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
            <table className={tableClass} aria-label="Teams">
              <thead className={theadClass}>
                <tr>
                  <th className="px-4 py-3">Team</th>
                  <th className="px-4 py-3">Type</th>
                  <th className="px-4 py-3">Currency</th>
                  <th className="px-4 py-3">Region</th>
                  <th className="px-4 py-3 text-right">Members</th>
                  <th className="px-4 py-3">Security</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {teams.map((team) => (
                  <tr key={team.id}>
                    <td className="px-4 py-3 font-medium">
                      <Link
                        href={`/admin/account-management/teams/${team.id}`}
                        className="text-teal-800 hover:underline"
                      >
                        {team.name}
                      </Link>
                    </td>
                    <td className="px-4 py-3 text-slate-700">{team.teamType}</td>
                    <td className="px-4 py-3 text-slate-700">{team.currency}</td>
                    <td className="px-4 py-3 text-slate-700">{team.region}</td>
                    <td className="px-4 py-3 text-right text-slate-700 tabular-nums">
                      {team.members}
                    </td>
                    <td className="px-4 py-3">
                      {team.requireTwoFactor ? (
                        <Badge tone="teal">Two-factor required</Badge>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination
          label="Team pages"
          currentPage={meta.currentPage}
          lastPage={meta.lastPage}
          href={(page) => listHref(filter.q, page)}
        />
      </div>
    </AdminShell>
  )
}
