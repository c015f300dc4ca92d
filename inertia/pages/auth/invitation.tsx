import { Link, router, useForm } from '@inertiajs/react'
import { AuthLayout } from '~/layouts/auth_layout'
import { Field } from '~/components/ui/field'
import { Button } from '~/components/ui/button'
import { Alert } from '~/components/ui/alert'
import { PasswordFields } from '~/components/auth/password_fields'

type Props =
  | { valid: false; message: string }
  | {
      valid: true
      message: null
      action: string
      teamName: string
      email: string
      roleLabel: string
      mode: 'register' | 'join' | 'sign-in'
      signedInAs: string | null
    }

function RegisterForm({ action, email }: { action: string; email: string }) {
  const form = useForm({ name: '', password: '', passwordConfirmation: '' })
  return (
    <form
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault()
        form.post(action, { onFinish: () => form.reset('password', 'passwordConfirmation') })
      }}
    >
      <Field label="Email address" name="email" type="email" value={email} disabled readOnly />
      <Field
        label="Full name"
        name="name"
        autoComplete="name"
        required
        value={form.data.name}
        onChange={(event) => form.setData('name', event.target.value)}
        error={form.errors.name}
      />
      <PasswordFields
        data={form.data}
        errors={form.errors}
        onChange={(field, value) => form.setData(field, value)}
      />
      <Button type="submit" className="w-full" disabled={form.processing}>
        Create account and join
      </Button>
    </form>
  )
}

export default function Invitation(props: Props) {
  if (!props.valid) {
    return (
      <AuthLayout title="Invitation" heading="Invitation">
        <Alert tone="error">{props.message}</Alert>
        <p className="mt-6 text-center text-sm">
          <Link href="/login" className="font-medium text-brand-600 hover:text-brand-700">
            Go to sign in
          </Link>
        </p>
      </AuthLayout>
    )
  }
  const { action, teamName, email, roleLabel, mode, signedInAs } = props
  return (
    <AuthLayout
      title="Invitation"
      heading={`Join ${teamName}`}
      intro={`You are invited as ${roleLabel.toLowerCase()} with ${email}.`}
    >
      {mode === 'register' ? <RegisterForm action={action} email={email} /> : null}
      {mode === 'join' ? (
        <Button className="w-full" onClick={() => router.post(action)}>
          Join {teamName}
        </Button>
      ) : null}
      {mode === 'sign-in' ? (
        <div className="space-y-4 text-sm text-slate-700">
          {signedInAs ? (
            <>
              <p>
                You are signed in as {signedInAs}. Sign out, then sign in as {email} to accept this
                invitation.
              </p>
              <Button variant="secondary" className="w-full" onClick={() => router.post('/logout')}>
                Sign out
              </Button>
            </>
          ) : (
            <>
              <p>An account already uses {email}. Sign in to accept the invitation.</p>
              <Link
                href="/login"
                className="block w-full rounded-md bg-brand-600 px-4 py-2 text-center font-medium text-white hover:bg-brand-700"
              >
                Sign in
              </Link>
            </>
          )}
        </div>
      ) : null}
    </AuthLayout>
  )
}
