import { Link, router, useForm } from '@inertiajs/react'
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Button, secondaryLinkClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Alert } from '~/components/ui/alert'
import { FieldError, FieldGroup, FieldHint, FormError, fieldProps } from '~/components/ui/field'
import { controlClass } from '~/components/admin/inline_field'
import { BASE, ResearchAdminNav } from '~/components/admin_research/nav'
import { entries, ThemeOptions, themesByGroup } from '~/components/admin_research/choices'
import { useDates } from '~/hooks/use_dates'
import { ASSET_CLASSES, DOCUMENT_TYPES, ENTITLEMENTS, RESEARCH_REGIONS } from '@shared/research'
import { GICS_SECTORS } from '@shared/rsa'
import {
  DOCUMENT_LIMITS,
  PROCESSING_STATUSES,
  PROCESSING_STEPS,
  PUBLICATION_STATUSES,
  RESEARCH_DOCUMENT_MAX_MB,
  type AdminDocumentDetail,
  type DocumentChoices,
  type DocumentFormValues,
  type ProcessingStatus,
  type PublicationStatus,
} from '@shared/research_admin'

interface Props {
  document: AdminDocumentDetail | null
  values: DocumentFormValues | null
  choices: DocumentChoices
  duplicateOf: { id: number; title: string } | null
}

const DOCUMENTS = `${BASE}/documents`

const EMPTY: DocumentFormValues = {
  providerId: null,
  title: '',
  abstract: '',
  authors: [],
  documentType: '',
  publishedOn: new Date().toISOString().slice(0, 10),
  assetClasses: [],
  regions: [],
  sectors: [],
  entitlement: '',
  primaryThemeId: null,
  themeIds: [],
}

const RUNNING: ProcessingStatus[] = ['uploaded', 'text_extracted', 'themes_tagged']

function sizeText(bytes: number) {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** The pipeline's steps, the current one marked, and the failure's reason. */
function Progress({ detail }: { detail: AdminDocumentDetail }) {
  const failed = detail.processingStatus === 'failed'
  const reached = failed ? -1 : PROCESSING_STEPS.indexOf(detail.processingStatus)
  return (
    <div>
      <h2 className="text-sm font-semibold text-slate-900">Processing</h2>
      <ol className="mt-2 space-y-1 text-sm" aria-live="polite">
        {PROCESSING_STEPS.map((step, index) => {
          const done = index <= reached
          return (
            <li key={step} className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className={`inline-block size-2.5 rounded-full ${done ? 'bg-emerald-600' : 'bg-slate-300'}`}
              />
              <span className={done ? 'text-slate-900' : 'text-slate-600'}>
                {PROCESSING_STATUSES[step]}
                <span className="sr-only">{done ? ' (done)' : ' (not yet)'}</span>
              </span>
            </li>
          )
        })}
      </ol>
      {failed ? (
        <Alert tone="error" className="mt-3">
          <p className="font-medium">Processing failed</p>
          <p>{detail.processingError}</p>
          <Button
            variant="secondary"
            className="mt-2"
            onClick={() => router.post(`${DOCUMENTS}/${detail.id}/retry`)}
          >
            Process again
          </Button>
        </Alert>
      ) : RUNNING.includes(detail.processingStatus) ? (
        <p className="mt-2 text-xs text-slate-600">
          Processing runs in the background; this page follows it.
          {detail.publishWhenProcessed ? ' The document is published once it completes.' : ''}
        </p>
      ) : null}
    </div>
  )
}

/** Follows a running processing by asking its state; reloads the page once it ends. */
function useProcessingFollow(detail: AdminDocumentDetail | null) {
  const running = detail !== null && RUNNING.includes(detail.processingStatus)
  useEffect(() => {
    if (!detail || !running) return
    let stopped = false
    const timer = window.setInterval(async () => {
      const answer = await fetch(`${DOCUMENTS}/${detail.id}/processing`, {
        headers: { accept: 'application/json' },
      }).catch(() => null)
      if (stopped || !answer?.ok) return
      const state = (await answer.json()) as { processingStatus: ProcessingStatus }
      if (state.processingStatus !== detail.processingStatus) {
        router.reload({ only: ['document'] })
      }
    }, 2000)
    return () => {
      stopped = true
      window.clearInterval(timer)
    }
  }, [detail, running])
}

function Checks<K extends string>({
  id,
  legend,
  options,
  chosen,
  error,
  onChange,
}: {
  id: string
  legend: string
  options: [K, string][]
  chosen: K[]
  error?: string
  onChange: (next: K[]) => void
}) {
  return (
    <FieldGroup id={id} legend={legend} error={error}>
      <div className="mt-1 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
        {options.map(([key, label]) => (
          <label key={key} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={chosen.includes(key)}
              onChange={(event) =>
                onChange(
                  event.target.checked ? [...chosen, key] : chosen.filter((entry) => entry !== key)
                )
              }
            />
            {label}
          </label>
        ))}
      </div>
    </FieldGroup>
  )
}

function Labelled({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string
  label: string
  error?: string
  hint?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint ? <FieldHint id={id}>{hint}</FieldHint> : null}
      <FieldError id={id} message={error} />
    </div>
  )
}

