import { router, useForm } from '@inertiajs/react'
import { AuthLayout } from '~/layouts/auth_layout'
import { Button } from '~/components/ui/button'
import { PASSWORD_VALIDITY_DAYS } from '@shared/password_expiry'
import { PasswordFields } from '~/components/auth/password_fields'

export default function RotatePassword({ reason }: { reason: 'expired' | 'administrator' }) {
  const form = useForm({ currentPassword: '', password: '', passwordConfirmation: '' })
  return (
    <AuthLayout
      title="Change your password"
      heading={reason === 'administrator' ? 'Choose a new password' : 'Your password has expired'}
      intro={
        reason === 'administrator'
          ? 'An administrator has asked you to change your password before you continue.'
          : `Passwords are valid for ${PASSWORD_VALIDITY_DAYS} days. Choose a new one to continue.`
      }
    >
      <form
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault()
          form.post('/password/rotate', { onFinish: () => form.reset() })
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
