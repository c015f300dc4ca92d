import { Link, useForm } from '@inertiajs/react'
import { Fragment, useState } from 'react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Alert } from '~/components/ui/alert'
import { Button, secondaryLinkClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { cn } from '~/lib/cn'
import { ROW_ERROR_PREFIX } from '@shared/data_collection'
import { amountError } from '@shared/amounts'
import { errorProps, FieldError } from '~/components/admin/inline_field'
import { fieldProps } from '~/components/ui/field'

interface Coefficient {
  driver_id: number
  coefficient_value: number
  min_driver_value: number | null
  max_driver_value: number | null
}

interface Row {
  product: { id: number; name: string; type: string }
  licenseType: { id: number; name: string }
  regression: { id: number; intercept: number; coefficients: Coefficient[] } | null
  benchmarks: number
  teams: number
  missingDrivers: string[]
}

interface Props {
  provider: { id: number; providerKey: string; name: string }
  columns: string[]
  drivers: { id: number; name: string; is_numeric: boolean }[]
  rows: Row[]
}

const text = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value)

function RegressionForm({
  provider,
  row,
  drivers,
  onDone,
}: {
  provider: Props['provider']
  row: Row
  drivers: Props['drivers']
  onDone: () => void
}) {
  const form = useForm({
    intercept: text(row.regression?.intercept),
    coefficients: drivers.map((driver) => {
      const own = row.regression?.coefficients.find((entry) => entry.driver_id === driver.id)
      return {
        driver_id: driver.id,
        coefficient_value: text(own?.coefficient_value),
        min_driver_value: text(own?.min_driver_value),
        max_driver_value: text(own?.max_driver_value),
      }
    }),
  })
  const [local, setLocal] = useState<Record<string, string>>({})
  // The server's errors until the field changes; the page's own checks use the same rule.
  const errors = { ...(form.errors as Record<string, string>), ...local }
  const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim())
  const formId = `regression-${row.product.id}-${row.licenseType.id}`
  const setField = (field: string, apply: () => void) => {
    apply()
    form.clearErrors(field as never)
    setLocal((current) => {
      const rest = { ...current }
      delete rest[field]
      return rest
    })
  }
  const check = () => {
    const problems: Record<string, string> = {}
    const intercept = amountError(form.data.intercept, { column: 'figure', label: 'Intercept' })
    if (form.data.intercept.trim() === '') problems.intercept = 'Intercept is required.'
    else if (intercept) problems.intercept = intercept
    form.data.coefficients.forEach((entry, index) => {
      if (entry.coefficient_value.trim() === '') return
      for (const [field, label] of [
        ['coefficient_value', 'Coefficient'],
        ['min_driver_value', 'Min'],
        ['max_driver_value', 'Max'],
      ] as const) {
        const value = entry[field]
        if (field !== 'coefficient_value' && value.trim() === '') continue
        const message = amountError(value, { column: 'figure', label })
        if (message) problems[`coefficients.${index}.${field}`] = message
      }
    })
    setLocal(problems)
    return Object.keys(problems).length === 0
  }
  // The payload's coefficients are the filled ones: map their errors back to the rows.
  const filled = form.data.coefficients
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => entry.coefficient_value.trim() !== '')
  const serverErrors = form.errors as Record<string, string>
  const serverKey = (index: number, field: string) => {
    const position = filled.findIndex((item) => item.index === index)
    return position === -1 ? null : `coefficients.${position}.${field}`
  }
  const rowError = (index: number, field: string) => {
    const key = serverKey(index, field)
    return local[`coefficients.${index}.${field}`] ?? (key ? serverErrors[key] : undefined)
  }
  return (
    <form
      className="space-y-3 rounded-md bg-slate-50 p-3"
      aria-label={`Edit the ${row.product.name} / ${row.licenseType.name} regression`}
      onSubmit={(event) => {
        event.preventDefault()
        if (!check()) return
        form.transform((data) => ({
          product_id: row.product.id,
          license_type_id: row.licenseType.id,
          // As typed: the server's amount rule says what is wrong, in the same words.
          intercept: data.intercept.trim(),
          // A blank coefficient means the driver does not enter this regression.
          coefficients: data.coefficients
            .filter((entry) => entry.coefficient_value.trim() !== '')
            .map((entry) => ({
              driver_id: entry.driver_id,
              coefficient_value: entry.coefficient_value.trim(),
              min_driver_value: blankToNull(entry.min_driver_value),
              max_driver_value: blankToNull(entry.max_driver_value),
            })),
        }))
        form.post(`/admin/market-data/providers/${provider.providerKey}/regressions`, {
          preserveScroll: true,
          onSuccess: onDone,
        })
      }}
    >
      <div className="w-48">
        <label htmlFor={`${formId}-intercept`} className="block text-xs font-medium text-slate-600">
          Intercept
        </label>
        <input
          value={form.data.intercept}
          inputMode="decimal"
          onChange={(event) =>
            setField('intercept', () => form.setData('intercept', event.target.value))
          }
          {...errorProps(`${formId}-intercept`, errors.intercept, 'mt-1')}
        />
        <FieldError id={`${formId}-intercept`} message={errors.intercept} />
      </div>
      <div className="overflow-x-auto">
        <table className="text-sm">
          <thead className="text-left text-xs text-slate-500">
            <tr>
              <th className="pr-3 font-medium">Driver</th>
              <th className="pr-3 font-medium">Coefficient</th>
              <th className="pr-3 font-medium">Min</th>
              <th className="font-medium">Max</th>
            </tr>
          </thead>
          <tbody>
            {drivers.map((driver, index) => (
              <tr key={driver.id} className="align-top">
                <td className="py-1 pr-3">{driver.name}</td>
                {(['coefficient_value', 'min_driver_value', 'max_driver_value'] as const).map(
                  (field) => {
                    const id = `${formId}-${driver.id}-${field}`
                    const error = rowError(index, field)
                    return (
                      <td key={field} className="py-1 pr-3">
                        <input
                          aria-label={`${driver.name} ${field.replaceAll('_', ' ')}`}
                          inputMode="decimal"
                          value={form.data.coefficients[index][field]}
                          onChange={(event) => {
                            const key = serverKey(index, field)
                            if (key) form.clearErrors(key as never)
                            setField(`coefficients.${index}.${field}`, () =>
                              form.setData(
                                'coefficients',
                                form.data.coefficients.map((entry, position) =>
                                  position === index
                                    ? { ...entry, [field]: event.target.value }
                                    : entry
                                )
                              )
                            )
                          }}
                          {...errorProps(id, error, 'w-28')}
                        />
                        <FieldError id={id} message={error} />
                      </td>
                    )
                  }
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={form.processing}>
          Save regression
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  )
}

function ImportForm({ provider, columns }: { provider: Props['provider']; columns: string[] }) {
  const form = useForm<{ file: File | null }>({ file: null })
  const errors = form.errors as Record<string, string>
  const rowErrors = Object.entries(errors)
    .filter(([field]) => field.startsWith(ROW_ERROR_PREFIX))
    .map(([, message]) => message)
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault()
        form.post(`/admin/market-data/providers/${provider.providerKey}/regressions/import`, {
          forceFormData: true,
          preserveScroll: true,
          onSuccess: () => form.reset(),
        })
      }}
    >
      <p className="text-sm text-slate-600">
        One row per driver coefficient, with the columns {columns.join(', ')}. The intercept repeats
        on every row of its product and license type. Each regression in the file replaces the
        stored one; the others are left alone. A file with any bad row imports nothing.
      </p>
      <input
        {...fieldProps('regression-file', errors.file)}
        type="file"
        aria-label="Regression file"
        accept=".csv,.xlsx"
        onChange={(event) => form.setData('file', event.target.files?.[0] ?? null)}
        className="block text-sm"
      />
      <FieldError id="regression-file" message={errors.file} />
      {rowErrors.length ? (
        <Alert tone="error">
          <ul className="list-disc space-y-1 pl-5" data-testid="import-row-errors">
            {rowErrors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <Button type="submit" disabled={!form.data.file || form.processing}>
        Import regressions
      </Button>
    </form>
  )
}

export default function Regressions({ provider, columns, drivers, rows }: Props) {
  const [editing, setEditing] = useState<string | null>(null)
  const [attentionOnly, setAttentionOnly] = useState(false)
  const needsAttention = (row: Row) =>
    row.missingDrivers.length > 0 || (!row.regression && row.benchmarks > 0)
  const visible = attentionOnly ? rows.filter(needsAttention) : rows
  const driverName = (id: number) => drivers.find((driver) => driver.id === id)?.name ?? id

  return (
    <AdminShell title={`${provider.name} regressions`}>
      <PageHeading
        title={`${provider.name} regressions`}
        description="Per product and license type: price = intercept + Σ (driver value × coefficient), valid within each driver's bounds."
        actions={
          <Link
            href={`/admin/market-data/providers/${provider.providerKey}/classification`}
            className={secondaryLinkClass}
          >
            {provider.name} classification
          </Link>
        }
      />
      <div className="grid items-start gap-6 xl:grid-cols-[2fr_1fr]">
        <div className="min-w-0">
          <label className="mb-3 flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={attentionOnly}
              onChange={(event) => setAttentionOnly(event.target.checked)}
            />
            Only what needs attention ({rows.filter(needsAttention).length})
          </label>
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
            <table
              className="min-w-full divide-y divide-slate-200 text-sm"
              aria-label="Regressions"
            >
              <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
                <tr>
                  <th className="px-4 py-3">Product</th>
                  <th className="px-4 py-3">License type</th>
                  <th className="px-4 py-3 text-right">Intercept</th>
                  <th className="px-4 py-3">Coefficients</th>
                  <th className="px-4 py-3 text-right">Prices</th>
                  <th className="px-4 py-3" />
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {visible.map((row) => {
                  const rowKey = `${row.product.id}:${row.licenseType.id}`
                  return (
                    <Fragment key={rowKey}>
                      <tr
                        className={cn('align-top', needsAttention(row) && 'bg-amber-50/60')}
                        data-testid="regression-row"
                      >
                        <td className="px-4 py-3">
                          <div className="font-medium text-slate-900">{row.product.name}</div>
                          <div className="text-xs text-slate-500">{row.product.type}</div>
                        </td>
                        <td className="px-4 py-3 text-slate-700">{row.licenseType.name}</td>
                        <td className="px-4 py-3 text-right font-mono">
                          {row.regression ? row.regression.intercept.toLocaleString('en-GB') : '—'}
                        </td>
                        <td className="px-4 py-3 text-xs text-slate-700">
                          <>
                            {row.regression?.coefficients.map((coefficient) => (
                              <div key={coefficient.driver_id}>
                                {driverName(coefficient.driver_id)}: {coefficient.coefficient_value}
                                {coefficient.min_driver_value !== null ||
                                coefficient.max_driver_value !== null
                                  ? ` [${coefficient.min_driver_value ?? '−∞'} – ${coefficient.max_driver_value ?? '∞'}]`
                                  : ''}
                              </div>
                            ))}
                            {!row.regression ? (
                              <span className={row.benchmarks ? 'font-medium text-amber-800' : ''}>
                                No regression
                                {row.benchmarks ? ': its benchmarks cannot be re-priced' : ''}
                              </span>
                            ) : null}
                            {row.missingDrivers.length ? (
                              <div className="mt-1 font-medium text-amber-800">
                                No coefficient for {row.missingDrivers.join(', ')}
                              </div>
                            ) : null}
                          </>
                        </td>
                        <td className="px-4 py-3 text-right text-xs whitespace-nowrap text-slate-600">
                          {row.benchmarks} benchmark{row.benchmarks === 1 ? '' : 's'}
                          <div>
                            {row.teams} team{row.teams === 1 ? '' : 's'}
                          </div>
                        </td>
                        <td className="px-4 py-3 text-right">
                          {editing !== rowKey ? (
                            <Button
                              variant="ghost"
                              onClick={() => setEditing(rowKey)}
                              aria-label={`Edit ${row.product.name} / ${row.licenseType.name}`}
                            >
                              Edit
                            </Button>
                          ) : null}
                        </td>
                      </tr>
                      {editing === rowKey ? (
                        // Its own full-width row: the form never widens the table or the page.
                        <tr>
                          <td colSpan={6} className="px-4 pb-4">
                            <RegressionForm
                              provider={provider}
                              row={row}
                              drivers={drivers}
                              onDone={() => setEditing(null)}
                            />
                          </td>
                        </tr>
                      ) : null}
                    </Fragment>
                  )
                })}
              </tbody>
            </table>
          </div>
        </div>
        <Card>
          <h2 className="mb-3 text-base font-semibold text-slate-900">Import from CSV or XLSX</h2>
          <ImportForm provider={provider} columns={columns} />
        </Card>
      </div>
    </AdminShell>
  )
}
