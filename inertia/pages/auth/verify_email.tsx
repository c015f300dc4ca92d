import { Link, router, useForm } from '@inertiajs/react'
import { AuthLayout } from '~/layouts/auth_layout'
import { Button } from '~/components/ui/button'
import { Alert } from '~/components/ui/alert'

const linkClass = 'font-medium text-brand-600 hover:text-brand-700'

export default function VerifyEmail({
  email,
  verified,
  pendingEmail,
}: {
  email: string
  verified: boolean
  pendingEmail: string | null
}) {
  const form = useForm({})
  return (
    <AuthLayout title="Verify email" heading="Confirm your email address">
      {verified ? (
        <>
          <Alert tone="success">{email} is confirmed.</Alert>
          <p className="mt-6 text-center text-sm">
            <Link href="/" className={linkClass}>
              Continue to the dashboard
            </Link>
          </p>
        </>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            We sent a confirmation link to <strong>{email}</strong>. Open it to confirm the address.
            The link expires in 24 hours.
          </p>
          <Button
            className="w-full"
            disabled={form.processing}
            onClick={() => form.post('/email/verification-notification')}
          >
            Send a new link
          </Button>
          {pendingEmail ? (
            <p className="text-sm text-slate-700">
              A change to <strong>{pendingEmail}</strong> is waiting: open the link we sent there to
              confirm it.
            </p>
          ) : null}
          <p className="text-sm text-slate-700">
            Wrong address?{' '}
            <Link href="/user/profile#profile-information" className={linkClass}>
              Correct it in Settings
            </Link>{' '}
            with your password; we send the link to the new address.
          </p>
        </div>
      )}
      <div className="mt-6 border-t border-slate-200 pt-4 text-center text-sm">
        <button
          type="button"
          onClick={() => router.post('/logout')}
          className="font-medium text-slate-600 hover:text-slate-900"
        >
          Sign out
        </button>
      </div>
    </AuthLayout>
  )
}
