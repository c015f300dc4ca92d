import { useForm } from '@inertiajs/react'
import { useId, useRef, useState, type ReactNode } from 'react'
import { describedBy, errorId, Field, FieldError, fieldProps, hintId } from '~/components/ui/field'
import { cn } from '~/lib/cn'
import {
  REPORT_ACCESS_LABELS,
  REPORT_ACCESS_TYPES,
  REPORT_FILE_NAME_MAX,
  REPORT_MAX_TAGS,
  REPORT_SUMMARY_MAX,
  REPORT_TITLE_MAX,
  suggestFileName,
  type ReportAccessType,
  type ReportFormOptions,
  REPORT_AUTHOR_MAX,
} from '@shared/insights_reports'
import type { ModuleName } from '@shared/modules'
import { fileSizeText, plural } from '~/components/admin_insights_reports/format'

/*
 * The report's fields, shared by the upload wizard (one section a step) and the report's edit
 * form (every section but the file): the form state, the client-side checks of each section
 * and the fields themselves. Field names are the server's (file, title, summary, file_name,
 * author, category_id, access_type, access_module, team_ids[], tag_ids[]): its errors come back
 * under them and show at the same places.
 */

export interface ReportFormData {
  file: File | null
  title: string
  summary: string
  file_name: string
  author: string
  category_id: number | ''
  access_type: ReportAccessType
  access_module: ModuleName | ''
  team_ids: number[]
  tag_ids: number[]
}

export type ReportSection = 'file' | 'details' | 'category' | 'access' | 'tags'

/** The fields of each section, in their order on the page. */
export const SECTION_FIELDS: Record<ReportSection, (keyof ReportFormData)[]> = {
  file: ['file'],
  details: ['title', 'summary', 'file_name', 'author'],
  category: ['category_id'],
  access: ['access_type', 'access_module', 'team_ids'],
  tags: ['tag_ids'],
}

type Errors = Partial<Record<string, string>>

/** The server's limit on the author (not in the shared contract). */

/** The form field an error key names: "team_ids.2" → "team_ids". */
export const errorField = (key: string) => key.split('.')[0]

/** The section a server error belongs to, or null when it names no field of the form. */
export function sectionOfError(key: string): ReportSection | null {
  const field = errorField(key)
  for (const [section, fields] of Object.entries(SECTION_FIELDS))
    if ((fields as string[]).includes(field)) return section as ReportSection
  return null
}

