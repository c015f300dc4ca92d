import { Field } from '~/components/ui/field'
import { PASSWORD_POLICY_HINT } from '@shared/password_policy'

interface PasswordData {
  currentPassword?: string
  password: string
  passwordConfirmation: string
}

interface PasswordFieldsProps<Data extends PasswordData> {
  data: Data
  errors: Partial<Record<keyof PasswordData, string>>
  onChange: (field: keyof Data & keyof PasswordData, value: string) => void
}

/**
 * The new-password fields shared by reset, rotation and Settings; the current password is
 * asked for when the form carries it.
 */
export function PasswordFields<Data extends PasswordData>({
  data,
  errors,
  onChange,
}: PasswordFieldsProps<Data>) {
  return (
    <>
      {data.currentPassword !== undefined ? (
        <Field
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          value={data.currentPassword}
          onChange={(event) =>
            onChange('currentPassword' as keyof Data & keyof PasswordData, event.target.value)
          }
          error={errors.currentPassword}
        />
      ) : null}
      <Field
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint={PASSWORD_POLICY_HINT}
        value={data.password}
        onChange={(event) => onChange('password', event.target.value)}
        error={errors.password}
      />
      <Field
        label="Confirm new password"
        name="passwordConfirmation"
        type="password"
        autoComplete="new-password"
        required
        value={data.passwordConfirmation}
        onChange={(event) => onChange('passwordConfirmation', event.target.value)}
        error={errors.passwordConfirmation}
      />
    </>
  )
}
