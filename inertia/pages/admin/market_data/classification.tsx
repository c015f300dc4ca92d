import { useState } from 'react'
import { toast } from 'sonner'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Alert } from '~/components/ui/alert'
import { cn } from '~/lib/cn'
import { api, fieldErrors, problemMessages } from '~/lib/api'
import { errorProps, FieldError } from '~/components/admin/inline_field'
import { fieldProps } from '~/components/ui/field'
import { useUnsavedChangesGuard } from '~/hooks/use_unsaved_changes'

interface Named {
  key: string
  id: number | null
  name: string
}
interface Product extends Named {}
interface Type extends Named {
  products: Product[]
}
interface Category extends Named {
  types: Type[]
}
interface Option {
  key: string
  id: number | null
  label: string
  value: string
}
interface Driver extends Named {
  is_numeric: boolean
  unit: string
  driver_options: Option[]
}

interface ServerTree {
  categories: {
    id: number
    name: string
    types: { id: number; name: string; products: { id: number; name: string }[] }[]
  }[]
  drivers: {
    id: number
    name: string
    is_numeric: boolean
    unit: string | null
    driver_options: { id: number; label: string; value: number }[]
  }[]
}

interface Props {
  provider: { id: number; providerKey: string; name: string }
  tree: ServerTree
  /** Drivers client data uses: their kind (numeric or options) cannot change. */
  driversInUse: number[]
}

/** A field's error key: its path in the saved tree ('categories.0.types.1.name'). */
type Errors = Record<string, string>

const key = () => crypto.randomUUID()

function fromServer(tree: ServerTree) {
  return {
    categories: tree.categories.map((category) => ({
      key: key(),
      id: category.id,
      name: category.name,
      types: category.types.map((type) => ({
        key: key(),
        id: type.id,
        name: type.name,
        products: type.products.map((product) => ({ key: key(), ...product })),
      })),
    })) as Category[],
    drivers: tree.drivers.map((driver) => ({
      key: key(),
      id: driver.id,
      name: driver.name,
      is_numeric: driver.is_numeric,
      unit: driver.unit ?? '',
      driver_options: driver.driver_options.map((option) => ({
        key: key(),
        id: option.id,
        label: option.label,
        value: String(option.value),
      })),
    })) as Driver[],
  }
}

function NameInput({
  id,
  label,
  value,
  onChange,
  className,
  error,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  className?: string
  error?: string
}) {
  return (
    <div className={cn('min-w-0', className)}>
      <input
        aria-label={label}
        placeholder={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...errorProps(id, error)}
      />
      <FieldError id={id} message={error} />
    </div>
  )
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button
      variant="ghost"
      className="px-2 py-1 text-xs text-red-700"
      onClick={onClick}
      aria-label={label}
    >
      Remove
    </Button>
  )
}

/**
 * A provider's classification as one tree: categories → types → products, and drivers with
 * their options. Saved whole; the server refuses blank or duplicate sibling names, and removing
 * anything client data still uses.
 */
