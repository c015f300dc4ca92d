import { useEffect, useMemo, type FormEvent } from 'react'
import { Link, useForm } from '@inertiajs/react'
import { DataTable, type DataTableColumn } from '~/components/ui/data_table'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { errorId, Field, FieldError, fieldProps, hintId } from '~/components/ui/field'
import { Alert } from '~/components/ui/alert'
import { ResearchPage } from '~/components/research/research_page'
import { MultiSelect } from '~/components/research/multi_select'
import {
  assetClassLabel,
  regionLabel,
  researchDate,
  useResearchLocale,
} from '~/components/research/format'
import { useFlash } from '~/hooks/use_shared_props'
import { cn } from '~/lib/cn'
import { RequestStatusBadge } from '~/components/research/request_status'
import type { ResearchRequestView } from '@shared/research_views'
import { useDates } from '~/hooks/use_dates'

type Option = { value: string; label: string }

interface Props {
  requests: ResearchRequestView[]
  options: {
    assetClasses: Option[]
    regions: Option[]
    themes: { id: number; name: string; group: string }[]
  }
  prefill: { themeIds: number[] }
  /** The request a mail's link opens (its response is shown and focused). */
  opened: number | null
}

const TOPIC_MAX = 160
const DESCRIPTION_MIN = 30
const DESCRIPTION_MAX = 4000
const THEMES_MAX = 10

const inputClass = (error?: string) =>
  cn(
    'mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm focus:ring-2 focus:outline-none',
    error
      ? 'border-red-400 focus:ring-red-200'
      : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100'
  )

const BLANK = {
  topic: '',
  description: '',
  assetClass: '',
  region: '',
  themeIds: [] as number[],
  neededBy: '',
}

const todayIso = () => new Date().toISOString().slice(0, 10)