/** The client-side checks of one section (the server checks everything again). */
export function validateSection(
  section: ReportSection,
  data: ReportFormData,
  maxFileMb: number
): Errors {
  const errors: Errors = {}
  if (section === 'file') {
    const message = fileProblem(data.file, maxFileMb)
    if (message) errors.file = message
  }
  if (section === 'details') {
    const title = data.title.trim()
    if (!title) errors.title = 'Give the report a title.'
    else if (title.length < 3) errors.title = 'The title needs at least 3 characters.'
    else if (title.length > REPORT_TITLE_MAX)
      errors.title = `The title is ${title.length} characters long: at most ${REPORT_TITLE_MAX}.`
    if (data.summary.trim().length > REPORT_SUMMARY_MAX)
      errors.summary = `The summary is ${data.summary.trim().length} characters long: at most ${REPORT_SUMMARY_MAX}.`
    const fileName = data.file_name.trim()
    if (!fileName) errors.file_name = 'Give the file a name, ending in .pdf.'
    else if (!/\.pdf$/i.test(fileName)) errors.file_name = 'The file name must end in .pdf.'
    else if (/[\\/:*?"<>|\p{Cc}]/u.test(fileName))
      errors.file_name = 'The file name cannot contain \\ / : * ? " < > | or control characters.'
    else if (fileName.length > REPORT_FILE_NAME_MAX)
      errors.file_name = `The file name is ${fileName.length} characters long: at most ${REPORT_FILE_NAME_MAX}.`
    else if (fileName.length === 4) errors.file_name = 'Put a name before .pdf.'
  }
  if (section === 'details' && data.author.trim().length > REPORT_AUTHOR_MAX)
    errors.author = `The author is ${data.author.trim().length} characters long: at most ${REPORT_AUTHOR_MAX}.`
  if (section === 'category' && data.category_id === '') errors.category_id = 'Choose a category.'
  if (section === 'access') {
    if (data.access_type === 'product_holders' && !data.access_module)
      errors.access_module = 'Choose the product whose holders will see the report.'
    if (data.access_type === 'selected_teams' && data.team_ids.length === 0)
      errors.team_ids = 'Pick at least one team.'
  }
  if (section === 'tags' && data.tag_ids.length > REPORT_MAX_TAGS)
    errors.tag_ids = `At most ${REPORT_MAX_TAGS} tags: remove ${data.tag_ids.length - REPORT_MAX_TAGS}.`
  return errors
}

/** What is wrong with a chosen file, by its name and size (the server checks its content). */
export function fileProblem(file: File | null, maxFileMb: number) {
  if (!file) return 'Choose the report’s PDF file.'
  if (!/\.pdf$/i.test(file.name)) return `“${file.name}” is not a PDF: choose a .pdf file.`
  if (file.size === 0) return `“${file.name}” is empty.`
  if (file.size > maxFileMb * 1024 * 1024)
    return `“${file.name}” is ${fileSizeText(file.size)}: at most ${maxFileMb} MB.`
  return null
}

/** The data posted: the access fields only where the access type uses them, texts trimmed. */
export function payload(data: ReportFormData, withFile: boolean) {
  const { file, access_module: accessModule, team_ids: teamIds, ...rest } = data
  return {
    ...(withFile ? { file } : {}),
    ...rest,
    title: rest.title.trim(),
    summary: rest.summary.trim(),
    file_name: rest.file_name.trim(),
    author: rest.author.trim(),
    ...(data.access_type === 'product_holders' ? { access_module: accessModule } : {}),
    ...(data.access_type === 'selected_teams' ? { team_ids: teamIds } : {}),
  }
}

export const EMPTY_REPORT: ReportFormData = {
  file: null,
  title: '',
  summary: '',
  file_name: '',
  author: '',
  category_id: '',
  access_type: 'all_clients',
  access_module: '',
  team_ids: [],
  tag_ids: [],
}

/**
 * The form and what goes with it: the file name follows the title (suggestFileName) until the
 * administrator edits it; a field's error goes when the field changes.
 */
export function useReportForm(initial: ReportFormData) {
  const form = useForm<ReportFormData>(initial)
  // A new report's file name follows its title; a published one keeps its name until the
  // administrator changes it (or takes the suggestion).
  const [fileNameFollows, setFileNameFollows] = useState(() => !initial.file_name)
  const errors = form.errors as Errors

  const set = <K extends keyof ReportFormData>(field: K, value: ReportFormData[K]) => {
    form.setData((data) => ({ ...data, [field]: value }))
    clear(field)
  }
  const clear = (...fields: (keyof ReportFormData)[]) => {
    const keys = Object.keys(errors).filter((key) =>
      fields.includes(errorField(key) as keyof ReportFormData)
    )
    if (keys.length) form.clearErrors(...(keys as never[]))
  }

  return {
    form,
    errors,
    /** The first error of a field, its items' included ("team_ids.0"). */
    errorFor: (field: keyof ReportFormData) =>
      errors[field] ??
      Object.entries(errors).find(([key]) => errorField(key) === field && key !== field)?.[1],
    set,
    clear,
    fileNameFollows,
    setTitle: (title: string) => {
      form.setData((data) => ({
        ...data,
        title,
        file_name: fileNameFollows ? suggestFileName(title) : data.file_name,
      }))
      clear('title', ...(fileNameFollows ? (['file_name'] as const) : []))
    },
    setFileName: (fileName: string) => {
      setFileNameFollows(false)
      set('file_name', fileName)
    },
    followTitle: () => {
      setFileNameFollows(true)
      set('file_name', suggestFileName(form.data.title))
    },
    /** Checks the sections; shows and returns their errors (none: an empty object). */
    check: (sections: ReportSection[], maxFileMb: number) => {
      const found: Errors = {}
      for (const section of sections)
        Object.assign(found, validateSection(section, form.data, maxFileMb))
      clear(...sections.flatMap((section) => SECTION_FIELDS[section]))
      if (Object.keys(found).length) form.setError(found as never)
      return found
    },
  }
}

export type ReportFormState = ReturnType<typeof useReportForm>

/** The id of the control a field's error sends the focus to. */
export const fieldControlId = (field: string) => `report-${errorField(field).replaceAll('_', '-')}`

/** Moves the focus to the first field in error among these keys (in the sections' order). */
export function focusFirstError(keys: string[]) {
  const order = Object.values(SECTION_FIELDS).flat() as string[]
  const first = keys
    .map(errorField)
    .filter((field) => order.includes(field))
    .sort((a, b) => order.indexOf(a) - order.indexOf(b))[0]
  if (!first) return
  // A group (radios, checkboxes) is reached through its first enabled control.
  const target =
    document.getElementById(fieldControlId(first)) ??
    document.querySelector<HTMLElement>(`[data-field="${first}"]:not(:disabled)`)
  target?.focus()
}

// ── Fields ─────────────────────────────────────────────────────────────────────────────────

const labelClass = 'block text-sm font-medium text-slate-700'
const legendClass = 'text-sm font-medium text-slate-700'
const hintClass = 'text-xs text-slate-600'
const inputClass = (error?: string) =>
  cn(
    'block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:ring-2 focus:outline-none',
    error
      ? 'border-red-400 focus:ring-red-200'
      : 'border-slate-300 focus:border-teal-600 focus:ring-teal-100'
  )

/**
 * A PDF file input with the chosen file's name and size. Checked as it is chosen (extension,
 * size); `onChange` receives the file and what is wrong with it.
 */
export function PdfFileInput({
  id,
  label,
  file,
  error,
  maxFileMb,
  onChange,
}: {
  id: string
  label: string
  file: File | null
  error?: string
  maxFileMb: number
  onChange: (file: File | null, problem: string | null) => void
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <p id={hintId(id)} className={hintClass}>
        A PDF file (.pdf) of at most {maxFileMb} MB. Its content is checked when it is uploaded.
      </p>
      <input
        {...fieldProps(id, error, true, file && `${id}-chosen`)}
        type="file"
        data-field="file"
        accept="application/pdf,.pdf"
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null
          onChange(chosen, chosen ? fileProblem(chosen, maxFileMb) : null)
        }}
        className="block w-full max-w-lg text-sm text-slate-700 file:mr-4 file:rounded-md file:border-0 file:bg-teal-50 file:px-4 file:py-2 file:text-sm file:font-medium file:text-teal-900 hover:file:bg-teal-100"
      />
      {file ? (
        <p id={`${id}-chosen`} className="text-sm text-slate-800">
          Chosen: <span className="font-medium">{file.name}</span> ({fileSizeText(file.size)})
        </p>
      ) : null}
      <FieldError id={id} message={error} />
    </div>
  )
}

