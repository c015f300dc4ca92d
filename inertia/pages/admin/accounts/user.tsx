import { Link, router, useForm } from '@inertiajs/react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Card } from '~/components/ui/card'
import { Button } from '~/components/ui/button'
import { useState } from 'react'
import { Dialog } from '~/components/ui/dialog'
import { FieldError, fieldProps } from '~/components/ui/field'
import {
  Badge,
  SecurityEventList,
  tableClass,
  theadClass,
  When,
} from '~/components/admin/account_tabs'
import { useSharedProps } from '~/hooks/use_shared_props'
import { TEAM_ROLE_LABELS, type TeamRole } from '@shared/team_roles'
import { PERMISSIONS } from '@shared/permissions'

interface Props {
  account: {
    id: number
    name: string
    email: string
    administrator: boolean
    disabled: boolean
    disabledAt: string | null
    emailVerified: boolean
    lastLoginAt: string | null
    createdAt: string
    twoFactor: boolean
    passwordChangedAt: string
    passwordChangeRequired: boolean
    roleIds: number[]
  }
  teams: { id: number; name: string; role: TeamRole; joinedAt: string | null }[]
  roles: { id: number; name: string; description: string; permissions: string[] }[]
  events: {
    id: number
    label: string
    ip: string | null
    userAgent: string | null
    createdAt: string
  }[]
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children}</dd>
    </div>
  )
}

function action(path: string, question: string) {
  if (window.confirm(question)) router.post(path, {}, { preserveScroll: true })
}

