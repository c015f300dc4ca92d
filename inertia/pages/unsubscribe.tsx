import { Link, useForm } from '@inertiajs/react'
import { AuthLayout } from '~/layouts/auth_layout'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'

interface Props {
  valid: boolean
  done: boolean
  title: string | null
  action: string | null
}

export default function Unsubscribe({ valid, done, title, action }: Props) {
  const form = useForm({})
  if (!valid) {
    return (
      <AuthLayout title="Unsubscribe" heading="Link not valid">
        <Alert tone="error">
          This unsubscribe link is not valid. Sign in to change your email preferences in Settings.
        </Alert>
        <p className="mt-6 text-center text-sm">
          <Link
            href="/user/profile#email-subscriptions"
            className="font-medium text-brand-600 hover:text-brand-700"
          >
            Open my email preferences
          </Link>
        </p>
      </AuthLayout>
    )
  }
  if (done) {
    return (
      <AuthLayout title="Unsubscribe" heading="You are unsubscribed">
        <Alert tone="success">You will no longer receive “{title}”.</Alert>
        <p className="mt-6 text-center text-sm text-slate-600">
          You can subscribe again at any time in Settings.
        </p>
      </AuthLayout>
    )
  }
  return (
    <AuthLayout
      title="Unsubscribe"
      heading="Unsubscribe"
      intro={`Stop receiving “${title}” emails?`}
    >
      <Button
        className="w-full"
        disabled={form.processing}
        onClick={() => action && form.post(action)}
      >
        Unsubscribe
      </Button>
    </AuthLayout>
  )
}
