import { useForm } from '@inertiajs/react'
import { useRef, useState, type ReactNode } from 'react'
import { AppShell, PageHeading } from '~/layouts/app_shell'
import { Card } from '~/components/ui/card'
import { Button, secondaryLinkClass } from '~/components/ui/button'
import { Alert } from '~/components/ui/alert'
import { FieldError, FieldHint, FormError, fieldProps } from '~/components/ui/field'
import { Dialog } from '~/components/ui/dialog'
import { useDates } from '~/hooks/use_dates'

type SsoRefusal = 'administrator' | 'other_team' | 'domain' | 'not_a_member'

interface AudienceMember {
  name: string
  email: string
  refusal: SsoRefusal | null
}

interface Props {
  /** Not `team`: that prop is the shell's team menu. */
  ssoTeam: { id: number; name: string }
  canManage: boolean
  identityProvider: {
    entityId: string
    ssoUrl: string
    certificateExpiresAt: string
    updatedAt: string | null
  } | null
  /** Managers only: metadata uploaded but not used until its certificate is confirmed. */
  pendingIdentityProvider: {
    entityId: string
    ssoUrl: string
    certificateSubject: string
    certificateExpiresAt: string
    uploadedAt: string
    uploadedBy: string | null
  } | null
  enabled: boolean
  required: boolean
  serviceProvider: {
    entityId: string
    acsUrl: string
    metadataUrl: string
    nameIdFormat: string
  }
  /** The team's allowed email domains, set by Spendlens administrators. */
  emailDomains: string[]
  /** Managers only: every member and whether the identity provider signs them in. */
  audience: AudienceMember[] | null
}

const EXEMPTION: Record<SsoRefusal, string> = {
  administrator: 'Spendlens administrator',
  other_team: 'also a member of other teams',
  domain: 'address outside your domains',
  not_a_member: 'not a member',
}

