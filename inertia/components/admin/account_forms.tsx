import { useId } from 'react'
import { useForm } from '@inertiajs/react'
import { Button } from '~/components/ui/button'
import { inputClass } from '~/components/admin/account_tabs'
import { FieldError, fieldProps } from '~/components/ui/field'
import { TEAM_ROLE_LABELS, TEAM_ROLES, type TeamRole } from '@shared/team_roles'

const REGIONS = ['EMEA', 'AMER', 'APAC']

export interface TeamDetails {
  name: string
  currencyCode: string
  teamTypeKey: string
  region: string
}

export interface TeamChoices {
  currencies: { code: string; name: string }[]
  teamTypes: { key: string; name: string }[]
}

/**
 * A team's name, currency, type and region: the same fields create a team and edit its
 * profile.
 */
export function TeamDetailsForm({
  initial,
  choices,
  action,
  submitLabel,
  className,
  label,
}: {
  initial: TeamDetails
  choices: TeamChoices
  action: string
  submitLabel: string
  className: string
  label: string
}) {
  const form = useForm(initial)
  const idPrefix = useId()
  const select = (
    field: 'currencyCode' | 'teamTypeKey' | 'region',
    title: string,
    options: { value: string; label: string }[]
  ) => (
    <div>
      <label className="text-sm font-medium text-slate-700">
        {title}
        <select
          {...fieldProps(`${idPrefix}-${field}`, form.errors[field])}
          className={`mt-1 ${inputClass}`}
          value={form.data[field]}
          onChange={(event) => form.setData(field, event.target.value)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <FieldError id={`${idPrefix}-${field}`} message={form.errors[field]} />
    </div>
  )
  return (
    <form
      aria-label={label}
      className={className}
      onSubmit={(event) => {
        event.preventDefault()
        form.post(action, { preserveScroll: true })
      }}
    >
      <div>
        <label className="text-sm font-medium text-slate-700">
          Name
          <input
            {...fieldProps(`${idPrefix}-name`, form.errors.name)}
            className={`mt-1 ${inputClass}`}
            value={form.data.name}
            required
            onChange={(event) => form.setData('name', event.target.value)}
          />
        </label>
        <FieldError id={`${idPrefix}-name`} message={form.errors.name} />
      </div>
      {select(
        'currencyCode',
        'Currency',
        choices.currencies.map((c) => ({ value: c.code, label: `${c.code} — ${c.name}` }))
      )}
      {select(
        'teamTypeKey',
        'Team type',
        choices.teamTypes.map((t) => ({ value: t.key, label: t.name }))
      )}
      {select(
        'region',
        'Region',
        REGIONS.map((region) => ({ value: region, label: region }))
      )}
      <div className="flex items-end">
        <Button type="submit" disabled={form.processing}>
          {submitLabel}
        </Button>
      </div>
    </form>
  )
}

/** An email address and a team role, for adding a member or sending an invitation. */
export function EmailRoleForm({
  label,
  fieldLabel,
  action,
  submitLabel,
  primary = false,
}: {
  label: string
  fieldLabel: string
  action: string
  submitLabel: string
  primary?: boolean
}) {
  const form = useForm({ email: '', role: 'member' as TeamRole })
  const emailId = useId()
  return (
    <form
      aria-label={label}
      className="flex flex-wrap items-end gap-3 border-t border-slate-100 p-6"
      onSubmit={(event) => {
        event.preventDefault()
        form.post(action, { preserveScroll: true, onSuccess: () => form.reset() })
      }}
    >
      <div className="grow">
        <label className="text-sm font-medium text-slate-700">
          {fieldLabel}
          <input
            {...fieldProps(emailId, form.errors.email)}
            type="email"
            required
            placeholder="name@firm.com"
            className={`mt-1 ${inputClass}`}
            value={form.data.email}
            onChange={(event) => form.setData('email', event.target.value)}
          />
        </label>
        <FieldError id={emailId} message={form.errors.email} />
      </div>
      <label className="text-sm font-medium text-slate-700">
        Role
        <select
          className={`mt-1 ${inputClass}`}
          value={form.data.role}
          onChange={(event) => form.setData('role', event.target.value as TeamRole)}
        >
          {TEAM_ROLES.map((role) => (
            <option key={role} value={role}>
              {TEAM_ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" variant={primary ? 'primary' : 'secondary'} disabled={form.processing}>
        {submitLabel}
      </Button>
    </form>
  )
}
