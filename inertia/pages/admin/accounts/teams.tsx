import { Link } from '@inertiajs/react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Card } from '~/components/ui/card'
import { ListSearch, TeamDetailsForm } from '~/components/admin/account_forms'
import { Pagination } from '~/components/ui/pagination'
import { AccountTabs, Badge, tableClass, theadClass } from '~/components/admin/account_tabs'

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

function listHref(q: string, page = 1) {
  const params = new URLSearchParams()
  if (q) params.set('q', q)
  if (page > 1) params.set('page', String(page))
  const search = params.toString()
  return `/admin/account-management${search ? `?${search}` : ''}`
}

export default function AccountTeams({ filter, teams, meta, currencies, teamTypes }: Props) {
  return (
    <AdminShell title="Account Management">
      <PageHeading
        title="Account Management"
        description="Teams, their members, invitations, products and security policies; users and administrator roles."
      />
      <AccountTabs current="teams" />
      <div className="space-y-6">
        <Card>
          <h2 className="text-base font-semibold text-slate-900">New team</h2>
          <TeamDetailsForm
            label="New team"
            className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-[2fr_1fr_1fr_1fr_auto] xl:items-start"
            initial={{
              name: '',
              currencyCode: currencies[0]?.code ?? '',
              teamTypeKey: teamTypes[0]?.key ?? '',
              region: 'EMEA',
            }}
            choices={{ currencies, teamTypes }}
            action="/admin/account-management/teams"
            submitLabel="Create team"
          />
        </Card>
        <ListSearch
          initial={filter.q}
          label="Search teams"
          placeholder="Search teams by name"
          total={meta.total}
          noun="team"
          href={(q) => listHref(q)}
        />
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