/** A labelled select of a record's keys, with "Choose…" first and its error tied to it. */
function KeyedSelect<K extends string>({
  id,
  label,
  options,
  value,
  error,
  onChange,
}: {
  id: string
  label: string
  options: Record<K, string>
  value: K | ''
  error?: string
  onChange: (value: K | '') => void
}) {
  return (
    <Labelled id={id} label={label} error={error}>
      <select
        {...fieldProps(id, error)}
        value={value}
        onChange={(event) => onChange(event.target.value as K | '')}
        className={controlClass(error)}
      >
        <option value="">Choose…</option>
        {entries(options).map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
    </Labelled>
  )
}

export default function ResearchDocumentForm({ document, values, choices, duplicateOf }: Props) {
  const dates = useDates()
  const editing = document !== null
  const form = useForm<
    DocumentFormValues & { file: File | null; publishWhenProcessed: boolean; authorsText: string }
  >({
    ...(values ?? EMPTY),
    authorsText: (values?.authors ?? []).join('\n'),
    file: null,
    publishWhenProcessed: true,
  })
  const errors = form.errors as Record<string, string | undefined>
  const errorOf = (field: string) =>
    errors[field] ??
    Object.entries(errors).find(([key]) => key.startsWith(`${field}.`))?.[1] ??
    undefined
  useProcessingFollow(document)

  // A retired theme is offered only where the document already has it.
  const themeOptions = useMemo(
    () =>
      themesByGroup(choices.themes, values ? [values.primaryThemeId ?? 0, ...values.themeIds] : []),
    [choices.themes, values]
  )

  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.transform((data) => {
      const { authorsText, file, publishWhenProcessed, ...rest } = data
      return {
        ...rest,
        authors: authorsText
          .split(/\n|;/)
          .map((name) => name.trim())
          .filter(Boolean),
        themeIds: rest.themeIds.filter((id) => id !== rest.primaryThemeId),
        ...(file ? { file } : {}),
        ...(editing ? {} : { publishWhenProcessed }),
      }
    })
    form.post(editing ? `${DOCUMENTS}/${document.id}` : DOCUMENTS, {
      forceFormData: true,
      preserveScroll: true,
    })
  }

  const setStatus = (action: 'publish' | 'withdraw') =>
    router.post(`${DOCUMENTS}/bulk`, { action, ids: [document!.id] }, { preserveScroll: true })

  const title = editing ? 'Edit research document' : 'Upload a research document'
  const statusText = (status: PublicationStatus) => PUBLICATION_STATUSES[status]

  return (
    <AdminShell title={title}>
      <PageHeading
        title={editing ? (values?.title ?? title) : title}
        description={
          editing
            ? 'The document’s metadata and themes. Clients see it only while it is published and their team may read it.'
            : `A PDF of at most ${RESEARCH_DOCUMENT_MAX_MB} MB, checked by its content. Its text goes into the search index and its themes are tagged in the background.`
        }
        actions={
          <Link href={DOCUMENTS} className={secondaryLinkClass}>
            Back to the documents
          </Link>
        }
      />
      <ResearchAdminNav current="documents" />
      {duplicateOf ? (
        <Alert tone="error" className="mb-4">
          This PDF is already in the catalogue:{' '}
          <Link href={`${DOCUMENTS}/${duplicateOf.id}/edit`} className="font-medium underline">
            {duplicateOf.title}
          </Link>
          .
        </Alert>
      ) : null}
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <Card>
          <form onSubmit={submit} className="space-y-5" noValidate>
            <FormError message={errors.form} />
            <Labelled
              id="document-file"
              label={editing ? 'Replace the PDF (optional)' : 'PDF'}
              error={errorOf('file')}
              hint={`PDF only, at most ${RESEARCH_DOCUMENT_MAX_MB} MB, without protection, scripts or embedded files.`}
            >
              <input
                type="file"
                accept="application/pdf,.pdf"
                {...fieldProps('document-file', errorOf('file'), true)}
                onChange={(event) => form.setData('file', event.target.files?.[0] ?? null)}
                className="block text-sm"
              />
            </Labelled>
            <div className="grid gap-4 md:grid-cols-2">
              <Labelled id="document-provider" label="Provider" error={errorOf('providerId')}>
                <select
                  {...fieldProps('document-provider', errorOf('providerId'))}
                  value={form.data.providerId ?? ''}
                  onChange={(event) =>
                    form.setData(
                      'providerId',
                      event.target.value ? Number(event.target.value) : null
                    )
                  }
                  className={controlClass(errorOf('providerId'))}
                >
                  <option value="">Choose…</option>
                  {choices.providers.map((provider) => (
                    <option key={provider.id} value={provider.id}>
                      {provider.name}
                    </option>
                  ))}
                </select>
              </Labelled>
              <KeyedSelect
                id="document-type"
                label="Type"
                options={DOCUMENT_TYPES}
                value={form.data.documentType}
                error={errorOf('documentType')}
                onChange={(value) => form.setData('documentType', value)}
              />
            </div>
            <Labelled id="document-title" label="Title" error={errorOf('title')}>
              <input
                {...fieldProps('document-title', errorOf('title'))}
                value={form.data.title}
                maxLength={DOCUMENT_LIMITS.title}
                onChange={(event) => form.setData('title', event.target.value)}
                className={controlClass(errorOf('title'))}
              />
            </Labelled>
            <Labelled id="document-abstract" label="Abstract" error={errorOf('abstract')}>
              <textarea
                {...fieldProps('document-abstract', errorOf('abstract'))}
                value={form.data.abstract}
                rows={5}
                maxLength={DOCUMENT_LIMITS.abstract}
                onChange={(event) => form.setData('abstract', event.target.value)}
                className={controlClass(errorOf('abstract'))}
              />
            </Labelled>
            <div className="grid gap-4 md:grid-cols-3">
              <Labelled
                id="document-authors"
                label="Authors"
                error={errorOf('authors')}
                hint="One name per line."
              >
                <textarea
                  {...fieldProps('document-authors', errorOf('authors'), true)}
                  value={form.data.authorsText}
                  rows={3}
                  onChange={(event) => form.setData('authorsText', event.target.value)}
                  className={controlClass(errorOf('authors'))}
                />
              </Labelled>
              <Labelled id="document-date" label="Publication date" error={errorOf('publishedOn')}>
                <input
                  type="date"
                  {...fieldProps('document-date', errorOf('publishedOn'))}
                  value={form.data.publishedOn}
                  onChange={(event) => form.setData('publishedOn', event.target.value)}
                  className={controlClass(errorOf('publishedOn'))}
                />
              </Labelled>
              <KeyedSelect
                id="document-entitlement"
                label="Who may read it"
                options={ENTITLEMENTS}
                value={form.data.entitlement}
                error={errorOf('entitlement')}
                onChange={(value) => form.setData('entitlement', value)}
              />
            </div>
            <div className="grid gap-4 md:grid-cols-2">
              <Labelled
                id="document-primary-theme"
                label="Primary theme"
                error={errorOf('primaryThemeId')}
              >
                <select
                  {...fieldProps('document-primary-theme', errorOf('primaryThemeId'))}
                  value={form.data.primaryThemeId ?? ''}
                  onChange={(event) =>
                    form.setData(
                      'primaryThemeId',
                      event.target.value ? Number(event.target.value) : null
                    )
                  }
                  className={controlClass(errorOf('primaryThemeId'))}
                >
                  <option value="">Choose…</option>
                  <ThemeOptions groups={themeOptions} />
                </select>
              </Labelled>
              <Labelled
                id="document-themes"
                label="Other themes"
                error={errorOf('themeIds')}
                hint={`Up to ${DOCUMENT_LIMITS.themes - 1}; hold Ctrl (⌘ on a Mac) to choose several. Processing adds themes the text names often.`}
              >
                <select
                  multiple
                  size={6}
                  {...fieldProps('document-themes', errorOf('themeIds'), true)}
                  value={form.data.themeIds.map(String)}
                  onChange={(event) =>
                    form.setData(
                      'themeIds',
                      [...event.target.selectedOptions].map((option) => Number(option.value))
                    )
                  }
                  className={controlClass(errorOf('themeIds'))}
                >
                  <ThemeOptions groups={themeOptions} />
                </select>
              </Labelled>
            </div>
            <Checks
              id="document-asset-classes"
              legend="Asset classes"
              options={entries(ASSET_CLASSES)}
              chosen={form.data.assetClasses}
              error={errorOf('assetClasses')}
              onChange={(next) => form.setData('assetClasses', next)}
            />
            <Checks
              id="document-regions"
              legend="Regions"
              options={entries(RESEARCH_REGIONS)}
              chosen={form.data.regions}
              error={errorOf('regions')}
              onChange={(next) => form.setData('regions', next)}
            />
            <Checks
              id="document-sectors"
              legend="Sectors (GICS)"
              options={GICS_SECTORS.map((sector) => [sector, sector] as [string, string])}
              chosen={form.data.sectors}
              error={errorOf('sectors')}
              onChange={(next) => form.setData('sectors', next)}
            />
            {editing ? null : (
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={form.data.publishWhenProcessed}
                  onChange={(event) => form.setData('publishWhenProcessed', event.target.checked)}
                />
                Publish to clients as soon as processing completes
              </label>
            )}
            <div className="flex justify-end gap-2">
              <Link href={DOCUMENTS} className={secondaryLinkClass}>
                Cancel
              </Link>
              <Button type="submit" disabled={form.processing}>
                {editing ? 'Save' : 'Upload'}
              </Button>
            </div>
          </form>
        </Card>
        {document ? (
          <aside className="space-y-4" aria-label="The document’s state">
            <Card>
              <dl className="space-y-2 text-sm">
                <div>
                  <dt className="text-slate-600">Publication</dt>
                  <dd className="font-medium text-slate-900">
                    {statusText(document.status)}
                    {document.withdrawnAt ? ` on ${dates.date(document.withdrawnAt)}` : ''}
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-600">File</dt>
                  <dd className="text-slate-900">
                    {document.pageCount} {document.pageCount === 1 ? 'page' : 'pages'},{' '}
                    {sizeText(document.fileSize)} ·{' '}
                    <a
                      href={`${DOCUMENTS}/${document.id}/pdf`}
                      className="text-brand-700 underline"
                    >
                      Download the PDF
                    </a>
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-600">Added</dt>
                  <dd className="text-slate-900">
                    {dates.date(document.createdAt)}
                    {document.createdBy ? ` by ${document.createdBy}` : ''}
                  </dd>
                </div>
                {document.updatedAt ? (
                  <div>
                    <dt className="text-slate-600">Last changed</dt>
                    <dd className="text-slate-900">
                      {dates.dateTime(document.updatedAt)}
                      {document.updatedBy ? ` by ${document.updatedBy}` : ''}
                    </dd>
                  </div>
                ) : null}
              </dl>
              <div className="mt-4 flex flex-wrap gap-2">
                {document.status !== 'published' ? (
                  <Button
                    onClick={() => setStatus('publish')}
                    disabled={document.processingStatus !== 'completed'}
                  >
                    Publish
                  </Button>
                ) : null}
                {document.status !== 'withdrawn' ? (
                  <WithdrawButton onConfirm={() => setStatus('withdraw')} />
                ) : null}
              </div>
              {document.status !== 'published' && document.processingStatus !== 'completed' ? (
                <p className="mt-2 text-xs text-slate-600">
                  A document is published once its processing has completed.
                </p>
              ) : null}
            </Card>
            <Card>
              <Progress detail={document} />
            </Card>
            <Card>
              <h2 className="text-sm font-semibold text-slate-900">Themes on the document</h2>
              {document.taggedThemes.length ? (
                <ul className="mt-2 space-y-1 text-sm">
                  {document.taggedThemes.map((theme) => (
                    <li key={theme.id} className="flex justify-between gap-2">
                      <span>
                        {theme.name}
                        {theme.isPrimary ? (
                          <span className="ml-1 text-xs text-slate-600">(primary)</span>
                        ) : null}
                      </span>
                      <span className="text-xs text-slate-600 tabular-nums">
                        {theme.isPrimary || theme.relevance >= 0.8
                          ? 'chosen'
                          : `tagged ${theme.relevance.toFixed(2)}`}
                      </span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-2 text-sm text-slate-600">None yet.</p>
              )}
            </Card>
          </aside>
        ) : null}
      </div>
    </AdminShell>
  )
}

/** Withdraw, confirmed in place: it leaves every client page at once. */
function WithdrawButton({ onConfirm }: { onConfirm: () => void }) {
  const [asking, setAsking] = useState(false)
  if (!asking) {
    return (
      <Button variant="secondary" onClick={() => setAsking(true)}>
        Withdraw
      </Button>
    )
  }
  return (
    <div role="group" aria-label="Confirm the withdrawal" className="w-full space-y-2">
      <p className="text-sm text-slate-800">
        Withdraw it from every client list, search, trending count and digest now?
      </p>
      <div className="flex gap-2">
        <Button variant="danger" onClick={onConfirm} autoFocus>
          Withdraw
        </Button>
        <Button variant="secondary" onClick={() => setAsking(false)}>
          Keep it published
        </Button>
      </div>
    </div>
  )
}
