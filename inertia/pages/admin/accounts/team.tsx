import { Link, router, useForm } from '@inertiajs/react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Card } from '~/components/ui/card'
import { Button } from '~/components/ui/button'
import { EmailRoleForm, TeamDetailsForm } from '~/components/admin/account_forms'
import { FieldError, FieldHint, fieldProps } from '~/components/ui/field'
import {
  Badge,
  inputClass,
  SecurityEventList,
  theadClass,
  When,
} from '~/components/admin/account_tabs'
import { TEAM_ROLE_LABELS, TEAM_ROLES, type TeamRole } from '@shared/team_roles'
import { TEAM_PASSWORD_MIN_LENGTH } from '@shared/team_security_policy'

interface Member {
  id: number
  name: string
  email: string
  role: TeamRole
  lastLoginAt: string | null
  joinedAt: string | null
  disabled: boolean
  twoFactor: boolean
}

interface Invitation {
  id: number
  email: string
  role: TeamRole
  status: 'pending' | 'expired' | 'accepted' | 'revoked'
  invitedBy: string | null
  lastSentAt: string
  expiresAt: string
  sendCount: number
}

interface Props {
  managedTeam: {
    id: number
    name: string
    currency: string
    teamType: string
    region: string
    requireTwoFactor: boolean
    passwordMinLength: number
    allowSelfRegistration: boolean
    modules: string[]
    domains: string[]
    ips: string[]
  }
  members: Member[]
  modules: { internalName: string; name: string; product: string }[]
  invitations: Invitation[]
  events: {
    id: number
    label: string
    details: string | null
    ip: string | null
    user: string
    createdAt: string
  }[]
  currencies: { code: string; name: string }[]
  teamTypes: { key: string; name: string }[]
}

/**
 * The card's tables fit its width (the actions column is fixed, long addresses wrap) instead of
 * scrolling sideways: secondary details are stacked under the name or address.
 */
const fittedTableClass = 'w-full table-fixed divide-y divide-slate-200 text-sm'

const STATUS_TONES = {
  pending: 'amber',
  expired: 'slate',
  accepted: 'green',
  revoked: 'red',
} as const

function ProductsForm({ managedTeam: team, modules }: Pick<Props, 'managedTeam' | 'modules'>) {
  const form = useForm({ modules: team.modules })
  const products = [...new Set(modules.map((module) => module.product))]
  return (
    <Card>
      <h2 className="text-base font-semibold text-slate-900">Products</h2>
      <p className="mt-1 text-sm text-slate-600">
        The modules the team&apos;s members can open. Removing one hides its pages and refuses its
        data at once.
      </p>
      <form
        aria-label="Team products"
        className="mt-4"
        onSubmit={(event) => {
          event.preventDefault()
          form.post(`/admin/account-management/teams/${team.id}/modules`, { preserveScroll: true })
        }}
      >
        <div
          role="group"
          aria-label="Products"
          {...fieldProps('team-modules', form.errors.modules)}
          className="grid gap-4 sm:grid-cols-2"
        >
          {products.map((product) => (
            <fieldset key={product}>
              <legend className="text-sm font-medium text-slate-800">{product}</legend>
              {modules
                .filter((module) => module.product === product)
                .map((module) => (
                  <label key={module.internalName} className="mt-1 flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={form.data.modules.includes(module.internalName)}
                      onChange={(event) =>
                        form.setData(
                          'modules',
                          event.target.checked
                            ? [...form.data.modules, module.internalName]
                            : form.data.modules.filter((name) => name !== module.internalName)
                        )
                      }
                    />
                    {module.name}
                  </label>
                ))}
            </fieldset>
          ))}
        </div>
        <FieldError id="team-modules" message={form.errors.modules} />
        <Button type="submit" className="mt-4" disabled={form.processing}>
          Save products
        </Button>
      </form>
    </Card>
  )
}

