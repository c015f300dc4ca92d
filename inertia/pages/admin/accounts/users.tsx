import { Link } from '@inertiajs/react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { ListPage, ListSearchBar, countText } from '~/components/list_page'
import { listHref as pageHref, type ListPageMeta } from '@shared/list_page'
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
  meta: ListPageMeta
  pageNotice: string | null
}

const listHref = (q: string, page = 1) => pageHref('/admin/account-management/users', { q }, page)

export default function AccountUsers({ filter, users, meta, pageNotice }: Props) {
  return (
    <AdminShell title="Users - Account Management">
      <PageHeading
        title="Account Management"
        description="Find a user to see their teams and sign-ins, disable or enable them, reset their two-factor authentication or require a new password."
      />
      <AccountTabs current="users" />
      <ListPage
        notices={[pageNotice]}
        filterBar={
          <ListSearchBar
            initial={filter.q}
            label="Search users"
            placeholder="Name or email"
            summary={countText(meta.total, ['user', 'users'])}
            href={(q) => listHref(q)}
          />
        }
        isEmpty={users.length === 0}
        empty="No user matches this search."
        meta={meta}
        href={(page) => listHref(filter.q, page)}
        paginationLabel="User pages"
      >
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
      </ListPage>
    </AdminShell>
  )
}
