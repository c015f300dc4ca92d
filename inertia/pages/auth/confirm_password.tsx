import { useForm } from '@inertiajs/react'
import { AuthLayout } from '~/layouts/auth_layout'
import { Field } from '~/components/ui/field'
import { Button } from '~/components/ui/button'

export default function ConfirmPassword() {
  const form = useForm({ password: '' })
  return (
    <AuthLayout
      title="Confirm password"
      heading="Confirm your password"
      intro="This is a sensitive action. Enter your password to continue; we will not ask again for a few minutes."
    >
      <form
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault()
          form.post('/user/confirm-password', { onFinish: () => form.reset() })
        }}
      >
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={form.data.password}
          onChange={(event) => form.setData('password', event.target.value)}
          error={form.errors.password}
        />
        <Button type="submit" className="w-full" disabled={form.processing}>
          Confirm
        </Button>
      </form>
    </AuthLayout>
  )
}
