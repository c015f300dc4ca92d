import { router, useForm } from '@inertiajs/react'
import { AuthLayout } from '~/layouts/auth_layout'
import { Field } from '~/components/ui/field'
import { Button } from '~/components/ui/button'
import { PASSWORD_VALIDITY_DAYS } from '@shared/password_expiry'
import { PASSWORD_POLICY_HINT } from '@shared/password_policy'

export default function RotatePassword() {
  const form = useForm({ currentPassword: '', password: '', passwordConfirmation: '' })
  return (
    <AuthLayout
      title="Change your password"
      heading="Your password has expired"
      intro={`Passwords are valid for ${PASSWORD_VALIDITY_DAYS} days. Choose a new one to continue.`}
    >
      <form
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault()
          form.post('/password/rotate', { onFinish: () => form.reset() })
        }}
      >
        <Field
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          value={form.data.currentPassword}
          onChange={(event) => form.setData('currentPassword', event.target.value)}
          error={form.errors.currentPassword}
        />
        <Field
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={PASSWORD_POLICY_HINT}
          value={form.data.password}
          onChange={(event) => form.setData('password', event.target.value)}
          error={form.errors.password}
        />
        <Field
          label="Confirm new password"
          name="passwordConfirmation"
          type="password"
          autoComplete="new-password"
          required
          value={form.data.passwordConfirmation}
          onChange={(event) => form.setData('passwordConfirmation', event.target.value)}
          error={form.errors.passwordConfirmation}
        />
        <Button type="submit" className="w-full" disabled={form.processing}>
          Change password
        </Button>
        <button
          type="button"
          className="w-full text-center text-sm text-slate-600 hover:text-slate-900"
          onClick={() => router.post('/logout')}
        >
          Sign out instead
        </button>
      </form>
    </AuthLayout>
  )
}
