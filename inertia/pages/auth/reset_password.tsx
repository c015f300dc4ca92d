import { Link, useForm } from '@inertiajs/react'
import { AuthLayout } from '~/layouts/auth_layout'
import { Button } from '~/components/ui/button'
import { Alert } from '~/components/ui/alert'
import { PasswordFields } from '~/components/auth/password_fields'

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
        <PasswordFields
          data={form.data}
          errors={form.errors}
          onChange={(field, value) => form.setData(field, value)}
        />
        <Button type="submit" className="w-full" disabled={form.processing}>
          Change password
        </Button>
      </form>
    </AuthLayout>
  )
}
