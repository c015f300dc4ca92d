import { useMemo, useState, type FormEvent } from 'react'
import { router, useForm } from '@inertiajs/react'
import { DataTable, type DataTableColumn } from '~/components/ui/data_table'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Dialog } from '~/components/ui/dialog'
import { KeyFigure, RatesNote, RsaPage } from '~/components/rsa/rsa_page'
import { cn } from '~/lib/cn'
import { FieldError, FormError, fieldProps, hintId } from '~/components/ui/field'
import { abbreviateAmount } from '@shared/money'
import {
  MATERIALITY_USD,
  OUTLIER_NOTE_MAX,
  OUTLIER_NOTE_MIN,
  OUTLIER_RULES,
  OUTLIER_RULE_DEFINITIONS,
  OUTLIER_RULE_KEYS,
  OUTLIER_SEVERITY_LABELS,
  type OutlierRule,
  type OutlierSeverity,
} from '@shared/rsa_outliers'
import type { PeerDataAge } from '@shared/peer_data_age'
import { useDates } from '~/hooks/use_dates'

interface Acknowledgement {
  id: number
  note: string
  by: string | null
  at: string
}

interface Finding {
  key: string
  rule: OutlierRule
  ruleLabel: string
  subject: string
  subjectLabel: string
  value: number | null
  valueText: string
  threshold: number | null
  thresholdText: string
  severity: OutlierSeverity
  explanation: string
  acknowledgement: Acknowledgement | null
}

interface StaleAcknowledgement extends Acknowledgement {
  rule: string
  ruleLabel: string
  subject: string
  subjectLabel: string
}

interface Props {
  years: number[]
  /** How current the year's peer figures are. */
  peerData: PeerDataAge
  currencies: { id: number; code: string; name: string }[]
  page: {
    year: number
    currency: { id: number; code: string; name: string }
    materiality: number
    usageWindow: { from: string; to: string }
    referenceDate: string
    hasBudget: boolean
    findings: Finding[]
    stale: StaleAcknowledgement[]
    exchangeRates: { from: string; to: string; rate: number; asOf: string | null }[]
  }
}

/** A row of the acknowledged table: a finding still reported, or one no longer reported. */
interface AcknowledgedRow {
  key: string
  rule: string
  ruleLabel: string
  subject: string
  subjectLabel: string
  valueText: string | null
  finding: Finding | null
  acknowledgement: Acknowledgement
}

const SEVERITY_STYLES: Record<OutlierSeverity, string> = {
  high: 'bg-red-50 text-red-800 ring-red-600/20',
  medium: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  low: 'bg-slate-100 text-slate-700 ring-slate-500/20',
}
const SEVERITY_RANK: Record<OutlierSeverity, number> = { high: 3, medium: 2, low: 1 }

function SeverityChip({ severity }: { severity: OutlierSeverity }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        SEVERITY_STYLES[severity]
      )}
    >
      {OUTLIER_SEVERITY_LABELS[severity]}
    </span>
  )
}

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }) + ' UTC'

