import { router, useForm } from '@inertiajs/react'
import { useMemo, useState, type FormEvent } from 'react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Dialog } from '~/components/ui/dialog'
import { DataTable, type DataTableColumn } from '~/components/ui/data_table'
import { FieldError, FormError, fieldProps } from '~/components/ui/field'
import { ListNotices } from '~/components/list_page'
import { Badge, inputClass } from '~/components/admin/account_tabs'
import { MovementBadge } from '~/components/research/research_ui'
import { ResearchAdminNav, BASE } from '~/components/admin_research/nav'
import { cn } from '~/lib/cn'
import { TRENDING_MIN_PROVIDERS } from '@shared/research'
import {
  MAX_POSITION,
  OVERRIDE_KINDS,
  OVERRIDE_NOTE_MAX,
  OVERRIDE_NOTE_MIN,
  type RankingOverrideKind,
  type RankingRow,
  type RankingWeek,
  type RankingWeekOption,
} from '@shared/research_ranking'

interface Props {
  weeks: RankingWeekOption[]
  week: RankingWeek | null
  rows: RankingRow[]
  notice: string | null
}

const PAGE = `${BASE}/theme-ranking`
const when = (value: string) => value.slice(0, 16).replace('T', ' ')
const figure = (value: number) =>
  value.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 4 })