export default function ResearchRequestsPage({ requests, options, prefill, opened }: Props) {
  const locale = useResearchLocale()
  const dates = useDates()
  const flash = useFlash()
  const form = useForm({ ...BLANK, themeIds: prefill.themeIds })
  const errors = form.errors as Record<string, string | undefined>
  const themeError =
    errors.themeIds ??
    Object.entries(errors).find(([key]) => key.startsWith('themeIds.'))?.[1] ??
    undefined
  const descriptionLength = form.data.description.trim().length
  const responded = requests.filter((request) => request.response !== null)

  // A mail's link names the request: its response is brought into view.
  useEffect(() => {
    if (opened === null) return
    const target = document.getElementById(`request-${opened}`)
    target?.scrollIntoView({ block: 'start' })
    target?.focus({ preventScroll: true })
  }, [opened])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.post('/research-discovery/requests', {
      preserveScroll: true,
      // The next request starts blank (not with the themes the page was opened with).
      onSuccess: () => {
        form.setDefaults(BLANK)
        form.reset()
      },
    })
  }

  const themeOptions = useMemo(
    () =>
      options.themes.map((theme) => ({
        value: String(theme.id),
        label: theme.name,
        group: theme.group,
      })),
    [options.themes]
  )

  const columns = useMemo<DataTableColumn<ResearchRequestView>[]>(
    () => [
      {
        id: 'reference',
        header: 'Reference',
        accessor: (row) => row.reference,
        enableHiding: false,
        cell: (row) => (
          <span className="font-medium whitespace-nowrap text-slate-900">{row.reference}</span>
        ),
      },
      {
        id: 'topic',
        header: 'Topic',
        accessor: (row) => row.topic,
        enableHiding: false,
        cell: (row) => (
          <div className="max-w-md min-w-56">
            <p className="font-medium break-words text-slate-900">{row.topic}</p>
            <p className="mt-0.5 text-xs text-slate-500">
              {assetClassLabel(row.assetClass)} · {regionLabel(row.region)}
            </p>
          </div>
        ),
      },
      {
        id: 'themes',
        header: 'Themes',
        accessor: (row) => row.themes.map((theme) => theme.name).join(', '),
        enableSorting: false,
        cell: (row) =>
          row.themes.length ? (
            <span className="block max-w-xs min-w-40 text-slate-700">
              {row.themes.map((theme) => theme.name).join(', ')}
            </span>
          ) : (
            <span className="text-slate-500">None</span>
          ),
      },
      {
        id: 'neededBy',
        header: 'Needed by',
        accessor: (row) => row.neededBy,
        cell: (row) => (
          <span className="whitespace-nowrap">{researchDate(row.neededBy, dates.locale)}</span>
        ),
      },
      {
        id: 'status',
        header: 'Status',
        accessor: (row) => row.statusLabel,
        cell: (row) => (
          <div className="space-y-1">
            <RequestStatusBadge status={row.status} label={row.statusLabel} />
            {row.response ? (
              <a
                href={`#request-${row.id}`}
                className="block text-xs font-medium whitespace-nowrap text-teal-800 hover:underline"
              >
                {row.status === 'declined' ? 'Why it was declined' : 'Read the answer'}
              </a>
            ) : null}
          </div>
        ),
      },
      {
        id: 'submitted',
        header: 'Submitted',
        accessor: (row) => row.createdAt,
        sortDescFirst: true,
        cell: (row) => (
          <span className="whitespace-nowrap">{researchDate(row.createdAt, dates.locale)}</span>
        ),
      },
    ],
    [dates.locale]
  )

  return (
    <ResearchPage
      title="Request research"
      current="requests"
      description="Ask the research team for work on a topic your providers do not cover well. Each request gets a reference; the team answers within 3 business days."
    >
      {flash.success ? (
        <Alert tone="success" className="mb-4">
          {flash.success}
        </Alert>
      ) : null}

      <div className="space-y-8">
        <Card className="max-w-4xl">
          <h2 className="text-base font-semibold text-slate-900">New request</h2>
          <form onSubmit={submit} noValidate className="mt-4 space-y-4">
            <Field
              label="Topic"
              name="topic"
              value={form.data.topic}
              onChange={(event) => form.setData('topic', event.target.value)}
              maxLength={TOPIC_MAX}
              required
              error={errors.topic}
              hint={`What you need, in a line (up to ${TOPIC_MAX} characters).`}
            />

            <div>
              <label
                htmlFor="request-description"
                className="block text-sm font-medium text-slate-700"
              >
                Description
              </label>
              <textarea
                {...fieldProps('request-description', errors.description, true)}
                name="description"
                rows={6}
                value={form.data.description}
                onChange={(event) => form.setData('description', event.target.value)}
                maxLength={DESCRIPTION_MAX}
                required
                className={cn(inputClass(errors.description), 'resize-y')}
              />
              <p
                id={hintId('request-description')}
                className="mt-1 flex justify-between gap-3 text-xs text-slate-500"
              >
                <span>
                  At least {DESCRIPTION_MIN} characters: the question, the angle and how you will
                  use the answer.
                </span>
                <span
                  className={cn(
                    'shrink-0 tabular-nums',
                    descriptionLength < DESCRIPTION_MIN && 'text-amber-700'
                  )}
                >
                  {descriptionLength.toLocaleString(locale)} / {DESCRIPTION_MIN} min
                </span>
              </p>
              <FieldError id="request-description" message={errors.description} />
            </div>

            <div className="grid gap-4 sm:grid-cols-3">
              <div>
                <label
                  htmlFor="request-asset-class"
                  className="block text-sm font-medium text-slate-700"
                >
                  Asset class
                </label>
                <select
                  {...fieldProps('request-asset-class', errors.assetClass)}
                  name="assetClass"
                  value={form.data.assetClass}
                  onChange={(event) => form.setData('assetClass', event.target.value)}
                  required
                  className={inputClass(errors.assetClass)}
                >
                  <option value="">Choose one</option>
                  {options.assetClasses.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
                <FieldError id="request-asset-class" message={errors.assetClass} />
              </div>
              <div>
                <label
                  htmlFor="request-region"
                  className="block text-sm font-medium text-slate-700"
                >
                  Region
                </label>
                <select
                  {...fieldProps('request-region', errors.region)}
                  name="region"
                  value={form.data.region}
                  onChange={(event) => form.setData('region', event.target.value)}
                  required
                  className={inputClass(errors.region)}
                >
                  <option value="">Choose one</option>
                  {options.regions.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
                <FieldError id="request-region" message={errors.region} />
              </div>
              <Field
                label="Needed by"
                name="neededBy"
                type="date"
                min={todayIso()}
                value={form.data.neededBy}
                onChange={(event) => form.setData('neededBy', event.target.value)}
                required
                error={errors.neededBy}
              />
            </div>

            <div className="max-w-md">
              <span id="request-themes-label" className="block text-sm font-medium text-slate-700">
                Themes{' '}
                <span className="font-normal text-slate-500">(optional, up to {THEMES_MAX})</span>
              </span>
              <MultiSelect
                id="request-themes"
                label="Themes"
                className="mt-1"
                options={themeOptions}
                selected={form.data.themeIds.map(String)}
                onChange={(values) =>
                  form.setData('themeIds', values.slice(0, THEMES_MAX).map(Number))
                }
                searchable
                searchLabel="Find a theme"
                invalid={Boolean(themeError)}
                describedBy={themeError ? errorId('request-themes') : undefined}
              />
              {form.data.themeIds.length ? (
                <p className="mt-1 text-xs text-slate-600">
                  {form.data.themeIds
                    .map((id) => options.themes.find((theme) => theme.id === id)?.name ?? `#${id}`)
                    .join(', ')}
                </p>
              ) : null}
              <FieldError id="request-themes" message={themeError} />
            </div>

            <div className="flex items-center gap-3">
              <Button type="submit" disabled={form.processing}>
                {form.processing ? 'Sending…' : 'Send the request'}
              </Button>
              {form.isDirty && !form.processing ? (
                <Button variant="ghost" onClick={() => form.reset()}>
                  Clear
                </Button>
              ) : null}
            </div>
          </form>
        </Card>

        <section aria-labelledby="my-requests" className="min-w-0">
          <h2 id="my-requests" className="mb-3 text-base font-semibold text-slate-900">
            My requests
          </h2>
          <DataTable
            caption="My research requests"
            data={requests}
            columns={columns}
            getRowId={(row) => String(row.id)}
            initialSorting={[{ id: 'submitted', desc: true }]}
            enableHiding={false}
            keyboardNavigation={false}
            verticalAlign="top"
            emptyMessage="No request yet. Requests you send appear here with their reference and status."
          />
          {responded.length ? (
            <div className="mt-6 space-y-4">
              <h3 className="text-sm font-semibold text-slate-900">
                The research team’s responses
              </h3>
              {responded.map((request) => (
                <article
                  key={request.id}
                  id={`request-${request.id}`}
                  tabIndex={-1}
                  aria-labelledby={`request-${request.id}-title`}
                  className={cn(
                    'max-w-4xl scroll-mt-24 rounded-lg border border-slate-200 bg-white p-6 shadow-sm focus:outline-none',
                    opened === request.id && 'ring-2 ring-teal-600'
                  )}
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <h4
                      id={`request-${request.id}-title`}
                      className="text-sm font-semibold text-slate-900"
                    >
                      {request.reference} · {request.topic}
                    </h4>
                    <RequestStatusBadge status={request.status} label={request.statusLabel} />
                  </div>
                  <p className="mt-1 text-xs text-slate-600">
                    {request.status === 'declined' ? 'Declined' : 'Answered'}{' '}
                    {researchDate(request.response!.at, dates.locale)}
                  </p>
                  <p className="mt-3 text-sm whitespace-pre-line text-slate-900">
                    {request.response!.text}
                  </p>
                  {request.response!.documents.length ? (
                    <div className="mt-3">
                      <p className="text-sm font-medium text-slate-700">Research for you</p>
                      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
                        {request.response!.documents.map((linked) => (
                          <li key={linked.id}>
                            <Link
                              href={`/research-discovery/research/${linked.id}`}
                              className="font-medium text-teal-800 hover:underline"
                            >
                              {linked.title}
                            </Link>{' '}
                            <span className="text-slate-600">({linked.provider})</span>
                          </li>
                        ))}
                      </ul>
                    </div>
                  ) : null}
                </article>
              ))}
            </div>
          ) : null}
        </section>
      </div>
    </ResearchPage>
  )
}
