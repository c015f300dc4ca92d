import { useForm } from '@inertiajs/react'
import { useEffect } from 'react'
import { AppShell, PageHeading } from '~/layouts/app_shell'
import { Card } from '~/components/ui/card'
import { Field } from '~/components/ui/field'
import { Button } from '~/components/ui/button'
import { useSharedProps } from '~/hooks/use_shared_props'
import { PASSWORD_POLICY_HINT } from '@shared/password_policy'

interface BrowserSession {
  id: string
  current: boolean
  ip: string
  userAgent: string
  signedInAt: string
}

interface Props {
  passwordExpiresInDays: number
  lastLoginAt: string | null
  sessions: BrowserSession[]
}

function describeAgent(userAgent: string) {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Chrome\//.test(userAgent)
      ? 'Chrome'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser'
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /Mac OS X/.test(userAgent)
      ? 'macOS'
      : /Android/.test(userAgent)
        ? 'Android'
        : /iPhone|iPad/.test(userAgent)
          ? 'iOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'unknown system'
  return `${browser} on ${system}`
}

export default function ProfileShow({ passwordExpiresInDays, lastLoginAt, sessions }: Props) {
  const { user, team } = useSharedProps()
  const form = useForm({ currentPassword: '', password: '', passwordConfirmation: '' })
  const logoutOthers = useForm({})

  useEffect(() => {
    if (window.location.hash === '#update-password') {
      document.getElementById('update-password')?.scrollIntoView()
    }
  }, [])

  if (!user) return null
  return (
    <AppShell title="Settings">
      <PageHeading title="Settings" description="Your account, password and team memberships." />
      <div className="grid max-w-4xl gap-6">
        <Card>
          <h2 className="text-lg font-semibold">Account</h2>
          <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-slate-500">Name</dt>
              <dd className="font-medium">{user.name}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Email</dt>
              <dd className="font-medium">
                {user.email}{' '}
                {user.emailVerified ? (
                  <span className="ml-1 rounded bg-emerald-50 px-1.5 py-0.5 text-xs text-emerald-700">
                    verified
                  </span>
                ) : (
                  <a href="/email/verify" className="ml-1 text-xs text-brand-600 underline">
                    verify
                  </a>
                )}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Last sign-in</dt>
              <dd className="font-medium">
                {lastLoginAt ? new Date(lastLoginAt).toLocaleString() : 'First session'}
              </dd>
            </div>
          </dl>
        </Card>

        <Card>
          <h2 id="update-password" className="scroll-mt-24 text-lg font-semibold">
            Change password
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {passwordExpiresInDays > 0
              ? `Your current password expires in ${passwordExpiresInDays} day${passwordExpiresInDays === 1 ? '' : 's'}.`
              : 'Your password has expired.'}{' '}
            Changing it signs out your other sessions.
          </p>
          <form
            className="mt-6 grid max-w-md gap-4"
            onSubmit={(event) => {
              event.preventDefault()
              form.post('/user/password', { preserveScroll: true, onFinish: () => form.reset() })
            }}
          >
            <Field
              label="Current password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
              value={form.data.currentPassword}
              onChange={(e) => form.setData('currentPassword', e.target.value)}
              error={form.errors.currentPassword}
            />
            <Field
              label="New password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              hint={PASSWORD_POLICY_HINT}
              value={form.data.password}
              onChange={(e) => form.setData('password', e.target.value)}
              error={form.errors.password}
            />
            <Field
              label="Confirm new password"
              name="passwordConfirmation"
              type="password"
              autoComplete="new-password"
              required
              value={form.data.passwordConfirmation}
              onChange={(e) => form.setData('passwordConfirmation', e.target.value)}
              error={form.errors.passwordConfirmation}
            />
            <div>
              <Button type="submit" disabled={form.processing}>
                Update password
              </Button>
            </div>
          </form>
        </Card>

        <Card>
          <h2 className="text-lg font-semibold">Browser sessions</h2>
          <p className="mt-1 text-sm text-slate-600">
            Where you are signed in. If you do not recognise a session, sign it out and change your
            password.
          </p>
          <ul className="mt-4 divide-y divide-slate-100 text-sm" data-testid="browser-sessions">
            {sessions.map((entry) => (
              <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-medium">{describeAgent(entry.userAgent)}</span>
                  <span className="text-slate-500"> · {entry.ip}</span>
                  {entry.signedInAt ? (
                    <span className="text-slate-500">
                      {' '}
                      · signed in {new Date(entry.signedInAt).toLocaleString()}
                    </span>
                  ) : null}
                </span>
                {entry.current ? (
                  <span className="text-xs font-medium text-emerald-700">This device</span>
                ) : null}
              </li>
            ))}
          </ul>
          <Button
            variant="secondary"
            className="mt-4"
            disabled={
              logoutOthers.processing || sessions.filter((entry) => !entry.current).length === 0
            }
            onClick={() =>
              logoutOthers.post('/user/sessions/logout-others', { preserveScroll: true })
            }
          >
            Log out other browser sessions
          </Button>
        </Card>

        <Card>
          <h2 className="text-lg font-semibold">Team membership</h2>
          {team && team.teams.length > 0 ? (
            <ul className="mt-4 divide-y divide-slate-100 text-sm">
              {team.teams.map((entry) => (
                <li key={entry.id} className="flex items-center justify-between py-2">
                  <span>{entry.name}</span>
                  {entry.id === team.current?.id ? (
                    <span className="text-xs font-medium text-brand-700">Current team</span>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-slate-600">You are not a member of any team.</p>
          )}
        </Card>
      </div>
    </AppShell>
  )
}