function SecurityForm({ managedTeam: team }: Pick<Props, 'managedTeam'>) {
  const form = useForm({
    requireTwoFactor: team.requireTwoFactor,
    allowSelfRegistration: team.allowSelfRegistration,
    passwordMinLength: team.passwordMinLength,
    domains: team.domains.join('\n'),
    ips: team.ips.join('\n'),
  })
  return (
    <Card>
      <h2 className="text-base font-semibold text-slate-900">Security policy</h2>
      <form
        aria-label="Security policy"
        className="mt-4 space-y-4"
        onSubmit={(event) => {
          event.preventDefault()
          form.post(`/admin/account-management/teams/${team.id}/security`, {
            preserveScroll: true,
          })
        }}
      >
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5"
            checked={form.data.requireTwoFactor}
            onChange={(event) => form.setData('requireTwoFactor', event.target.checked)}
          />
          <span>
            <span className="font-medium text-slate-800">Require two-factor authentication</span>
            <span className="block text-slate-500">
              Members without it set it up at their next visit and reach nothing else until done.
            </span>
          </span>
        </label>
        <div>
          <label className="block text-sm font-medium text-slate-700">
            Minimum password length
            <span className="mt-1 block w-32">
              <input
                {...fieldProps('team-password-min-length', form.errors.passwordMinLength)}
                type="number"
                min={TEAM_PASSWORD_MIN_LENGTH.lowest}
                max={TEAM_PASSWORD_MIN_LENGTH.highest}
                className={inputClass}
                value={form.data.passwordMinLength}
                onChange={(event) => form.setData('passwordMinLength', Number(event.target.value))}
              />
            </span>
          </label>
          <FieldError id="team-password-min-length" message={form.errors.passwordMinLength} />
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          <div>
            <label className="block text-sm font-medium text-slate-700">
              Allowed email domains
              <textarea
                {...fieldProps('team-domains', form.errors.domains, true)}
                rows={4}
                className={`mt-1 font-mono ${inputClass}`}
                placeholder={'northbridge.example\nnb-capital.example'}
                value={form.data.domains}
                onChange={(event) => form.setData('domains', event.target.value)}
              />
            </label>
            <FieldHint id="team-domains" className="mt-1">
              One per line. Members and invitations must use one of them; empty allows any.
            </FieldHint>
            <FieldError id="team-domains" message={form.errors.domains} />
          </div>
          <div>
            <label className="block text-sm font-medium text-slate-700">
              Allowed IP ranges
              <textarea
                {...fieldProps('team-ips', form.errors.ips, true)}
                rows={4}
                className={`mt-1 font-mono ${inputClass}`}
                placeholder={'203.0.113.0/24\n2001:db8::/32'}
                value={form.data.ips}
                onChange={(event) => form.setData('ips', event.target.value)}
              />
            </label>
            <FieldHint id="team-ips" className="mt-1">
              IPv4 or IPv6 addresses or CIDR ranges, one per line. Checked on every request; empty
              allows any network.
            </FieldHint>
            <FieldError id="team-ips" message={form.errors.ips} />
          </div>
        </div>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5"
            checked={form.data.allowSelfRegistration}
            onChange={(event) => form.setData('allowSelfRegistration', event.target.checked)}
          />
          <span>
            <span className="font-medium text-slate-800">Allow self-registration</span>
            <span className="block text-slate-500">
              People with an address at an allowed domain may create an account without an
              invitation; they confirm their email before they see any data.
            </span>
          </span>
        </label>
        <Button type="submit" disabled={form.processing}>
          Save security policy
        </Button>
      </form>
    </Card>
  )
}

