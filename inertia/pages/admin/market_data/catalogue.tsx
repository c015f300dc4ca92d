import { Link, router, useForm, usePage } from '@inertiajs/react'
import { useState } from 'react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { cn } from '~/lib/cn'
import { InlineField } from '~/components/admin/inline_field'
import { FormError } from '~/components/ui/field'
import { LICENSE_KEY_HINT } from '@shared/license_types'

interface Provider {
  id: number
  providerKey: string
  name: string
  type: 'market_data' | 'alternative_data'
  isActive: boolean
  hasRateCard: boolean
  description: string | null
  hasLogo: boolean
  contracts: number
}

interface LicenseType {
  id: number
  key: string
  name: string
  contracts: number
}

interface Props {
  providers: Provider[]
  licenseTypes: LicenseType[]
}

const input = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm'
const TYPE_LABELS = { market_data: 'Market data', alternative_data: 'Alternative data' }

function ProviderForm({ provider, onDone }: { provider?: Provider; onDone: () => void }) {
  const idPrefix = provider ? `provider-${provider.id}` : 'provider-new'
  const form = useForm({
    provider_key: provider?.providerKey ?? '',
    name: provider?.name ?? '',
    provider_type: provider?.type ?? 'market_data',
    is_active: provider?.isActive ?? true,
    has_rate_card: provider?.hasRateCard ?? false,
    description: provider?.description ?? '',
  })
  const logo = useForm<{ logo: File | null }>({ logo: null })
  return (
    <div className="space-y-3 rounded-md bg-slate-50 p-3">
      <form
        className="grid items-end gap-3 md:grid-cols-3"
        aria-label={provider ? `Edit ${provider.name}` : 'New provider'}
        onSubmit={(event) => {
          event.preventDefault()
          form.post(
            provider
              ? `/admin/market-data/catalogue/providers/${provider.id}`
              : '/admin/market-data/catalogue/providers',
            { preserveScroll: true, onSuccess: onDone }
          )
        }}
      >
        <InlineField id={`${idPrefix}-name`} label="Name" error={form.errors.name}>
          {(props) => (
            <input
              {...props}
              className={cn(props.className, 'mt-1')}
              value={form.data.name}
              onChange={(e) => form.setData('name', e.target.value)}
              required
            />
          )}
        </InlineField>
        <InlineField id={`${idPrefix}-key`} label="Key (in URLs)" error={form.errors.provider_key}>
          {(props) => (
            <input
              {...props}
              className={cn(props.className, 'mt-1')}
              value={form.data.provider_key}
              onChange={(e) => form.setData('provider_key', e.target.value)}
              required
            />
          )}
        </InlineField>
        <label className="text-xs font-medium text-slate-600">
          Type
          <select
            className={input}
            value={form.data.provider_type}
            onChange={(e) => form.setData('provider_type', e.target.value as Provider['type'])}
          >
            <option value="market_data">Market data</option>
            <option value="alternative_data">Alternative data</option>
          </select>
        </label>
        <label className="text-xs font-medium text-slate-600 md:col-span-2">
          Description
          <input
            className={input}
            value={form.data.description}
            onChange={(e) => form.setData('description', e.target.value)}
          />
        </label>
        <div className="flex flex-wrap items-center gap-4 text-sm text-slate-700">
          <label className="flex items-center gap-1">
            <input
              type="checkbox"
              checked={form.data.is_active}
              onChange={(e) => form.setData('is_active', e.target.checked)}
            />
            Active
          </label>
          <label className="flex items-center gap-1">
            <input
              type="checkbox"
              checked={form.data.has_rate_card}
              onChange={(e) => form.setData('has_rate_card', e.target.checked)}
            />
            Rate card
          </label>
        </div>
        <div className="flex gap-2 md:col-span-3">
          <Button type="submit" disabled={form.processing}>
            {provider ? 'Save provider' : 'Create provider'}
          </Button>
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
      {provider ? (
        <form
          className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-3"
          onSubmit={(event) => {
            event.preventDefault()
            logo.post(`/admin/market-data/catalogue/providers/${provider.id}/logo`, {
              forceFormData: true,
              preserveScroll: true,
            })
          }}
        >
          <InlineField
            id={`${idPrefix}-logo`}
            label="Logo (PNG, JPEG or WebP, up to 1 MB)"
            error={logo.errors.logo}
          >
            {(props) => (
              <input
                {...props}
                type="file"
                accept="image/png,image/jpeg,image/webp"
                onChange={(e) => logo.setData('logo', e.target.files?.[0] ?? null)}
                className="mt-1 block text-sm"
              />
            )}
          </InlineField>
          <Button type="submit" variant="secondary" disabled={!logo.data.logo || logo.processing}>
            Upload logo
          </Button>
        </form>
      ) : null}
    </div>
  )
}

