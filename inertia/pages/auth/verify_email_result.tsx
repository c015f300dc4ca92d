import { Link } from '@inertiajs/react'
import { AuthLayout } from '~/layouts/auth_layout'
import { Alert } from '~/components/ui/alert'

export default function VerifyEmailResult({
  verified,
  message,
}: {
  verified: boolean
  message: string
}) {
  return (
    <AuthLayout title="Verify email" heading={verified ? 'Email confirmed' : 'Link not valid'}>
      <Alert tone={verified ? 'success' : 'error'}>{message}</Alert>
      <p className="mt-6 text-center text-sm">
        <Link href="/" className="font-medium text-brand-600 hover:text-brand-700">
          Continue
        </Link>
      </p>
    </AuthLayout>
  )
}