export default function OutliersPage({ years, currencies, page, peerData }: Props) {
  const dates = useDates()
  const [rule, setRule] = useState<OutlierRule | 'all'>('all')
  const [editing, setEditing] = useState<{ finding: Finding; note: string } | null>(null)

  const open = page.findings.filter((finding) => !finding.acknowledgement)
  const shown = rule === 'all' ? open : open.filter((finding) => finding.rule === rule)
  const acknowledged: AcknowledgedRow[] = [
    ...page.findings
      .filter((finding) => finding.acknowledgement)
      .map((finding) => ({
        key: finding.key,
        rule: finding.rule,
        ruleLabel: finding.ruleLabel,
        subject: finding.subject,
        subjectLabel: finding.subjectLabel,
        valueText: finding.valueText,
        finding,
        acknowledgement: finding.acknowledgement!,
      })),
    ...page.stale.map((entry) => ({
      key: `${entry.rule}|${entry.subject}`,
      rule: entry.rule,
      ruleLabel: entry.ruleLabel,
      subject: entry.subject,
      subjectLabel: entry.subjectLabel,
      valueText: null,
      finding: null,
      acknowledgement: entry,
    })),
  ]
  const countOf = (key: OutlierRule) => open.filter((finding) => finding.rule === key).length
  const rulesTriggered = OUTLIER_RULE_KEYS.filter((key) =>
    page.findings.some((finding) => finding.rule === key)
  ).length
  const code = page.currency.code

  const openColumns = useMemo<DataTableColumn<Finding>[]>(
    () => [
      {
        id: 'rule',
        header: 'Severity and rule',
        description:
          'High: money or compliance at stake now; medium: worth a look; low: for information. Hover a rule for its definition.',
        accessor: (row) => SEVERITY_RANK[row.severity],
        cell: (row) => (
          <div className="min-w-28">
            <SeverityChip severity={row.severity} />
            <p
              className="mt-1 font-medium text-slate-900"
              title={OUTLIER_RULE_DEFINITIONS[row.rule]}
            >
              {row.ruleLabel}
            </p>
          </div>
        ),
        sortDescFirst: true,
        enableHiding: false,
      },
      {
        id: 'subject',
        header: 'Subject',
        description: 'The budget line, provider or budget the rule flags, and why.',
        accessor: (row) => row.subjectLabel,
        enableHiding: false,
        cell: (row) => (
          <div className="max-w-xl min-w-56">
            <p className="font-medium text-slate-900">{row.subjectLabel}</p>
            <p className="mt-0.5 text-xs text-slate-600">{row.explanation}</p>
          </div>
        ),
      },
      {
        id: 'value',
        header: 'Value',
        description: 'What the rule measured, in the display currency where it is an amount.',
        accessor: (row) => row.valueText,
        enableSorting: false,
        cell: (row) => <span className="block min-w-36 text-slate-900">{row.valueText}</span>,
      },
      {
        id: 'threshold',
        header: 'Threshold',
        description: 'The limit the value crossed.',
        accessor: (row) => row.thresholdText,
        enableSorting: false,
        cell: (row) => <span className="block min-w-40 text-slate-600">{row.thresholdText}</span>,
      },
      {
        id: 'actions',
        header: 'Actions',
        hideHeader: true,
        enableHiding: false,
        cell: (row) => (
          <Button
            variant="secondary"
            className="px-3 py-1.5 whitespace-nowrap"
            onClick={() => setEditing({ finding: row, note: '' })}
            aria-label={`Acknowledge ${row.ruleLabel.toLowerCase()} for ${row.subjectLabel}`}
          >
            Acknowledge
          </Button>
        ),
      },
    ],
    []
  )

  const acknowledgedColumns = useMemo<DataTableColumn<AcknowledgedRow>[]>(
    () => [
      {
        id: 'rule',
        header: 'Rule',
        accessor: (row) => row.ruleLabel,
        cell: (row) => <span className="font-medium text-slate-900">{row.ruleLabel}</span>,
      },
      {
        id: 'subject',
        header: 'Subject',
        accessor: (row) => row.subjectLabel,
        enableHiding: false,
        cell: (row) => (
          <div className="min-w-48">
            <p className="text-slate-900">{row.subjectLabel}</p>
            {row.valueText ? (
              <p className="mt-0.5 text-xs text-slate-600">{row.valueText}</p>
            ) : (
              <p className="mt-0.5 text-xs font-medium text-amber-700">
                No longer reported: the figures changed since.
              </p>
            )}
          </div>
        ),
      },
      {
        id: 'note',
        header: 'Note',
        accessor: (row) => row.acknowledgement.note,
        enableSorting: false,
        cell: (row) => (
          <p className="max-w-md min-w-56 text-sm whitespace-pre-line text-slate-800">
            {row.acknowledgement.note}
          </p>
        ),
      },
      {
        id: 'acknowledged',
        header: 'Acknowledged',
        accessor: (row) => row.acknowledgement.at,
        sortDescFirst: true,
        cell: (row) => (
          <span className="text-sm whitespace-nowrap text-slate-600">
            {row.acknowledgement.by ?? 'Former member'}
            <span className="block text-xs text-slate-500">{dateTime(row.acknowledgement.at)}</span>
          </span>
        ),
      },
      {
        id: 'actions',
        header: 'Actions',
        hideHeader: true,
        enableHiding: false,
        cell: (row) => (
          <div className="flex justify-end gap-2">
            {row.finding ? (
              <Button
                variant="ghost"
                className="px-2 py-1.5"
                onClick={() =>
                  setEditing({ finding: row.finding!, note: row.acknowledgement.note })
                }
                aria-label={`Edit the note on ${row.ruleLabel.toLowerCase()} for ${row.subjectLabel}`}
              >
                Edit note
              </Button>
            ) : null}
            <Button
              variant="secondary"
              className="px-3 py-1.5"
              onClick={() =>
                router.post(
                  `/rsa/outliers/acknowledgements/${row.acknowledgement.id}/reopen`,
                  {},
                  { preserveScroll: true }
                )
              }
              aria-label={`Reopen ${row.ruleLabel.toLowerCase()} for ${row.subjectLabel}`}
            >
              {row.finding ? 'Reopen' : 'Remove'}
            </Button>
          </div>
        ),
      },
    ],
    []
  )

  return (
    <RsaPage
      peerData={peerData}
      title="Outliers"
      current="outliers"
      description="Prices, payments and usage that stand out against your budget, your own usage or your peers, each with the rule it breaks and the threshold it crosses. Acknowledge a finding with a note once it is explained."
      year={{ value: page.year, options: years }}
      currency={{ selectedId: page.currency.id, currencies, reloadProps: ['page'] }}
    >
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <KeyFigure
          label="Open outliers"
          value={open.length}
          tone={open.length ? 'warn' : 'good'}
          hint={`for ${page.year}`}
        />
        <KeyFigure
          label="High severity"
          value={open.filter((finding) => finding.severity === 'high').length}
          tone={open.some((finding) => finding.severity === 'high') ? 'bad' : 'default'}
          hint="open, needing action first"
        />
        <KeyFigure
          label="Acknowledged"
          value={acknowledged.length}
          hint={page.stale.length ? `${page.stale.length} no longer reported` : 'with a note'}
        />
        <KeyFigure
          label="Rules triggered"
          value={`${rulesTriggered} of ${OUTLIER_RULE_KEYS.length}`}
          hint="open or acknowledged"
        />
      </div>

      {!page.hasBudget ? (
        <p className="mt-4 rounded-md bg-slate-50 px-4 py-3 text-sm text-slate-600">
          No research budget is recorded for {page.year}: price, overrun and renewal rules need one.
          Usage rules still run on the interactions recorded.
        </p>
      ) : null}

      <section aria-labelledby="open-outliers" className="mt-8">
        <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
          <h2 id="open-outliers" className="text-lg font-semibold text-slate-900">
            Open
          </h2>
          <div className="flex items-center gap-2">
            <label htmlFor="outlier-rule" className="text-sm text-slate-600">
              Rule
            </label>
            <select
              id="outlier-rule"
              value={rule}
              onChange={(event) => setRule(event.target.value as OutlierRule | 'all')}
              className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
            >
              <option value="all">All rules ({open.length})</option>
              {OUTLIER_RULE_KEYS.map((key) => (
                <option key={key} value={key}>
                  {OUTLIER_RULES[key]} ({countOf(key)})
                </option>
              ))}
            </select>
          </div>
        </div>
        <DataTable
          caption={`Open outliers ${page.year}, amounts in ${code}`}
          data={shown}
          columns={openColumns}
          getRowId={(row) => row.key}
          storageKey="rsa-outliers-open"
          verticalAlign="top"
          emptyMessage={
            open.length === 0
              ? `No open outlier for ${page.year}: every rule passes or its findings are acknowledged.`
              : 'No open outlier for this rule.'
          }
        />
      </section>

      <section aria-labelledby="acknowledged-outliers" className="mt-8">
        <h2 id="acknowledged-outliers" className="mb-3 text-lg font-semibold text-slate-900">
          Acknowledged
        </h2>
        <DataTable
          caption={`Acknowledged outliers ${page.year}`}
          data={acknowledged}
          columns={acknowledgedColumns}
          getRowId={(row) => row.key}
          storageKey="rsa-outliers-acknowledged"
          initialSorting={[{ id: 'acknowledged', desc: true }]}
          verticalAlign="top"
          emptyMessage="Nothing acknowledged yet. Acknowledged outliers stay here with their note until reopened."
        />
      </section>

      <Card className="mt-8">
        <h2 className="text-base font-semibold text-slate-900">How outliers are found</h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-slate-700">
          {OUTLIER_RULE_KEYS.map((key) => (
            <li key={key}>
              <span className="font-medium text-slate-900">{OUTLIER_RULES[key]}.</span>{' '}
              {OUTLIER_RULE_DEFINITIONS[key]}
            </li>
          ))}
        </ol>
        <p className="mt-4 text-xs text-slate-500">
          Materiality: {MATERIALITY_USD.toLocaleString('en-GB')} USD, converted at the stored rate
          to {abbreviateAmount(page.materiality, code)}, so the same outliers are found whichever
          currency the page is shown in. “Paid but unused” looks at{' '}
          {dates.date(page.usageWindow.from)} to {dates.date(page.usageWindow.to)}; renewals are
          counted from {dates.date(page.referenceDate)}. Peer figures leave your own team out and
          need at least 5 other teams (quartiles 10).
        </p>
        <RatesNote rates={page.exchangeRates} />
      </Card>

      {editing ? (
        <AcknowledgeDialog
          key={editing.finding.key}
          year={page.year}
          finding={editing.finding}
          note={editing.note}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </RsaPage>
  )
}

function AcknowledgeDialog({
  year,
  finding,
  note,
  onClose,
}: {
  year: number
  finding: Finding
  note: string
  onClose: () => void
}) {
  const form = useForm({ year, rule: finding.rule, subject: finding.subject, note })
  const errors = form.errors as Record<string, string | undefined>
  const editingNote = finding.acknowledgement !== null
  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.post('/rsa/outliers/acknowledge', { preserveScroll: true, onSuccess: onClose })
  }
  const length = form.data.note.trim().length
  return (
    <Dialog
      open
      onOpenChange={(isOpen) => (isOpen ? null : onClose())}
      title={editingNote ? 'Edit the acknowledgement note' : 'Acknowledge this outlier'}
      description={`${finding.ruleLabel}: ${finding.subjectLabel}`}
      className="w-[min(40rem,calc(100vw-2rem))]"
    >
      <form onSubmit={submit} className="space-y-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md bg-slate-50 p-3 text-sm">
          <dt className="text-slate-500">Value</dt>
          <dd className="text-slate-900">{finding.valueText}</dd>
          <dt className="text-slate-500">Threshold</dt>
          <dd className="text-slate-900">{finding.thresholdText}</dd>
        </dl>
        <p className="text-sm text-slate-600">{finding.explanation}</p>
        <div className="space-y-1">
          <label htmlFor="outlier-note" className="block text-sm font-medium text-slate-700">
            Note
          </label>
          <textarea
            {...fieldProps('outlier-note', errors.note, true)}
            value={form.data.note}
            onChange={(event) => form.setData('note', event.target.value)}
            rows={4}
            maxLength={OUTLIER_NOTE_MAX}
            required
            autoFocus
            placeholder="Why this is accepted, e.g. “Multi-year deal agreed by the committee on 12 March; renegotiation planned for renewal.”"
            className={cn(
              'block w-full resize-y rounded-md border px-3 py-2 text-sm focus:ring-2 focus:outline-none',
              errors.note
                ? 'border-red-400 focus:ring-red-200'
                : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100'
            )}
          />
          <p id={hintId('outlier-note')} className="flex justify-between text-xs text-slate-500">
            <span>
              {OUTLIER_NOTE_MIN} to {OUTLIER_NOTE_MAX.toLocaleString('en-GB')} characters, seen by
              everyone in your team.
            </span>
            <span className="tabular-nums">
              {length.toLocaleString('en-GB')} / {OUTLIER_NOTE_MAX.toLocaleString('en-GB')}
            </span>
          </p>
          <FieldError id="outlier-note" message={errors.note} />
          {/* The finding itself (its subject, rule or year) was refused: no field to fix. */}
          <FormError message={errors.subject ?? errors.rule ?? errors.year} />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={form.processing || length < OUTLIER_NOTE_MIN}>
            {editingNote ? 'Save note' : 'Acknowledge'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
