import { Link, useForm } from '@inertiajs/react'
import { useMemo, useState, type FormEvent } from 'react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { RsaAdminNav } from '~/components/rsa/admin_nav'
import { Card } from '~/components/ui/card'
import { DataTable, type DataTableColumn } from '~/components/ui/data_table'
import { Button } from '~/components/ui/button'
import { Dialog } from '~/components/ui/dialog'
import { Badge, inputClass } from '~/components/admin/account_tabs'
import { FieldError, FieldHint, FormError, fieldProps } from '~/components/ui/field'
import { cn } from '~/lib/cn'
import { useDates } from '~/hooks/use_dates'
import {
  COLLECTION_KINDS,
  COLLECTION_KIND_LABELS,
  COLLECTION_KIND_MODULE_LABELS,
  ROUND_NAME_MAX_LENGTH,
  defaultRoundName,
  type CollectionRound,
  type CollectionRoundKind,
  type EligibleTeam,
} from '@shared/data_collection_rounds'
import { RadioChip } from '~/components/ui/radio_chip'

interface Props {
  today: string
  rounds: CollectionRound[]
  teams: EligibleTeam[]
  years: number[]
  nextYear: number
}

const BASE = '/admin/research-spend-analytics/data-collections'

const labelClass = 'block text-sm font-medium text-slate-700'

/** A round's due date, from today to two years ahead (the server checks the same). */
function DueDateField({
  id,
  today,
  value,
  error,
  onChange,
}: {
  id: string
  today: string
  value: string
  error?: string
  onChange: (value: string) => void
}) {
  return (
    <>
      <label htmlFor={id} className={labelClass}>
        Due date
      </label>
      <input
        {...fieldProps(id, error, true)}
        type="date"
        required
        min={today}
        className={cn(inputClass, 'mt-1')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldHint id={id} className="mt-1 text-slate-600">
        Today or later, within two years.
      </FieldHint>
      <FieldError id={id} message={error} />
    </>
  )
}

/** Asks every eligible team (or one) for a year's figures by a due date. */
function OpenRoundForm({ today, teams, years, nextYear }: Omit<Props, 'rounds'>) {
  const form = useForm({
    kind: 'rsa' as CollectionRoundKind,
    year: nextYear,
    dueDate: '',
    name: '',
    teamId: '' as number | '',
  })
  const eligible = teams.filter((team) => team.kinds.includes(form.data.kind))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.transform((data) => ({
      ...data,
      name: data.name.trim() || undefined,
      teamId: data.teamId === '' ? undefined : data.teamId,
    }))
    form.post(BASE, {
      preserveScroll: true,
      onSuccess: () => form.reset('name', 'teamId'),
    })
  }
  return (
    <Card className="mb-6">
      <h2 className="text-lg font-semibold text-slate-900">Open a data collection</h2>
      <p className="mt-1 text-sm text-slate-600">
        Each team chosen gets its own collection: its members see it on their data collection page
        at once and are told by mail, download the template and upload by the due date. A team
        already asked for the year is left as it is.
      </p>
      <form onSubmit={submit} className="mt-4 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <fieldset {...fieldProps('round-kind', form.errors.kind)}>
          <legend className={labelClass}>What to collect</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {COLLECTION_KINDS.map((kind) => (
              <RadioChip
                key={kind}
                name="kind"
                value={kind}
                checked={form.data.kind === kind}
                onChange={() => form.setData((data) => ({ ...data, kind, teamId: '' }))}
              >
                {COLLECTION_KIND_LABELS[kind]}
              </RadioChip>
            ))}
          </div>
          <FieldError id="round-kind" message={form.errors.kind} />
        </fieldset>
        <div>
          <label htmlFor="round-year" className={labelClass}>
            Year
          </label>
          <select
            {...fieldProps('round-year', form.errors.year)}
            className={cn(inputClass, 'mt-1')}
            value={form.data.year}
            onChange={(event) => form.setData('year', Number(event.target.value))}
          >
            {[...years].reverse().map((year) => (
              <option key={year} value={year}>
                {year}
                {year === nextYear ? ' (next year)' : ''}
              </option>
            ))}
          </select>
          <FieldError id="round-year" message={form.errors.year} />
        </div>
        <div>
          <DueDateField
            id="round-due"
            today={today}
            value={form.data.dueDate}
            error={form.errors.dueDate}
            onChange={(value) => form.setData('dueDate', value)}
          />
        </div>
        <div>
          <label htmlFor="round-team" className={labelClass}>
            Teams
          </label>
          <select
            {...fieldProps('round-team', form.errors.teamId, true)}
            className={cn(inputClass, 'mt-1')}
            value={form.data.teamId}
            onChange={(event) =>
              form.setData('teamId', event.target.value === '' ? '' : Number(event.target.value))
            }
          >
            <option value="">
              Every team with {COLLECTION_KIND_MODULE_LABELS[form.data.kind]} ({eligible.length})
            </option>
            {eligible.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
              </option>
            ))}
          </select>
          <FieldHint id="round-team" className="mt-1 text-slate-600">
            Only teams holding {COLLECTION_KIND_MODULE_LABELS[form.data.kind]} can upload.
          </FieldHint>
          <FieldError id="round-team" message={form.errors.teamId} />
        </div>
        <div>
          <label htmlFor="round-name" className={labelClass}>
            Name
          </label>
          <input
            {...fieldProps('round-name', form.errors.name, true)}
            className={cn(inputClass, 'mt-1')}
            maxLength={ROUND_NAME_MAX_LENGTH}
            placeholder={defaultRoundName(form.data.kind, form.data.year)}
            value={form.data.name}
            onChange={(event) => form.setData('name', event.target.value)}
          />
          <FieldHint id="round-name" className="mt-1 text-slate-600">
            What clients see; “{defaultRoundName(form.data.kind, form.data.year)}” when left blank.
          </FieldHint>
          <FieldError id="round-name" message={form.errors.name} />
        </div>
        <div className="flex items-end">
          <Button type="submit" disabled={form.processing}>
            Open the collection
          </Button>
        </div>
      </form>
    </Card>
  )
}