/** Title, summary, file name (suggested from the title) and author. */
export function ReportDetailsFields({ state }: { state: ReportFormState }) {
  const { form, errorFor } = state
  const summaryLength = form.data.summary.trim().length
  const suggestion = suggestFileName(form.data.title)
  const fileNameError = errorFor('file_name')
  return (
    <div className="space-y-5">
      <Field
        id="report-title"
        label="Title (required)"
        value={form.data.title}
        onChange={(event) => state.setTitle(event.target.value)}
        error={errorFor('title')}
        hint={`The title clients see, at most ${REPORT_TITLE_MAX} characters.`}
        autoComplete="off"
        data-field="title"
      />
      <div className="space-y-1">
        <label htmlFor="report-summary" className={labelClass}>
          Summary (optional)
        </label>
        <textarea
          {...fieldProps('report-summary', errorFor('summary'), false, 'report-summary-count')}
          data-field="summary"
          rows={4}
          value={form.data.summary}
          onChange={(event) => state.set('summary', event.target.value)}
          className={inputClass(errorFor('summary'))}
        />
        <p
          id="report-summary-count"
          className={cn(hintClass, summaryLength > REPORT_SUMMARY_MAX && 'text-red-700')}
        >
          {summaryLength} of {REPORT_SUMMARY_MAX} characters. Shown under the title in the list.
        </p>
        <FieldError id="report-summary" message={errorFor('summary')} />
      </div>
      <div className="space-y-1">
        <label htmlFor="report-file-name" className={labelClass}>
          File name (required)
        </label>
        <input
          {...fieldProps('report-file-name', fileNameError, true)}
          data-field="file_name"
          value={form.data.file_name}
          onChange={(event) => state.setFileName(event.target.value)}
          maxLength={REPORT_FILE_NAME_MAX + 20}
          autoComplete="off"
          spellCheck={false}
          className={cn(inputClass(fileNameError), 'font-mono')}
        />
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p id={hintId('report-file-name')} className={hintClass}>
            The name clients download the PDF under; it ends in .pdf.
            {state.fileNameFollows ? ' Suggested from the title until you edit it.' : ''}
          </p>
          {!state.fileNameFollows && form.data.file_name !== suggestion ? (
            <button
              type="button"
              onClick={state.followTitle}
              // A long suggestion (a title without spaces) wraps: never the page pushed sideways.
              className="text-left text-xs font-medium [overflow-wrap:anywhere] text-teal-800 underline hover:text-teal-950"
            >
              Use the suggestion ({suggestion})
            </button>
          ) : null}
        </div>
        <FieldError id="report-file-name" message={fileNameError} />
      </div>
      <Field
        id="report-author"
        label="Author (optional)"
        value={form.data.author}
        onChange={(event) => state.set('author', event.target.value)}
        error={errorFor('author')}
        hint="The analyst or team who wrote the study."
        autoComplete="off"
        data-field="author"
      />
    </div>
  )
}