function LicenseTypeForm({ type, onDone }: { type?: LicenseType; onDone: () => void }) {
  const idPrefix = type ? `license-${type.id}` : 'license-new'
  const form = useForm({ key: type?.key ?? '', name: type?.name ?? '' })
  return (
    <form
      className="grid items-end gap-2 rounded-md bg-slate-50 p-3 sm:grid-cols-[1fr_1fr_auto]"
      onSubmit={(event) => {
        event.preventDefault()
        form.post(
          type
            ? `/admin/market-data/catalogue/license-types/${type.id}`
            : '/admin/market-data/catalogue/license-types',
          { preserveScroll: true, onSuccess: onDone }
        )
      }}
    >
      <InlineField id={`${idPrefix}-name`} label="Name" error={form.errors.name}>
        {(props) => (
          <input
            {...props}
            className={cn(props.className, 'mt-1')}
            value={form.data.name}
            onChange={(e) => form.setData('name', e.target.value)}
            required
          />
        )}
      </InlineField>
      <div>
        <InlineField id={`${idPrefix}-key`} label="Key" error={form.errors.key}>
          {(props) => (
            <input
              {...props}
              aria-describedby={[props['aria-describedby'], `${idPrefix}-key-hint`]
                .filter(Boolean)
                .join(' ')}
              className={cn(props.className, 'mt-1')}
              value={form.data.key}
              onChange={(e) => form.setData('key', e.target.value)}
              required
            />
          )}
        </InlineField>
        <p id={`${idPrefix}-key-hint`} className="mt-1 text-xs text-slate-600">
          {LICENSE_KEY_HINT}
        </p>
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={form.processing}>
          Save
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  )
}

export default function Catalogue({ providers, licenseTypes }: Props) {
  const [editingProvider, setEditingProvider] = useState<number | 'new' | null>(null)
  const [editingType, setEditingType] = useState<number | 'new' | null>(null)
  const errors = (usePage().props.errors ?? {}) as Record<string, string>
  return (
    <AdminShell title="Providers and license types">
      <PageHeading
        title="Providers and license types"
        description="The vendors clients buy from, and the license types their contracts use."
      />
      <div className="grid items-start gap-6 xl:grid-cols-[2fr_1fr]">
        <Card>
          <div className="mb-4 flex items-center justify-between">
            <h2 className="text-base font-semibold text-slate-900">Providers</h2>
            <Button variant="secondary" onClick={() => setEditingProvider('new')}>
              New provider
            </Button>
          </div>
          {editingProvider === 'new' ? (
            <ProviderForm onDone={() => setEditingProvider(null)} />
          ) : null}
          <ul className="divide-y divide-slate-100" aria-label="Providers">
            {providers.map((provider) => (
              <li key={provider.id} className="py-3">
                {editingProvider === provider.id ? (
                  <ProviderForm provider={provider} onDone={() => setEditingProvider(null)} />
                ) : (
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <div className="flex items-center gap-3">
                      {provider.hasLogo ? (
                        <img
                          src={`/admin/market-data/providers/${provider.providerKey}/logo`}
                          alt=""
                          className="h-8 w-8 rounded object-contain"
                        />
                      ) : (
                        <span
                          aria-hidden="true"
                          className="flex h-8 w-8 items-center justify-center rounded bg-slate-100 text-xs font-semibold text-slate-700"
                        >
                          {provider.name.slice(0, 2).toUpperCase()}
                        </span>
                      )}
                      <div>
                        <p className="font-medium text-slate-900">
                          {provider.name}{' '}
                          <span className="text-xs font-normal text-slate-500">
                            {provider.providerKey}
                          </span>
                        </p>
                        <p className="text-xs text-slate-500">
                          {TYPE_LABELS[provider.type]} · {provider.contracts} contract
                          {provider.contracts === 1 ? '' : 's'}
                          {provider.hasRateCard ? ' · rate card' : ''}
                        </p>
                      </div>
                    </div>
                    <div className="flex items-center gap-2">
                      <span
                        className={cn(
                          'rounded-full px-2 py-0.5 text-xs font-medium',
                          provider.isActive
                            ? 'bg-emerald-50 text-emerald-800'
                            : 'bg-slate-100 text-slate-500'
                        )}
                      >
                        {provider.isActive ? 'Active' : 'Inactive'}
                      </span>
                      <Link
                        href={`/admin/market-data/providers/${provider.providerKey}/classification`}
                        className="text-sm text-teal-800 hover:underline"
                      >
                        Classification
                      </Link>
                      <Button variant="ghost" onClick={() => setEditingProvider(provider.id)}>
                        Edit
                      </Button>
                    </div>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </Card>
        <Card>
          <div className="mb-4 flex items-center justify-between">
            <h2 className="text-base font-semibold text-slate-900">License types</h2>
            <Button variant="secondary" onClick={() => setEditingType('new')}>
              New license type
            </Button>
          </div>
          <FormError className="mb-3" message={errors.license_type} />
          {editingType === 'new' ? <LicenseTypeForm onDone={() => setEditingType(null)} /> : null}
          <ul className="divide-y divide-slate-100" aria-label="License types">
            {licenseTypes.map((type) => (
              <li key={type.id} className="py-2">
                {editingType === type.id ? (
                  <LicenseTypeForm type={type} onDone={() => setEditingType(null)} />
                ) : (
                  <div className="flex items-center justify-between gap-2">
                    <div>
                      <p className="font-medium text-slate-900">{type.name}</p>
                      <p className="text-xs text-slate-500">
                        {type.key} · {type.contracts} contract{type.contracts === 1 ? '' : 's'}
                      </p>
                    </div>
                    <div className="flex gap-1">
                      <Button variant="ghost" onClick={() => setEditingType(type.id)}>
                        Edit
                      </Button>
                      <Button
                        variant="ghost"
                        className="text-red-700"
                        onClick={() => {
                          if (window.confirm(`Delete license type ${type.name}?`)) {
                            router.post(
                              `/admin/market-data/catalogue/license-types/${type.id}/delete`,
                              {},
                              { preserveScroll: true }
                            )
                          }
                        }}
                      >
                        Delete
                      </Button>
                    </div>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </AdminShell>
  )
}