export default function Classification({ provider, tree, driversInUse }: Props) {
  const [state, setState] = useState(() => fromServer(tree))
  const [problems, setProblems] = useState<string[]>([])
  const [errors, setErrors] = useState<Errors>({})
  const [saving, setSaving] = useState(false)
  const [dirty, setDirty] = useState(false)
  useUnsavedChangesGuard(dirty)

  /**
   * A change to the tree. Correcting a field clears its error; adding, moving or removing
   * items shifts the positions errors are keyed by, so it clears them all.
   */
  const change = (next: (current: typeof state) => typeof state, field?: string) => {
    setState(next)
    setDirty(true)
    setErrors((current) => {
      if (!field) return {}
      const rest = { ...current }
      delete rest[field]
      return rest
    })
  }
  const setCategories = (update: (categories: Category[]) => Category[], field?: string) =>
    change((current) => ({ ...current, categories: update(current.categories) }), field)
  const setDrivers = (update: (drivers: Driver[]) => Driver[], field?: string) =>
    change((current) => ({ ...current, drivers: update(current.drivers) }), field)
  const patch = <T extends { key: string }>(items: T[], itemKey: string, values: Partial<T>) =>
    items.map((item) => (item.key === itemKey ? { ...item, ...values } : item))

  const save = async () => {
    setSaving(true)
    try {
      const { data } = await api.post<ServerTree>('/api/admin/market-data/provider/save-category', {
        category: {
          provider_key: provider.providerKey,
          categories: state.categories.map((category) => ({
            id: category.id,
            name: category.name,
            types: category.types.map((type) => ({
              id: type.id,
              name: type.name,
              products: type.products.map((product) => ({ id: product.id, name: product.name })),
            })),
          })),
          drivers: state.drivers.map((driver) => ({
            id: driver.id,
            name: driver.name,
            is_numeric: driver.is_numeric,
            unit: driver.unit || null,
            // A numeric driver has no options (the page hides them; they are not kept).
            driver_options: driver.is_numeric
              ? []
              : driver.driver_options.map((option) => ({
                  id: option.id,
                  label: option.label,
                  // As typed: the server's amount rule says what is wrong with it.
                  value: option.value,
                })),
          })),
        },
      })
      setState(fromServer(data))
      setProblems([])
      setErrors({})
      setDirty(false)
      toast.success(`The ${provider.name} classification is saved.`)
    } catch (error) {
      // Errors of a field go next to it; the others (used items, unknown ids) above the tree.
      const byField: Errors = {}
      const general: string[] = []
      for (const entry of fieldErrors(error)) {
        const path = entry.field.replace(/^category\./, '')
        if (/^(categories|drivers)\./.test(path)) byField[path] = entry.message
        else general.push(entry.message)
      }
      const list = fieldErrors(error).length
        ? general
        : problemMessages(error, 'The classification could not be saved.')
      setErrors(byField)
      setProblems(list)
      const all = [...list, ...Object.values(byField)]
      toast.error(`${all.join(' ')} Please contact support!`.trim())
    } finally {
      setSaving(false)
    }
  }

  return (
    <AdminShell title={`${provider.name} classification`}>
      <PageHeading
        title={`${provider.name} classification`}
        description="Categories, product types and products, and the drivers that price them. Names must be filled in and unique among their siblings."
        actions={
          <Button onClick={() => void save()} disabled={saving}>
            {saving ? 'Saving…' : 'Save classification'}
          </Button>
        }
      />
      {problems.length > 0 || Object.keys(errors).length > 0 ? (
        <Alert tone="error" className="mb-6">
          <ul className="list-disc space-y-1 pl-5" data-testid="classification-problems">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
            {Object.keys(errors).length > 0 ? (
              <li>
                {Object.keys(errors).length} field
                {Object.keys(errors).length === 1 ? ' needs' : 's need'} correcting: see the
                outlined fields below.
              </li>
            ) : null}
          </ul>
        </Alert>
      ) : null}

      <div className="grid items-start gap-6 xl:grid-cols-[3fr_2fr]">
        <Card>
          <div className="mb-4 flex items-center justify-between">
            <h2 className="text-base font-semibold text-slate-900">Products</h2>
            <Button
              variant="secondary"
              onClick={() =>
                setCategories((categories) => [
                  ...categories,
                  { key: key(), id: null, name: '', types: [] },
                ])
              }
            >
              Add category
            </Button>
          </div>
          <ol className="space-y-4">
            {state.categories.map((category, c) => (
              <li
                key={category.key}
                className="rounded-md border border-slate-200 p-3"
                data-testid="category"
              >
                <div className="flex items-center gap-2">
                  <NameInput
                    id={`${category.key}-name`}
                    label="Category name"
                    value={category.name}
                    className="flex-1 font-medium"
                    error={errors[`categories.${c}.name`]}
                    onChange={(name) =>
                      setCategories(
                        (categories) => patch(categories, category.key, { name }),
                        `categories.${c}.name`
                      )
                    }
                  />
                  <Button
                    variant="ghost"
                    className="px-2 py-1 text-xs"
                    onClick={() =>
                      setCategories((categories) =>
                        patch(categories, category.key, {
                          types: [
                            ...category.types,
                            { key: key(), id: null, name: '', products: [] },
                          ],
                        })
                      )
                    }
                  >
                    Add type
                  </Button>
                  <RemoveButton
                    label={`Remove category ${category.name}`}
                    onClick={() =>
                      setCategories((categories) =>
                        categories.filter((entry) => entry.key !== category.key)
                      )
                    }
                  />
                </div>
                <ul className="mt-3 space-y-3 border-l border-slate-200 pl-4">
                  {category.types.map((type, t) => {
                    const setTypes = (types: Type[], field?: string) =>
                      setCategories(
                        (categories) => patch(categories, category.key, { types }),
                        field
                      )
                    return (
                      <li key={type.key}>
                        <div className="flex items-center gap-2">
                          <NameInput
                            id={`${type.key}-name`}
                            label="Type name"
                            value={type.name}
                            className="flex-1"
                            error={errors[`categories.${c}.types.${t}.name`]}
                            onChange={(name) =>
                              setTypes(
                                patch(category.types, type.key, { name }),
                                `categories.${c}.types.${t}.name`
                              )
                            }
                          />
                          <Button
                            variant="ghost"
                            className="px-2 py-1 text-xs"
                            onClick={() =>
                              setTypes(
                                patch(category.types, type.key, {
                                  products: [...type.products, { key: key(), id: null, name: '' }],
                                })
                              )
                            }
                          >
                            Add product
                          </Button>
                          <RemoveButton
                            label={`Remove type ${type.name}`}
                            onClick={() =>
                              setTypes(category.types.filter((entry) => entry.key !== type.key))
                            }
                          />
                        </div>
                        <ul className="mt-2 space-y-2 border-l border-slate-100 pl-4">
                          {type.products.map((product, p) => (
                            <li key={product.key} className="flex items-start gap-2">
                              <NameInput
                                id={`${product.key}-name`}
                                label="Product name"
                                value={product.name}
                                className="flex-1"
                                error={errors[`categories.${c}.types.${t}.products.${p}.name`]}
                                onChange={(name) =>
                                  setTypes(
                                    patch(category.types, type.key, {
                                      products: patch(type.products, product.key, { name }),
                                    }),
                                    `categories.${c}.types.${t}.products.${p}.name`
                                  )
                                }
                              />
                              <RemoveButton
                                label={`Remove product ${product.name}`}
                                onClick={() =>
                                  setTypes(
                                    patch(category.types, type.key, {
                                      products: type.products.filter(
                                        (entry) => entry.key !== product.key
                                      ),
                                    })
                                  )
                                }
                              />
                            </li>
                          ))}
                        </ul>
                      </li>
                    )
                  })}
                </ul>
              </li>
            ))}
          </ol>
        </Card>

        <Card>
          <div className="mb-4 flex items-center justify-between">
            <h2 className="text-base font-semibold text-slate-900">Drivers</h2>
            <Button
              variant="secondary"
              onClick={() =>
                setDrivers((drivers) => [
                  ...drivers,
                  {
                    key: key(),
                    id: null,
                    name: '',
                    is_numeric: true,
                    unit: '',
                    driver_options: [],
                  },
                ])
              }
            >
              Add driver
            </Button>
          </div>
          <ol className="space-y-4">
            {state.drivers.map((driver, d) => (
              <li key={driver.key} className="rounded-md border border-slate-200 p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <NameInput
                    id={`${driver.key}-name`}
                    label="Driver name"
                    value={driver.name}
                    className="min-w-40 flex-1 font-medium"
                    error={errors[`drivers.${d}.name`]}
                    onChange={(name) =>
                      setDrivers(
                        (drivers) => patch(drivers, driver.key, { name }),
                        `drivers.${d}.name`
                      )
                    }
                  />
                  <label
                    className="flex items-center gap-1 text-xs text-slate-600"
                    title={
                      driver.id !== null && driversInUse.includes(driver.id)
                        ? 'Client data uses this driver: it keeps its kind.'
                        : undefined
                    }
                  >
                    <input
                      type="checkbox"
                      disabled={driver.id !== null && driversInUse.includes(driver.id)}
                      {...fieldProps(
                        `${driver.key}-numeric`,
                        errors[`drivers.${d}.is_numeric`],
                        false,
                        driver.id !== null &&
                          driversInUse.includes(driver.id) &&
                          `${driver.key}-kind`
                      )}
                      checked={driver.is_numeric}
                      onChange={(event) =>
                        setDrivers((drivers) =>
                          patch(drivers, driver.key, { is_numeric: event.target.checked })
                        )
                      }
                    />
                    Numeric
                  </label>
                  <NameInput
                    id={`${driver.key}-unit`}
                    label="Unit"
                    value={driver.unit}
                    className="w-24"
                    error={errors[`drivers.${d}.unit`]}
                    onChange={(unit) =>
                      setDrivers(
                        (drivers) => patch(drivers, driver.key, { unit }),
                        `drivers.${d}.unit`
                      )
                    }
                  />
                  <RemoveButton
                    label={`Remove driver ${driver.name}`}
                    onClick={() =>
                      setDrivers((drivers) => drivers.filter((entry) => entry.key !== driver.key))
                    }
                  />
                </div>
                {driver.id !== null && driversInUse.includes(driver.id) ? (
                  <p id={`${driver.key}-kind`} className="mt-1 text-xs text-slate-500">
                    Used by client data: stays{' '}
                    {driver.is_numeric ? 'numeric' : 'a driver with options'}.
                  </p>
                ) : null}
                <FieldError
                  id={`${driver.key}-numeric`}
                  message={errors[`drivers.${d}.is_numeric`]}
                />
                {!driver.is_numeric ? (
                  <ul className="mt-3 space-y-2 border-l border-slate-200 pl-4">
                    {driver.driver_options.map((option, o) => {
                      const setOption = (update: Partial<Option>, field: string) =>
                        setDrivers(
                          (drivers) =>
                            patch(drivers, driver.key, {
                              driver_options: patch(driver.driver_options, option.key, update),
                            }),
                          `drivers.${d}.driver_options.${o}.${field}`
                        )
                      const valueError = errors[`drivers.${d}.driver_options.${o}.value`]
                      return (
                        <li key={option.key} className="flex items-start gap-2">
                          <NameInput
                            id={`${option.key}-label`}
                            label="Option label"
                            value={option.label}
                            className="flex-1"
                            error={errors[`drivers.${d}.driver_options.${o}.label`]}
                            onChange={(label) => setOption({ label }, 'label')}
                          />
                          <div className="w-28">
                            <input
                              aria-label="Option value"
                              inputMode="decimal"
                              value={option.value}
                              onChange={(event) =>
                                setOption({ value: event.target.value }, 'value')
                              }
                              {...errorProps(`${option.key}-value`, valueError)}
                            />
                            <FieldError id={`${option.key}-value`} message={valueError} />
                          </div>
                          <RemoveButton
                            label={`Remove option ${option.label}`}
                            onClick={() =>
                              setDrivers((drivers) =>
                                patch(drivers, driver.key, {
                                  driver_options: driver.driver_options.filter(
                                    (entry) => entry.key !== option.key
                                  ),
                                })
                              )
                            }
                          />
                        </li>
                      )
                    })}
                    <li>
                      <Button
                        variant="ghost"
                        className="px-2 py-1 text-xs"
                        onClick={() =>
                          setDrivers((drivers) =>
                            patch(drivers, driver.key, {
                              driver_options: [
                                ...driver.driver_options,
                                {
                                  key: key(),
                                  id: null,
                                  label: '',
                                  value: String(driver.driver_options.length + 1),
                                },
                              ],
                            })
                          )
                        }
                      >
                        Add option
                      </Button>
                    </li>
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
        </Card>
      </div>
    </AdminShell>
  )
}
