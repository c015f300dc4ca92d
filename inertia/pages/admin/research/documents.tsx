import { Link, router } from '@inertiajs/react'
import { useEffect, useMemo, useState } from 'react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Button, secondaryLinkClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { DataTable, type DataTableColumn } from '~/components/ui/data_table'
import { Dialog } from '~/components/ui/dialog'
import { FieldError, fieldProps, FormError } from '~/components/ui/field'
import {
  FilterField,
  ListEmpty,
  ListFilterBar,
  ListNotices,
  ListPagination,
  countText,
} from '~/components/list_page'
import { controlClass } from '~/components/admin/inline_field'
import { BASE, ResearchAdminNav } from '~/components/admin_research/nav'
import { entries } from '~/components/admin_research/choices'
import { useDates } from '~/hooks/use_dates'
import { listHref } from '@shared/list_page'
import { DOCUMENT_TYPES, ENTITLEMENTS, type Entitlement } from '@shared/research'
import { SEARCH_HINT } from '@shared/research_search'
import {
  ADMIN_DOCUMENT_SORTS,
  BULK_DOCUMENT_ACTIONS,
  PROCESSING_STATUSES,
  PUBLICATION_STATUSES,
  type AdminDocumentFilters,
  type DocumentChoices,
  type AdminDocumentList,
  type AdminDocumentRow,
  type BulkDocumentAction,
  type DocumentExportRow,
  EXPORT_MAX_DOCUMENTS,
  EXPORT_STATUSES,
  EXPORT_VALID_HOURS,
  type ProcessingStatus,
  type PublicationStatus,
} from '@shared/research_admin'

interface Props extends AdminDocumentList {
  filters: AdminDocumentFilters
  choices: DocumentChoices
  exports: DocumentExportRow[]
  notice: string | null
}

const DOCUMENTS = `${BASE}/documents`

/** The list's address: the default filter (completed, newest first) is left out. */
function hrefOf(filters: AdminDocumentFilters, page = 1) {
  return listHref(
    DOCUMENTS,
    {
      processing: filters.processing === 'completed' ? null : filters.processing,
      status: filters.status,
      provider: filters.provider,
      theme: filters.theme,
      entitlement: filters.entitlement,
      from: filters.from,
      to: filters.to,
      q: filters.q,
      sort: filters.sort === 'published_desc' ? null : filters.sort,
    },
    page
  )
}

const PROCESSING_TONE: Record<ProcessingStatus, string> = {
  uploaded: 'bg-sky-50 text-sky-800',
  text_extracted: 'bg-sky-50 text-sky-800',
  themes_tagged: 'bg-sky-50 text-sky-800',
  completed: 'bg-emerald-50 text-emerald-800',
  failed: 'bg-red-50 text-red-800',
}
const STATUS_TONE: Record<PublicationStatus, string> = {
  draft: 'bg-slate-100 text-slate-700',
  published: 'bg-emerald-50 text-emerald-800',
  withdrawn: 'bg-amber-50 text-amber-900',
}