function Members({ managedTeam: team, members }: Pick<Props, 'managedTeam' | 'members'>) {
  const base = `/admin/account-management/teams/${team.id}/members`
  return (
    <Card padding="none">
      <div className="p-6 pb-4">
        <h2 className="text-base font-semibold text-slate-900">Members ({members.length})</h2>
      </div>
      {members.length === 0 ? (
        <p className="px-6 pb-4 text-sm text-slate-600">Nobody belongs to this team yet.</p>
      ) : (
        <table className={fittedTableClass} aria-label="Members">
          <thead className={theadClass}>
            <tr>
              <th className="px-6 py-3">Member</th>
              <th className="w-44 px-3 py-3">Role</th>
              <th className="w-28 py-3 pr-6 pl-3 text-right">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {members.map((member) => (
              <tr key={member.id}>
                <td className="px-6 py-3 align-top [overflow-wrap:anywhere]">
                  <Link
                    href={`/admin/account-management/users/${member.id}`}
                    className="font-medium text-teal-800 hover:underline"
                  >
                    {member.name}
                  </Link>
                  <div className="text-xs text-slate-500">{member.email}</div>
                  <div className="mt-1 flex flex-wrap items-center gap-1 text-xs text-slate-600">
                    <span className="mr-1">
                      Last sign-in: <When value={member.lastLoginAt} empty="never" />
                    </span>
                    {member.disabled ? <Badge tone="red">Disabled</Badge> : null}
                    {member.twoFactor ? (
                      <Badge tone="green">Two-factor</Badge>
                    ) : team.requireTwoFactor ? (
                      <Badge tone="amber">Two-factor pending</Badge>
                    ) : (
                      <Badge>No two-factor</Badge>
                    )}
                  </div>
                </td>
                <td className="px-3 py-3 align-top">
                  <select
                    aria-label={`Role of ${member.name}`}
                    className="w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                    value={member.role}
                    onChange={(event) =>
                      router.post(
                        `${base}/${member.id}/role`,
                        { role: event.target.value },
                        { preserveScroll: true }
                      )
                    }
                  >
                    {TEAM_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {TEAM_ROLE_LABELS[role]}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="py-3 pr-6 pl-3 text-right align-top">
                  <Button
                    variant="ghost"
                    className="px-2 py-1 text-red-700"
                    aria-label={`Remove ${member.name}`}
                    onClick={() => {
                      if (window.confirm(`Remove ${member.name} from ${team.name}?`)) {
                        router.post(`${base}/${member.id}/remove`, {}, { preserveScroll: true })
                      }
                    }}
                  >
                    Remove
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <EmailRoleForm
        label="Add a member"
        fieldLabel="Add an existing user"
        action={base}
        submitLabel="Add member"
      />
    </Card>
  )
}

function Invitations({
  managedTeam: team,
  invitations,
}: Pick<Props, 'managedTeam' | 'invitations'>) {
  const base = `/admin/account-management/teams/${team.id}/invitations`
  return (
    <Card padding="none">
      <div className="p-6 pb-4">
        <h2 className="text-base font-semibold text-slate-900">Invitations</h2>
        <p className="mt-1 text-sm text-slate-600">
          An invitation mails a signed link that works for 7 days; sending it again replaces the
          earlier link.
        </p>
      </div>
      {invitations.length === 0 ? (
        <p className="px-6 pb-4 text-sm text-slate-600">No invitation has been sent yet.</p>
      ) : (
        <table className={fittedTableClass} aria-label="Invitations">
          <thead className={theadClass}>
            <tr>
              <th className="px-6 py-3">Invitation</th>
              <th className="w-52 py-3 pr-6 pl-3 text-right">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {invitations.map((invitation) => (
              <tr key={invitation.id}>
                <td className="px-6 py-3 align-top [overflow-wrap:anywhere]">
                  <div className="text-slate-800">{invitation.email}</div>
                  <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
                    <span>{TEAM_ROLE_LABELS[invitation.role]}</span>
                    <Badge tone={STATUS_TONES[invitation.status]}>{invitation.status}</Badge>
                    <span>
                      Last sent <When value={invitation.lastSentAt} />
                      {invitation.invitedBy ? ` by ${invitation.invitedBy}` : null}
                    </span>
                  </div>
                </td>
                <td className="py-3 pr-6 pl-3 text-right align-top">
                  <div className="flex flex-wrap justify-end gap-1">
                    {invitation.status === 'pending' || invitation.status === 'expired' ? (
                      <Button
                        variant="ghost"
                        className="px-2 py-1"
                        aria-label={`Resend the invitation to ${invitation.email}`}
                        onClick={() =>
                          router.post(
                            `${base}/${invitation.id}/resend`,
                            {},
                            { preserveScroll: true }
                          )
                        }
                      >
                        Resend
                      </Button>
                    ) : null}
                    {invitation.status === 'pending' ? (
                      <Button
                        variant="ghost"
                        className="px-2 py-1 text-red-700"
                        aria-label={`Revoke the invitation to ${invitation.email}`}
                        onClick={() =>
                          router.post(
                            `${base}/${invitation.id}/revoke`,
                            {},
                            { preserveScroll: true }
                          )
                        }
                      >
                        Revoke
                      </Button>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <EmailRoleForm
        label="Invite someone"
        fieldLabel="Invite by email"
        action={base}
        submitLabel="Send invitation"
        primary
      />
    </Card>
  )
}

export default function TeamProfile(props: Props) {
  const { managedTeam: team } = props
  return (
    <AdminShell title={`${team.name} - Account Management`}>
      <p className="mb-2 text-sm">
        <Link href="/admin/account-management" className="text-teal-800 hover:underline">
          ← All teams
        </Link>
      </p>
      <PageHeading
        title={team.name}
        description={`${team.region} · ${team.currency} · ${props.members.length} member${props.members.length === 1 ? '' : 's'}`}
      />
      <div className="grid gap-6 xl:grid-cols-2">
        <div className="min-w-0 space-y-6">
          <Card>
            <h2 className="text-base font-semibold text-slate-900">Profile</h2>
            <TeamDetailsForm
              key={`${team.name}${team.currency}${team.teamType}${team.region}`}
              label="Team profile"
              className="mt-4 grid gap-4 md:grid-cols-2"
              initial={{
                name: team.name,
                currencyCode: team.currency,
                teamTypeKey: team.teamType,
                region: team.region,
              }}
              choices={{ currencies: props.currencies, teamTypes: props.teamTypes }}
              action={`/admin/account-management/teams/${team.id}`}
              submitLabel="Save profile"
            />
          </Card>
          <ProductsForm key={team.modules.join()} managedTeam={team} modules={props.modules} />
          <SecurityForm
            key={`${team.requireTwoFactor}${team.allowSelfRegistration}${team.passwordMinLength}${team.domains.join()}${team.ips.join()}`}
            managedTeam={team}
          />
        </div>
        <div className="min-w-0 space-y-6">
          <Members managedTeam={team} members={props.members} />
          <Invitations managedTeam={team} invitations={props.invitations} />
          <Card padding="none">
            <h2 className="p-6 pb-4 text-base font-semibold text-slate-900">
              Recent security events of members
            </h2>
            <SecurityEventList events={props.events} />
          </Card>
        </div>
      </div>
    </AdminShell>
  )
}