function Breakdown({ row }: { row: RankingRow }) {
  return (
    <details className="min-w-64">
      <summary className="cursor-pointer text-sm font-medium text-slate-900 tabular-nums">
        {figure(row.score)}
        <span className="sr-only"> — the score of {row.theme}, per provider</span>
      </summary>
      <table className="mt-2 w-full text-xs">
        <caption className="sr-only">How the score of {row.theme} is made</caption>
        <thead>
          <tr className="text-left text-slate-600">
            <th scope="col" className="pr-2 font-medium">
              Provider
            </th>
            <th scope="col" className="pr-2 text-right font-medium">
              Documents
            </th>
            <th scope="col" className="pr-2 text-right font-medium">
              Relevance
            </th>
            <th scope="col" className="pr-2 text-right font-medium">
              Damping
            </th>
            <th scope="col" className="text-right font-medium">
              Points
            </th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {row.providers.map((entry) => (
            <tr key={entry.provider}>
              <th scope="row" className="pr-2 text-left font-normal text-slate-800">
                {entry.provider}
              </th>
              <td className="pr-2 text-right">{entry.documents}</td>
              <td className="pr-2 text-right">{figure(entry.relevance)}</td>
              <td className="pr-2 text-right">× {figure(entry.damping)}</td>
              <td className="text-right">{figure(entry.contribution)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {Math.abs(row.recomputedScore - row.score) > 0.0001 ? (
        <p className="mt-1 text-xs text-amber-800">
          The week’s documents changed since the ranking was computed: they now make{' '}
          {figure(row.recomputedScore)}.
        </p>
      ) : null}
    </details>
  )
}

function OverrideDialog({
  row,
  week,
  onClose,
}: {
  row: RankingRow
  week: string
  onClose: () => void
}) {
  const form = useForm({
    week,
    themeId: row.themeId,
    kind: (row.override?.kind ?? 'pin') as RankingOverrideKind,
    position: String(row.override?.position ?? row.previewRank ?? row.rank ?? 1),
    note: row.override?.note ?? '',
  })
  const removal = useForm({ note: '' })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.transform((data) => ({
      ...data,
      position: data.kind === 'hide' ? null : data.position === '' ? null : Number(data.position),
    }))
    form.post(`${PAGE}/overrides`, { preserveScroll: true, onSuccess: onClose })
  }
  const remove = (event: FormEvent) => {
    event.preventDefault()
    removal.post(`${PAGE}/overrides/${row.override!.id}/destroy`, {
      preserveScroll: true,
      onSuccess: onClose,
    })
  }
  const errors = form.errors as Record<string, string | undefined>
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={`Change the place of ${row.theme}`}
      description="Saved for this week only; clients see it once the week is published."
    >
      <form onSubmit={submit} className="space-y-4">
        {/* The week or the theme itself was refused: no field of the form to correct. */}
        <FormError message={errors.week ?? errors.themeId} />
        <div>
          <label htmlFor="override-kind" className="block text-sm font-medium text-slate-700">
            Change
          </label>
          <select
            {...fieldProps('override-kind', form.errors.kind)}
            className={cn(inputClass, 'mt-1')}
            value={form.data.kind}
            onChange={(event) => form.setData('kind', event.target.value as RankingOverrideKind)}
          >
            {Object.entries(OVERRIDE_KINDS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <FieldError id="override-kind" message={form.errors.kind} />
        </div>
        {form.data.kind !== 'hide' ? (
          <div>
            <label htmlFor="override-position" className="block text-sm font-medium text-slate-700">
              Position
            </label>
            <input
              {...fieldProps('override-position', form.errors.position)}
              type="number"
              min={1}
              max={MAX_POSITION}
              className={cn(inputClass, 'mt-1 w-32')}
              value={form.data.position}
              onChange={(event) => form.setData('position', event.target.value)}
            />
            <FieldError id="override-position" message={form.errors.position} />
          </div>
        ) : null}
        <div>
          <label htmlFor="override-note" className="block text-sm font-medium text-slate-700">
            Note (required: why)
          </label>
          <textarea
            {...fieldProps('override-note', form.errors.note)}
            rows={3}
            minLength={OVERRIDE_NOTE_MIN}
            maxLength={OVERRIDE_NOTE_MAX}
            className={cn(inputClass, 'mt-1')}
            value={form.data.note}
            onChange={(event) => form.setData('note', event.target.value)}
          />
          <FieldError id="override-note" message={form.errors.note} />
        </div>
        <p className="text-xs text-slate-600">
          A pin holds the theme at its position whatever the scores; clients see “Editor’s pick” on
          it when the pin changed its place. A move puts it at a position and lets pins go first. A
          hidden theme is left out of the trending page and the digest.
        </p>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={form.processing}>
            Save the change
          </Button>
        </div>
      </form>
      {row.override ? (
        <form onSubmit={remove} className="mt-6 space-y-3 border-t border-slate-200 pt-4">
          <h3 className="text-sm font-semibold text-slate-900">Back to the computed place</h3>
          <div>
            <label htmlFor="removal-note" className="block text-sm font-medium text-slate-700">
              Note (required: why)
            </label>
            <input
              {...fieldProps('removal-note', removal.errors.note)}
              className={cn(inputClass, 'mt-1')}
              value={removal.data.note}
              onChange={(event) => removal.setData('note', event.target.value)}
            />
            <FieldError id="removal-note" message={removal.errors.note} />
          </div>
          <Button type="submit" variant="secondary" disabled={removal.processing}>
            Withdraw the change
          </Button>
        </form>
      ) : null}
    </Dialog>
  )
}

function overrideText(row: RankingRow) {
  if (!row.override) return null
  const { kind, position } = row.override
  return kind === 'hide' ? 'Hidden' : `${kind === 'pin' ? 'Pinned' : 'Moved'} to ${position}`
}

function columns(onEdit: (row: RankingRow) => void): DataTableColumn<RankingRow>[] {
  return [
    {
      id: 'place',
      header: 'Place',
      description: 'The place after the editors’ changes (what publishing shows clients)',
      accessor: (row) => row.previewRank,
      align: 'right',
      cell: (row) => (row.previewRank === null ? '—' : row.previewRank),
    },
    {
      id: 'theme',
      header: 'Theme',
      accessor: (row) => row.theme,
      enableHiding: false,
      cell: (row) => (
        <div className="min-w-48">
          <p className="font-medium text-slate-900">{row.theme}</p>
          <p className="text-xs text-slate-600">{row.group}</p>
          <div className="mt-1 flex flex-wrap gap-1">
            {row.previewPick ? <Badge tone="amber">Editor’s pick</Badge> : null}
            {row.override?.kind === 'hide' ? <Badge tone="red">Hidden</Badge> : null}
            {row.rank === null ? <Badge>Not ranked</Badge> : null}
          </div>
        </div>
      ),
    },
    {
      id: 'rank',
      header: 'Computed rank',
      description: 'The rank the job computed from the scores',
      accessor: (row) => row.rank,
      align: 'right',
      cell: (row) => (row.rank === null ? '—' : row.rank),
    },
    {
      id: 'movement',
      header: 'Movement',
      description: 'The computed rank against the computed rank of the week before',
      accessor: (row) => (row.previousRank === null ? null : row.previousRank),
      enableSorting: false,
      cell: (row) => (row.movement ? <MovementBadge movement={row.movement} /> : '—'),
    },
    {
      id: 'score',
      header: 'Score',
      description:
        'Σ relevance × damping per provider; damping = 1 ÷ √(the provider’s documents on the theme)',
      accessor: (row) => row.score,
      align: 'right',
      sortDescFirst: true,
      cell: (row) => <Breakdown row={row} />,
    },
    {
      id: 'documents',
      header: 'Documents',
      accessor: (row) => row.documentCount,
      align: 'right',
      sortDescFirst: true,
    },
    {
      id: 'providers',
      header: 'Providers',
      accessor: (row) => row.providerCount,
      align: 'right',
      sortDescFirst: true,
    },
    {
      id: 'published',
      header: 'Clients see',
      description: 'The place in the published ranking of this week',
      accessor: (row) => row.publishedRank,
      align: 'right',
      cell: (row) => (row.publishedRank === null ? '—' : row.publishedRank),
    },
    {
      id: 'override',
      header: 'Editor’s change',
      accessor: (row) => overrideText(row),
      enableSorting: false,
      cell: (row) =>
        row.override ? (
          <div className="max-w-64 min-w-48 text-xs">
            <p className="font-medium text-slate-900">{overrideText(row)}</p>
            <p className="[overflow-wrap:anywhere] text-slate-700">{row.override.note}</p>
            <p className="text-slate-600">
              {row.override.by ?? 'Former administrator'}, {when(row.override.at)}
            </p>
          </div>
        ) : (
          '—'
        ),
    },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      enableHiding: false,
      cell: (row) => (
        <Button type="button" variant="secondary" onClick={() => onEdit(row)}>
          Change<span className="sr-only"> the place of {row.theme}</span>
        </Button>
      ),
    },
  ]
}

function WeekSummary({ week, weeks }: { week: RankingWeek; weeks: RankingWeekOption[] }) {
  const publish = useForm({ week: week.value })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    publish.post(`${PAGE}/publish`, { preserveScroll: true })
  }
  const label = weeks.find((option) => option.value === week.value)?.label ?? week.value
  return (
    <Card className="mb-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <label htmlFor="ranking-week" className="block text-sm font-medium text-slate-700">
            Week
          </label>
          <select
            id="ranking-week"
            className={cn(inputClass, 'mt-1 w-72')}
            value={week.value}
            onChange={(event) =>
              router.get(PAGE, { week: event.target.value }, { preserveScroll: true })
            }
          >
            {weeks.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
                {option.published ? ' (published)' : ' (not published)'}
              </option>
            ))}
          </select>
        </div>
        <form onSubmit={submit} className="flex items-center gap-3">
          {week.hasUnpublishedChanges ? (
            <Badge tone="amber">Changes not published</Badge>
          ) : (
            <Badge tone="green">Clients see this order</Badge>
          )}
          <Button type="submit" disabled={publish.processing}>
            Publish {label}
          </Button>
        </form>
      </div>
      <dl className="mt-4 grid gap-x-8 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">Computed</dt>
        <dd className="text-slate-900">
          {when(week.computedAt)} from {week.documentCount.toLocaleString('en-GB')} documents
        </dd>
        <dt className="text-slate-600">Published</dt>
        <dd className="text-slate-900">
          {week.publication
            ? `${when(week.publication.publishedAt)} by ${week.publication.by ?? 'the ranking job (as computed)'}, ${week.publication.overrideCount} change${week.publication.overrideCount === 1 ? '' : 's'}`
            : 'Not yet: clients do not see this week'}
        </dd>
        {week.clientWeek ? (
          <>
            <dt className="text-slate-600">Clients see</dt>
            <dd className="text-slate-900">
              the week ending {week.clientWeek} (the latest published)
            </dd>
          </>
        ) : null}
      </dl>
      <p className="mt-3 text-xs text-slate-600">
        A theme is ranked when at least {TRENDING_MIN_PROVIDERS} providers wrote on it that week.
        Its score adds each document’s relevance damped by how many documents its provider wrote on
        the theme (1 ÷ √n): one prolific provider cannot own a theme.
      </p>
      <FormError className="mt-2" message={publish.errors.week} />
    </Card>
  )
}

