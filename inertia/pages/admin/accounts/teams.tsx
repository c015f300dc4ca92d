import { Link } from '@inertiajs/react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Card } from '~/components/ui/card'
import { TeamDetailsForm } from '~/components/admin/account_forms'
import { ListPage, ListSearchBar, countText } from '~/components/list_page'
import { listHref as pageHref, type ListPageMeta } from '@shared/list_page'
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
  meta: ListPageMeta
  pageNotice: string | null
  currencies: { code: string; name: string }[]
  teamTypes: { key: string; name: string }[]
}

const listHref = (q: string, page = 1) => pageHref('/admin/account-management', { q }, page)

export default function AccountTeams({
  filter,
  teams,
  meta,
  pageNotice,
  currencies,
  teamTypes,
}: Props) {
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
        <div>
          <ListPage
            notices={[pageNotice]}
            filterBar={
              <ListSearchBar
                initial={filter.q}
                label="Search teams"
                placeholder="Search teams by name"
                summary={countText(meta.total, ['team', 'teams'])}
                href={(q) => listHref(q)}
              />
            }
            isEmpty={teams.length === 0}
            empty="No team matches this search."
            meta={meta}
            href={(page) => listHref(filter.q, page)}
            paginationLabel="Team pages"
          >
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
          </ListPage>
        </div>
      </div>
    </AdminShell>
  )
}
