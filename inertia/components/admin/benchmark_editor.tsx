import { useEffect, useState } from 'react'
import axios from 'axios'
import { router } from '@inertiajs/react'
import { toast } from 'sonner'
import { api, errorMessage, fieldErrors } from '~/lib/api'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Alert } from '~/components/ui/alert'
import { cn } from '~/lib/cn'
import { errorProps, FieldError, InlineField } from '~/components/admin/inline_field'
import { FormError } from '~/components/ui/field'
import { useUnsavedChangesGuard } from '~/hooks/use_unsaved_changes'
import { useFocusAfterRender } from '~/hooks/use_step_focus'
import {
  additionalYearDates,
  BENCHMARK_MESSAGES,
  outsideTerm,
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
    drivers: { id: number; pivot: { value: number | null; driver_option_id: number | null } }[]
  }[]
}

/** A sub product's driver values on the page, by driver id. */
type SubDrivers = Record<number, { value: string; driver_option_id: number | null }>

interface SubItem {
  uuid: string
  id: number | null
  name: string
  benchmark_price: string
  currency_id: number | null
  start_date: string | null
  end_date: string | null
  drivers: SubDrivers
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
  /** Saved sub products removed on the page: deleted when the benchmark is saved. */
  removedSubIds: number[]
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
      drivers: Object.fromEntries(
        sub.drivers.map((driver) => [
          driver.id,
          { value: text(driver.pivot.value), driver_option_id: driver.pivot.driver_option_id },
        ])
      ),
    })),
    removedSubIds: [],
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
      drivers: Object.entries(sub.drivers)
        .filter(([, pivot]) => pivot.value !== '' || pivot.driver_option_id !== null)
        .map(([id, pivot]) => ({
          id: Number(id),
          pivot: {
            value: pivot.value === '' ? null : Number(pivot.value),
            driver_option_id: pivot.driver_option_id,
          },
        })),
    })),
    removed_sub_product_benchmark_ids: item.removedSubIds,
  }
}

/**
 * The server's field errors keyed as the page shows them: a driver's error by driver id (the
 * payload lists only the drivers with a value, so its index is not the page's).
 */
function pageErrors(item: Item, refused: { field: string; message: string }[]) {
  const sent = toPayload(item, 0).drivers
  return Object.fromEntries(
    refused.map(({ field, message }) => {
      const driver = /^drivers\.(\d+)\./.exec(field)
      return [driver ? `driver.${sent[Number(driver[1])]?.id}` : field, message]
    })
  )
}

/** The fields an error belongs to, so that correcting the field clears it. */
const withoutErrors = (errors: Record<string, string>, ...fields: string[]) =>
  Object.fromEntries(
    Object.entries(errors).filter(([key]) => !fields.includes(key) && key !== 'form')
  )

const SHOWN =
  /^(product_id|start_date|end_date|payment|benchmark_price|currency_id|form|driver\.\d+|sub_product_benchmarks\.\d+\.(name|benchmark_price|currency_id))$/

/**
 * The contract's product benchmarks, edited in place: add, 'Additional year', remove (locally
 * when unsaved, through the API when saved), and a sequential save of the changed ones.
 */
