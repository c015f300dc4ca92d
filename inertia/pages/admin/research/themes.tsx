import { router, useForm, usePage } from '@inertiajs/react'
import { useMemo, useState, type FormEvent, type ReactNode } from 'react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Dialog } from '~/components/ui/dialog'
import { RenameForm, textInputClass } from '~/components/ui/rename_form'
import { cn } from '~/lib/cn'
import { setAddressParams } from '~/lib/address'
import { BASE as AREA, ResearchAdminNav } from '~/components/admin_research/nav'
import {
  filterThemes,
  groupAndInside,
  NO_THEME_FILTER,
  themeFilterOf,
  themeFilterParams,
  THEME_NAME_MAX,
  themeNameProblem,
  type ThemeFilter,
  type ThemeAdminGroup,
  type ThemeAdminProps,
  type ThemeAdminTheme,
} from '@shared/research_themes_admin'
import { errorId, FieldError } from '~/components/ui/field'

const BASE = `${AREA}/themes`
const rowAction =
  'rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent'
const selectClass = (error?: string) => cn(textInputClass(error), 'mt-1')
const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`

/** A labelled field of one of the page's forms, with the server's refusal under it. */
function FormField({
  id,
  label,
  error,
  children,
}: {
  id: string
  label: string
  error?: string
  children: ReactNode
}) {
  return (
    <div className="min-w-48 flex-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      <FieldError id={id} message={error} />
    </div>
  )
}

/** A control's tie to its message (its id is set on the element itself). */
const described = (id: string, error?: string) => ({
  'aria-invalid': error ? (true as const) : undefined,
  'aria-describedby': error ? errorId(id) : undefined,
})

/** The name field of the add forms. */
function NameField({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string
  label: string
  value: string
  error?: string
  onChange: (name: string) => void
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <input
        id={id}
        value={value}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
        className={selectClass(error)}
        {...described(id, error)}
      />
    </FormField>
  )
}

/** Options of the groups, indented by depth (the tree's order). */
function GroupOptions({ groups }: { groups: ThemeAdminGroup[] }) {
  return groups.map((group) => (
    <option key={group.id} value={group.id}>
      {`${'\u00a0\u00a0'.repeat(group.depth)}${group.name}`}
    </option>
  ))
}

/** A labelled choice of a group, in the tree's order, with the server's refusal under it. */
function GroupSelect({
  id,
  label,
  groups,
  value,
  error,
  first,
  onChange,
}: {
  id: string
  label: string
  groups: ThemeAdminGroup[]
  value: string
  error?: string
  /** A first option with no group ("Top level", "Every group"). */
  first?: string
  onChange: (value: string) => void
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={selectClass(error)}
        {...described(id, error)}
      >
        {first ? <option value="">{first}</option> : null}
        <GroupOptions groups={groups} />
      </select>
    </FormField>
  )
}

function AddGroupForm({ groups }: { groups: ThemeAdminGroup[] }) {
  const form = useForm({ name: '', parent_id: '' })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const name = form.data.name.trim()
    const problem = themeNameProblem(name, 'group')
    if (problem) return form.setError('name', problem)
    form.transform((data) => ({
      name,
      parent_id: data.parent_id ? Number(data.parent_id) : null,
    }))
    form.post(`${BASE}/groups`, { preserveScroll: true, onSuccess: () => form.reset() })
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-2">
      <NameField
        id="new-group-name"
        label="New group"
        value={form.data.name}
        error={form.errors.name}
        onChange={(name) => {
          form.setData('name', name)
          form.clearErrors('name')
        }}
      />
      <GroupSelect
        id="new-group-parent"
        label="Inside"
        groups={groups}
        value={form.data.parent_id}
        error={form.errors.parent_id}
        first="Top level"
        onChange={(value) => form.setData('parent_id', value)}
      />
      <Button type="submit" variant="secondary" className="mt-6" disabled={form.processing}>
        Add group
      </Button>
    </form>
  )
}

function MoveGroupDialog({
  group,
  groups,
  onClose,
}: {
  group: ThemeAdminGroup | null
  groups: ThemeAdminGroup[]
  onClose: () => void
}) {
  const form = useForm({ parent_id: '' })
  const inside = useMemo(
    () => (group ? groupAndInside(groups, group.id) : new Set()),
    [group, groups]
  )
  return (
    <Dialog
      open={group !== null}
      onOpenChange={(open) => {
        if (!open && !form.processing) {
          form.reset()
          form.clearErrors()
          onClose()
        }
      }}
      title={group ? `Move ${group.name}` : 'Move group'}
      description="The group moves with its own groups and themes, last among its new neighbours."
      fallbackFocus={() => document.getElementById('groups-heading')}
    >
      {group ? (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault()
            form.transform((data) => ({
              parent_id: data.parent_id ? Number(data.parent_id) : null,
            }))
            form.post(`${BASE}/groups/${group.id}/move`, {
              preserveScroll: true,
              onSuccess: () => {
                form.reset()
                onClose()
              },
            })
          }}
        >
          <FormField id="move-group-parent" label="Move into" error={form.errors.parent_id}>
            <select
              id="move-group-parent"
              value={form.data.parent_id}
              onChange={(event) => {
                form.setData('parent_id', event.target.value)
                form.clearErrors('parent_id')
              }}
              className={selectClass(form.errors.parent_id)}
              {...described('move-group-parent', form.errors.parent_id)}
            >
              <option value="">Top level</option>
              {groups.map((option) => (
                <option key={option.id} value={option.id} disabled={inside.has(option.id)}>
                  {`${'\u00a0\u00a0'.repeat(option.depth)}${option.name}`}
                  {inside.has(option.id) ? ' (this group or inside it)' : ''}
                </option>
              ))}
            </select>
          </FormField>
          <div className="flex gap-2">
            <Button type="submit" disabled={form.processing}>
              Move group
            </Button>
            <Button variant="ghost" onClick={onClose} disabled={form.processing}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
    </Dialog>
  )
}

function GroupTree({ groups }: { groups: ThemeAdminGroup[] }) {
  const [renaming, setRenaming] = useState<number | null>(null)
  const [moving, setMoving] = useState<ThemeAdminGroup | null>(null)
  const reorder = (group: ThemeAdminGroup, direction: 'up' | 'down') =>
    router.post(`${BASE}/groups/${group.id}/reorder`, { direction }, { preserveScroll: true })
  return (
    <Card>
      <section aria-labelledby="groups-heading" className="space-y-4">
        <div>
          <h2
            id="groups-heading"
            tabIndex={-1}
            className="text-lg font-semibold text-slate-900 focus:outline-none"
          >
            Theme groups <span className="font-normal text-slate-600">({groups.length})</span>
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Clients browse themes in this tree, in this order. A group’s name is unique among the
            groups beside it.
          </p>
        </div>
        <AddGroupForm groups={groups} />
        {groups.length === 0 ? (
          <p className="text-sm text-slate-600">No group yet: add the first one above.</p>
        ) : (
          <ul
            aria-label="Theme groups"
            className="divide-y divide-slate-100 rounded-md border border-slate-200"
          >
            {groups.map((group) => (
              <li
                key={group.id}
                className="flex flex-wrap items-center gap-x-2 gap-y-1 py-2 pr-3"
                style={{ paddingLeft: `${0.75 + group.depth * 1.5}rem` }}
              >
                {renaming === group.id ? (
                  <RenameForm
                    id={`rename-group-${group.id}`}
                    name={group.name}
                    url={`${BASE}/groups/${group.id}`}
                    problem={(name) => themeNameProblem(name, 'group')}
                    onDone={() => setRenaming(null)}
                  />
                ) : (
                  <>
                    <p className="min-w-0 flex-1 font-medium break-words text-slate-900">
                      {group.depth > 0 ? <span className="sr-only">{group.path}: </span> : null}
                      <span aria-hidden={group.depth > 0 ? true : undefined}>{group.name}</span>
                    </p>
                    <button
                      type="button"
                      className={rowAction}
                      aria-label={`Move ${group.name} up`}
                      disabled={group.position === 1}
                      onClick={() => reorder(group, 'up')}
                    >
                      Up
                    </button>
                    <button
                      type="button"
                      className={rowAction}
                      aria-label={`Move ${group.name} down`}
                      disabled={group.position === group.siblingCount}
                      onClick={() => reorder(group, 'down')}
                    >
                      Down
                    </button>
                    <button
                      type="button"
                      className={rowAction}
                      aria-label={`Move ${group.name} into another group`}
                      onClick={() => setMoving(group)}
                    >
                      Move…
                    </button>
                    <button
                      type="button"
                      className={rowAction}
                      aria-label={`Rename ${group.name}`}
                      onClick={() => setRenaming(group.id)}
                    >
                      Rename
                    </button>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <MoveGroupDialog group={moving} groups={groups} onClose={() => setMoving(null)} />
    </Card>
  )
}

function AddThemeForm({ groups }: { groups: ThemeAdminGroup[] }) {
  const form = useForm({ name: '', group_id: groups[0] ? String(groups[0].id) : '' })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const name = form.data.name.trim()
    const problem = themeNameProblem(name, 'theme')
    if (problem) return form.setError('name', problem)
    if (!form.data.group_id) return form.setError('group_id', 'Choose a group from the list.')
    form.transform((data) => ({ name, group_id: Number(data.group_id) }))
    form.post(BASE, { preserveScroll: true, onSuccess: () => form.setData('name', '') })
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-2">
      <NameField
        id="new-theme-name"
        label="New theme"
        value={form.data.name}
        error={form.errors.name}
        onChange={(name) => {
          form.setData('name', name)
          form.clearErrors('name')
        }}
      />
      <GroupSelect
        id="new-theme-group"
        label="In group"
        groups={groups}
        value={form.data.group_id}
        error={form.errors.group_id}
        onChange={(value) => form.setData('group_id', value)}
      />
      <Button
        type="submit"
        variant="secondary"
        className="mt-6"
        disabled={form.processing || groups.length === 0}
      >
        Add theme
      </Button>
    </form>
  )
}

function SynonymForm({ theme }: { theme: ThemeAdminTheme }) {
  const form = useForm({ synonym: '' })
  const id = `synonym-${theme.id}`
  return (
    <form
      noValidate
      className="flex flex-wrap items-start gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        const synonym = form.data.synonym.trim()
        const problem = themeNameProblem(synonym, 'synonym')
        if (problem) return form.setError('synonym', problem)
        form.transform(() => ({ synonym }))
        form.post(`${BASE}/${theme.id}/synonyms`, {
          preserveScroll: true,
          onSuccess: () => form.reset(),
        })
      }}
    >
      <div className="min-w-40 flex-1">
        <label htmlFor={id} className="sr-only">
          New synonym of {theme.name}
        </label>
        <input
          id={id}
          value={form.data.synonym}
          placeholder="Add a synonym"
          autoComplete="off"
          onChange={(event) => {
            form.setData('synonym', event.target.value)
            form.clearErrors('synonym')
          }}
          className={textInputClass(form.errors.synonym)}
          {...described(id, form.errors.synonym)}
        />
        <FieldError id={id} message={form.errors.synonym} />
      </div>
      <Button type="submit" variant="secondary" disabled={form.processing}>
        Add
      </Button>
    </form>
  )
}

function MergeDialog({
  theme,
  themes,
  onClose,
}: {
  theme: ThemeAdminTheme | null
  themes: ThemeAdminTheme[]
  onClose: () => void
}) {
  const form = useForm({ into_id: '' })
  const close = () => {
    if (form.processing) return
    form.reset()
    form.clearErrors()
    onClose()
  }
  return (
    <Dialog
      open={theme !== null}
      onOpenChange={(open) => (open ? null : close())}
      title={theme ? `Merge ${theme.name} into another theme` : 'Merge'}
      fallbackFocus={() => document.getElementById('themes-heading')}
    >
      {theme ? (
        <form
          noValidate
          className="space-y-4 text-sm text-slate-800"
          onSubmit={(event) => {
            event.preventDefault()
            if (!form.data.into_id) return form.setError('into_id', 'Choose a theme from the list.')
            form.transform((data) => ({ into_id: Number(data.into_id) }))
            form.post(`${BASE}/${theme.id}/merge`, {
              preserveScroll: true,
              onSuccess: () => {
                form.reset()
                onClose()
              },
            })
          }}
        >
          <p>
            <strong>{theme.name}</strong>’s {plural(theme.documentCount, 'document')},{' '}
            {plural(theme.starCount, 'star')}, trending history and synonyms move to the theme you
            choose, all at once. A document or a user with both keeps one (primary if either was).{' '}
            {theme.name} is then removed, and its name becomes a synonym of the theme kept, so a
            search for it still finds the documents. This cannot be undone.
          </p>
          <FormField id="merge-into" label="Keep theme" error={form.errors.into_id}>
            <select
              id="merge-into"
              value={form.data.into_id}
              onChange={(event) => {
                form.setData('into_id', event.target.value)
                form.clearErrors('into_id')
              }}
              className={selectClass(form.errors.into_id)}
              {...described('merge-into', form.errors.into_id)}
            >
              <option value="">Choose a theme…</option>
              {themes
                .filter((other) => other.id !== theme.id && other.status === 'active')
                .map((other) => (
                  <option key={other.id} value={other.id}>
                    {other.name}
                  </option>
                ))}
            </select>
          </FormField>
          <div className="flex gap-2">
            <Button type="submit" variant="danger" disabled={form.processing}>
              Merge themes
            </Button>
            <Button variant="ghost" onClick={close} disabled={form.processing}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
    </Dialog>
  )
}

function RetireDialog({ theme, onClose }: { theme: ThemeAdminTheme | null; onClose: () => void }) {
  const [working, setWorking] = useState(false)
  return (
    <Dialog
      open={theme !== null}
      onOpenChange={(open) => (!open && !working ? onClose() : null)}
      title={theme ? `Retire ${theme.name}?` : 'Retire'}
      fallbackFocus={() => document.getElementById('themes-heading')}
    >
      {theme ? (
        <div className="space-y-4 text-sm text-slate-800">
          <p>
            Clients no longer see <strong>{theme.name}</strong> in the theme lists, My themes and
            the filters, and it is no longer offered when documents are tagged. Its{' '}
            {plural(theme.documentCount, 'document')} keep it, its trending history stays, and it
            can be restored at any time.
          </p>
          <div className="flex gap-2">
            <Button
              variant="danger"
              disabled={working}
              onClick={() =>
                router.post(
                  `${BASE}/${theme.id}/retire`,
                  {},
                  {
                    preserveScroll: true,
                    onStart: () => setWorking(true),
                    onFinish: () => setWorking(false),
                    onSuccess: onClose,
                  }
                )
              }
            >
              Retire theme
            </Button>
            <Button variant="ghost" onClick={onClose} disabled={working}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  )
}

function ThemeRow({
  theme,
  onMerge,
  onRetire,
}: {
  theme: ThemeAdminTheme
  onMerge: () => void
  onRetire: () => void
}) {
  const [renaming, setRenaming] = useState(false)
  const retired = theme.status === 'retired'
  return (
    <li className="space-y-2 px-3 py-3">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {renaming ? (
          <RenameForm
            id={`rename-theme-${theme.id}`}
            name={theme.name}
            url={`${BASE}/${theme.id}`}
            problem={(name) => themeNameProblem(name, 'theme')}
            onDone={() => setRenaming(false)}
          />
        ) : (
          <>
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words text-slate-900">
                {theme.name}
                {retired ? (
                  <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                    Retired
                  </span>
                ) : null}
              </p>
              <p className="text-xs text-slate-600">
                {plural(theme.documentCount, 'document')}, {plural(theme.starCount, 'star')}
              </p>
            </div>
            <button
              type="button"
              className={rowAction}
              aria-label={`Rename ${theme.name}`}
              onClick={() => setRenaming(true)}
            >
              Rename
            </button>
            <button
              type="button"
              className={rowAction}
              aria-label={`Merge ${theme.name} into another theme`}
              onClick={onMerge}
            >
              Merge…
            </button>
            {retired ? (
              <button
                type="button"
                className={rowAction}
                aria-label={`Restore ${theme.name}`}
                onClick={() =>
                  router.post(`${BASE}/${theme.id}/restore`, {}, { preserveScroll: true })
                }
              >
                Restore
              </button>
            ) : (
              <button
                type="button"
                className={cn(rowAction, 'text-red-700')}
                aria-label={`Retire ${theme.name}`}
                onClick={onRetire}
              >
                Retire…
              </button>
            )}
          </>
        )}
      </div>
      <div className="flex flex-wrap items-start gap-2">
        <ul aria-label={`Synonyms of ${theme.name}`} className="flex flex-wrap gap-1">
          {theme.synonyms.map((synonym) => (
            <li
              key={synonym.id}
              className="flex items-center gap-1 rounded-full bg-teal-50 py-0.5 pr-1 pl-2 text-xs text-teal-900"
            >
              {synonym.name}
              <button
                type="button"
                aria-label={`Remove the synonym ${synonym.name} of ${theme.name}`}
                className="rounded-full px-1 hover:bg-teal-100"
                onClick={() =>
                  router.post(
                    `${BASE}/${theme.id}/synonyms/${synonym.id}/destroy`,
                    {},
                    { preserveScroll: true }
                  )
                }
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <SynonymForm theme={theme} />
      </div>
    </li>
  )
}

/**
 * The theme list's filter bar. The address holds the filters, so that they stay after an action
 * on a theme (the page comes back to the same address) and can be shared.
 */
function ThemeFilters({
  groups,
  filter,
  onChange,
}: {
  groups: ThemeAdminGroup[]
  filter: ThemeFilter
  onChange: (filter: ThemeFilter) => void
}) {
  return (
    <div role="search" aria-label="Filter the themes" className="flex flex-wrap items-start gap-3">
      <div className="min-w-48 flex-[2]">
        <label htmlFor="theme-filter-q" className="block text-sm font-medium text-slate-700">
          Find a theme or synonym
        </label>
        <input
          id="theme-filter-q"
          type="search"
          value={filter.q}
          maxLength={THEME_NAME_MAX}
          autoComplete="off"
          onChange={(event) => onChange({ ...filter, q: event.target.value })}
          className={selectClass()}
        />
      </div>
      <GroupSelect
        id="theme-filter-group"
        label="Group"
        groups={groups}
        value={filter.group === null ? '' : String(filter.group)}
        first="Every group"
        onChange={(value) => onChange({ ...filter, group: value ? Number(value) : null })}
      />
      <div className="min-w-36">
        <label htmlFor="theme-filter-status" className="block text-sm font-medium text-slate-700">
          Status
        </label>
        <select
          id="theme-filter-status"
          value={filter.status}
          onChange={(event) =>
            onChange({ ...filter, status: event.target.value as ThemeFilter['status'] })
          }
          className={selectClass()}
        >
          <option value="all">Active and retired</option>
          <option value="active">Active</option>
          <option value="retired">Retired</option>
        </select>
      </div>
    </div>
  )
}

function ThemeList({ groups, themes }: ThemeAdminProps) {
  const [merging, setMerging] = useState<ThemeAdminTheme | null>(null)
  const [retiring, setRetiring] = useState<ThemeAdminTheme | null>(null)
  const pageUrl = usePage().url
  const [filter, setFilter] = useState<ThemeFilter>(() => {
    const named = themeFilterOf(pageUrl.includes('?') ? pageUrl.slice(pageUrl.indexOf('?')) : '')
    // A group that is gone (or from another address) is no filter rather than an empty list.
    const known = groups.some((group) => group.id === named.group)
    return known ? named : { ...named, group: null }
  })
  const changeFilter = (next: ThemeFilter) => {
    setFilter(next)
    setAddressParams(themeFilterParams(next))
  }
  const shown = useMemo(() => filterThemes(themes, groups, filter), [themes, groups, filter])
  const byGroup = useMemo(() => {
    const map = new Map<number, ThemeAdminTheme[]>()
    for (const theme of shown) map.set(theme.groupId, [...(map.get(theme.groupId) ?? []), theme])
    return map
  }, [shown])
  const retired = themes.filter((theme) => theme.status === 'retired').length
  const filtering = shown.length !== themes.length
  return (
    <Card>
      <section aria-labelledby="themes-heading" className="space-y-4">
        <div>
          <h2
            id="themes-heading"
            tabIndex={-1}
            className="text-lg font-semibold text-slate-900 focus:outline-none"
          >
            Themes{' '}
            <span className="font-normal text-slate-600">
              ({themes.length}
              {retired ? `, ${retired} retired` : ''})
            </span>
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            A theme’s name is unique. Its synonyms are other names clients search by: a search for a
            synonym finds the theme’s documents. A retired theme is no longer offered to clients or
            for tagging; its documents keep it.
          </p>
        </div>
        <AddThemeForm groups={groups} />
        {themes.length > 0 ? (
          <>
            <ThemeFilters groups={groups} filter={filter} onChange={changeFilter} />
            <p role="status" className="text-sm text-slate-600">
              {filtering ? `Showing ${shown.length} of ${plural(themes.length, 'theme')}.` : ''}
            </p>
          </>
        ) : null}
        {groups
          .filter((group) => byGroup.has(group.id))
          .map((group) => (
            <section key={group.id} aria-labelledby={`themes-of-${group.id}`}>
              <h3 id={`themes-of-${group.id}`} className="text-sm font-semibold text-slate-800">
                {group.path}
              </h3>
              <ul
                aria-label={`Themes in ${group.path}`}
                className="mt-1 divide-y divide-slate-100 rounded-md border border-slate-200"
              >
                {byGroup.get(group.id)!.map((theme) => (
                  <ThemeRow
                    key={theme.id}
                    theme={theme}
                    onMerge={() => setMerging(theme)}
                    onRetire={() => setRetiring(theme)}
                  />
                ))}
              </ul>
            </section>
          ))}
        {themes.length === 0 ? <p className="text-sm text-slate-600">No theme yet.</p> : null}
        {themes.length > 0 && shown.length === 0 ? (
          <div className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-700">
            <p>No theme matches these filters.</p>
            <Button
              variant="secondary"
              className="mt-2"
              onClick={() => {
                changeFilter(NO_THEME_FILTER)
                // The button goes with the empty state: the search field takes the focus.
                document.getElementById('theme-filter-q')?.focus()
              }}
            >
              Clear the filters
            </Button>
          </div>
        ) : null}
      </section>
      <MergeDialog theme={merging} themes={themes} onClose={() => setMerging(null)} />
      <RetireDialog theme={retiring} onClose={() => setRetiring(null)} />
    </Card>
  )
}

export default function ThemeManagement({ groups, themes }: ThemeAdminProps) {
  return (
    <AdminShell title="Themes">
      <PageHeading
        title="Research discovery: themes"
        description="The groups and themes research documents are tagged with and clients browse, star and search by."
      />
      <ResearchAdminNav current="themes" />
      {/* Below the widest layout the themes come after the whole group tree. */}
      <p className="mb-4 text-sm xl:hidden">
        <a href="#themes-heading" className="font-medium text-blue-700 underline">
          Go to the themes and their filters
        </a>
      </p>
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <GroupTree groups={groups} />
        <ThemeList groups={groups} themes={themes} />
      </div>
    </AdminShell>
  )
}
