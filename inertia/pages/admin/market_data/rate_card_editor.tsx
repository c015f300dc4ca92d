import { router } from '@inertiajs/react'
import { useState } from 'react'
import { flushSync } from 'react-dom'
import { toast } from 'sonner'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { api, problemMessages } from '~/lib/api'
import { aumRangeLabel } from '@shared/money'
import {
  isEmptyRateCardCell,
  rateCardCellPlace,
  rateCardCellProblems,
} from '@shared/rate_card_rules'
import { useUnsavedChangesGuard } from '~/hooks/use_unsaved_changes'

interface ProviderOption {
  id: number
  name: string
  hasRateCard: boolean
  categories: { id: number; name: string }[]
  products: { id: number; name: string }[]
  drivers: {
    id: number
    name: string
    is_numeric: boolean
    options: { id: number; label: string }[]
  }[]
}

interface RateCardInput {
  id?: number
  provider_id: number
  team_type_id: number
  currency_id: number
  as_of_date: string
  provider_comment: string | null
  active: boolean
  categories: { category_id: number; comment: string | null }[]
  entries: {
    product_id: number
    aum_range_id: number
    min_benchmark: number
    avg_benchmark: number
    max_benchmark: number
    comment: string | null
    assumptions: { driver_id: number; driver_option_id: number | null; value: number | null }[]
  }[]
}

interface Props {
  options: {
    providers: ProviderOption[]
    teamTypes: { id: number; name: string }[]
    currencies: { id: number; code: string }[]
    aumRanges: { id: number; order: number; min_aum: number; max_aum: number | null }[]
  }
  rateCard: RateCardInput | null
}

interface Cell {
  min: string
  avg: string
  max: string
  comment: string
  assumptions: Record<number, { value: string; option: string }>
}

const cellKey = (productId: number, rangeId: number) => `${productId}:${rangeId}`
const text = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value)

const selectClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm'

