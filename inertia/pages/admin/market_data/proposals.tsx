import { Link, router, useForm } from '@inertiajs/react'
import { useState } from 'react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Button, secondaryLinkClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { WizardSteps } from '~/components/admin/wizard_steps'
import { FieldError, FormError, fieldProps } from '~/components/ui/field'

type Status = 'under_review' | 'accepted' | 'declined'

interface Proposal {
  id: number
  reference: string
  license_type_id: number | null
  received_on: string
  valid_until: string | null
  start_date: string
  end_date: string
  status: Status
  status_label: string
  comment: string | null
  items: { product_id: number; product_name: string; proposed_price: number; currency_id: number }[]
}

interface Props {
  wizardTeam: { id: number; name: string }
  provider: { id: number; providerKey: string; name: string }
  proposals: Proposal[]
  products: { id: number; name: string }[]
  currencies: { id: number; code: string }[]
  licenseTypes: { id: number; name: string }[]
}

const input = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm'
const STATUSES: { key: Status; label: string }[] = [
  { key: 'under_review', label: 'Under review' },
  { key: 'accepted', label: 'Accepted' },
  { key: 'declined', label: 'Declined' },
]

function ProposalForm({
  base,
  proposal,
  props,
  onDone,
}: {
  base: string
  proposal?: Proposal
  props: Props
  onDone: () => void
}) {
  const form = useForm({
    reference: proposal?.reference ?? '',
    license_type_id: String(proposal?.license_type_id ?? ''),
    received_on: proposal?.received_on ?? new Date().toISOString().slice(0, 10),
    valid_until: proposal?.valid_until ?? '',
    start_date: proposal?.start_date ?? '',
    end_date: proposal?.end_date ?? '',
    status: proposal?.status ?? ('under_review' as Status),
    comment: proposal?.comment ?? '',
    items: (proposal?.items ?? []).map((item) => ({
      product_id: String(item.product_id),
      proposed_price: String(item.proposed_price),
      currency_id: String(item.currency_id),
    })),
  })
  const errors = form.errors as Record<string, string>
  const idPrefix = `proposal-${proposal?.id ?? 'new'}`
  /** The attributes and the message id of one field of the form. */
  const tie = (field: string) => fieldProps(`${idPrefix}-${field}`, errors[field])
  const message = (field: string, className?: string) => (
    <FieldError id={`${idPrefix}-${field}`} message={errors[field]} className={className} />
  )
  const setItem = (index: number, change: Partial<(typeof form.data.items)[number]>) =>
    form.setData(
      'items',
      form.data.items.map((item, position) => (position === index ? { ...item, ...change } : item))
    )
  return (
    <form
      className="space-y-3 rounded-md bg-slate-50 p-4"
      aria-label={proposal ? `Edit ${proposal.reference}` : 'New proposal'}
      onSubmit={(event) => {
        event.preventDefault()
        form.transform((data) => ({
          ...data,
          license_type_id: data.license_type_id ? Number(data.license_type_id) : null,
          valid_until: data.valid_until || null,
          comment: data.comment || null,
          items: data.items.map((item) => ({
            product_id: Number(item.product_id),
            proposed_price: Number(item.proposed_price),
            currency_id: Number(item.currency_id),
          })),
        }))
        form.post(proposal ? `${base}/${proposal.id}` : base, {
          preserveScroll: true,
          onSuccess: onDone,
        })
      }}
    >
      <div className="grid gap-3 md:grid-cols-4">
        <div className="md:col-span-2">
          <label className="text-xs font-medium text-slate-600">
            Reference
            <input
              {...tie('reference')}
              className={input}
              value={form.data.reference}
              onChange={(e) => form.setData('reference', e.target.value)}
              required
            />
          </label>
          {message('reference', 'text-xs')}
        </div>
        <div>
          <label className="text-xs font-medium text-slate-600">
            Status
            <select
              {...tie('status')}
              className={input}
              value={form.data.status}
              onChange={(e) => form.setData('status', e.target.value as Status)}
            >
              {STATUSES.map((status) => (
                <option key={status.key} value={status.key}>
                  {status.label}
                </option>
              ))}
            </select>
          </label>
          {message('status', 'text-xs')}
        </div>
        <div>
          <label className="text-xs font-medium text-slate-600">
            License type
            <select
              {...tie('license_type_id')}
              className={input}
              value={form.data.license_type_id}
              onChange={(e) => form.setData('license_type_id', e.target.value)}
            >
              <option value="">—</option>
              {props.licenseTypes.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.name}
                </option>
              ))}
            </select>
          </label>
          {message('license_type_id', 'text-xs')}
        </div>
        {(['received_on', 'valid_until', 'start_date', 'end_date'] as const).map((field) => (
          <div key={field}>
            <label className="text-xs font-medium text-slate-600">
              {
                {
                  received_on: 'Received on',
                  valid_until: 'Valid until',
                  start_date: 'Term starts',
                  end_date: 'Term ends',
                }[field]
              }
              <input
                {...tie(field)}
                type="date"
                className={input}
                value={form.data[field]}
                onChange={(e) => form.setData(field, e.target.value)}
                required={field !== 'valid_until'}
              />
            </label>
            {message(field, 'text-xs')}
          </div>
        ))}
        <div className="md:col-span-4">
          <label className="text-xs font-medium text-slate-600">
            Comment
            <input
              {...tie('comment')}
              className={input}
              value={form.data.comment}
              onChange={(e) => form.setData('comment', e.target.value)}
            />
          </label>
          {message('comment', 'text-xs')}
        </div>
      </div>
      <div>
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Lines</p>
        {form.data.items.map((item, index) => (
          <div
            key={index}
            className="mt-2 grid items-start gap-2 sm:grid-cols-[1fr_10rem_7rem_auto]"
          >
            <select
              aria-label="Product"
              {...tie(`items.${index}.product_id`)}
              className={input}
              value={item.product_id}
              onChange={(e) => setItem(index, { product_id: e.target.value })}
            >
              <option value="">Choose a product</option>
              {props.products.map((product) => (
                <option key={product.id} value={product.id}>
                  {product.name}
                </option>
              ))}
            </select>
            <input
              aria-label="Proposed price"
              {...tie(`items.${index}.proposed_price`)}
              inputMode="decimal"
              className={input}
              value={item.proposed_price}
              onChange={(e) => setItem(index, { proposed_price: e.target.value })}
            />
            <select
              aria-label="Currency"
              {...tie(`items.${index}.currency_id`)}
              className={input}
              value={item.currency_id}
              onChange={(e) => setItem(index, { currency_id: e.target.value })}
            >
              <option value="">—</option>
              {props.currencies.map((currency) => (
                <option key={currency.id} value={currency.id}>
                  {currency.code}
                </option>
              ))}
            </select>
            <Button
              variant="ghost"
              className="text-red-700"
              onClick={() =>
                form.setData(
                  'items',
                  form.data.items.filter((_, position) => position !== index)
                )
              }
            >
              Remove
            </Button>
            {['product_id', 'proposed_price', 'currency_id'].map((field) =>
              errors[`items.${index}.${field}`] ? (
                <div key={field} className="sm:col-span-4">
                  {message(`items.${index}.${field}`, 'text-xs')}
                </div>
              ) : null
            )}
          </div>
        ))}
        <FormError className="mt-1" message={errors.items} />
        <Button
          variant="ghost"
          className="mt-2"
          onClick={() =>
            form.setData('items', [
              ...form.data.items,
              {
                product_id: '',
                proposed_price: '',
                currency_id: form.data.items.at(-1)?.currency_id ?? '',
              },
            ])
          }
        >
          Add line
        </Button>
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={form.processing}>
          {proposal ? 'Save proposal' : 'Create proposal'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  )
}