function CloseDialog({ round, onClose }: { round: CollectionRound; onClose: () => void }) {
  const form = useForm({ kind: round.kind, year: round.year, name: round.name })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.post(`${BASE}/close`, { preserveScroll: true, onSuccess: onClose })
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={`Close “${round.name}”?`}
      description={`${round.teams} team${round.teams === 1 ? '' : 's'} can no longer upload to it. What was submitted stays, and so does its review. A new round does not ask these teams for the year again; you can reopen this one with a new due date.`}
      className="w-[min(32rem,calc(100vw-2rem))]"
    >
      <form onSubmit={submit} className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={form.processing}>
          Close the collection
        </Button>
      </form>
    </Dialog>
  )
}

/**
 * A new due date for a round: an open round's deadline moves; a closed round opens again for
 * its teams (what they sent stays; nobody is mailed again).
 */
function DueDateDialog({
  round,
  today,
  onClose,
}: {
  round: CollectionRound
  today: string
  onClose: () => void
}) {
  const reopening = round.status === 'closed'
  const form = useForm({
    kind: round.kind,
    year: round.year,
    name: round.name,
    status: round.status,
    dueDate: reopening || round.lastDue === null || round.lastDue < today ? '' : round.lastDue,
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.post(`${BASE}/due-date`, { preserveScroll: true, onSuccess: onClose })
  }
  const teams = `${round.teams} team${round.teams === 1 ? '' : 's'}`
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={reopening ? `Reopen “${round.name}”?` : `New due date for “${round.name}”`}
      description={
        reopening
          ? `${teams} can upload to it again until the new due date. What was submitted stays; their members are not mailed again.`
          : `The ${teams} asked see the new date on their data collection page.`
      }
      className="w-[min(32rem,calc(100vw-2rem))]"
    >
      <form onSubmit={submit}>
        <DueDateField
          id="round-new-due"
          today={today}
          value={form.data.dueDate}
          error={form.errors.dueDate}
          onChange={(value) => form.setData('dueDate', value)}
        />
        {/* The round itself refused (gone, renamed): not a field the dialog shows. */}
        <FormError
          className="mt-3"
          message={form.errors.name ?? form.errors.kind ?? form.errors.status ?? form.errors.year}
        />
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={form.processing}>
            {reopening ? 'Reopen the collection' : 'Save the due date'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}

export default function RsaCollections({ today, rounds, teams, years, nextYear }: Props) {
  const [closing, setClosing] = useState<CollectionRound | null>(null)
  const [dating, setDating] = useState<CollectionRound | null>(null)
  const dates = useDates()
  const columns = useMemo<DataTableColumn<CollectionRound>[]>(
    () => [
      {
        id: 'name',
        header: 'Collection',
        accessor: (row) => row.name,
        // What is collected under the name: one column fewer, so the table fits at 1024 px.
        cell: (row) => (
          <>
            <span className="block font-medium text-slate-900">{row.name}</span>
            <span className="block text-xs text-slate-600">{row.kindLabel}</span>
          </>
        ),
      },
      {
        id: 'year',
        header: 'Year',
        accessor: (row) => row.year ?? '',
        cell: (row) => row.year ?? '—',
        sortDescFirst: true,
      },
      {
        id: 'status',
        header: 'Status',
        accessor: (row) => row.status,
        cell: (row) => (
          <Badge tone={row.status === 'open' ? 'green' : 'slate'}>
            {row.status === 'open' ? 'Open' : 'Closed'}
          </Badge>
        ),
      },
      {
        id: 'due',
        header: 'Due',
        accessor: (row) => row.lastDue ?? '',
        cell: (row) =>
          row.firstDue === null || row.lastDue === null ? (
            '—'
          ) : row.firstDue === row.lastDue ? (
            <span className="whitespace-nowrap">{dates.date(row.firstDue)}</span>
          ) : (
            dates.range(row.firstDue, row.lastDue)
          ),
      },
      {
        id: 'teams',
        header: 'Teams',
        description: 'Teams asked: each has a collection of its own',
        accessor: (row) => row.teams,
        align: 'right',
      },
      {
        id: 'submitted',
        header: 'Submitted',
        description: 'Teams that sent at least one file, whatever became of it',
        accessor: (row) => row.submitted,
        align: 'right',
      },
      {
        id: 'completed',
        header: 'Completed',
        description: 'Teams with a completed submission',
        accessor: (row) => row.completed,
        align: 'right',
      },
      {
        id: 'actions',
        header: 'Actions',
        hideHeader: true,
        enableSorting: false,
        cell: (row) => {
          const what = `${row.name} (${row.kindLabel.toLowerCase()})`
          return row.status === 'open' ? (
            // Stacked below 1280 px, so that the table still fits at 1024 px.
            <div className="flex flex-col items-end gap-1.5 xl:flex-row xl:justify-end xl:gap-2">
              <Button
                variant="secondary"
                className="px-3 py-1.5 whitespace-nowrap"
                onClick={() => setDating(row)}
                aria-label={`New due date for ${what}`}
              >
                Due date
              </Button>
              <Button
                variant="secondary"
                className="px-3 py-1.5"
                onClick={() => setClosing(row)}
                aria-label={`Close ${what}`}
              >
                Close
              </Button>
            </div>
          ) : (
            <div className="flex justify-end">
              <Button
                variant="secondary"
                className="px-3 py-1.5"
                onClick={() => setDating(row)}
                aria-label={`Reopen ${what}`}
              >
                Reopen
              </Button>
            </div>
          )
        },
      },
    ],
    [dates]
  )
  return (
    <AdminShell title="Data collections">
      <PageHeading
        title="Data collections"
        description="Ask client teams for a year's research spend or market data contracts, follow who has answered, move a deadline, and close a collection once it is done (or reopen it). Files that come in are reviewed under Submissions."
        actions={
          <Link
            href="/admin/research-spend-analytics/data-collection-submissions"
            className="text-sm font-medium text-teal-800 hover:underline"
          >
            Submissions
          </Link>
        }
      />
      <RsaAdminNav current="collections" />
      <OpenRoundForm today={today} teams={teams} years={years} nextYear={nextYear} />
      <DataTable
        data={rounds}
        columns={columns}
        caption="Data collections opened"
        getRowId={(row) => `${row.kind}-${row.year ?? 'none'}-${row.status}-${row.name}`}
        enableHiding={false}
        emptyMessage="No data collection has been opened yet: open the first one above."
      />
      {closing ? (
        <CloseDialog
          key={`${closing.kind}-${closing.year}-${closing.name}`}
          round={closing}
          onClose={() => setClosing(null)}
        />
      ) : null}
      {dating ? (
        <DueDateDialog
          key={`${dating.kind}-${dating.year}-${dating.status}-${dating.name}`}
          round={dating}
          today={today}
          onClose={() => setDating(null)}
        />
      ) : null}
    </AdminShell>
  )
}
