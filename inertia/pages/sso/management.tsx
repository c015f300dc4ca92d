import { useForm } from '@inertiajs/react'
import { useRef, useState, type ReactNode } from 'react'
import { AppShell, PageHeading } from '~/layouts/app_shell'
import { Card } from '~/components/ui/card'
import { Button, secondaryLinkClass } from '~/components/ui/button'
import { Alert } from '~/components/ui/alert'

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
  enabled: boolean
  required: boolean
  serviceProvider: {
    entityId: string
    acsUrl: string
    metadataUrl: string
    nameIdFormat: string
  }
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

function MetadataForm() {
  const fileInput = useRef<HTMLInputElement>(null)
  const form = useForm<{ metadataFile: File | null; metadataXml: string }>({
    metadataFile: null,
    metadataXml: '',
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
          id="metadataFile"
          name="metadataFile"
          type="file"
          accept=".xml,application/xml,text/xml,application/samlmetadata+xml"
          aria-invalid={errors.metadataFile ? true : undefined}
          onChange={(event) => {
            // One source at a time, so that a problem is reported under the field in use.
            const file = event.target.files?.[0] ?? null
            form.setData((data) => ({
              metadataFile: file,
              metadataXml: file ? '' : data.metadataXml,
            }))
            form.clearErrors()
          }}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-700 hover:file:bg-brand-100"
        />
        {errors.metadataFile ? (
          <p className="text-sm text-red-600" role="alert">
            {errors.metadataFile}
          </p>
        ) : null}
      </div>
      <div className="space-y-1">
        <label htmlFor="metadataXml" className="block text-sm font-medium text-slate-700">
          Or paste the metadata XML
        </label>
        <textarea
          id="metadataXml"
          name="metadataXml"
          rows={6}
          value={form.data.metadataXml}
          onChange={(event) => {
            const xml = event.target.value
            form.setData((data) => ({
              metadataXml: xml,
              metadataFile: xml.trim() ? null : data.metadataFile,
            }))
            if (xml.trim() && fileInput.current) fileInput.current.value = ''
          }}
          placeholder='<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" …'
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-xs shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
        />
        {errors.metadataXml ? (
          <p className="text-sm text-red-600" role="alert">
            {errors.metadataXml}
          </p>
        ) : null}
      </div>
      <Button
        type="submit"
        disabled={form.processing || (!form.data.metadataFile && !form.data.metadataXml.trim())}
      >
        {form.processing ? 'Checking…' : 'Save identity provider'}
      </Button>
    </form>
  )
}

function StateForm({ enabled, required }: { enabled: boolean; required: boolean }) {
  const form = useForm({ enabled, required })
  const submit = (next: { enabled: boolean; required: boolean }) => {
    form.transform(() => next)
    form.post('/sso-management/state', { preserveScroll: true })
  }
  return (
    <div className="mt-4 space-y-4">
      {form.errors.enabled ? <Alert tone="error">{form.errors.enabled}</Alert> : null}
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
            <Button
              variant="danger"
              disabled={form.processing}
              onClick={() => submit({ enabled: true, required: true })}
            >
              Make single sign-on mandatory
            </Button>
          )
        ) : null}
      </div>
      <p className="text-sm text-slate-600">
        While single sign-on is mandatory, your team’s members cannot sign in with a password. Check
        that sign-in through your identity provider works before making it mandatory.
      </p>
    </div>
  )
}

export default function SsoManagement({
  ssoTeam: team,
  canManage,
  identityProvider,
  enabled,
  required,
  serviceProvider,
}: Props) {
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
                {new Date(identityProvider.certificateExpiresAt).toLocaleDateString()}
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
          {canManage ? (
            <>
              <p className="mt-4 text-sm text-slate-600">
                {identityProvider ? 'Replace it with new metadata' : 'Add it'}: the metadata must
                name the identity provider, its single sign-on URL (HTTP-Redirect) and its signing
                certificate.
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
                ? 'Members sign in only through your identity provider.'
                : 'Members can sign in through your identity provider or with their password.'
              : 'Members sign in with their password.'}
          </p>
          {canManage ? (
            identityProvider ? (
              <StateForm enabled={enabled} required={required} />
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
