import { Link, useForm } from '@inertiajs/react'
import { AuthLayout } from '~/layouts/auth_layout'
import { Button } from '~/components/ui/button'
import { Alert } from '~/components/ui/alert'

export default function VerifyEmail({ email, verified }: { email: string; verified: boolean }) {
  const form = useForm({})
  return (
    <AuthLayout title="Verify email" heading="Confirm your email address">
      {verified ? (
        <Alert tone="success">{email} is confirmed.</Alert>
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
        </div>
      )}
      <p className="mt-6 text-center text-sm">
        <Link href="/" className="font-medium text-brand-600 hover:text-brand-700">
          Continue to the dashboard
        </Link>
      </p>
    </AuthLayout>
  )
}