export default function RateCardEditor({ options, rateCard }: Props) {
  const defaultProvider =
    options.providers.find((provider) => provider.hasRateCard) ?? options.providers[0]
  const [header, setHeaderState] = useState({
    provider_id: rateCard?.provider_id ?? defaultProvider?.id ?? 0,
    team_type_id: rateCard?.team_type_id ?? options.teamTypes[0]?.id ?? 0,
    currency_id:
      rateCard?.currency_id ??
      options.currencies.find((currency) => currency.code === 'USD')?.id ??
      options.currencies[0]?.id ??
      0,
    as_of_date: rateCard?.as_of_date ?? new Date().toISOString().slice(0, 10),
    provider_comment: rateCard?.provider_comment ?? '',
    active: rateCard?.active ?? false,
  })
  const [categories, setCategoriesState] = useState<
    Record<number, { included: boolean; comment: string }>
  >(() =>
    Object.fromEntries(
      (rateCard?.categories ?? []).map((category) => [
        category.category_id,
        { included: true, comment: category.comment ?? '' },
      ])
    )
  )
  const [cells, setCells] = useState<Record<string, Cell>>(() =>
    Object.fromEntries(
      (rateCard?.entries ?? []).map((entry) => [
        cellKey(entry.product_id, entry.aum_range_id),
        {
          min: text(entry.min_benchmark),
          avg: text(entry.avg_benchmark),
          max: text(entry.max_benchmark),
          comment: entry.comment ?? '',
          assumptions: Object.fromEntries(
            entry.assumptions.map((assumption) => [
              assumption.driver_id,
              { value: text(assumption.value), option: text(assumption.driver_option_id) },
            ])
          ),
        },
      ])
    )
  )
  const [problems, setProblems] = useState<string[]>([])
  const [saving, setSaving] = useState(false)
  const [dirty, setDirty] = useState(false)
  useUnsavedChangesGuard(dirty)
  const setHeader = (next: typeof header) => {
    setDirty(true)
    setHeaderState(next)
  }
  const setCategories = (next: typeof categories) => {
    setDirty(true)
    setCategoriesState(next)
  }

  const provider = options.providers.find((entry) => entry.id === header.provider_id)
  const emptyCell: Cell = { min: '', avg: '', max: '', comment: '', assumptions: {} }
  const setCell = (key: string, change: Partial<Cell>) => {
    setDirty(true)
    setCells((current) => ({ ...current, [key]: { ...(current[key] ?? emptyCell), ...change } }))
  }

  const prefill = async () => {
    try {
      const { data } = await api.get<{
        observed: {
          product_id: number
          min_benchmark: number
          avg_benchmark: number
          max_benchmark: number
          observations: number
        }[]
      }>('/api/admin/market-data/rate-cards/observed', {
        params: {
          provider_id: header.provider_id,
          team_type_id: header.team_type_id,
          currency_id: header.currency_id,
        },
      })
      if (data.observed.length === 0) {
        toast.info('No current benchmark of this provider for teams of this type.')
        return
      }
      // Counted here, not inside a state updater (which React may run later, or twice).
      const next = { ...cells }
      let filled = 0
      for (const observed of data.observed) {
        for (const range of options.aumRanges) {
          const key = cellKey(observed.product_id, range.id)
          const cell = next[key] ?? emptyCell
          if (cell.min || cell.avg || cell.max) continue
          filled++
          next[key] = {
            ...cell,
            min: String(observed.min_benchmark),
            avg: String(observed.avg_benchmark),
            max: String(observed.max_benchmark),
          }
        }
      }
      const observations = data.observed.reduce((sum, entry) => sum + entry.observations, 0)
      if (filled === 0) {
        toast.info(`No empty cell left to fill from ${observations} current benchmarks.`)
        return
      }
      setCells(next)
      setDirty(true)
      toast.success(
        `Pre-filled ${filled} empty cell${filled === 1 ? '' : 's'} from ${observations} current benchmark${observations === 1 ? '' : 's'}.`
      )
    } catch {
      toast.error('The observed benchmarks could not be loaded.')
    }
  }

  const save = async () => {
    if (!provider) return
    const local: string[] = []
    const entries: RateCardInput['entries'] = []
    for (const product of provider.products) {
      for (const range of options.aumRanges) {
        const cell = cells[cellKey(product.id, range.id)]
        if (!cell) continue
        const amounts = {
          min_benchmark: cell.min,
          avg_benchmark: cell.avg,
          max_benchmark: cell.max,
        }
        if (isEmptyRateCardCell(amounts)) continue
        // The rules the server applies, with the same words: product and AUM range first.
        const place = rateCardCellPlace(product.name, range)
        const cellProblems = rateCardCellProblems(amounts, place)
        if (cellProblems.length) {
          local.push(...cellProblems.map((problem) => problem.message))
          continue
        }
        entries.push({
          product_id: product.id,
          aum_range_id: range.id,
          min_benchmark: Number(cell.min),
          avg_benchmark: Number(cell.avg),
          max_benchmark: Number(cell.max),
          comment: cell.comment || null,
          assumptions: provider.drivers
            .map((driver) => {
              const assumption = cell.assumptions[driver.id]
              if (!assumption || (!assumption.value && !assumption.option)) return null
              return {
                driver_id: driver.id,
                driver_option_id: assumption.option ? Number(assumption.option) : null,
                value: assumption.value ? Number(assumption.value) : null,
              }
            })
            .filter((entry): entry is NonNullable<typeof entry> => entry !== null),
        })
      }
    }
    if (local.length) {
      setProblems(local)
      return
    }
    setSaving(true)
    try {
      const payload = {
        ...header,
        provider_comment: header.provider_comment || null,
        categories: provider.categories
          .filter((category) => categories[category.id]?.included)
          .map((category) => ({
            category_id: category.id,
            comment: categories[category.id]?.comment || null,
          })),
        entries,
      }
      const { data } = await api.post<{ id: number }>(
        rateCard?.id
          ? `/api/admin/market-data/rate-cards/${rateCard.id}`
          : '/api/admin/market-data/rate-cards',
        payload
      )
      setProblems([])
      // At once, so that going to the saved card's page does not ask about unsaved changes.
      flushSync(() => setDirty(false))
      toast.success('Rate card saved.')
      if (!rateCard?.id) router.visit(`/admin/market-data/rate-cards/${data.id}/edit`)
    } catch (error) {
      setProblems(problemMessages(error, 'The rate card could not be saved.'))
    } finally {
      setSaving(false)
    }
  }

  return (
    <AdminShell title={rateCard ? 'Edit rate card' : 'New rate card'}>
      <PageHeading
        title={rateCard ? `${provider?.name ?? ''} rate card` : 'New rate card'}
        description="Per product and AUM range: the min, average and max benchmark, with the driver assumptions they rest on. Cells left empty are not shown to clients."
        actions={
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => void prefill()}>
              Pre-fill from benchmarks
            </Button>
            <Button onClick={() => void save()} disabled={saving}>
              {saving ? 'Saving…' : 'Save rate card'}
            </Button>
          </div>
        }
      />
      {problems.length ? (
        <Alert tone="error" className="mb-6">
          <ul className="list-disc space-y-1 pl-5" data-testid="rate-card-problems">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Alert>
      ) : null}

      <Card className="mb-6">
        <div className="grid gap-4 md:grid-cols-3 xl:grid-cols-5">
          <label className="text-sm font-medium text-slate-700">
            Provider
            <select
              className={selectClass}
              value={header.provider_id}
              disabled={Boolean(rateCard)}
              onChange={(event) => {
                setHeader({ ...header, provider_id: Number(event.target.value) })
                setCells({})
                setCategories({})
              }}
            >
              {options.providers.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.name}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium text-slate-700">
            Team type
            <select
              className={selectClass}
              value={header.team_type_id}
              onChange={(event) =>
                setHeader({ ...header, team_type_id: Number(event.target.value) })
              }
            >
              {options.teamTypes.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.name}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium text-slate-700">
            Currency
            <select
              className={selectClass}
              value={header.currency_id}
              onChange={(event) =>
                setHeader({ ...header, currency_id: Number(event.target.value) })
              }
            >
              {options.currencies.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.code}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium text-slate-700">
            As of
            <input
              type="date"
              className={selectClass}
              value={header.as_of_date}
              onChange={(event) => setHeader({ ...header, as_of_date: event.target.value })}
            />
          </label>
          <label className="flex items-end gap-2 pb-2 text-sm font-medium text-slate-700">
            <input
              type="checkbox"
              checked={header.active}
              onChange={(event) => setHeader({ ...header, active: event.target.checked })}
            />
            Active (shown to clients)
          </label>
        </div>
        <label className="mt-4 block text-sm font-medium text-slate-700">
          Provider comment
          <textarea
            rows={2}
            className={selectClass}
            value={header.provider_comment}
            onChange={(event) => setHeader({ ...header, provider_comment: event.target.value })}
          />
        </label>
      </Card>

      {provider ? (
        <>
          <Card className="mb-6">
            <h2 className="mb-3 text-base font-semibold text-slate-900">Categories</h2>
            <div className="space-y-2">
              {provider.categories.map((category) => {
                const state = categories[category.id] ?? { included: false, comment: '' }
                return (
                  <div
                    key={category.id}
                    className="grid items-center gap-3 md:grid-cols-[14rem_1fr]"
                  >
                    <label className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        checked={state.included}
                        onChange={(event) =>
                          setCategories({
                            ...categories,
                            [category.id]: { ...state, included: event.target.checked },
                          })
                        }
                      />
                      {category.name}
                    </label>
                    <input
                      aria-label={`${category.name} comment`}
                      placeholder="Comment shown above the category"
                      value={state.comment}
                      onChange={(event) =>
                        setCategories({
                          ...categories,
                          [category.id]: { ...state, included: true, comment: event.target.value },
                        })
                      }
                      className="rounded-md border border-slate-300 px-2 py-1.5 text-sm"
                    />
                  </div>
                )
              })}
            </div>
          </Card>

          <div className="space-y-6">
            {provider.products.map((product) => (
              <Card key={product.id} padding="none" className="overflow-hidden">
                <h2 className="border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-900">
                  {product.name}
                </h2>
                <div className="overflow-x-auto">
                  <table className="min-w-full text-sm" aria-label={`${product.name} ranges`}>
                    <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
                      <tr>
                        <th className="px-3 py-2">AUM range</th>
                        <th className="px-3 py-2">Min</th>
                        <th className="px-3 py-2">Avg</th>
                        <th className="px-3 py-2">Max</th>
                        {provider.drivers.map((driver) => (
                          <th key={driver.id} className="px-3 py-2">
                            {driver.name}
                          </th>
                        ))}
                        <th className="px-3 py-2">Comment</th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100">
                      {options.aumRanges.map((range) => {
                        const key = cellKey(product.id, range.id)
                        const cell = cells[key] ?? emptyCell
                        const label = aumRangeLabel({
                          minAum: range.min_aum,
                          maxAum: range.max_aum,
                        })
                        return (
                          <tr key={range.id}>
                            <td className="px-3 py-2 whitespace-nowrap text-slate-700">{label}</td>
                            {(['min', 'avg', 'max'] as const).map((field) => (
                              <td key={field} className="px-3 py-2">
                                <input
                                  aria-label={`${product.name} ${label} ${field}`}
                                  inputMode="decimal"
                                  value={cell[field]}
                                  onChange={(event) =>
                                    setCell(key, { [field]: event.target.value })
                                  }
                                  className="w-28 rounded-md border border-slate-300 px-2 py-1 text-sm"
                                />
                              </td>
                            ))}
                            {provider.drivers.map((driver) => {
                              const assumption = cell.assumptions[driver.id] ?? {
                                value: '',
                                option: '',
                              }
                              const setAssumption = (change: Partial<typeof assumption>) =>
                                setCell(key, {
                                  assumptions: {
                                    ...cell.assumptions,
                                    [driver.id]: { ...assumption, ...change },
                                  },
                                })
                              return (
                                <td key={driver.id} className="px-3 py-2">
                                  {driver.is_numeric ? (
                                    <input
                                      aria-label={`${product.name} ${label} ${driver.name}`}
                                      type="number"
                                      value={assumption.value}
                                      onChange={(event) =>
                                        setAssumption({ value: event.target.value })
                                      }
                                      className="w-24 rounded-md border border-slate-300 px-2 py-1 text-sm"
                                    />
                                  ) : (
                                    <select
                                      aria-label={`${product.name} ${label} ${driver.name}`}
                                      value={assumption.option}
                                      onChange={(event) =>
                                        setAssumption({ option: event.target.value })
                                      }
                                      className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                                    >
                                      <option value="">—</option>
                                      {driver.options.map((option) => (
                                        <option key={option.id} value={option.id}>
                                          {option.label}
                                        </option>
                                      ))}
                                    </select>
                                  )}
                                </td>
                              )
                            })}
                            <td className="px-3 py-2">
                              <input
                                aria-label={`${product.name} ${label} comment`}
                                value={cell.comment}
                                onChange={(event) => setCell(key, { comment: event.target.value })}
                                className="w-48 rounded-md border border-slate-300 px-2 py-1 text-sm"
                              />
                            </td>
                          </tr>
                        )
                      })}
                    </tbody>
                  </table>
                </div>
              </Card>
            ))}
          </div>
        </>
      ) : null}
    </AdminShell>
  )
}