/** A fieldset with its legend, hint and error; the controls inside are described by them. */
function Group({
  id,
  legend,
  hint,
  error,
  children,
}: {
  id: string
  legend: string
  hint?: ReactNode
  error?: string
  children: ReactNode
}) {
  return (
    <fieldset {...fieldProps(id, error, Boolean(hint))} className="space-y-2">
      <legend className={legendClass}>{legend}</legend>
      {hint ? (
        <p id={hintId(id)} className={hintClass}>
          {hint}
        </p>
      ) : null}
      {children}
      <FieldError id={id} message={error} />
    </fieldset>
  )
}

const choiceClass =
  'flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-800 hover:border-teal-400 has-[:checked]:border-teal-600 has-[:checked]:bg-teal-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-600'

/** One category, required: a radio list. */
export function ReportCategoryField({
  state,
  categories,
}: {
  state: ReportFormState
  categories: ReportFormOptions['categories']
}) {
  const error = state.errorFor('category_id')
  if (categories.length === 0)
    return (
      <p className="text-sm text-slate-700">
        There is no category yet: add one under Categories and tags first.
      </p>
    )
  return (
    <Group id="report-category" legend="Category (required, one)" error={error}>
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {categories.map((category) => (
          <label key={category.id} className={choiceClass}>
            <input
              type="radio"
              name="category_id"
              data-field="category_id"
              value={category.id}
              checked={state.form.data.category_id === category.id}
              onChange={() => state.set('category_id', category.id)}
              aria-describedby={error ? errorId('report-category') : undefined}
              className="mt-0.5 accent-teal-700"
            />
            <span>{category.name}</span>
          </label>
        ))}
      </div>
    </Group>
  )
}

const ACCESS_HINTS: Record<ReportAccessType, string> = {
  all_clients: 'Every client team that holds Insights Reports.',
  product_holders: 'Only the teams holding a given product (and Insights Reports).',
  selected_teams:
    'Only the teams you pick. Clients see it marked private; other teams never see it.',
}

/** The access type, and the product or the teams it needs. */
export function ReportAccessFields({
  state,
  products,
  teams,
}: {
  state: ReportFormState
  products: ReportFormOptions['products']
  teams: ReportFormOptions['teams']
}) {
  const { form } = state
  const moduleError = state.errorFor('access_module')
  const typeError = state.errorFor('access_type')
  return (
    <div className="space-y-5">
      <Group id="report-access" legend="Who can see the report" error={typeError}>
        <div className="grid gap-2 lg:grid-cols-3">
          {REPORT_ACCESS_TYPES.map((type) => (
            <label key={type} className={choiceClass}>
              <input
                type="radio"
                name="access_type"
                data-field="access_type"
                value={type}
                checked={form.data.access_type === type}
                onChange={() => {
                  state.set('access_type', type)
                  state.clear('access_module', 'team_ids')
                }}
                aria-describedby={describedBy(
                  `report-access-${type}-hint`,
                  typeError && errorId('report-access')
                )}
                className="mt-0.5 accent-teal-700"
              />
              <span>
                <span className="block font-medium text-slate-900">
                  {REPORT_ACCESS_LABELS[type]}
                </span>
                <span id={`report-access-${type}-hint`} className="block text-xs text-slate-600">
                  {ACCESS_HINTS[type]}
                </span>
              </span>
            </label>
          ))}
        </div>
      </Group>
      {form.data.access_type === 'product_holders' ? (
        <div className="max-w-md space-y-1">
          <label htmlFor="report-access-module" className={labelClass}>
            Product (required)
          </label>
          <select
            {...fieldProps('report-access-module', moduleError)}
            data-field="access_module"
            value={form.data.access_module}
            onChange={(event) =>
              state.set('access_module', event.target.value as ReportFormData['access_module'])
            }
            className={inputClass(moduleError)}
          >
            <option value="">Choose a product…</option>
            {products.map((product) => (
              <option key={product.module} value={product.module}>
                {product.title}
              </option>
            ))}
          </select>
          <FieldError id="report-access-module" message={moduleError} />
        </div>
      ) : null}
      {form.data.access_type === 'selected_teams' ? (
        <TeamPicker state={state} teams={teams} />
      ) : null}
    </div>
  )
}

