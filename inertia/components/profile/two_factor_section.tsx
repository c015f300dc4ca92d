import { router, useForm } from '@inertiajs/react'
import { Button } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { Alert } from '~/components/ui/alert'

export interface TwoFactorProps {
  enabled: boolean
  recoveryCodesLeft: number
  pending: { secret: string; uri: string; qrCode: string } | null
  recoveryCodes: string[] | null
}

/**
 * Two-factor authentication in Settings: start (QR code and key), confirm with a code, keep
 * the recovery codes, regenerate them, or turn it off.
 */
export function TwoFactorSection({ twoFactor }: { twoFactor: TwoFactorProps }) {
  const confirm = useForm({ code: '' })
  const post = (url: string) => router.post(url, {}, { preserveScroll: true })

  return (
    <div className="mt-4 space-y-4 text-sm">
      {twoFactor.recoveryCodes ? (
        <Alert tone="warning">
          <p className="font-medium">
            Keep these recovery codes somewhere safe. Each signs you in once if you lose your
            authenticator; they are not shown again.
          </p>
          <ul
            className="mt-2 grid grid-cols-2 gap-1 font-mono sm:grid-cols-5"
            data-testid="recovery-codes"
          >
            {twoFactor.recoveryCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </Alert>
      ) : null}

      {twoFactor.enabled ? (
        <>
          <p className="text-slate-700">
            Two-factor authentication is <strong>on</strong>. Signing in asks for a code from your
            authenticator app. {twoFactor.recoveryCodesLeft} recovery code
            {twoFactor.recoveryCodesLeft === 1 ? '' : 's'} left.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => post('/user/two-factor/recovery-codes')}>
              New recovery codes
            </Button>
            <Button variant="danger" onClick={() => post('/user/two-factor/disable')}>
              Turn off two-factor authentication
            </Button>
          </div>
        </>
      ) : twoFactor.pending ? (
        <div className="grid gap-6 md:grid-cols-[auto_1fr]">
          <img
            src={twoFactor.pending.qrCode}
            alt="QR code to scan with your authenticator app"
            className="h-48 w-48 rounded border border-slate-200"
          />
          <div className="space-y-3">
            <p className="text-slate-700">
              Scan the QR code with your authenticator app, or enter this key:
            </p>
            <p
              className="font-mono text-base tracking-wider break-all"
              data-testid="two-factor-secret"
            >
              {twoFactor.pending.secret}
            </p>
            <form
              className="max-w-xs space-y-3"
              onSubmit={(event) => {
                event.preventDefault()
                confirm.post('/user/two-factor/confirm', {
                  preserveScroll: true,
                  onFinish: () => confirm.reset(),
                })
              }}
            >
              <Field
                label="Code from the app"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={confirm.data.code}
                onChange={(event) => confirm.setData('code', event.target.value)}
                error={confirm.errors.code}
                required
              />
              <Button type="submit" disabled={confirm.processing}>
                Confirm and turn on
              </Button>
            </form>
          </div>
        </div>
      ) : (
        <>
          <p className="text-slate-700">
            Add a second step to signing in: a six-digit code from an authenticator app on your
            phone.
          </p>
          <Button onClick={() => post('/user/two-factor')}>Set up two-factor authentication</Button>
        </>
      )}
    </div>
  )
}
