import { Link, useForm } from '@inertiajs/react'
import { useState } from 'react'
import { AuthLayout } from '~/layouts/auth_layout'
import { Field } from '~/components/ui/field'
import { Button } from '~/components/ui/button'

export default function Login() {
  const form = useForm({ email: '', password: '' })
  const sso = useForm({ ssoEmail: '' })
  const [ssoOpen, setSsoOpen] = useState(false)
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
          <Link
            href="/register"
            className="text-sm font-medium text-brand-600 hover:text-brand-700"
          >
            Create an account
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={form.processing}>
          {form.processing ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
      <div className="mt-6 border-t border-slate-200 pt-6">
        {ssoOpen || sso.errors.ssoEmail ? (
          <form
            className="space-y-4"
            aria-label="Single sign-on"
            onSubmit={(event) => {
              event.preventDefault()
              sso.post('/sso/start')
            }}
          >
            <Field
              label="Work email address"
              name="ssoEmail"
              type="email"
              autoComplete="email"
              required
              hint="You continue at your organisation’s identity provider."
              value={sso.data.ssoEmail}
              onChange={(event) => sso.setData('ssoEmail', event.target.value)}
              error={sso.errors.ssoEmail}
            />
            <Button type="submit" variant="secondary" className="w-full" disabled={sso.processing}>
              {sso.processing ? 'Redirecting…' : 'Continue with single sign-on'}
            </Button>
          </form>
        ) : (
          <Button
            variant="secondary"
            className="w-full"
            onClick={() => {
              sso.setData('ssoEmail', form.data.email)
              setSsoOpen(true)
            }}
          >
            Use single sign-on
          </Button>
        )}
      </div>
    </AuthLayout>
  )
}