function Badge({ tone, children }: { tone: string; children: string }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${tone}`}>
      {children}
    </span>
  )
}

function Filters({
  filters,
  choices,
}: {
  filters: AdminDocumentFilters
  choices: DocumentChoices
}) {
  const [q, setQ] = useState(filters.q)
  const [from, setFrom] = useState(filters.from ?? '')
  const [to, setTo] = useState(filters.to ?? '')
  const visit = (next: Partial<AdminDocumentFilters>) =>
    router.get(
      hrefOf({ ...filters, q, from: from || null, to: to || null, ...next }),
      {},
      { preserveState: true }
    )
  const select = (
    id: string,
    label: string,
    value: string,
    options: [string, string][],
    onChange: (value: string) => void,
    all?: string
  ) => (
    <FilterField id={id} label={label}>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={controlClass(undefined, 'max-w-56')}
      >
        {all !== undefined ? <option value="">{all}</option> : null}
        {options.map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
    </FilterField>
  )
  return (
    <ListFilterBar label="Documents" onSubmit={() => visit({})}>
      <FilterField id="documents-search" label="Search title, abstract and text">
        <input
          id="documents-search"
          type="search"
          value={q}
          maxLength={200}
          onChange={(event) => setQ(event.target.value)}
          className={controlClass(undefined, 'w-64')}
          aria-describedby="documents-search-hint"
        />
      </FilterField>
      {select(
        'documents-processing',
        'Processing',
        filters.processing,
        [...entries(PROCESSING_STATUSES), ['all', 'Every state']],
        (value) => visit({ processing: value as AdminDocumentFilters['processing'] })
      )}
      {select(
        'documents-status',
        'Publication',
        filters.status ?? '',
        entries(PUBLICATION_STATUSES),
        (value) => visit({ status: (value || null) as PublicationStatus | null }),
        'Any publication'
      )}
      {select(
        'documents-provider',
        'Provider',
        filters.provider ? String(filters.provider) : '',
        choices.providers.map((provider) => [String(provider.id), provider.name]),
        (value) => visit({ provider: value ? Number(value) : null }),
        'All providers'
      )}
      {select(
        'documents-theme',
        'Theme',
        filters.theme ? String(filters.theme) : '',
        choices.themes.map((theme) => [
          String(theme.id),
          theme.active ? theme.name : `${theme.name} (retired)`,
        ]),
        (value) => visit({ theme: value ? Number(value) : null }),
        'All themes'
      )}
      {select(
        'documents-entitlement',
        'Entitlement',
        filters.entitlement ?? '',
        entries(ENTITLEMENTS),
        (value) => visit({ entitlement: (value || null) as Entitlement | null }),
        'Any entitlement'
      )}
      <FilterField id="documents-from" label="Published from">
        <input
          id="documents-from"
          type="date"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          className={controlClass()}
        />
      </FilterField>
      <FilterField id="documents-to" label="Published to">
        <input
          id="documents-to"
          type="date"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          className={controlClass()}
        />
      </FilterField>
      {select('documents-sort', 'Sort by', filters.sort, entries(ADMIN_DOCUMENT_SORTS), (value) =>
        visit({ sort: value as AdminDocumentFilters['sort'] })
      )}
      <Button type="submit" variant="secondary">
        Apply
      </Button>
      <p id="documents-search-hint" className="basis-full text-xs text-slate-600">
        {SEARCH_HINT}
      </p>
    </ListFilterBar>
  )
}

/** The confirmation of a bulk action: what it does, to how many documents, and the entitlement. */
function BulkDialog({
  action,
  ids,
  onClose,
}: {
  action: BulkDocumentAction | null
  ids: number[]
  onClose: () => void
}) {
  const [entitlement, setEntitlement] = useState<Entitlement | ''>('')
  const [processing, setProcessing] = useState(false)
  const [errors, setErrors] = useState<Record<string, string | undefined>>({})
  const count = countText(ids.length, ['document', 'documents'])
  const explain: Record<BulkDocumentAction, string> = {
    publish: `Publish ${count}: clients entitled to them see them at once. Documents not yet processed, or already published, are left as they are.`,
    withdraw: `Withdraw ${count}: they leave every client list, search, trending count and digest at once. They stay here and can be published again.`,
    retag: `Tag the themes of ${count} again from their text, keeping the themes chosen for them. Only processed documents are tagged again.`,
    entitlement: `Change who may read ${count}.`,
  }
  const submit = () => {
    router.post(
      `${DOCUMENTS}/bulk`,
      { action, ids, entitlement: action === 'entitlement' ? entitlement : undefined },
      {
        preserveScroll: true,
        onStart: () => setProcessing(true),
        onFinish: () => setProcessing(false),
        onError: (next) => setErrors(next),
        onSuccess: () => onClose(),
      }
    )
  }
  return (
    <Dialog
      open={action !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      title={action ? `${BULK_DOCUMENT_ACTIONS[action]}: ${count}` : ''}
    >
      {action ? (
        <form
          onSubmit={(event) => {
            event.preventDefault()
            submit()
          }}
          className="space-y-4"
        >
          <p className="text-sm text-slate-700">{explain[action]}</p>
          {action === 'entitlement' ? (
            <div>
              <label htmlFor="bulk-entitlement" className="text-sm font-medium text-slate-700">
                New entitlement
              </label>
              <select
                {...fieldProps('bulk-entitlement', errors.entitlement)}
                value={entitlement}
                onChange={(event) => setEntitlement(event.target.value as Entitlement | '')}
                className={controlClass(errors.entitlement)}
              >
                <option value="">Choose…</option>
                {entries(ENTITLEMENTS).map(([key, label]) => (
                  <option key={key} value={key}>
                    {label}
                  </option>
                ))}
              </select>
              <FieldError id="bulk-entitlement" message={errors.entitlement} />
            </div>
          ) : null}
          <FormError message={errors.ids ?? errors.action} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant={action === 'withdraw' ? 'danger' : 'primary'}
              disabled={processing}
            >
              {BULK_DOCUMENT_ACTIONS[action]}
            </Button>
          </div>
        </form>
      ) : null}
    </Dialog>
  )
}

function sizeText(bytes: number | null) {
  if (bytes === null) return ''
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/**
 * The bulk download of what the filters match (at most EXPORT_MAX_DOCUMENTS documents), and the
 * administrator's recent downloads, followed while they are built.
 */
function Downloads({
  filters,
  total,
  exports,
}: {
  filters: AdminDocumentFilters
  total: number
  exports: DocumentExportRow[]
}) {
  const dates = useDates()
  const [error, setError] = useState<string | undefined>()
  const [sending, setSending] = useState(false)
  const building = exports.some((row) => row.status === 'queued' || row.status === 'running')
  useEffect(() => {
    if (!building) return
    const timer = window.setInterval(() => router.reload({ only: ['exports'] }), 3000)
    return () => window.clearInterval(timer)
  }, [building])
  const ask = () =>
    router.post(
      `${DOCUMENTS}/exports`,
      { ...filters },
      {
        preserveScroll: true,
        onStart: () => setSending(true),
        onFinish: () => setSending(false),
        onError: (errors) => setError(errors.filters ?? Object.values(errors)[0]),
        onSuccess: () => setError(undefined),
      }
    )
  return (
    <Card padding="sm" className="mt-6">
      <section aria-labelledby="downloads-heading">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="downloads-heading" className="text-base font-semibold text-slate-900">
              Your downloads
            </h2>
            <p id="downloads-hint" className="text-sm text-slate-600">
              A ZIP of the PDFs the filters above match (
              {countText(total, ['document', 'documents'])}
              ), with a manifest.csv of their details: at most {EXPORT_MAX_DOCUMENTS} documents or 1
              GB, kept for {EXPORT_VALID_HOURS} hours.
            </p>
          </div>
          <Button
            variant="secondary"
            onClick={ask}
            disabled={sending}
            {...fieldProps('downloads-ask', error, false, 'downloads-hint')}
          >
            Download these documents as a ZIP
          </Button>
        </div>
        <FieldError id="downloads-ask" message={error} />
        {exports.length ? (
          <ul className="mt-3 divide-y divide-slate-100 text-sm" aria-live="polite">
            {exports.map((row) => (
              <li key={row.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div>
                  <p className="text-slate-900">
                    {countText(row.documentCount, ['document', 'documents'])} ·{' '}
                    <span className="text-slate-600">{row.description}</span>
                  </p>
                  <p className="text-xs text-slate-600">
                    Asked {dates.dateTime(row.createdAt)}
                    {row.status === 'completed' && row.expiresAt
                      ? ` · available until ${dates.dateTime(row.expiresAt)}`
                      : ''}
                    {row.error ? ` · ${row.error}` : ''}
                  </p>
                </div>
                {row.status === 'completed' ? (
                  <a
                    href={`${DOCUMENTS}/exports/${row.id}`}
                    className="font-medium text-brand-700 underline"
                  >
                    Download ZIP ({sizeText(row.byteSize)})
                  </a>
                ) : (
                  <Badge
                    tone={
                      row.status === 'failed'
                        ? 'bg-red-50 text-red-800'
                        : row.status === 'expired'
                          ? 'bg-slate-100 text-slate-700'
                          : 'bg-sky-50 text-sky-800'
                    }
                  >
                    {EXPORT_STATUSES[row.status]}
                  </Badge>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </Card>
  )
}

export default function ResearchDocumentsAdmin({
  rows,
  meta,
  pageNotice,
  filters,
  choices,
  exports,
  notice,
}: Props) {
  const dates = useDates()
  const [selected, setSelected] = useState<Set<number>>(new Set())
  const [action, setAction] = useState<BulkDocumentAction | null>(null)
  const pageIds = rows.map((row) => row.id)
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id))
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })

  const columns = useMemo<DataTableColumn<AdminDocumentRow>[]>(
    () => [
      {
        id: 'select',
        header: 'Select',
        enableHiding: false,
        enableSorting: false,
        headerContent: (
          <input
            type="checkbox"
            aria-label="Select every document on this page"
            checked={allOnPage}
            onChange={() =>
              setSelected((current) => {
                const next = new Set(current)
                for (const id of pageIds) {
                  if (allOnPage) next.delete(id)
                  else next.add(id)
                }
                return next
              })
            }
          />
        ),
        cell: (row) => (
          <input
            type="checkbox"
            aria-label={`Select ${row.title}`}
            checked={selected.has(row.id)}
            onChange={() => toggle(row.id)}
          />
        ),
      },
      {
        id: 'title',
        header: 'Document',
        enableHiding: false,
        enableSorting: false,
        cell: (row) => (
          <div className="max-w-xl min-w-56">
            <Link
              href={`${DOCUMENTS}/${row.id}/edit`}
              className="font-medium text-brand-700 hover:underline"
            >
              {row.title}
            </Link>
            <p className="text-xs text-slate-600">
              {row.providerName} · {DOCUMENT_TYPES[row.documentType] ?? row.documentType}
              {row.primaryTheme ? ` · ${row.primaryTheme}` : ''}
            </p>
          </div>
        ),
      },
      {
        id: 'published',
        header: 'Published on',
        enableSorting: false,
        cell: (row) => <time dateTime={row.publishedAt}>{dates.date(row.publishedAt)}</time>,
        className: 'whitespace-nowrap',
      },
      {
        id: 'entitlement',
        header: 'Entitlement',
        enableSorting: false,
        cell: (row) => ENTITLEMENTS[row.entitlement] ?? row.entitlement,
      },
      {
        id: 'status',
        header: 'Publication',
        enableSorting: false,
        cell: (row) => (
          <Badge tone={STATUS_TONE[row.status]}>{PUBLICATION_STATUSES[row.status]}</Badge>
        ),
      },
      {
        id: 'processing',
        header: 'Processing',
        enableSorting: false,
        cell: (row) => (
          <div>
            <Badge tone={PROCESSING_TONE[row.processingStatus]}>
              {PROCESSING_STATUSES[row.processingStatus]}
            </Badge>
            {row.processingError ? (
              <p className="mt-1 max-w-64 text-xs text-red-800">{row.processingError}</p>
            ) : null}
          </div>
        ),
      },
    ],
    [allOnPage, pageIds, selected, dates]
  )

  const filtered =
    filters.processing !== 'completed' ||
    filters.status ||
    filters.provider ||
    filters.theme ||
    filters.entitlement ||
    filters.from ||
    filters.to ||
    filters.q

  return (
    <AdminShell title="Research documents">
      <PageHeading
        title="Research discovery: documents"
        description="Every research document of the catalogue, whatever its state: uploaded and being processed, completed, published to clients or withdrawn. Clients see only published documents their team may read."
        actions={
          <div className="flex flex-wrap gap-2">
            <Link href={`${DOCUMENTS}/new`} className={secondaryLinkClass}>
              Upload a document
            </Link>
            <Link href={`${DOCUMENTS}/imports`} className={secondaryLinkClass}>
              Bulk import
            </Link>
          </div>
        }
      />
      <ResearchAdminNav current="documents" />
      <ListNotices notices={[notice, pageNotice]} />
      <Card padding="sm">
        <Filters key={hrefOf(filters)} filters={filters} choices={choices} />
        <div className="mb-2 flex flex-wrap items-center gap-2">
          <p className="text-sm text-slate-700" aria-live="polite">
            {countText(meta.total, ['document', 'documents'])}
            {filtered ? ' match' : ''}
            {selected.size ? ` · ${countText(selected.size, ['selected', 'selected'])}` : ''}
          </p>
          <div
            role="group"
            aria-label="Actions on the selected documents"
            className="ml-auto flex flex-wrap gap-2"
          >
            {entries(BULK_DOCUMENT_ACTIONS).map(([key, label]) => (
              <Button
                key={key}
                variant="secondary"
                disabled={selected.size === 0}
                onClick={() => setAction(key)}
              >
                {label}
              </Button>
            ))}
            {selected.size ? (
              <Button variant="ghost" onClick={() => setSelected(new Set())}>
                Clear selection
              </Button>
            ) : null}
          </div>
        </div>
        {rows.length ? (
          <DataTable
            data={rows}
            columns={columns}
            caption="Research documents"
            getRowId={(row) => String(row.id)}
            // One page of the list: the order is the server's (Sort by).
            enableSorting={false}
            keyboardNavigation={false}
            storageKey="research-admin-documents"
            density="compact"
            framed={false}
          />
        ) : (
          <ListEmpty
            action={
              filtered ? (
                <Link href={DOCUMENTS} className={secondaryLinkClass}>
                  Show every completed document
                </Link>
              ) : (
                <Link href={`${DOCUMENTS}/new`} className={secondaryLinkClass}>
                  Upload a document
                </Link>
              )
            }
          >
            {filtered
              ? 'No document matches these filters.'
              : 'The catalogue holds no completed document yet.'}
          </ListEmpty>
        )}
        <ListPagination
          label="Document pages"
          meta={meta}
          href={(page) => hrefOf(filters, page)}
          noun={['document', 'documents']}
        />
      </Card>
      <Downloads filters={filters} total={meta.total} exports={exports} />
      <BulkDialog
        key={action ?? 'none'}
        action={action}
        ids={[...selected]}
        onClose={() => setAction(null)}
      />
    </AdminShell>
  )
}
