import { Link, useForm } from '@inertiajs/react'
import { AuthLayout } from '~/layouts/auth_layout'
import { Field } from '~/components/ui/field'
import { Button } from '~/components/ui/button'

export default function Login() {
  const form = useForm({ email: '', password: '' })
  return (
    <AuthLayout
      title="Sign in"
      heading="Sign in to your account"
      intro="Research spend and market data analytics for your team."
    >
      <form
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault()
          form.post('/login', { onFinish: () => form.reset('password') })
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
        <div className="flex items-center justify-between">
          <Link
            href="/forgot-password"
            className="text-sm font-medium text-brand-600 hover:text-brand-700"
          >
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={form.processing}>
          {form.processing ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
    </AuthLayout>
  )
}