export function BenchmarkEditor({
  contract,
  catalogue,
  teamCurrencyId,
}: {
  contract: {
    id: number
    reference: string
    licenseTypeId: number
    startDate: string
    endDate: string
  }
  catalogue: Catalogue
  /** A new product benchmark starts in the team's currency. */
  teamCurrencyId: number | null
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

  useUnsavedChangesGuard(Boolean(items?.some((item) => item.dirty)))

  /**
   * Where the focus goes once the list is drawn again: onto what an action added, or, when the
   * action took its own button away (a removal, a save that disables Save), onto the nearest
   * place that stays. Never left on the page's body.
   */
  const moveFocus = useFocusAfterRender()
  const focusAfter = (target: () => HTMLElement | null) =>
    moveFocus(() => target() ?? document.getElementById('benchmarks-summary'))
  const byId = (id: string) => () => document.getElementById(id)
  /** The focus went with what an action removed or disabled. */
  const focusLost = () => {
    const focused = document.activeElement as HTMLElement | null
    return !focused || focused === document.body || focused.matches(':disabled')
  }
  /** After removing the item at `index`: the heading of the one now there, or before it. */
  const afterRemoval = (index: number) => () => {
    const headings = document.querySelectorAll<HTMLElement>('[data-benchmark-heading]')
    return (
      headings[Math.min(index, headings.length - 1)] ?? document.getElementById('benchmarks-add')
    )
  }

  /** Changes an item; the errors of the fields it corrects go. */
  const update = (key: string, change: (item: Item) => Item, ...fields: string[]) =>
    setItems((current) =>
      current!.map((item) =>
        item.uuid === key
          ? { ...change(item), dirty: true, errors: withoutErrors(item.errors, ...fields) }
          : item
      )
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

  const add = () => {
    const key = uuid()
    focusAfter(byId(`${key}-product`))
    setItems((current) => [
      ...current!,
      {
        uuid: key,
        id: null,
        product_id: null,
        division: '',
        start_date: contract.startDate,
        end_date: contract.endDate,
        payment: '',
        benchmark_price: '',
        currency_id: teamCurrencyId,
        drivers: emptyDrivers(),
        subs: [],
        removedSubIds: [],
        dirty: true,
        errors: {},
      },
    ])
  }

  const additionalYear = (source: Item) => {
    const dates = additionalYearDates(source.end_date)
    if (!dates) {
      // No end date, no 'day after': say so on the field rather than guess.
      setItems((current) =>
        current!.map((item) =>
          item.uuid === source.uuid
            ? {
                ...item,
                errors: { ...item.errors, end_date: BENCHMARK_MESSAGES.additionalYearNeedsEnd },
              }
            : item
        )
      )
      toast.error(BENCHMARK_MESSAGES.additionalYearNeedsEnd)
      return
    }
    if (outsideTerm(dates, contract)) {
      toast.warning(
        `The additional year ends after the contract term (${contract.endDate}). Extend the term or adjust its dates.`
      )
    }
    const key = uuid()
    focusAfter(byId(`${key}-product`))
    setItems((current) => {
      const index = current!.findIndex((item) => item.uuid === source.uuid)
      const next: Item = {
        ...source,
        ...dates,
        uuid: key,
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
          drivers: structuredClone(sub.drivers),
        })),
        removedSubIds: [],
        dirty: true,
        errors: {},
      }
      return [...current!.slice(0, index + 1), next, ...current!.slice(index + 1)]
    })
  }

  const [extending, setExtending] = useState(false)
  /** Widens the contract term to cover a period; the page keeps its unsaved edits. */
  const extendTerm = (term: { startDate: string; endDate: string }) => {
    setExtending(true)
    router.post(
      `/admin/market-data/contracts/${contract.id}`,
      {
        reference: contract.reference,
        license_type_id: contract.licenseTypeId,
        start_date: term.startDate,
        end_date: term.endDate,
      },
      {
        preserveState: true,
        preserveScroll: true,
        onError: (errors) =>
          toast.error(Object.values(errors)[0] ?? 'The contract term could not be extended.'),
        onFinish: () => setExtending(false),
      }
    )
  }

  const remove = async (item: Item) => {
    const index = items!.findIndex((entry) => entry.uuid === item.uuid)
    if (item.id === null) {
      focusAfter(afterRemoval(index))
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
      focusAfter(afterRemoval(index))
      setItems((current) => current!.filter((entry) => entry.uuid !== item.uuid))
      toast.success('Product benchmark deleted.')
    } catch (error) {
      toast.error(errorMessage(error, 'The product benchmark could not be deleted.'))
    }
  }

  /**
   * Removes a sub product from the page. A saved one is deleted when its benchmark is saved,
   * like every other change here.
   */
  const removeSub = (item: Item, sub: SubItem) => {
    if (sub.id === null && !sub.uuid) {
      toast.error('Sub Product Benchmark does not have an id or a uuid')
      return
    }
    focusAfter(byId(`${item.uuid}-add-sub`))
    update(item.uuid, (entry) => ({
      ...entry,
      subs: entry.subs.filter((candidate) => candidate.uuid !== sub.uuid),
      removedSubIds: sub.id === null ? entry.removedSubIds : [...entry.removedSubIds, sub.id],
      // Sub product errors are keyed by position, which has changed.
      errors: Object.fromEntries(
        Object.entries(entry.errors).filter(([key]) => !key.startsWith('sub_product_benchmarks.'))
      ),
    }))
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
            ? pageErrors(item, refused)
            : { form: errorMessage(error, 'The server could not save this product benchmark.') },
        })
      }
    }
    // Save is disabled while saving, and after a save with nothing left to save: the focus goes
    // to the first benchmark refused, else to the count of benchmarks.
    if (focusLost()) {
      const refused = [...results.values()].find((item) => Object.keys(item.errors).length)
      focusAfter(refused ? byId(`${refused.uuid}-heading`) : byId('benchmarks-summary'))
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
        <p id="benchmarks-summary" tabIndex={-1} className="text-sm text-slate-600">
          {items.length} product benchmark{items.length === 1 ? '' : 's'}
          {dirtyCount ? ` · ${dirtyCount} unsaved` : ''}
        </p>
        <div className="flex gap-2">
          <Button id="benchmarks-add" variant="secondary" onClick={add}>
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
      {items.map((item, position) => {
        const field = (name: string) => `${item.uuid}-${name}`
        const overrun = outsideTerm(item, contract)
        const otherErrors = Object.entries(item.errors).filter(([key]) => !SHOWN.test(key))
        return (
          <Card key={item.uuid} padding="sm" className={cn(item.dirty && 'border-amber-300')}>
            <section aria-label={`Product benchmark ${position + 1}`} data-testid="benchmark-item">
              <div className="mb-3 flex items-center justify-between gap-3">
                <h3
                  id={field('heading')}
                  data-benchmark-heading
                  tabIndex={-1}
                  className="text-sm font-semibold text-slate-900"
                >
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
                  <Button
                    variant="ghost"
                    className="text-red-700"
                    onClick={() => void remove(item)}
                  >
                    Remove
                  </Button>
                </div>
              </div>
              {item.errors.form || otherErrors.length ? (
                <Alert tone="error" className="mb-3">
                  <FormError inside message={item.errors.form} />
                  {otherErrors.length ? (
                    <ul className="list-disc pl-5">
                      {otherErrors.map(([key, message]) => (
                        <li key={key}>{message}</li>
                      ))}
                    </ul>
                  ) : null}
                </Alert>
              ) : null}
              {overrun ? (
                <Alert tone="warning" className="mb-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span>{overrun.message}</span>
                    <Button
                      variant="secondary"
                      className="px-3 py-1 text-xs"
                      disabled={extending}
                      onClick={() => extendTerm(overrun)}
                    >
                      Extend the term to {overrun.startDate} → {overrun.endDate}
                    </Button>
                  </div>
                </Alert>
              ) : null}
              <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-8">
                <InlineField
                  id={field('product')}
                  label="Product"
                  error={item.errors.product_id}
                  className="lg:col-span-2"
                >
                  {(props) => (
                    <select
                      {...props}
                      value={item.product_id ?? ''}
                      onChange={(event) =>
                        update(
                          item.uuid,
                          (entry) => ({
                            ...entry,
                            product_id: event.target.value ? Number(event.target.value) : null,
                          }),
                          'product_id'
                        )
                      }
                    >
                      <option value="">Choose a product</option>
                      {catalogue.products.map((product) => (
                        <option key={product.id} value={product.id}>
                          {product.name}
                        </option>
                      ))}
                    </select>
                  )}
                </InlineField>
                <InlineField id={field('division')} label="Division">
                  {(props) => (
                    <input
                      {...props}
                      value={item.division}
                      onChange={(event) =>
                        update(item.uuid, (entry) => ({ ...entry, division: event.target.value }))
                      }
                    />
                  )}
                </InlineField>
                <InlineField id={field('start')} label="Start date" error={item.errors.start_date}>
                  {(props) => (
                    <input
                      {...props}
                      type="date"
                      value={item.start_date}
                      onChange={(event) =>
                        update(
                          item.uuid,
                          (entry) => ({ ...entry, start_date: event.target.value }),
                          'start_date',
                          'end_date'
                        )
                      }
                    />
                  )}
                </InlineField>
                <InlineField id={field('end')} label="End date" error={item.errors.end_date}>
                  {(props) => (
                    <input
                      {...props}
                      type="date"
                      value={item.end_date}
                      onChange={(event) =>
                        update(
                          item.uuid,
                          (entry) => ({ ...entry, end_date: event.target.value }),
                          'end_date'
                        )
                      }
                    />
                  )}
                </InlineField>
                <InlineField id={field('payment')} label="Payment" error={item.errors.payment}>
                  {(props) => (
                    <input
                      {...props}
                      inputMode="decimal"
                      value={item.payment}
                      onChange={(event) =>
                        update(
                          item.uuid,
                          (entry) => ({ ...entry, payment: event.target.value }),
                          'payment',
                          'currency_id'
                        )
                      }
                    />
                  )}
                </InlineField>
                <InlineField
                  id={field('price')}
                  label="Benchmark price"
                  error={item.errors.benchmark_price}
                >
                  {(props) => (
                    <input
                      {...props}
                      inputMode="decimal"
                      value={item.benchmark_price}
                      onChange={(event) =>
                        update(
                          item.uuid,
                          (entry) => ({ ...entry, benchmark_price: event.target.value }),
                          'benchmark_price',
                          'currency_id'
                        )
                      }
                    />
                  )}
                </InlineField>
                <InlineField
                  id={field('currency')}
                  label="Currency"
                  error={item.errors.currency_id}
                >
                  {(props) => (
                    <select
                      {...props}
                      value={item.currency_id ?? ''}
                      onChange={(event) =>
                        update(
                          item.uuid,
                          (entry) => ({
                            ...entry,
                            currency_id: event.target.value ? Number(event.target.value) : null,
                          }),
                          'currency_id'
                        )
                      }
                    >
                      <option value="">—</option>
                      {catalogue.currencies.map((currency) => (
                        <option key={currency.id} value={currency.id}>
                          {currency.code}
                        </option>
                      ))}
                    </select>
                  )}
                </InlineField>
              </div>

              {catalogue.drivers.length > 0 ? (
                <div className="mt-3 flex flex-wrap gap-3">
                  {catalogue.drivers.map((driver) => {
                    const pivot = item.drivers[driver.id] ?? {
                      value: '',
                      driver_option_id: null,
                      has_note: false,
                    }
                    const errorKey = `driver.${driver.id}`
                    const setPivot = (change: Partial<typeof pivot>) =>
                      update(
                        item.uuid,
                        (entry) => ({
                          ...entry,
                          drivers: { ...entry.drivers, [driver.id]: { ...pivot, ...change } },
                        }),
                        errorKey
                      )
                    return (
                      <InlineField
                        key={driver.id}
                        id={field(`driver-${driver.id}`)}
                        label={driver.name}
                        error={item.errors[errorKey]}
                      >
                        {(props) =>
                          driver.is_numeric ? (
                            <input
                              {...props}
                              className={cn(props.className, 'w-28')}
                              type="number"
                              value={pivot.value}
                              onChange={(event) => setPivot({ value: event.target.value })}
                            />
                          ) : (
                            <select
                              {...props}
                              className={cn(props.className, 'w-40')}
                              value={pivot.driver_option_id ?? ''}
                              onChange={(event) =>
                                setPivot({
                                  driver_option_id: event.target.value
                                    ? Number(event.target.value)
                                    : null,
                                })
                              }
                            >
                              <option value="">—</option>
                              {driver.driver_options.map((option) => (
                                <option key={option.id} value={option.id}>
                                  {option.label}
                                </option>
                              ))}
                            </select>
                          )
                        }
                      </InlineField>
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
                    id={field('add-sub')}
                    variant="ghost"
                    onClick={() => {
                      const key = uuid()
                      focusAfter(byId(`${key}-name`))
                      update(item.uuid, (entry) => ({
                        ...entry,
                        subs: [
                          ...entry.subs,
                          {
                            uuid: key,
                            id: null,
                            name: '',
                            benchmark_price: '',
                            currency_id: entry.currency_id,
                            start_date: entry.start_date,
                            end_date: entry.end_date,
                            drivers: {},
                          },
                        ],
                      }))
                    }}
                  >
                    Add sub product
                  </Button>
                </div>
                {item.removedSubIds.length ? (
                  <p className="mt-1 text-xs text-amber-800" data-testid="removed-subs">
                    {item.removedSubIds.length} saved sub product
                    {item.removedSubIds.length === 1 ? '' : 's'} will be deleted when you save.
                  </p>
                ) : null}
                {item.subs.map((sub, index) => {
                  const key = `sub_product_benchmarks.${index}`
                  const setSub = (change: Partial<SubItem>, errorField: string) =>
                    update(
                      item.uuid,
                      (entry) => ({
                        ...entry,
                        subs: entry.subs.map((s) =>
                          s.uuid === sub.uuid ? { ...s, ...change } : s
                        ),
                      }),
                      `${key}.${errorField}`
                    )
                  const subField = (name: string) => `${sub.uuid}-${name}`
                  return (
                    <div
                      key={sub.uuid}
                      className="mt-2 grid items-start gap-2 sm:grid-cols-[1fr_10rem_7rem_auto]"
                      data-testid="sub-product"
                    >
                      <div>
                        <input
                          aria-label="Sub product name"
                          {...errorProps(subField('name'), item.errors[`${key}.name`])}
                          value={sub.name}
                          onChange={(event) => setSub({ name: event.target.value }, 'name')}
                        />
                        <FieldError id={subField('name')} message={item.errors[`${key}.name`]} />
                      </div>
                      <div>
                        <input
                          aria-label="Sub product price"
                          inputMode="numeric"
                          {...errorProps(subField('price'), item.errors[`${key}.benchmark_price`])}
                          value={sub.benchmark_price}
                          onChange={(event) =>
                            setSub({ benchmark_price: event.target.value }, 'benchmark_price')
                          }
                        />
                        <FieldError
                          id={subField('price')}
                          message={item.errors[`${key}.benchmark_price`]}
                        />
                      </div>
                      <div>
                        <select
                          aria-label="Sub product currency"
                          {...errorProps(subField('currency'), item.errors[`${key}.currency_id`])}
                          value={sub.currency_id ?? ''}
                          onChange={(event) =>
                            setSub(
                              {
                                currency_id: event.target.value ? Number(event.target.value) : null,
                              },
                              'currency_id'
                            )
                          }
                        >
                          <option value="">—</option>
                          {catalogue.currencies.map((currency) => (
                            <option key={currency.id} value={currency.id}>
                              {currency.code}
                            </option>
                          ))}
                        </select>
                        <FieldError
                          id={subField('currency')}
                          message={item.errors[`${key}.currency_id`]}
                        />
                      </div>
                      <Button
                        variant="ghost"
                        className="text-red-700"
                        onClick={() => removeSub(item, sub)}
                      >
                        Remove sub product
                      </Button>
                      {catalogue.drivers.length > 0 ? (
                        <fieldset className="flex flex-wrap gap-3 sm:col-span-4">
                          <legend className="sr-only">
                            Drivers of sub product {sub.name || index + 1}
                          </legend>
                          {catalogue.drivers.map((driver) => {
                            const pivot = sub.drivers[driver.id] ?? {
                              value: '',
                              driver_option_id: null,
                            }
                            const setSubDriver = (change: Partial<typeof pivot>) =>
                              setSub(
                                {
                                  drivers: { ...sub.drivers, [driver.id]: { ...pivot, ...change } },
                                },
                                'drivers'
                              )
                            return (
                              <InlineField
                                key={driver.id}
                                id={subField(`driver-${driver.id}`)}
                                label={driver.name}
                              >
                                {(props) =>
                                  driver.is_numeric ? (
                                    <input
                                      {...props}
                                      className={cn(props.className, 'w-28')}
                                      type="number"
                                      value={pivot.value}
                                      onChange={(event) =>
                                        setSubDriver({ value: event.target.value })
                                      }
                                    />
                                  ) : (
                                    <select
                                      {...props}
                                      className={cn(props.className, 'w-40')}
                                      value={pivot.driver_option_id ?? ''}
                                      onChange={(event) =>
                                        setSubDriver({
                                          driver_option_id: event.target.value
                                            ? Number(event.target.value)
                                            : null,
                                        })
                                      }
                                    >
                                      <option value="">—</option>
                                      {driver.driver_options.map((option) => (
                                        <option key={option.id} value={option.id}>
                                          {option.label}
                                        </option>
                                      ))}
                                    </select>
                                  )
                                }
                              </InlineField>
                            )
                          })}
                        </fieldset>
                      ) : null}
                    </div>
                  )
                })}
              </div>
            </section>
          </Card>
        )
      })}
    </div>
  )
}
