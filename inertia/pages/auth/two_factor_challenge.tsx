import { Link, useForm } from '@inertiajs/react'
import { useState } from 'react'
import { AuthLayout } from '~/layouts/auth_layout'
import { Field } from '~/components/ui/field'
import { Button } from '~/components/ui/button'

export default function TwoFactorChallenge() {
  const [useRecovery, setUseRecovery] = useState(false)
  const form = useForm({ code: '', recovery_code: '' })
  return (
    <AuthLayout
      title="Two-factor authentication"
      heading="Two-factor authentication"
      intro={
        useRecovery
          ? 'Enter one of your recovery codes. Each works once.'
          : 'Enter the six-digit code from your authenticator app.'
      }
    >
      <form
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault()
          form.transform((data) =>
            useRecovery ? { recovery_code: data.recovery_code } : { code: data.code }
          )
          form.post('/two-factor-challenge', { onFinish: () => form.reset() })
        }}
      >
        {useRecovery ? (
          <Field
            key="recovery"
            label="Recovery code"
            name="recovery_code"
            autoComplete="off"
            required
            value={form.data.recovery_code}
            onChange={(event) => form.setData('recovery_code', event.target.value)}
            error={form.errors.recovery_code}
          />
        ) : (
          <Field
            key="code"
            label="Code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            required
            value={form.data.code}
            onChange={(event) => form.setData('code', event.target.value)}
            error={form.errors.code}
          />
        )}
        <Button type="submit" className="w-full" disabled={form.processing}>
          Sign in
        </Button>
        <div className="flex justify-between text-sm">
          <button
            type="button"
            className="font-medium text-brand-600 hover:text-brand-700"
            onClick={() => {
              setUseRecovery(!useRecovery)
              form.clearErrors()
            }}
          >
            {useRecovery ? 'Use an authenticator code' : 'Use a recovery code'}
          </button>
          <Link href="/login" className="text-slate-600 hover:text-slate-800">
            Back to sign in
          </Link>
        </div>
      </form>
    </AuthLayout>
  )
}
