import { Link, router, useForm, usePage } from '@inertiajs/react'
import { useState } from 'react'
import { Button, secondaryLinkClass } from '~/components/ui/button'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { WizardSteps } from '~/components/admin/wizard_steps'
import { BenchmarkEditor, type Catalogue } from '~/components/admin/benchmark_editor'
import { Card } from '~/components/ui/card'
import { Alert } from '~/components/ui/alert'
import { cn } from '~/lib/cn'
import { InlineField } from '~/components/admin/inline_field'

interface Contract {
  id: number
  reference: string
  startDate: string
  endDate: string
  licenseTypeId: number
  licenseType: string
  benchmarks: number
  documents: number
}

interface Props {
  wizardTeam: { id: number; name: string }
  provider: { id: number; providerKey: string; name: string }
  contracts: Contract[]
  contract: Contract | null
  catalogue: Catalogue | null
  licenseTypes: { id: number; name: string }[]
  teamCurrencyId: number | null
  notice: string | null
}

/**
 * Creates a contract (no contract given) or edits one, in place.
 */
function ContractForm({
  action,
  contract,
  licenseTypes,
  onDone,
}: {
  action: string
  contract?: Contract
  licenseTypes: Props['licenseTypes']
  onDone: () => void
}) {
  const form = useForm({
    reference: contract?.reference ?? '',
    license_type_id: String(contract?.licenseTypeId ?? licenseTypes[0]?.id ?? ''),
    start_date: contract?.startDate ?? '',
    end_date: contract?.endDate ?? '',
  })
  const formId = `contract-${contract?.id ?? 'new'}`
  return (
    <form
      className="grid items-start gap-3 rounded-md bg-slate-50 p-3 md:grid-cols-5"
      aria-label={contract ? `Edit ${contract.reference}` : 'New contract'}
      onSubmit={(event) => {
        event.preventDefault()
        form.transform((data) => ({ ...data, license_type_id: Number(data.license_type_id) }))
        form.post(action, { preserveScroll: true, onSuccess: onDone })
      }}
    >
      <InlineField id={`${formId}-reference`} label="Reference" error={form.errors.reference}>
        {(props) => (
          <input
            {...props}
            value={form.data.reference}
            onChange={(event) => form.setData('reference', event.target.value)}
            required
          />
        )}
      </InlineField>
      <InlineField
        id={`${formId}-license`}
        label="License type"
        error={form.errors.license_type_id}
      >
        {(props) => (
          <select
            {...props}
            value={form.data.license_type_id}
            onChange={(event) => form.setData('license_type_id', event.target.value)}
          >
            {licenseTypes.map((type) => (
              <option key={type.id} value={type.id}>
                {type.name}
              </option>
            ))}
          </select>
        )}
      </InlineField>
      <InlineField id={`${formId}-start`} label="Start date" error={form.errors.start_date}>
        {(props) => (
          <input
            {...props}
            type="date"
            value={form.data.start_date}
            onChange={(event) => form.setData('start_date', event.target.value)}
            required
          />
        )}
      </InlineField>
      <InlineField id={`${formId}-end`} label="End date" error={form.errors.end_date}>
        {(props) => (
          <input
            {...props}
            type="date"
            value={form.data.end_date}
            onChange={(event) => form.setData('end_date', event.target.value)}
            required
          />
        )}
      </InlineField>
      <div className="flex gap-2 md:mt-5">
        <Button type="submit" disabled={form.processing}>
          {contract ? 'Save' : 'Create contract'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  )
}

export default function MarketDataProvider({
  wizardTeam: team,
  provider,
  contracts,
  contract,
  catalogue,
  licenseTypes,
  teamCurrencyId,
  notice,
}: Props) {
  const [editing, setEditing] = useState<number | 'new' | null>(null)
  const pageErrors = (usePage().props.errors ?? {}) as Record<string, string>
  const base = `/admin/market-data/teams/${team.id}/providers/${provider.providerKey}`
  return (
    <AdminShell title={`${team.name} - ${provider.name}`}>
      <PageHeading
        title={`${provider.name} for ${team.name}`}
        description={
          contract
            ? `Product benchmarks of contract ${contract.reference}. Changes are kept on this page until you save them.`
            : 'Pick the contract whose product benchmarks to edit.'
        }
        actions={
          <div className="flex gap-2">
            <Link
              href={`/admin/market-data/providers/${provider.providerKey}/classification`}
              className={secondaryLinkClass}
            >
              Classification
            </Link>
            <Link
              href={`/admin/market-data/teams/${team.id}/providers/${provider.providerKey}/proposals`}
              className={secondaryLinkClass}
            >
              Proposals
            </Link>
            <Link
              href={`/admin/market-data/providers/${provider.providerKey}/regressions`}
              className={secondaryLinkClass}
            >
              Regressions
            </Link>
          </div>
        }
      />
      <WizardSteps
        steps={[
          { title: 'Team', value: team.name, href: '/admin/market-data' },
          { title: 'Provider', value: provider.name, href: `/admin/market-data/teams/${team.id}` },
          { title: 'Contract', value: contract?.reference, href: base },
          { title: 'Benchmarks' },
        ]}
      />
      {notice ? (
        <Alert tone="warning" className="mb-4">
          {notice}
        </Alert>
      ) : null}
      {contract && catalogue ? (
        <BenchmarkEditor
          key={contract.id}
          contract={contract}
          catalogue={catalogue}
          teamCurrencyId={teamCurrencyId}
        />
      ) : (
        <div className="space-y-4">
          {pageErrors.contract ? (
            <p className="text-sm text-red-600" role="alert">
              {pageErrors.contract}
            </p>
          ) : null}
          {editing === 'new' ? (
            <ContractForm
              action={`/admin/market-data/teams/${team.id}/providers/${provider.providerKey}/contracts`}
              licenseTypes={licenseTypes}
              onDone={() => setEditing(null)}
            />
          ) : (
            <Button variant="secondary" onClick={() => setEditing('new')}>
              New contract
            </Button>
          )}
          {contracts.length === 0 ? (
            <Card>
              <p className="text-sm text-slate-600">
                {team.name} has no contract with {provider.name}.
              </p>
            </Card>
          ) : (
            <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
              <table
                className="min-w-full divide-y divide-slate-200 text-sm"
                aria-label="Contracts"
              >
                <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
                  <tr>
                    <th scope="col" className="px-4 py-3">
                      Contract
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Term
                    </th>
                    <th scope="col" className="px-4 py-3">
                      License type
                    </th>
                    <th scope="col" className="px-4 py-3 text-right">
                      Product benchmarks
                    </th>
                    <th scope="col" className="px-4 py-3" />
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {contracts.map((entry) =>
                    editing === entry.id ? (
                      <tr key={entry.id}>
                        <td colSpan={5} className="px-4 py-3">
                          <ContractForm
                            action={`/admin/market-data/contracts/${entry.id}`}
                            contract={entry}
                            licenseTypes={licenseTypes}
                            onDone={() => setEditing(null)}
                          />
                        </td>
                      </tr>
                    ) : (
                      <tr key={entry.id} className={cn('hover:bg-slate-50')}>
                        <td className="px-4 py-3">
                          <Link
                            href={`${base}?contract=${entry.id}`}
                            className="font-medium text-teal-800 hover:underline"
                          >
                            {entry.reference}
                          </Link>
                        </td>
                        <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                          {entry.startDate} → {entry.endDate}
                        </td>
                        <td className="px-4 py-3 text-slate-700">{entry.licenseType}</td>
                        <td className="px-4 py-3 text-right font-mono">{entry.benchmarks}</td>
                        <td className="px-4 py-3 text-right whitespace-nowrap">
                          <Link
                            href={`/admin/market-data/contracts/${entry.id}/documents`}
                            className="mr-2 text-sm text-teal-800 hover:underline"
                          >
                            Documents ({entry.documents})
                          </Link>
                          <Button variant="ghost" onClick={() => setEditing(entry.id)}>
                            Edit
                          </Button>
                          <Button
                            variant="ghost"
                            className="text-red-700"
                            onClick={() => {
                              if (window.confirm(`Delete contract ${entry.reference}?`)) {
                                router.post(
                                  `/admin/market-data/contracts/${entry.id}/delete`,
                                  {},
                                  { preserveScroll: true }
                                )
                              }
                            }}
                          >
                            Delete
                          </Button>
                        </td>
                      </tr>
                    )
                  )}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </AdminShell>
  )
}