function RolesForm({
  account: user,
  roles,
  self,
}: Pick<Props, 'account' | 'roles'> & { self: boolean }) {
  const form = useForm({
    administrator: user.administrator,
    roleIds: user.roleIds,
    confirmSelfRemoval: false,
  })
  const [confirming, setConfirming] = useState(false)
  const keepsAccountManagement =
    form.data.administrator &&
    roles.some(
      (role) =>
        form.data.roleIds.includes(role.id) && role.permissions.includes(PERMISSIONS.viewAccounts)
    )
  const save = (confirmSelfRemoval: boolean) => {
    form.transform((data) => ({ ...data, confirmSelfRemoval }))
    form.post(`/admin/account-management/users/${user.id}/roles`, {
      preserveScroll: true,
      onFinish: () => setConfirming(false),
    })
  }
  return (
    <Card>
      <h2 className="text-base font-semibold text-slate-900">Administrator access</h2>
      <form
        aria-label="Administrator roles"
        className="mt-4 space-y-3"
        onSubmit={(event) => {
          event.preventDefault()
          // Taking one's own account management away is confirmed first (the server insists too).
          if (self && !keepsAccountManagement) setConfirming(true)
          else save(false)
        }}
      >
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            checked={form.data.administrator}
            onChange={(event) => {
              form.setData((data) => ({
                ...data,
                administrator: event.target.checked,
                roleIds: event.target.checked ? data.roleIds : [],
              }))
            }}
          />
          Administrator
        </label>
        <fieldset
          {...fieldProps('user-roles', form.errors.roleIds)}
          disabled={!form.data.administrator}
          className="space-y-2 disabled:opacity-50"
        >
          <legend className="sr-only">Roles</legend>
          {roles.map((role) => (
            <label key={role.id} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5"
                checked={form.data.roleIds.includes(role.id)}
                onChange={(event) =>
                  form.setData(
                    'roleIds',
                    event.target.checked
                      ? [...form.data.roleIds, role.id]
                      : form.data.roleIds.filter((id) => id !== role.id)
                  )
                }
              />
              <span>
                <span className="text-slate-900">{role.name}</span>
                <span className="block text-xs text-slate-500">
                  {role.description || `${role.permissions.length} permissions`}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <FieldError id="user-roles" message={form.errors.roleIds} />
        {self && !keepsAccountManagement ? (
          <p className="text-sm text-amber-800" role="note">
            These settings remove your own access to Account Management.
          </p>
        ) : null}
        <Button type="submit" disabled={form.processing}>
          Save access
        </Button>
      </form>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove your own administrator access?"
        description="Once saved, you can no longer open Account Management or change anyone’s access, including your own. Only another administrator can give it back."
        className="w-[min(32rem,calc(100vw-2rem))]"
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Keep my access
          </Button>
          <Button variant="danger" disabled={form.processing} onClick={() => save(true)}>
            Remove my access
          </Button>
        </div>
      </Dialog>
    </Card>
  )
}

export default function UserProfile({ account: user, teams, roles, events }: Props) {
  const { user: me } = useSharedProps()
  const base = `/admin/account-management/users/${user.id}`
  const self = me?.id === user.id
  return (
    <AdminShell title={`${user.name} - Account Management`}>
      <p className="mb-2 text-sm">
        <Link href="/admin/account-management/users" className="text-teal-800 hover:underline">
          ← All users
        </Link>
      </p>
      <PageHeading
        title={user.name}
        description={user.email}
        actions={
          <span className="flex flex-wrap gap-1">
            {user.disabled ? (
              <Badge tone="red">Disabled</Badge>
            ) : (
              <Badge tone="green">Active</Badge>
            )}
            {user.administrator ? <Badge tone="teal">Administrator</Badge> : null}
          </span>
        }
      />
      <div className="grid gap-6 xl:grid-cols-[3fr_2fr]">
        <div className="min-w-0 space-y-6">
          <Card>
            <dl className="grid gap-4 sm:grid-cols-3">
              <Detail label="Last sign-in">
                <When value={user.lastLoginAt} empty="Never" />
              </Detail>
              <Detail label="Account created">
                <When value={user.createdAt} />
              </Detail>
              <Detail label="Email">{user.emailVerified ? 'Confirmed' : 'Not confirmed'}</Detail>
              <Detail label="Two-factor">{user.twoFactor ? 'On' : 'Off'}</Detail>
              <Detail label="Password changed">
                <When value={user.passwordChangedAt} />
                {user.passwordChangeRequired ? (
                  <span className="block text-xs text-amber-700">New password required</span>
                ) : null}
              </Detail>
              {user.disabledAt ? (
                <Detail label="Disabled">
                  <When value={user.disabledAt} />
                </Detail>
              ) : null}
            </dl>
          </Card>
          <Card>
            <h2 className="text-base font-semibold text-slate-900">Security actions</h2>
            <p className="mt-1 text-sm text-slate-600">
              Each action ends the user&apos;s sessions on every device and is written to the
              security log. You confirm your password first.
            </p>
            <div className="mt-4 flex flex-wrap gap-2">
              {user.disabled ? (
                <Button variant="secondary" onClick={() => router.post(`${base}/enable`)}>
                  Enable account
                </Button>
              ) : (
                <Button
                  variant="danger"
                  disabled={self}
                  title={self ? 'You cannot disable your own account.' : undefined}
                  onClick={() =>
                    action(
                      `${base}/disable`,
                      `Disable ${user.email}? They are signed out at once and cannot sign in.`
                    )
                  }
                >
                  Disable account
                </Button>
              )}
              <Button
                variant="secondary"
                disabled={!user.twoFactor}
                onClick={() =>
                  action(
                    `${base}/reset-two-factor`,
                    `Reset two-factor authentication of ${user.email}?`
                  )
                }
              >
                Reset two-factor
              </Button>
              <Button
                variant="secondary"
                onClick={() =>
                  action(
                    `${base}/require-password-change`,
                    `Sign ${user.email} out and require a new password at their next sign-in?`
                  )
                }
              >
                Require a new password
              </Button>
            </div>
          </Card>
          <Card padding="none">
            <h2 className="p-6 pb-4 text-base font-semibold text-slate-900">Teams</h2>
            {teams.length === 0 ? (
              <p className="px-6 pb-6 text-sm text-slate-600">Not a member of any team.</p>
            ) : (
              <table className={tableClass} aria-label="Teams of the user">
                <thead className={theadClass}>
                  <tr>
                    <th className="px-6 py-3">Team</th>
                    <th className="px-4 py-3">Role</th>
                    <th className="px-4 py-3">Member since</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {teams.map((team) => (
                    <tr key={team.id}>
                      <td className="px-6 py-3">
                        <Link
                          href={`/admin/account-management/teams/${team.id}`}
                          className="font-medium text-teal-800 hover:underline"
                        >
                          {team.name}
                        </Link>
                      </td>
                      <td className="px-4 py-3 text-slate-700">{TEAM_ROLE_LABELS[team.role]}</td>
                      <td className="px-4 py-3 text-slate-600">
                        <When value={team.joinedAt} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Card>
        </div>
        <div className="min-w-0 space-y-6">
          <RolesForm
            key={`${user.administrator}${user.roleIds.join()}`}
            account={user}
            roles={roles}
            self={self}
          />
          <Card padding="none">
            <h2 className="p-6 pb-4 text-base font-semibold text-slate-900">
              Recent security events
            </h2>
            <SecurityEventList events={events} />
            <p className="border-t border-slate-100 px-6 py-3 text-sm">
              <Link
                href={`/admin/account-management/security-log?email=${encodeURIComponent(user.email)}`}
                className="text-teal-800 hover:underline"
              >
                See the full security log
              </Link>
            </p>
          </Card>
        </div>
      </div>
    </AdminShell>
  )
}