/** The teams of a private report: a searchable checkbox list. */
function TeamPicker({
  state,
  teams,
}: {
  state: ReportFormState
  teams: ReportFormOptions['teams']
}) {
  const id = useId()
  const [query, setQuery] = useState('')
  const searchInput = useRef<HTMLInputElement>(null)
  const selected = state.form.data.team_ids
  const error = state.errorFor('team_ids')
  const needle = query.trim().toLowerCase()
  const shown = needle ? teams.filter((team) => team.name.toLowerCase().includes(needle)) : teams
  const chosen = teams.filter((team) => selected.includes(team.id))
  const blind = chosen.filter((team) => !team.hasModule)
  const toggle = (teamId: number, on: boolean) =>
    state.set(
      'team_ids',
      on
        ? [...selected.filter((entry) => entry !== teamId), teamId]
        : selected.filter((entry) => entry !== teamId)
    )
  return (
    <Group
      id="report-teams"
      legend="Teams (pick at least one)"
      hint="Teams that do not hold Insights Reports are listed too, but their users will not see the report."
      error={error}
    >
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-full max-w-sm space-y-1">
          <label htmlFor={`${id}-search`} className="block text-xs font-medium text-slate-700">
            Find a team
          </label>
          <input
            ref={searchInput}
            id={`${id}-search`}
            type="search"
            value={query}
            autoComplete="off"
            onChange={(event) => setQuery(event.target.value)}
            // Enter filters; it does not submit the form around (the wizard's Next).
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.preventDefault()
            }}
            aria-describedby={`${id}-status`}
            className={inputClass()}
          />
        </div>
        <p id={`${id}-status`} className="pb-2 text-sm text-slate-700" aria-live="polite">
          {plural(selected.length, 'team')} selected
          {needle ? ` · ${plural(shown.length, 'team')} match “${query.trim()}”` : ''}
        </p>
        {selected.length ? (
          <button
            type="button"
            onClick={() => {
              state.set('team_ids', [])
              // The button goes with the selection: the focus goes to the search.
              searchInput.current?.focus()
            }}
            className="pb-2 text-sm font-medium text-teal-800 underline hover:text-teal-950"
          >
            Clear the selection
          </button>
        ) : null}
      </div>
      {chosen.length ? (
        <ul aria-label="Selected teams" className="flex flex-wrap gap-1.5">
          {chosen.map((team) => (
            <li
              key={team.id}
              className="inline-flex items-center gap-1 rounded-full bg-teal-50 py-0.5 pr-1 pl-3 text-sm text-teal-900 ring-1 ring-teal-600/30 ring-inset"
            >
              {team.name}
              <button
                type="button"
                onClick={() => {
                  toggle(team.id, false)
                  // The button goes with its chip: the focus goes to the search.
                  searchInput.current?.focus()
                }}
                aria-label={`Remove ${team.name}`}
                className="rounded-full px-1.5 text-teal-800 hover:bg-teal-100"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {shown.length === 0 ? (
        <p className="text-sm text-slate-600">No team matches.</p>
      ) : (
        <ul className="grid max-h-80 gap-1 overflow-y-auto rounded-md border border-slate-200 bg-white p-2 sm:grid-cols-2">
          {shown.map((team) => (
            <li key={team.id}>
              <label className="flex cursor-pointer items-start gap-2 rounded px-2 py-1.5 text-sm hover:bg-slate-50 has-[:checked]:bg-teal-50">
                <input
                  type="checkbox"
                  data-field="team_ids"
                  checked={selected.includes(team.id)}
                  onChange={(event) => toggle(team.id, event.target.checked)}
                  aria-describedby={describedBy(
                    !team.hasModule && `${id}-blind-${team.id}`,
                    error && errorId('report-teams')
                  )}
                  className="mt-0.5 accent-teal-700"
                />
                <span>
                  <span className="text-slate-900">{team.name}</span>
                  {team.hasModule ? null : (
                    <span
                      id={`${id}-blind-${team.id}`}
                      className="mt-0.5 block text-xs font-medium text-amber-800"
                    >
                      Does not hold Insights Reports: will not see it
                    </span>
                  )}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {blind.length ? (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {blind.length === selected.length
            ? 'None of the selected teams holds Insights Reports: nobody will see the report until one of them gets the product.'
            : `${plural(blind.length, 'selected team does', 'selected teams do')} not hold Insights Reports (${blind.map((team) => team.name).join(', ')}): their users will not see the report.`}
        </p>
      ) : null}
    </Group>
  )
}

/** Up to REPORT_MAX_TAGS tags, as checkbox chips. */
export function ReportTagsField({
  state,
  tags,
}: {
  state: ReportFormState
  tags: ReportFormOptions['tags']
}) {
  const selected = state.form.data.tag_ids
  const full = selected.length >= REPORT_MAX_TAGS
  const error = state.errorFor('tag_ids')
  if (tags.length === 0)
    return (
      <p className="text-sm text-slate-700">
        There is no tag yet: a report can go without, or add some under Categories and tags.
      </p>
    )
  return (
    <Group
      id="report-tags"
      legend={`Tags (optional, at most ${REPORT_MAX_TAGS})`}
      hint={
        <span aria-live="polite">
          {selected.length} of {REPORT_MAX_TAGS} chosen.
          {full ? ' Remove one to choose another.' : ''}
        </span>
      }
      error={error}
    >
      <ul className="flex flex-wrap gap-2">
        {tags.map((tag) => {
          const checked = selected.includes(tag.id)
          return (
            <li key={tag.id}>
              <label
                className={cn(
                  'inline-flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-600',
                  checked
                    ? 'border-teal-600 bg-teal-50 text-teal-900'
                    : 'border-slate-300 bg-white text-slate-700 hover:border-teal-400',
                  !checked && full && 'cursor-not-allowed opacity-60'
                )}
              >
                <input
                  type="checkbox"
                  data-field="tag_ids"
                  checked={checked}
                  disabled={!checked && full}
                  onChange={(event) =>
                    state.set(
                      'tag_ids',
                      event.target.checked
                        ? [...selected, tag.id]
                        : selected.filter((entry) => entry !== tag.id)
                    )
                  }
                  className="accent-teal-700"
                />
                {tag.name}
              </label>
            </li>
          )
        })}
      </ul>
    </Group>
  )
}

/** The sections named, in order (the edit form shows them all; the wizard one a step). */
export function ReportFormFields({
  state,
  options,
  sections,
}: {
  state: ReportFormState
  options: ReportFormOptions
  sections: Exclude<ReportSection, 'file'>[]
}) {
  return (
    <div className="space-y-8">
      {sections.map((section) => (
        <div key={section}>
          {section === 'details' ? <ReportDetailsFields state={state} /> : null}
          {section === 'category' ? (
            <ReportCategoryField state={state} categories={options.categories} />
          ) : null}
          {section === 'access' ? (
            <ReportAccessFields state={state} products={options.products} teams={options.teams} />
          ) : null}
          {section === 'tags' ? <ReportTagsField state={state} tags={options.tags} /> : null}
        </div>
      ))}
    </div>
  )
}

/** Who will see the report, in words. */
export function audienceText(data: ReportFormData, options: ReportFormOptions) {
  if (data.access_type === 'all_clients') return 'All client teams that hold Insights Reports.'
  if (data.access_type === 'product_holders') {
    const product = options.products.find((entry) => entry.module === data.access_module)
    return product
      ? `Teams holding ${product.title} (and Insights Reports).`
      : 'Teams holding a product not chosen yet.'
  }
  const teams = options.teams.filter((team) => data.team_ids.includes(team.id))
  return teams.length
    ? `${plural(teams.length, 'selected team')} (private): ${teams.map((team) => team.name).join(', ')}.`
    : 'No team selected yet.'
}
