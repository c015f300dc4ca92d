import { router, useForm } from '@inertiajs/react'
import { useEffect } from 'react'
import { AppShell, PageHeading } from '~/layouts/app_shell'
import { Card } from '~/components/ui/card'
import { Field, FormError } from '~/components/ui/field'
import { Button } from '~/components/ui/button'
import { Alert } from '~/components/ui/alert'
import { useSharedProps } from '~/hooks/use_shared_props'
import { useDates, type DateFormats } from '~/hooks/use_dates'
import { TwoFactorSection, type TwoFactorProps } from '~/components/profile/two_factor_section'
import { CONSENT_DECLARATION, SUBSCRIPTION_OPTIONS, type SubscriptionKey } from '@shared/consent'
import { PasswordFields } from '~/components/auth/password_fields'

interface BrowserSession {
  id: string
  current: boolean
  ip: string
  userAgent: string
  signedInAt: string
  lastActiveAt: string
}

interface Props {
  passwordExpiresInDays: number
  lastLoginAt: string | null
  sessions: BrowserSession[]
  subscriptions: SubscriptionKey[]
  consent: { version: string; acceptedAt: string | null }
  twoFactor: TwoFactorProps
  pendingEmail: { email: string; requestedAt: string; expiresAt: string } | null
  securityEvents: {
    id: number
    label: string
    ip: string | null
    userAgent: string | null
    createdAt: string
  }[]
}

function describeAgent(userAgent: string) {
  const browser = /Edg(e|A|iOS)?\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /(Chrome|CriOS)\//.test(userAgent)
        ? 'Chrome'
        : /(Firefox|FxiOS)\//.test(userAgent)
          ? 'Firefox'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : 'Unknown browser'
  // iPhones and iPads also say "Mac OS X", and Android also says "Linux": test them first.
  const system = /iPhone|iPad|iPod/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /CrOS/.test(userAgent)
            ? 'ChromeOS'
            : /Linux/.test(userAgent)
              ? 'Linux'
              : 'unknown system'
  return `${browser} on ${system}`
}

/** "Active now", "Active 12 minutes ago", then a date and time. */
function describeActivity(lastActiveAt: string, current: boolean, dates: DateFormats) {
  if (current) return 'Active now'
  const at = new Date(lastActiveAt)
  if (!lastActiveAt || Number.isNaN(at.getTime())) return 'Last activity unknown'
  const minutes = Math.round((Date.now() - at.getTime()) / 60000)
  if (minutes < 5) return 'Active in the last 5 minutes'
  if (minutes < 60) return `Last active ${minutes} minutes ago`
  return `Last active ${dates.dateTime(at)}`
}

function SectionTitle({ id, children }: { id?: string; children: string }) {
  return (
    <h2 id={id} className="scroll-mt-8 text-lg font-semibold text-slate-900">
      {children}
    </h2>
  )
}

