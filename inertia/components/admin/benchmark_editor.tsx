import { useEffect, useState } from 'react'
import axios from 'axios'
import { toast } from 'sonner'
import { api, errorMessage, fieldErrors } from '~/lib/api'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Alert } from '~/components/ui/alert'
import { cn } from '~/lib/cn'
import {
  additionalYearDates,
  productBenchmarkErrors,
  saveFailureMessage,
} from '@shared/benchmark_validation'

export interface Catalogue {
  products: { id: number; name: string; product_type_id: number }[]
  drivers: {
    id: number
    name: string
    is_numeric: boolean
    driver_options: { id: number; label: string; value: number }[]
  }[]
  currencies: { id: number; code: string }[]
}

interface ServerBenchmark {
  id: number
  product: { id: number; name: string }
  division: string | null
  start_date: string
  end_date: string
  payment: number | null
  benchmark_price: number | null
  currency_id: number | null
  drivers: {
    id: number
    pivot: { value: number | null; driver_option_id: number | null; has_note: boolean }
  }[]
  sub_product_benchmarks: {
    id: number
    name: string
    benchmark_price: number
    start_date: string | null
    end_date: string | null
    currency: { id: number }
  }[]
}

interface SubItem {
  uuid: string
  id: number | null
  name: string
  benchmark_price: string
  currency_id: number | null
  start_date: string | null
  end_date: string | null
}

interface Item {
  uuid: string
  id: number | null
  product_id: number | null
  division: string
  start_date: string
  end_date: string
  payment: string
  benchmark_price: string
  currency_id: number | null
  drivers: Record<number, { value: string; driver_option_id: number | null; has_note: boolean }>
  subs: SubItem[]
  dirty: boolean
  errors: Record<string, string>
}

const uuid = () => crypto.randomUUID()
const text = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value)

function fromServer(row: ServerBenchmark): Item {
  return {
    uuid: uuid(),
    id: row.id,
    product_id: row.product.id,
    division: row.division ?? '',
    start_date: row.start_date,
    end_date: row.end_date,
    payment: text(row.payment),
    benchmark_price: text(row.benchmark_price),
    currency_id: row.currency_id,
    drivers: Object.fromEntries(
      row.drivers.map((driver) => [
        driver.id,
        {
          value: text(driver.pivot.value),
          driver_option_id: driver.pivot.driver_option_id,
          has_note: driver.pivot.has_note,
        },
      ])
    ),
    subs: row.sub_product_benchmarks.map((sub) => ({
      uuid: uuid(),
      id: sub.id,
      name: sub.name,
      benchmark_price: String(sub.benchmark_price),
      currency_id: sub.currency.id,
      start_date: sub.start_date,
      end_date: sub.end_date,
    })),
    dirty: false,
    errors: {},
  }
}

function toPayload(item: Item, contractId: number) {
  return {
    id: item.id,
    contract_id: contractId,
    product_id: item.product_id,
    division: item.division || null,
    start_date: item.start_date,
    end_date: item.end_date,
    payment: item.payment,
    benchmark_price: item.benchmark_price,
    currency_id: item.currency_id,
    drivers: Object.entries(item.drivers)
      .filter(([, pivot]) => pivot.value !== '' || pivot.driver_option_id !== null)
      .map(([id, pivot]) => ({
        id: Number(id),
        pivot: {
          value: pivot.value === '' ? null : Number(pivot.value),
          driver_option_id: pivot.driver_option_id,
          has_note: pivot.has_note,
        },
      })),
    sub_product_benchmarks: item.subs.map((sub) => ({
      id: sub.id,
      uuid: sub.uuid,
      name: sub.name,
      benchmark_price: sub.benchmark_price,
      currency_id: sub.currency_id,
      start_date: sub.start_date,
      end_date: sub.end_date,
    })),
  }
}

function FieldError({ message }: { message?: string }) {
  return message ? <p className="mt-1 text-xs text-red-600">{message}</p> : null
}