function MemberList({ members, testId }: { members: AudienceMember[]; testId: string }) {
  if (members.length === 0) return <p className="mt-1 text-sm text-slate-500">Nobody.</p>
  return (
    <ul className="mt-1 max-h-48 space-y-1 overflow-y-auto text-sm" data-testid={testId}>
      {members.map((member) => (
        <li key={member.email} className="break-words text-slate-800">
          {member.name} <span className="text-slate-500">({member.email})</span>
          {member.refusal ? (
            <span className="text-slate-500"> · {EXEMPTION[member.refusal]}</span>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

/** Who signs in through the identity provider, and who keeps their password (and why). */
function Audience({ audience }: { audience: AudienceMember[] }) {
  const covered = audience.filter((member) => member.refusal === null)
  const exempt = audience.filter((member) => member.refusal !== null)
  return (
    <div className="mt-4 grid gap-4 md:grid-cols-2">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">
          Signed in by your identity provider ({covered.length})
        </h3>
        <MemberList members={covered} testId="sso-covered" />
      </div>
      <div>
        <h3 className="text-sm font-semibold text-slate-900">
          Always sign in with their password ({exempt.length})
        </h3>
        <MemberList members={exempt} testId="sso-exempt" />
      </div>
    </div>
  )
}

function SectionTitle({ children }: { children: string }) {
  return <h2 className="text-lg font-semibold text-slate-900">{children}</h2>
}

function Parameter({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const [copied, setCopied] = useState(false)
  return (
    <div className="py-3">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-1 flex flex-wrap items-center gap-2">
        <code
          className="rounded bg-slate-100 px-2 py-1 font-mono text-xs break-all text-slate-800 select-all"
          data-testid={testId}
        >
          {value}
        </code>
        <button
          type="button"
          className="text-xs font-medium text-brand-600 hover:text-brand-700"
          onClick={() => {
            void navigator.clipboard?.writeText(value).then(() => setCopied(true))
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </dd>
    </div>
  )
}

function Status({
  configured,
  enabled,
  required,
}: {
  configured: boolean
  enabled: boolean
  required: boolean
}) {
  const [label, tone]: [string, string] = !configured
    ? ['Not configured', 'bg-slate-100 text-slate-700']
    : !enabled
      ? ['Configured, turned off', 'bg-amber-50 text-amber-800']
      : required
        ? ['On and mandatory', 'bg-emerald-50 text-emerald-800']
        : ['On', 'bg-emerald-50 text-emerald-800']
  return (
    <span
      className={`inline-flex rounded-full px-3 py-1 text-sm font-medium ${tone}`}
      data-testid="sso-status"
    >
      {label}
    </span>
  )
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-2">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-1 text-sm break-all text-slate-800">{children}</dd>
    </div>
  )
}

const FINGERPRINT_HINT =
  'Your identity provider shows it with its signing certificate (SHA-256 or SHA-1, colons optional): it proves the metadata is your identity provider’s.'

function FingerprintField({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string
  label: string
  value: string
  error?: string
  onChange: (value: string) => void
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <FieldHint id={id} className="text-sm">
        {FINGERPRINT_HINT}
      </FieldHint>
      <input
        {...fieldProps(id, error, true)}
        name="certificateFingerprint"
        type="text"
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="AB:CD:EF:…"
        className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-xs shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
      />
      <FieldError id={id} message={error} />
    </div>
  )
}

/**
 * Metadata waiting for its signing certificate to be confirmed: it is not used for sign-in
 * until a manager types the fingerprint the identity provider shows.
 */
function PendingMetadata({ pending }: { pending: NonNullable<Props['pendingIdentityProvider']> }) {
  const dates = useDates()
  const form = useForm({ certificateFingerprint: '' })
  const discard = useForm({})
  return (
    <section
      aria-labelledby="pending-metadata-title"
      className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4"
      data-testid="pending-identity-provider"
    >
      <h3 id="pending-metadata-title" className="text-sm font-semibold text-amber-900">
        New metadata waiting for confirmation (not used yet)
      </h3>
      <p className="mt-1 text-sm text-amber-900">
        Uploaded {new Date(pending.uploadedAt).toLocaleString()}
        {pending.uploadedBy ? ` by ${pending.uploadedBy}` : ''}. It is not signed with the
        certificate your team already trusts, so Spendlens uses it only once you confirm its signing
        certificate.
      </p>
      <dl className="mt-2 divide-y divide-amber-200">
        <Detail label="Entity ID">{pending.entityId}</Detail>
        <Detail label="Single sign-on URL">{pending.ssoUrl}</Detail>
        <Detail label="Signing certificate">{pending.certificateSubject}</Detail>
        <Detail label="Valid until">{dates.date(pending.certificateExpiresAt)}</Detail>
      </dl>
      <form
        className="mt-3 space-y-3"
        aria-label="Confirm the signing certificate"
        onSubmit={(event) => {
          event.preventDefault()
          form.post('/sso-management/metadata/confirm', { preserveScroll: true })
        }}
      >
        <FingerprintField
          id="pendingFingerprint"
          label="Signing certificate fingerprint"
          value={form.data.certificateFingerprint}
          error={form.errors.certificateFingerprint}
          onChange={(value) => {
            form.setData('certificateFingerprint', value)
            form.clearErrors()
          }}
        />
        <div className="flex flex-wrap gap-3">
          <Button
            type="submit"
            disabled={form.processing || !form.data.certificateFingerprint.trim()}
          >
            Confirm and use this identity provider
          </Button>
          <Button
            variant="secondary"
            disabled={discard.processing}
            onClick={() =>
              discard.post('/sso-management/metadata/discard', { preserveScroll: true })
            }
          >
            Discard
          </Button>
        </div>
      </form>
    </section>
  )
}

function MetadataForm() {
  const fileInput = useRef<HTMLInputElement>(null)
  const form = useForm<{
    metadataFile: File | null
    metadataXml: string
    certificateFingerprint: string
  }>({
    metadataFile: null,
    metadataXml: '',
    certificateFingerprint: '',
  })
  const errors = form.errors as Record<string, string | undefined>
  return (
    <form
      className="mt-4 space-y-4"
      aria-label="Identity provider metadata"
      onSubmit={(event) => {
        event.preventDefault()
        form.post('/sso-management/metadata', {
          forceFormData: true,
          preserveScroll: true,
          onSuccess: () => {
            form.reset()
            if (fileInput.current) fileInput.current.value = ''
          },
        })
      }}
    >
      <div className="space-y-1">
        <label htmlFor="metadataFile" className="block text-sm font-medium text-slate-700">
          Metadata file (.xml, up to 1 MB)
        </label>
        <input
          ref={fileInput}
          {...fieldProps('metadataFile', errors.metadataFile)}
          name="metadataFile"
          type="file"
          accept=".xml,application/xml,text/xml,application/samlmetadata+xml"
          onChange={(event) => {
            // One source at a time, so that a problem is reported under the field in use.
            const file = event.target.files?.[0] ?? null
            form.setData((data) => ({
              ...data,
              metadataFile: file,
              metadataXml: file ? '' : data.metadataXml,
            }))
            form.clearErrors()
          }}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-700 hover:file:bg-brand-100"
        />
        <FieldError id="metadataFile" message={errors.metadataFile} />
      </div>
      <div className="space-y-1">
        <label htmlFor="metadataXml" className="block text-sm font-medium text-slate-700">
          Or paste the metadata XML
        </label>
        <textarea
          {...fieldProps('metadataXml', errors.metadataXml)}
          name="metadataXml"
          rows={6}
          value={form.data.metadataXml}
          onChange={(event) => {
            const xml = event.target.value
            form.setData((data) => ({
              ...data,
              metadataXml: xml,
              metadataFile: xml.trim() ? null : data.metadataFile,
            }))
            if (xml.trim() && fileInput.current) fileInput.current.value = ''
          }}
          placeholder='<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" …'
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-xs shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
        />
        <FieldError id="metadataXml" message={errors.metadataXml} />
      </div>
      <FingerprintField
        id="certificateFingerprint"
        label="Signing certificate fingerprint (optional: without it, you confirm it next)"
        value={form.data.certificateFingerprint}
        error={errors.certificateFingerprint}
        onChange={(value) => {
          form.setData('certificateFingerprint', value)
          form.clearErrors('certificateFingerprint')
        }}
      />
      <Button
        type="submit"
        disabled={form.processing || (!form.data.metadataFile && !form.data.metadataXml.trim())}
      >
        {form.processing ? 'Checking…' : 'Save identity provider'}
      </Button>
    </form>
  )
}

function StateForm({
  enabled,
  required,
  audience,
  teamName,
}: {
  enabled: boolean
  required: boolean
  audience: AudienceMember[]
  teamName: string
}) {
  const form = useForm({ enabled, required, confirmMandatory: false })
  const [confirming, setConfirming] = useState(false)
  const covered = audience.filter((member) => member.refusal === null)
  const submit = (next: { enabled: boolean; required: boolean; confirmMandatory?: boolean }) => {
    form.transform(() => ({ confirmMandatory: false, ...next }))
    form.post('/sso-management/state', {
      preserveScroll: true,
      onFinish: () => setConfirming(false),
    })
  }
  return (
    <div className="mt-4 space-y-4">
      <FormError message={form.errors.enabled} />
      <div className="flex flex-wrap gap-3">
        {enabled ? (
          <Button
            variant="secondary"
            disabled={form.processing}
            onClick={() => submit({ enabled: false, required: false })}
          >
            Turn off single sign-on
          </Button>
        ) : (
          <Button
            disabled={form.processing}
            onClick={() => submit({ enabled: true, required: false })}
          >
            Turn on single sign-on
          </Button>
        )}
        {enabled ? (
          required ? (
            <Button
              variant="secondary"
              disabled={form.processing}
              onClick={() => submit({ enabled: true, required: false })}
            >
              Allow password sign-in again
            </Button>
          ) : (
            <Button variant="danger" disabled={form.processing} onClick={() => setConfirming(true)}>
              Make single sign-on mandatory
            </Button>
          )
        ) : null}
      </div>
      <p className="text-sm text-slate-600">
        While single sign-on is mandatory, the members your identity provider signs in cannot sign
        in with a password. Check that sign-in through your identity provider works before making it
        mandatory.
      </p>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Make single sign-on mandatory for ${teamName}?`}
        description={
          covered.length === 1
            ? '1 member will be able to sign in only through your identity provider.'
            : `${covered.length} members will be able to sign in only through your identity provider.`
        }
        className="w-[min(40rem,calc(100vw-2rem))]"
      >
        <Audience audience={audience} />
        <p className="mt-4 text-sm text-slate-600">
          If your identity provider is unavailable, the members it signs in cannot reach Spendlens
          until a manager allows password sign-in again.
        </p>
        <div className="mt-6 flex justify-end gap-3">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={form.processing}
            onClick={() => submit({ enabled: true, required: true, confirmMandatory: true })}
          >
            Make it mandatory
          </Button>
        </div>
      </Dialog>
    </div>
  )
}

export default function SsoManagement({
  ssoTeam: team,
  canManage,
  identityProvider,
  pendingIdentityProvider,
  enabled,
  required,
  serviceProvider,
  emailDomains,
  audience,
}: Props) {
  const dates = useDates()
  return (
    <AppShell title="SSO Management">
      <PageHeading
        title="SSO Management"
        description={`Single sign-on for ${team.name} through your identity provider (SAML 2.0).`}
        actions={
          <Status configured={identityProvider !== null} enabled={enabled} required={required} />
        }
      />
      <div className="grid max-w-4xl gap-6">
        {canManage ? null : (
          <Alert tone="info">
            You can see your team’s single sign-on settings. Only your team’s managers can change
            them.
          </Alert>
        )}

        <Card>
          <SectionTitle>Service provider details for your identity provider</SectionTitle>
          <p className="mt-1 text-sm text-slate-600">
            Register Spendlens in your identity provider with these values, or import the metadata
            file. Users are identified by their email address.
          </p>
          <dl className="mt-2 divide-y divide-slate-100">
            <Parameter
              label="Entity ID (audience)"
              value={serviceProvider.entityId}
              testId="sp-entity-id"
            />
            <Parameter
              label="Assertion consumer service URL (HTTP-POST)"
              value={serviceProvider.acsUrl}
              testId="sp-acs-url"
            />
            <Parameter label="NameID format" value={serviceProvider.nameIdFormat} />
          </dl>
          <a
            href={`${serviceProvider.metadataUrl}?download=1`}
            className={`mt-4 inline-block ${secondaryLinkClass}`}
            download
          >
            Download service provider metadata
          </a>
        </Card>

        <Card>
          <SectionTitle>Identity provider</SectionTitle>
          {identityProvider ? (
            <dl className="mt-2 divide-y divide-slate-100" data-testid="identity-provider">
              <Detail label="Entity ID">{identityProvider.entityId}</Detail>
              <Detail label="Single sign-on URL">{identityProvider.ssoUrl}</Detail>
              <Detail label="Signing certificate valid until">
                {dates.date(identityProvider.certificateExpiresAt)}
              </Detail>
              {identityProvider.updatedAt ? (
                <Detail label="Last changed">
                  {new Date(identityProvider.updatedAt).toLocaleString()}
                </Detail>
              ) : null}
            </dl>
          ) : (
            <p className="mt-1 text-sm text-slate-600">
              No identity provider yet.{' '}
              {canManage ? 'Upload its SAML metadata below.' : 'A team manager can set one up.'}
            </p>
          )}
          {canManage && pendingIdentityProvider ? (
            <PendingMetadata pending={pendingIdentityProvider} />
          ) : null}
          {canManage ? (
            <>
              <p className="mt-4 text-sm text-slate-600">
                {identityProvider ? 'Replace it with new metadata' : 'Add it'}: the metadata must
                name the identity provider, its single sign-on URL (HTTP-Redirect) and its signing
                certificate. It is used once it is shown to be your identity provider’s: signed with
                the certificate in use, or with its certificate’s fingerprint confirmed.
              </p>
              <MetadataForm />
            </>
          ) : null}
        </Card>

        <Card>
          <SectionTitle>Sign-in</SectionTitle>
          <p className="mt-1 text-sm text-slate-600">
            {enabled
              ? required
                ? 'Members at your email domains sign in only through your identity provider.'
                : 'Members can sign in through your identity provider or with their password.'
              : 'Members sign in with their password.'}
          </p>
          <p className="mt-2 text-sm text-slate-600" data-testid="sso-domains">
            {emailDomains.length > 0
              ? `Your identity provider signs in members whose address is at ${emailDomains.map((domain) => `@${domain}`).join(', ')} and who belong to ${team.name} only. Administrators and members of other teams always sign in with their password and second factor.`
              : `${team.name} has no email domain yet. Your identity provider signs in only addresses at your team’s domains, which your Spendlens administrator sets.`}
          </p>
          {canManage && audience ? <Audience audience={audience} /> : null}
          {canManage ? (
            identityProvider ? (
              <StateForm
                enabled={enabled}
                required={required}
                audience={audience ?? []}
                teamName={team.name}
              />
            ) : (
              <p className="mt-4 text-sm text-slate-500">
                Single sign-on can be turned on once the identity provider is saved.
              </p>
            )
          ) : null}
        </Card>
      </div>
    </AppShell>
  )
}