export default function AdminProposals(props: Props) {
  const { wizardTeam: team, provider, proposals, currencies } = props
  const [editing, setEditing] = useState<number | 'new' | null>(null)
  const base = `/admin/market-data/teams/${team.id}/providers/${provider.providerKey}/proposals`
  const code = (id: number) => currencies.find((currency) => currency.id === id)?.code ?? ''
  return (
    <AdminShell title={`${provider.name} proposals for ${team.name}`}>
      <PageHeading
        title={`${provider.name} proposals for ${team.name}`}
        description="Offers the team received; clients see each line compared with its benchmark and current price."
        actions={
          <Link
            href={`/admin/market-data/teams/${team.id}/providers/${provider.providerKey}`}
            className={secondaryLinkClass}
          >
            Back to the contracts
          </Link>
        }
      />
      <WizardSteps
        steps={[
          { title: 'Team', value: team.name, href: '/admin/market-data' },
          { title: 'Provider', value: provider.name, href: `/admin/market-data/teams/${team.id}` },
          { title: 'Proposals' },
        ]}
      />
      <div className="space-y-4">
        {editing === 'new' ? (
          <ProposalForm base={base} props={props} onDone={() => setEditing(null)} />
        ) : (
          <Button variant="secondary" onClick={() => setEditing('new')}>
            New proposal
          </Button>
        )}
        {proposals.length === 0 ? (
          <Card>
            <p className="text-sm text-slate-600">No proposal recorded.</p>
          </Card>
        ) : null}
        {proposals.map((proposal) =>
          editing === proposal.id ? (
            <ProposalForm
              key={proposal.id}
              base={base}
              proposal={proposal}
              props={props}
              onDone={() => setEditing(null)}
            />
          ) : (
            <Card key={proposal.id} padding="sm">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <p className="font-medium text-slate-900">{proposal.reference}</p>
                  <p className="text-xs text-slate-500">
                    {proposal.status_label} · received {proposal.received_on}
                    {proposal.valid_until ? ` · valid until ${proposal.valid_until}` : ''} · term{' '}
                    {proposal.start_date} → {proposal.end_date}
                  </p>
                  <ul className="mt-2 text-sm text-slate-700">
                    {proposal.items.map((item, index) => (
                      <li key={index}>
                        {item.product_name}: {code(item.currency_id)}{' '}
                        {item.proposed_price.toLocaleString('en-GB')}
                      </li>
                    ))}
                  </ul>
                </div>
                <div className="flex gap-1">
                  <Button variant="ghost" onClick={() => setEditing(proposal.id)}>
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    className="text-red-700"
                    onClick={() => {
                      if (window.confirm(`Delete proposal ${proposal.reference}?`)) {
                        router.post(`${base}/${proposal.id}/delete`, {}, { preserveScroll: true })
                      }
                    }}
                  >
                    Delete
                  </Button>
                </div>
              </div>
            </Card>
          )
        )}
      </div>
    </AdminShell>
  )
}
