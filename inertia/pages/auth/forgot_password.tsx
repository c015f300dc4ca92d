import { Link, useForm } from '@inertiajs/react'
import { AuthLayout } from '~/layouts/auth_layout'
import { Field } from '~/components/ui/field'
import { Button } from '~/components/ui/button'

export default function ForgotPassword() {
  const form = useForm({ email: '' })
  return (
    <AuthLayout
      title="Forgot password"
      heading="Reset your password"
      intro="Enter the email address of your account and we will send you a link to choose a new password."
    >
      <form
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault()
          form.post('/forgot-password')
        }}
      >
        <Field
          label="Email address"
          name="email"
          type="email"
          autoComplete="username"
          required
          value={form.data.email}
          onChange={(event) => form.setData('email', event.target.value)}
          error={form.errors.email}
        />
        <Button type="submit" className="w-full" disabled={form.processing}>
          Send reset link
        </Button>
        <p className="text-center text-sm">
          <Link href="/login" className="font-medium text-brand-600 hover:text-brand-700">
            Back to sign in
          </Link>
        </p>
      </form>
    </AuthLayout>
  )
}
