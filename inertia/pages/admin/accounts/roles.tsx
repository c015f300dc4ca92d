import { router, useForm } from '@inertiajs/react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Card } from '~/components/ui/card'
import { Button } from '~/components/ui/button'
import { AccountTabs, Badge, inputClass } from '~/components/admin/account_tabs'
import { FieldError, fieldProps } from '~/components/ui/field'

interface Role {
  id: number
  name: string
  description: string
  builtIn: boolean
  permissions: string[]
  holders: number
}

interface Props {
  roles: Role[]
  permissionChoices: { name: string; description: string }[]
}

function RoleForm({
  role,
  permissions,
}: {
  role: Role | null
  permissions: Props['permissionChoices']
}) {
  const form = useForm({
    name: role?.name ?? '',
    description: role?.description ?? '',
    permissions: role?.permissions ?? ([] as string[]),
  })
  const readOnly = role?.builtIn ?? false
  const idPrefix = `role-${role?.id ?? 'new'}`
  const toggle = (name: string, checked: boolean) =>
    form.setData(
      'permissions',
      checked ? [...form.data.permissions, name] : form.data.permissions.filter((p) => p !== name)
    )
  return (
    <Card>
      <form
        aria-label={role ? `Role ${role.name}` : 'New role'}
        onSubmit={(event) => {
          event.preventDefault()
          if (role)
            form.post(`/admin/account-management/roles/${role.id}`, { preserveScroll: true })
          else
            form.post('/admin/account-management/roles', {
              preserveScroll: true,
              onSuccess: () => form.reset(),
            })
        }}
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 className="text-base font-semibold text-slate-900">
            {role ? role.name : 'New role'}
          </h2>
          {role ? (
            <span className="flex gap-2">
              {role.builtIn ? <Badge tone="teal">Built in: every permission</Badge> : null}
              <Badge>
                {role.holders} administrator{role.holders === 1 ? '' : 's'}
              </Badge>
            </span>
          ) : null}
        </div>
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          <div>
            <label className="text-sm font-medium text-slate-700">
              Name
              <input
                {...fieldProps(`${idPrefix}-name`, form.errors.name)}
                className={`mt-1 ${inputClass}`}
                value={form.data.name}
                disabled={readOnly}
                required
                onChange={(event) => form.setData('name', event.target.value)}
              />
            </label>
            <FieldError id={`${idPrefix}-name`} message={form.errors.name} />
          </div>
          <label className="text-sm font-medium text-slate-700">
            Description
            <input
              className={`mt-1 ${inputClass}`}
              value={form.data.description}
              disabled={readOnly}
              onChange={(event) => form.setData('description', event.target.value)}
            />
          </label>
        </div>
        <fieldset
          className="mt-4"
          {...fieldProps(`${idPrefix}-permissions`, form.errors.permissions)}
        >
          <legend className="text-sm font-medium text-slate-700">Permissions</legend>
          <div className="mt-2 grid gap-2 md:grid-cols-2">
            {permissions.map((permission) => (
              <label key={permission.name} className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5"
                  disabled={readOnly}
                  checked={form.data.permissions.includes(permission.name)}
                  onChange={(event) => toggle(permission.name, event.target.checked)}
                />
                <span>
                  <span className="text-slate-900">{permission.description}</span>
                  <span className="block font-mono text-xs text-slate-500">{permission.name}</span>
                </span>
              </label>
            ))}
          </div>
          <FieldError id={`${idPrefix}-permissions`} message={form.errors.permissions} />
        </fieldset>
        {readOnly ? null : (
          <div className="mt-4 flex gap-2">
            <Button type="submit" disabled={form.processing}>
              {role ? 'Save role' : 'Create role'}
            </Button>
            {role ? (
              <Button
                variant="secondary"
                onClick={() => {
                  if (window.confirm(`Delete the role "${role.name}"?`)) {
                    router.post(
                      `/admin/account-management/roles/${role.id}/destroy`,
                      {},
                      { preserveScroll: true }
                    )
                  }
                }}
              >
                Delete
              </Button>
            ) : null}
          </div>
        )}
      </form>
    </Card>
  )
}

export default function AccountRoles({ roles, permissionChoices: permissions }: Props) {
  return (
    <AdminShell title="Roles - Account Management">
      <PageHeading
        title="Account Management"
        description="Roles are named sets of administrator permissions. An administrator holds the permissions of all their roles; the admin menu and every admin page follow them."
      />
      <AccountTabs current="roles" />
      <div className="space-y-6">
        {roles.map((role) => (
          <RoleForm
            key={`${role.id}-${role.permissions.join()}`}
            role={role}
            permissions={permissions}
          />
        ))}
        <RoleForm key={`new-${roles.length}`} role={null} permissions={permissions} />
      </div>
    </AdminShell>
  )
}
