import { Link, useForm } from '@inertiajs/react'
import { AuthLayout } from '~/layouts/auth_layout'
import { Field } from '~/components/ui/field'
import { Button } from '~/components/ui/button'
import { Alert } from '~/components/ui/alert'
import { PASSWORD_POLICY_HINT } from '@shared/password_policy'

interface Props {
  valid: boolean
  message: string | null
  action: string | null
  email: string | null
}

export default function ResetPassword({ valid, message, action, email }: Props) {
  const form = useForm({ password: '', passwordConfirmation: '' })
  if (!valid || !action) {
    return (
      <AuthLayout title="Reset password" heading="Reset your password">
        <Alert tone="error">{message}</Alert>
        <p className="mt-6 text-center text-sm">
          <Link href="/forgot-password" className="font-medium text-brand-600 hover:text-brand-700">
            Ask for a new link
          </Link>
        </p>
      </AuthLayout>
    )
  }
  return (
    <AuthLayout
      title="Reset password"
      heading="Choose a new password"
      intro={email ? `For ${email}.` : undefined}
    >
      <form
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault()
          form.post(action)
        }}
      >
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
      </form>
    </AuthLayout>
  )
}
