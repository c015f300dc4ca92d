import { router } from '@inertiajs/react'
import { AuthLayout } from '~/layouts/auth_layout'
import { TwoFactorSection, type TwoFactorProps } from '~/components/profile/two_factor_section'

/**
 * The mandatory set-up: a team that requires two-factor authentication lets its members
 * reach nothing else until it is on.
 */
export default function TwoFactorRequired({
  teamName: team,
  twoFactor,
}: {
  teamName: string
  twoFactor: TwoFactorProps
}) {
  return (
    <AuthLayout
      title="Set up two-factor authentication"
      heading="Set up two-factor authentication"
      intro={`${team} requires two-factor authentication. Set it up to continue: you will need an authenticator app on your phone.`}
    >
      <TwoFactorSection twoFactor={twoFactor} />
      <p className="mt-6 text-center text-sm">
        <button
          type="button"
          onClick={() => router.post('/logout')}
          className="text-slate-600 hover:text-slate-800"
        >
          Sign out
        </button>
      </p>
    </AuthLayout>
  )
}
