import { router, useForm } from '@inertiajs/react'
import { useRef, useState, type FormEvent } from 'react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Button } from '~/components/ui/button'
import { FieldError, fieldProps } from '~/components/ui/field'
import { Card } from '~/components/ui/card'
import { Dialog } from '~/components/ui/dialog'
import { RenameForm, textInputClass } from '~/components/ui/rename_form'
import { cn } from '~/lib/cn'
import { BASE, InsightsAdminNav } from '~/components/admin_insights_reports/nav'
import { plural } from '~/components/admin_insights_reports/format'
import {
  TAXONOMY_NAME_MAX as NAME_MAX,
  TAXONOMY_NAME_MIN as NAME_MIN,
  type AdminTaxonomyProps,
} from '@shared/insights_reports'

type Kind = 'categories' | 'tags'
type Item = AdminTaxonomyProps['categories'][number]

const WORDS: Record<Kind, { title: string; one: string; description: string }> = {
  categories: {
    title: 'Categories',
    one: 'category',
    description: 'Every report has exactly one category; clients filter their list by it.',
  },
  tags: {
    title: 'Tags',
    one: 'tag',
    description: 'Optional keywords, several a report; clients filter their list by them too.',
  },
}

const inputClass = textInputClass

/** The name checked against the server's limits before it is sent. */
function nameProblem(name: string, one: string) {
  if (!name) return `Give the ${one} a name.`
  if (name.length < NAME_MIN) return `The name needs at least ${NAME_MIN} characters.`
  if (name.length > NAME_MAX)
    return `The name is ${name.length} characters long: at most ${NAME_MAX}.`
  return null
}

const rowAction = 'rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100'

function AddForm({ kind }: { kind: Kind }) {
  const form = useForm({ name: '' })
  const id = `add-${kind}`
  const error = form.errors.name
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problem = nameProblem(form.data.name.trim(), WORDS[kind].one)
    if (problem) {
      form.setError('name', problem)
      document.getElementById(id)?.focus()
      return
    }
    form.transform((data) => ({ name: data.name.trim() }))
    form.post(`${BASE}/${kind}`, {
      preserveScroll: true,
      onSuccess: () => form.reset(),
      onError: () => document.getElementById(id)?.focus(),
    })
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-2">
      <div className="min-w-48 flex-1">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          New {WORDS[kind].one}
        </label>
        <input
          value={form.data.name}
          onChange={(event) => {
            form.setData('name', event.target.value)
            form.clearErrors('name')
          }}
          autoComplete="off"
          {...fieldProps(id, error)}
          className={cn(inputClass(error), 'mt-1')}
        />
        <FieldError id={id} message={error} />
      </div>
      <Button type="submit" variant="secondary" className="mt-6" disabled={form.processing}>
        Add {WORDS[kind].one}
      </Button>
    </form>
  )
}

function TaxonomyList({ kind, items }: { kind: Kind; items: Item[] }) {
  const words = WORDS[kind]
  const [renaming, setRenaming] = useState<number | null>(null)
  const [deleting, setDeleting] = useState<Item | null>(null)
  const [working, setWorking] = useState(false)

  // The item whose Rename button takes the focus back when it is rendered again.
  const refocus = useRef<number | null>(null)
  const stopRenaming = (itemId: number) => {
    refocus.current = itemId
    setRenaming(null)
  }

  return (
    <Card>
      <section aria-labelledby={`${kind}-heading`} className="space-y-4">
        <div>
          {/* Focusable from script: it takes the focus after a delete (the row is gone). */}
          <h2
            id={`${kind}-heading`}
            tabIndex={-1}
            className="text-lg font-semibold text-slate-900 focus:outline-none"
          >
            {words.title} <span className="font-normal text-slate-600">({items.length})</span>
          </h2>
          <p className="mt-1 text-sm text-slate-600">{words.description}</p>
        </div>
        <AddForm kind={kind} />
        <p id={`${kind}-in-use`} className="text-xs text-slate-600">
          A {words.one} in use cannot be deleted: move its reports to another {words.one} first
          {kind === 'tags' ? ' (or remove the tag from them)' : ''}.
        </p>
        {items.length === 0 ? (
          <p className="text-sm text-slate-600">No {words.one} yet.</p>
        ) : (
          <ul
            aria-label={words.title}
            className="divide-y divide-slate-100 rounded-md border border-slate-200"
          >
            {items.map((item) => {
              const inUse = item.reports > 0
              return (
                <li key={item.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
                  {renaming === item.id ? (
                    <RenameForm
                      id={`rename-${kind}-${item.id}`}
                      name={item.name}
                      url={`${BASE}/${kind}/${item.id}`}
                      problem={(name) => nameProblem(name, words.one)}
                      onDone={() => stopRenaming(item.id)}
                    />
                  ) : (
                    <>
                      <div className="min-w-0 flex-1">
                        <p className="font-medium break-words text-slate-900">{item.name}</p>
                        <p id={`${kind}-${item.id}-count`} className="text-xs text-slate-600">
                          {plural(item.reports, 'report')}
                          {inUse ? ', in use' : ''}
                        </p>
                      </div>
                      <button
                        type="button"
                        ref={(element) => {
                          if (element && refocus.current === item.id) {
                            refocus.current = null
                            element.focus()
                          }
                        }}
                        onClick={() => setRenaming(item.id)}
                        aria-label={`Rename ${item.name}`}
                        className={rowAction}
                      >
                        Rename
                      </button>
                      <button
                        type="button"
                        onClick={() => setDeleting(item)}
                        disabled={inUse}
                        aria-label={`Delete ${item.name}`}
                        aria-describedby={`${kind}-${item.id}-count ${kind}-in-use`}
                        title={
                          inUse
                            ? `Used by ${plural(item.reports, 'report')}: move them to another ${words.one} first`
                            : undefined
                        }
                        className={cn(
                          rowAction,
                          'text-red-700 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent'
                        )}
                      >
                        Delete
                      </button>
                    </>
                  )}
                </li>
              )
            })}
          </ul>
        )}
      </section>
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !working) setDeleting(null)
        }}
        title={`Delete this ${words.one}?`}
        // Deleted, its row and Delete button are gone: the focus goes to the list's heading.
        fallbackFocus={() => document.getElementById(`${kind}-heading`)}
      >
        {deleting ? (
          <div className="space-y-4 text-sm text-slate-800">
            <p>
              <strong>{deleting.name}</strong> is deleted. No report uses it.
            </p>
            <div className="flex gap-2">
              <Button
                variant="danger"
                disabled={working}
                onClick={() =>
                  router.post(
                    `${BASE}/${kind}/${deleting.id}/destroy`,
                    {},
                    {
                      preserveScroll: true,
                      onStart: () => setWorking(true),
                      onFinish: () => setWorking(false),
                      onSuccess: () => setDeleting(null),
                    }
                  )
                }
              >
                Delete {words.one}
              </Button>
              <Button variant="ghost" onClick={() => setDeleting(null)} disabled={working}>
                Cancel
              </Button>
            </div>
          </div>
        ) : null}
      </Dialog>
    </Card>
  )
}

export default function InsightsReportsTaxonomy({ categories, tags }: AdminTaxonomyProps) {
  return (
    <AdminShell title="Categories and tags">
      <PageHeading
        title="Insights Reports: categories and tags"
        description="The categories and tags reports are filed under. Renaming one renames it on every report; one in use cannot be deleted."
      />
      <InsightsAdminNav current="taxonomy" />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <TaxonomyList kind="categories" items={categories} />
        <TaxonomyList kind="tags" items={tags} />
      </div>
    </AdminShell>
  )
}