export default function ThemeRankingAdmin({ weeks, week, rows, notice }: Props) {
  const [editing, setEditing] = useState<RankingRow | null>(null)
  const tableColumns = useMemo(() => columns(setEditing), [])
  return (
    <AdminShell title="Theme ranking">
      <PageHeading
        title="Theme ranking"
        description="The trending themes of a week as the job computed them, each score broken down by provider. Pin, move or hide a theme for the week with a note, then publish: clients see the published ranking, and until then the last one published."
      />
      <ResearchAdminNav current="ranking" />
      <ListNotices notices={[notice]} />
      {week ? (
        <>
          <WeekSummary week={week} weeks={weeks} />
          <DataTable
            data={rows}
            columns={tableColumns}
            caption={`Themes of the week ending ${week.value}`}
            getRowId={(row) => String(row.themeId)}
            verticalAlign="top"
            emptyMessage="No theme was written on this week."
          />
          {editing ? (
            <OverrideDialog
              key={editing.themeId}
              row={editing}
              week={week.value}
              onClose={() => setEditing(null)}
            />
          ) : null}
        </>
      ) : (
        <Card>
          <p className="text-sm text-slate-700">
            No ranking has been computed yet. The job ranks the trailing week every day (also
            <code className="mx-1">npm run ace -- research:trending</code>).
          </p>
        </Card>
      )}
    </AdminShell>
  )
}