export default function ProfileShow({
  passwordExpiresInDays,
  lastLoginAt,
  sessions,
  subscriptions,
  consent,
  twoFactor,
  pendingEmail,
  securityEvents,
}: Props) {
  const { user, team } = useSharedProps()
  const dates = useDates()
  const info = useForm({ name: user?.name ?? '', email: user?.email ?? '', currentPassword: '' })
  const password = useForm({ currentPassword: '', password: '', passwordConfirmation: '' })
  const preferences = useForm<{ subscriptions: SubscriptionKey[] }>({ subscriptions })
  const consentForm = useForm({})
  const logoutOthers = useForm({})
  const deletion = useForm({})

  useEffect(() => {
    const target = window.location.hash.slice(1)
    if (target) document.getElementById(target)?.scrollIntoView()
  }, [])

  if (!user) return null
  const otherSessions = sessions.filter((entry) => !entry.current).length

  return (
    <AppShell title="Settings">
      <PageHeading
        title="Settings"
        description="Your account, security, email preferences and team memberships."
      />
      <div className="grid max-w-4xl gap-6">
        <Card>
          <SectionTitle id="profile-information">Profile information</SectionTitle>
          <p className="mt-1 text-sm text-slate-600">
            Last sign-in: {lastLoginAt ? dates.dateTime(lastLoginAt) : 'this is your first session'}
            .
          </p>
          <form
            className="mt-6 grid max-w-md gap-4"
            onSubmit={(event) => {
              event.preventDefault()
              info.post('/user/profile', {
                preserveScroll: true,
                onFinish: () => info.reset('currentPassword'),
              })
            }}
          >
            <Field
              label="Name"
              name="name"
              autoComplete="name"
              required
              value={info.data.name}
              onChange={(e) => info.setData('name', e.target.value)}
              error={info.errors.name}
            />
            <Field
              label="Email address"
              name="email"
              type="email"
              autoComplete="email"
              required
              hint={
                user.emailVerified
                  ? 'Confirmed. A new address takes effect once confirmed from its inbox.'
                  : 'Not confirmed yet: check your inbox.'
              }
              value={info.data.email}
              onChange={(e) => info.setData('email', e.target.value)}
              error={info.errors.email}
            />
            {info.data.email.trim().toLowerCase() !== user.email ? (
              <Field
                label="Current password"
                name="currentPassword"
                type="password"
                autoComplete="current-password"
                required
                hint="Needed to change your email address. We will send a link to the new address: the change takes effect when you open it."
                value={info.data.currentPassword}
                onChange={(e) => info.setData('currentPassword', e.target.value)}
                error={info.errors.currentPassword}
              />
            ) : null}
            {pendingEmail ? (
              <Alert tone="warning">
                <p>
                  Waiting for confirmation of <strong>{pendingEmail.email}</strong>: open the link
                  we sent there before {dates.dateTime(pendingEmail.expiresAt)}. Until then your
                  address stays {user.email}.
                </p>
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button
                    type="button"
                    variant="secondary"
                    onClick={() => router.post('/user/email/resend', {}, { preserveScroll: true })}
                  >
                    Send the link again
                  </Button>
                  <Button
                    type="button"
                    variant="secondary"
                    onClick={() => router.post('/user/email/cancel', {}, { preserveScroll: true })}
                  >
                    Cancel the change
                  </Button>
                </div>
              </Alert>
            ) : null}
            {!user.emailVerified ? (
              <a
                href="/email/verify"
                className="text-sm font-medium text-brand-600 hover:text-brand-700"
              >
                Send the confirmation link again
              </a>
            ) : null}
            <div>
              <Button type="submit" disabled={info.processing || !info.isDirty}>
                Save
              </Button>
            </div>
          </form>
        </Card>

        <Card>
          <SectionTitle id="update-password">Change password</SectionTitle>
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
              password.post('/user/password', {
                preserveScroll: true,
                onFinish: () => password.reset(),
              })
            }}
          >
            <PasswordFields
              data={password.data}
              errors={password.errors}
              onChange={(field, value) => password.setData(field, value)}
            />
            <div>
              <Button type="submit" disabled={password.processing}>
                Update password
              </Button>
            </div>
          </form>
        </Card>

        <Card>
          <SectionTitle id="two-factor">Two-factor authentication</SectionTitle>
          <TwoFactorSection twoFactor={twoFactor} />
        </Card>

        <Card>
          <SectionTitle id="security-activity">Recent security activity</SectionTitle>
          <p className="mt-1 text-sm text-slate-600">
            If you do not recognise an entry, change your password and tell your administrator.
          </p>
          {securityEvents.length === 0 ? (
            <p className="mt-4 text-sm text-slate-500">Nothing recorded yet.</p>
          ) : (
            <ul className="mt-4 divide-y divide-slate-100 text-sm" data-testid="security-activity">
              {securityEvents.map((event) => (
                <li key={event.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <span className="font-medium text-slate-800">{event.label}</span>
                  <span className="text-slate-500">
                    {dates.dateTime(event.createdAt)} · {event.ip ?? 'unknown address'}
                    {event.userAgent ? ` · ${describeAgent(event.userAgent)}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card>
          <SectionTitle id="browser-sessions">Browser sessions</SectionTitle>
          <p className="mt-1 text-sm text-slate-600">
            Where you are signed in. If you do not recognise a session, sign it out and change your
            password.
          </p>
          <ul className="mt-4 divide-y divide-slate-100 text-sm" data-testid="browser-sessions">
            {sessions.map((entry) => (
              <li
                key={entry.id}
                className="flex flex-wrap items-center justify-between gap-2 py-2"
                data-testid="browser-session"
              >
                <span>
                  <span className="block font-medium text-slate-900">
                    {describeAgent(entry.userAgent)}
                  </span>
                  <span className="block text-slate-500">
                    {describeActivity(entry.lastActiveAt, entry.current, dates)} · {entry.ip}
                    {entry.signedInAt ? ` · signed in ${dates.dateTime(entry.signedInAt)}` : ''}
                  </span>
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
            disabled={logoutOthers.processing || otherSessions === 0}
            onClick={() =>
              logoutOthers.post('/user/sessions/logout-others', { preserveScroll: true })
            }
          >
            Log out other browser sessions
          </Button>
        </Card>

        <Card>
          <SectionTitle id="email-subscriptions">Email subscriptions</SectionTitle>
          <form
            className="mt-4 space-y-3"
            onSubmit={(event) => {
              event.preventDefault()
              preferences.post('/user/subscriptions', { preserveScroll: true })
            }}
          >
            {SUBSCRIPTION_OPTIONS.map((option) => (
              <label key={option.key} className="flex items-start gap-3 text-sm">
                <input
                  type="checkbox"
                  className="mt-1 h-4 w-4 rounded border-slate-300"
                  checked={preferences.data.subscriptions.includes(option.key)}
                  onChange={(event) =>
                    preferences.setData(
                      'subscriptions',
                      event.target.checked
                        ? [...preferences.data.subscriptions, option.key]
                        : preferences.data.subscriptions.filter((key) => key !== option.key)
                    )
                  }
                />
                <span>
                  <span className="block font-medium text-slate-900">{option.title}</span>
                  <span className="block text-slate-600">{option.description}</span>
                </span>
              </label>
            ))}
            <Button
              type="submit"
              variant="secondary"
              disabled={preferences.processing || !preferences.isDirty}
            >
              Save preferences
            </Button>
          </form>
        </Card>

        <Card>
          <SectionTitle id="team-membership">Team membership</SectionTitle>
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

        <Card>
          <SectionTitle id="consent">Consent declaration</SectionTitle>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-slate-700">
            {CONSENT_DECLARATION.map((statement) => (
              <li key={statement.slice(0, 32)}>{statement}</li>
            ))}
          </ul>
          {consent.acceptedAt ? (
            <Alert tone="success" className="mt-4">
              Accepted on {dates.dateTime(consent.acceptedAt)} (version {consent.version}
              ).
            </Alert>
          ) : (
            <Button
              className="mt-4"
              disabled={consentForm.processing}
              onClick={() => consentForm.post('/user/consent', { preserveScroll: true })}
            >
              I accept this declaration
            </Button>
          )}
        </Card>

        <Card className="border-red-200">
          <SectionTitle id="delete-account">Delete account</SectionTitle>
          <p className="mt-1 text-sm text-slate-600">
            Deleting your account signs you out everywhere and removes your profile, preferences and
            sessions. Your team&apos;s data stays with the team. You will be asked for your
            password.
          </p>
          <FormError
            className="mt-4"
            message={(deletion.errors as Record<string, string | undefined>).account}
          />
          <Button
            variant="danger"
            className="mt-4"
            disabled={deletion.processing}
            onClick={() => {
              if (window.confirm('Delete your account permanently?')) deletion.post('/user/delete')
            }}
          >
            Delete my account
          </Button>
        </Card>
      </div>
    </AppShell>
  )
}
