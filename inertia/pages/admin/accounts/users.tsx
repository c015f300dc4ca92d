import { Link } from '@inertiajs/react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Card } from '~/components/ui/card'
import { ListSearch } from '~/components/admin/account_forms'
import { Pagination } from '~/components/ui/pagination'
import { AccountTabs, Badge, tableClass, theadClass, When } from '~/components/admin/account_tabs'

interface UserRow {
  id: number
  name: string
  email: string
  administrator: boolean
  disabled: boolean
  lastLoginAt: string | null
  twoFactor: boolean
  teams: number
}

interface Props {
  filter: { q: string }
  users: UserRow[]
  meta: { total: number; currentPage: number; lastPage: number }
}

function listHref(q: string, page = 1) {
  const params = new URLSearchParams()
  if (q) params.set('q', q)
  if (page > 1) params.set('page', String(page))
  const search = params.toString()
  return `/admin/account-management/users${search ? `?${search}` : ''}`
}

export default function AccountUsers({ filter, users, meta }: Props) {
  return (
    <AdminShell title="Users - Account Management">
      <PageHeading
        title="Account Management"
        description="Find a user to see their teams and sign-ins, disable or enable them, reset their two-factor authentication or require a new password."
      />
      <AccountTabs current="users" />
      <div className="mb-4">
        <ListSearch
          initial={filter.q}
          label="Search users"
          placeholder="Name or email"
          total={meta.total}
          noun="user"
          href={(q) => listHref(q)}
        />
      </div>
      {users.length === 0 ? (
        <Card>
          <p className="text-sm text-slate-600">No user matches this search.</p>
        </Card>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
          <table className={tableClass} aria-label="Users">
            <thead className={theadClass}>
              <tr>
                <th className="px-4 py-3">User</th>
                <th className="px-4 py-3 text-right">Teams</th>
                <th className="px-4 py-3">Last sign-in</th>
                <th className="px-4 py-3">Status</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {users.map((user) => (
                <tr key={user.id}>
                  <td className="px-4 py-3">
                    <Link
                      href={`/admin/account-management/users/${user.id}`}
                      className="font-medium text-teal-800 hover:underline"
                    >
                      {user.name}
                    </Link>
                    <div className="text-xs text-slate-500">{user.email}</div>
                  </td>
                  <td className="px-4 py-3 text-right text-slate-700 tabular-nums">{user.teams}</td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                    <When value={user.lastLoginAt} empty="Never" />
                  </td>
                  <td className="px-4 py-3">
                    <span className="flex flex-wrap gap-1">
                      {user.disabled ? <Badge tone="red">Disabled</Badge> : null}
                      {user.administrator ? <Badge tone="teal">Administrator</Badge> : null}
                      {user.twoFactor ? (
                        <Badge tone="green">Two-factor</Badge>
                      ) : (
                        <Badge>No two-factor</Badge>
                      )}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        label="User pages"
        currentPage={meta.currentPage}
        lastPage={meta.lastPage}
        href={(page) => listHref(filter.q, page)}
      />
    </AdminShell>
  )
}