const inputClass = (error?: string) =>
  cn(
    'block w-full rounded-md border bg-white px-2 py-1.5 text-sm',
    error ? 'border-red-400' : 'border-slate-300'
  )

/**
 * The contract's product benchmarks, edited in place: add, 'Additional year', remove (locally
 * when unsaved, through the API when saved), and a sequential save of the changed ones.
 */
export function BenchmarkEditor({
  contract,
  catalogue,
}: {
  contract: { id: number; startDate: string; endDate: string }
  catalogue: Catalogue
}) {
  const [items, setItems] = useState<Item[] | null>(null)
  const [loadError, setLoadError] = useState(false)
  const [saving, setSaving] = useState(false)

  // Loading again after a failure bumps the attempt.
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let active = true
    api
      .get<{ product_benchmarks: ServerBenchmark[] }>(
        `/api/admin/market-data/contract/${contract.id}/product-benchmarks`
      )
      .then(({ data }) => {
        if (active) setItems(data.product_benchmarks.map(fromServer))
      })
      .catch((error) => {
        if (active && !axios.isCancel(error)) setLoadError(true)
      })
    return () => {
      active = false
    }
  }, [contract.id, attempt])

  const update = (key: string, change: (item: Item) => Item) =>
    setItems((current) =>
      current!.map((item) => (item.uuid === key ? { ...change(item), dirty: true } : item))
    )

  const productName = (id: number | null) =>
    catalogue.products.find((product) => product.id === id)?.name ?? ''

  const emptyDrivers = () =>
    Object.fromEntries(
      catalogue.drivers.map((driver) => [
        driver.id,
        { value: '', driver_option_id: null, has_note: false },
      ])
    ) as Item['drivers']

  const add = () =>
    setItems((current) => [
      ...current!,
      {
        uuid: uuid(),
        id: null,
        product_id: null,
        division: '',
        start_date: contract.startDate,
        end_date: contract.endDate,
        payment: '',
        benchmark_price: '',
        currency_id: current?.find((item) => item.currency_id)?.currency_id ?? null,
        drivers: emptyDrivers(),
        subs: [],
        dirty: true,
        errors: {},
      },
    ])

  const additionalYear = (source: Item) =>
    setItems((current) => {
      const index = current!.findIndex((item) => item.uuid === source.uuid)
      const dates = additionalYearDates(source.end_date)
      const next: Item = {
        ...source,
        ...dates,
        uuid: uuid(),
        id: null,
        payment: '',
        benchmark_price: '',
        drivers: structuredClone(source.drivers),
        subs: source.subs.map((sub) => ({
          ...sub,
          uuid: uuid(),
          id: null,
          benchmark_price: '',
          start_date: dates.start_date,
          end_date: dates.end_date,
        })),
        dirty: true,
        errors: {},
      }
      return [...current!.slice(0, index + 1), next, ...current!.slice(index + 1)]
    })

  const remove = async (item: Item) => {
    if (item.id === null) {
      setItems((current) => current!.filter((entry) => entry.uuid !== item.uuid))
      return
    }
    if (
      !window.confirm(
        `Delete ${productName(item.product_id)} (${item.start_date} → ${item.end_date})?`
      )
    )
      return
    try {
      await api.post(`/api/admin/market-data/product-benchmark/destroy/${item.id}`)
      setItems((current) => current!.filter((entry) => entry.uuid !== item.uuid))
      toast.success('Product benchmark deleted.')
    } catch (error) {
      toast.error(errorMessage(error, 'The product benchmark could not be deleted.'))
    }
  }

  const removeSub = async (item: Item, sub: SubItem) => {
    const drop = (match: (entry: SubItem) => boolean) =>
      setItems((current) =>
        current!.map((entry) =>
          entry.uuid === item.uuid ? { ...entry, subs: entry.subs.filter((s) => !match(s)) } : entry
        )
      )
    if (sub.id === null && !sub.uuid) {
      toast.error('Sub Product Benchmark does not have an id or a uuid')
      return
    }
    if (sub.id === null) {
      drop((entry) => entry.uuid === sub.uuid)
      return
    }
    try {
      const { data } = await api.post<{ id?: number }>(
        `/api/admin/market-data/sub-product-benchmark/destroy/${sub.id}`
      )
      if (!data?.id) {
        toast.error('Sub product benchmark ID not found in the response')
        return
      }
      drop((entry) => entry.id === data.id)
    } catch (error) {
      toast.error(errorMessage(error, 'The sub product benchmark could not be deleted.'))
    }
  }

  const save = async () => {
    if (!items) return
    setSaving(true)
    let failures = 0
    const results = new Map<string, Item>()
    // Sequential: one benchmark after the other, each in its own transaction on the server.
    for (const item of items.filter((entry) => entry.dirty)) {
      const problems = productBenchmarkErrors({
        product_id: item.product_id,
        product_name: productName(item.product_id),
        start_date: item.start_date,
        end_date: item.end_date,
        payment: item.payment,
        benchmark_price: item.benchmark_price,
        currency_id: item.currency_id,
        sub_product_benchmarks: item.subs,
      })
      if (Object.keys(problems).length > 0) {
        failures++
        results.set(item.uuid, { ...item, errors: problems })
        continue
      }
      try {
        const url = item.id
          ? `/api/admin/market-data/product-benchmark/update/${item.id}`
          : '/api/admin/market-data/product-benchmark/store'
        const { data } = await api.post<{ product_benchmark: ServerBenchmark }>(
          url,
          toPayload(item, contract.id)
        )
        results.set(item.uuid, { ...fromServer(data.product_benchmark), uuid: item.uuid })
      } catch (error) {
        failures++
        const refused = fieldErrors(error)
        results.set(item.uuid, {
          ...item,
          errors: refused.length
            ? Object.fromEntries(refused.map((entry) => [entry.field, entry.message]))
            : { form: errorMessage(error, 'The server could not save this product benchmark.') },
        })
      }
    }
    setItems((current) => current!.map((item) => results.get(item.uuid) ?? item))
    setSaving(false)
    if (failures > 0) toast.error(saveFailureMessage(failures))
    else if (results.size > 0) toast.success('Product benchmarks saved.')
    else toast.info('Nothing to save.')
  }

  if (loadError) {
    return (
      <Alert tone="error">
        The product benchmarks could not be loaded.{' '}
        <button
          type="button"
          className="font-medium underline"
          onClick={() => {
            setLoadError(false)
            setAttempt((value) => value + 1)
          }}
        >
          Try again
        </button>
      </Alert>
    )
  }
  if (!items) return <p className="text-sm text-slate-500">Loading product benchmarks…</p>

  const dirtyCount = items.filter((item) => item.dirty).length
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          {items.length} product benchmark{items.length === 1 ? '' : 's'}
          {dirtyCount ? ` · ${dirtyCount} unsaved` : ''}
        </p>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={add}>
            Add product benchmark
          </Button>
          <Button onClick={() => void save()} disabled={saving || dirtyCount === 0}>
            {saving ? 'Saving…' : 'Save changes'}
          </Button>
        </div>
      </div>
      {items.length === 0 ? (
        <Card>
          <p className="text-sm text-slate-600">This contract has no product benchmarks yet.</p>
        </Card>
      ) : null}
      {items.map((item, position) => (
        <Card key={item.uuid} padding="sm" className={cn(item.dirty && 'border-amber-300')}>
          <section aria-label={`Product benchmark ${position + 1}`} data-testid="benchmark-item">
            <div className="mb-3 flex items-center justify-between gap-3">
              <h3 className="text-sm font-semibold text-slate-900">
                {productName(item.product_id) || 'New product benchmark'}{' '}
                {item.id === null ? (
                  <span className="ml-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-800">
                    unsaved
                  </span>
                ) : item.dirty ? (
                  <span className="ml-1 rounded bg-amber-50 px-1.5 py-0.5 text-xs text-amber-800">
                    changed
                  </span>
                ) : null}
              </h3>
              <div className="flex gap-2">
                <Button variant="ghost" onClick={() => additionalYear(item)}>
                  Additional year
                </Button>
                <Button variant="ghost" className="text-red-700" onClick={() => void remove(item)}>
                  Remove
                </Button>
              </div>
            </div>
            {item.errors.form ? (
              <Alert tone="error" className="mb-3">
                {item.errors.form}
              </Alert>
            ) : null}
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-8">
              <label className="text-xs font-medium text-slate-600 lg:col-span-2">
                Product
                <select
                  value={item.product_id ?? ''}
                  onChange={(event) =>
                    update(item.uuid, (entry) => ({
                      ...entry,
                      product_id: event.target.value ? Number(event.target.value) : null,
                    }))
                  }
                  className={inputClass(item.errors.product_id)}
                >
                  <option value="">Choose a product</option>
                  {catalogue.products.map((product) => (
                    <option key={product.id} value={product.id}>
                      {product.name}
                    </option>
                  ))}
                </select>
                <FieldError message={item.errors.product_id} />
              </label>
              <label className="text-xs font-medium text-slate-600">
                Division
                <input
                  value={item.division}
                  onChange={(event) =>
                    update(item.uuid, (entry) => ({ ...entry, division: event.target.value }))
                  }
                  className={inputClass()}
                />
              </label>
              <label className="text-xs font-medium text-slate-600">
                Start date
                <input
                  type="date"
                  value={item.start_date}
                  onChange={(event) =>
                    update(item.uuid, (entry) => ({ ...entry, start_date: event.target.value }))
                  }
                  className={inputClass(item.errors.start_date)}
                />
                <FieldError message={item.errors.start_date} />
              </label>
              <label className="text-xs font-medium text-slate-600">
                End date
                <input
                  type="date"
                  value={item.end_date}
                  onChange={(event) =>
                    update(item.uuid, (entry) => ({ ...entry, end_date: event.target.value }))
                  }
                  className={inputClass(item.errors.end_date)}
                />
                <FieldError message={item.errors.end_date} />
              </label>
              <label className="text-xs font-medium text-slate-600">
                Payment
                <input
                  inputMode="decimal"
                  value={item.payment}
                  onChange={(event) =>
                    update(item.uuid, (entry) => ({ ...entry, payment: event.target.value }))
                  }
                  className={inputClass(item.errors.payment)}
                />
                <FieldError message={item.errors.payment} />
              </label>
              <label className="text-xs font-medium text-slate-600">
                Benchmark price
                <input
                  inputMode="decimal"
                  value={item.benchmark_price}
                  onChange={(event) =>
                    update(item.uuid, (entry) => ({
                      ...entry,
                      benchmark_price: event.target.value,
                    }))
                  }
                  className={inputClass(item.errors.benchmark_price)}
                />
                <FieldError message={item.errors.benchmark_price} />
              </label>
              <label className="text-xs font-medium text-slate-600">
                Currency
                <select
                  value={item.currency_id ?? ''}
                  onChange={(event) =>
                    update(item.uuid, (entry) => ({
                      ...entry,
                      currency_id: event.target.value ? Number(event.target.value) : null,
                    }))
                  }
                  className={inputClass(item.errors.currency_id)}
                >
                  <option value="">—</option>
                  {catalogue.currencies.map((currency) => (
                    <option key={currency.id} value={currency.id}>
                      {currency.code}
                    </option>
                  ))}
                </select>
                <FieldError message={item.errors.currency_id} />
              </label>
            </div>

            {catalogue.drivers.length > 0 ? (
              <div className="mt-3 flex flex-wrap gap-3">
                {catalogue.drivers.map((driver) => {
                  const pivot = item.drivers[driver.id] ?? {
                    value: '',
                    driver_option_id: null,
                    has_note: false,
                  }
                  const setPivot = (change: Partial<typeof pivot>) =>
                    update(item.uuid, (entry) => ({
                      ...entry,
                      drivers: { ...entry.drivers, [driver.id]: { ...pivot, ...change } },
                    }))
                  return (
                    <label key={driver.id} className="text-xs font-medium text-slate-600">
                      {driver.name}
                      {driver.is_numeric ? (
                        <input
                          type="number"
                          value={pivot.value}
                          onChange={(event) => setPivot({ value: event.target.value })}
                          className={cn(inputClass(), 'w-28')}
                        />
                      ) : (
                        <select
                          value={pivot.driver_option_id ?? ''}
                          onChange={(event) =>
                            setPivot({
                              driver_option_id: event.target.value
                                ? Number(event.target.value)
                                : null,
                            })
                          }
                          className={cn(inputClass(), 'w-40')}
                        >
                          <option value="">—</option>
                          {driver.driver_options.map((option) => (
                            <option key={option.id} value={option.id}>
                              {option.label}
                            </option>
                          ))}
                        </select>
                      )}
                    </label>
                  )
                })}
              </div>
            ) : null}

            <div className="mt-4">
              <div className="flex items-center justify-between">
                <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                  Sub products
                </h4>
                <Button
                  variant="ghost"
                  onClick={() =>
                    update(item.uuid, (entry) => ({
                      ...entry,
                      subs: [
                        ...entry.subs,
                        {
                          uuid: uuid(),
                          id: null,
                          name: '',
                          benchmark_price: '',
                          currency_id: entry.currency_id,
                          start_date: entry.start_date,
                          end_date: entry.end_date,
                        },
                      ],
                    }))
                  }
                >
                  Add sub product
                </Button>
              </div>
              {item.subs.map((sub, index) => {
                const key = `sub_product_benchmarks.${index}`
                const setSub = (change: Partial<SubItem>) =>
                  update(item.uuid, (entry) => ({
                    ...entry,
                    subs: entry.subs.map((s) => (s.uuid === sub.uuid ? { ...s, ...change } : s)),
                  }))
                return (
                  <div
                    key={sub.uuid}
                    className="mt-2 grid items-start gap-2 sm:grid-cols-[1fr_10rem_7rem_auto]"
                    data-testid="sub-product"
                  >
                    <div>
                      <input
                        aria-label="Sub product name"
                        value={sub.name}
                        onChange={(event) => setSub({ name: event.target.value })}
                        className={inputClass(item.errors[`${key}.name`])}
                      />
                      <FieldError message={item.errors[`${key}.name`]} />
                    </div>
                    <div>
                      <input
                        aria-label="Sub product price"
                        inputMode="numeric"
                        value={sub.benchmark_price}
                        onChange={(event) => setSub({ benchmark_price: event.target.value })}
                        className={inputClass(item.errors[`${key}.benchmark_price`])}
                      />
                      <FieldError message={item.errors[`${key}.benchmark_price`]} />
                    </div>
                    <div>
                      <select
                        aria-label="Sub product currency"
                        value={sub.currency_id ?? ''}
                        onChange={(event) =>
                          setSub({
                            currency_id: event.target.value ? Number(event.target.value) : null,
                          })
                        }
                        className={inputClass(item.errors[`${key}.currency_id`])}
                      >
                        <option value="">—</option>
                        {catalogue.currencies.map((currency) => (
                          <option key={currency.id} value={currency.id}>
                            {currency.code}
                          </option>
                        ))}
                      </select>
                      <FieldError message={item.errors[`${key}.currency_id`]} />
                    </div>
                    <Button
                      variant="ghost"
                      className="text-red-700"
                      onClick={() => void removeSub(item, sub)}
                    >
                      Remove sub product
                    </Button>
                  </div>
                )
              })}
            </div>
          </section>
        </Card>
      ))}
    </div>
  )
}
