import { Link, router, useForm } from '@inertiajs/react'
import { useState, type FormEvent } from 'react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { FieldError, FormError, fieldProps } from '~/components/ui/field'
import { Badge, inputClass } from '~/components/admin/account_tabs'
import { ResearchAdminNav, BASE } from '~/components/admin_research/nav'
import { RequestStatusBadge } from '~/components/research/request_status'
import { cn } from '~/lib/cn'
import { REQUEST_STATUSES } from '@shared/research'
import {
  ANSWER_MAX,
  ANSWER_MIN,
  MAX_ANSWER_DOCUMENTS,
  STATUS_MESSAGE_MAX,
  type RequestAssignee,
  type RequestDetail,
  type RequestDocumentChoice,
} from '@shared/research_requests'
import { RadioChip } from '~/components/ui/radio_chip'

interface Props {
  request: RequestDetail
  assignees: RequestAssignee[]
  search: { q: string; results: RequestDocumentChoice[] }
}

const LIST = `${BASE}/requests`
const when = (value: string) => value.slice(0, 16).replace('T', ' ')

function Details({ request }: { request: RequestDetail }) {
  return (
    <Card>
      <h2 className="text-base font-semibold text-slate-900">The request</h2>
      <dl className="mt-3 grid gap-x-8 gap-y-2 text-sm [overflow-wrap:anywhere] sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">Team</dt>
        <dd className="text-slate-900">{request.team.name}</dd>
        <dt className="text-slate-600">Requested by</dt>
        <dd className="text-slate-900">
          {request.requester
            ? `${request.requester.name} (${request.requester.email})`
            : 'Former member'}
        </dd>
        <dt className="text-slate-600">Sent</dt>
        <dd className="text-slate-900">
          {when(request.createdAt)} ({request.ageDays} day{request.ageDays === 1 ? '' : 's'} ago)
        </dd>
        <dt className="text-slate-600">Needed by</dt>
        <dd className="flex items-center gap-2 text-slate-900">
          {request.neededBy}
          {request.overdue ? <Badge tone="red">Overdue</Badge> : null}
        </dd>
        <dt className="text-slate-600">Asset class · region</dt>
        <dd className="text-slate-900">
          {request.assetClass} · {request.region}
        </dd>
        <dt className="text-slate-600">Themes</dt>
        <dd className="text-slate-900">{request.themes.join(', ') || 'None'}</dd>
        <dt className="text-slate-600">Description</dt>
        <dd className="whitespace-pre-line text-slate-900">{request.description}</dd>
      </dl>
    </Card>
  )
}

function Assignment({
  request,
  assignees,
}: {
  request: RequestDetail
  assignees: RequestAssignee[]
}) {
  const form = useForm({ assigneeId: request.assignee ? String(request.assignee.id) : '' })
  const id = 'request-assignee'
  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.transform((data) => ({ assigneeId: data.assigneeId ? Number(data.assigneeId) : null }))
    form.post(`${LIST}/${request.id}/assign`, { preserveScroll: true })
  }
  return (
    <Card>
      <h2 className="text-base font-semibold text-slate-900">Assignment</h2>
      <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-3">
        <div className="min-w-64">
          <label htmlFor={id} className="block text-sm font-medium text-slate-700">
            Assigned to
          </label>
          <select
            {...fieldProps(id, form.errors.assigneeId)}
            className={cn(inputClass, 'mt-1')}
            value={form.data.assigneeId}
            onChange={(event) => form.setData('assigneeId', event.target.value)}
          >
            <option value="">Nobody</option>
            {assignees.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name} ({person.email})
              </option>
            ))}
          </select>
          <FieldError id={id} message={form.errors.assigneeId} />
        </div>
        <Button type="submit" variant="secondary" disabled={form.processing}>
          Save the assignment
        </Button>
      </form>
      <p className="mt-2 text-xs text-slate-600">
        Administrators who work on research discovery can be assigned.
      </p>
    </Card>
  )
}

function StatusChange({ request }: { request: RequestDetail }) {
  const choices = request.nextStatuses.filter((status) => status !== 'answered')
  const form = useForm({ status: choices[0] ?? 'in_progress', message: '' })
  if (choices.length === 0) return null
  const declining = form.data.status === 'declined'
  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.post(`${LIST}/${request.id}/status`, { preserveScroll: true })
  }
  return (
    <Card>
      <h2 className="text-base font-semibold text-slate-900">Status</h2>
      <form onSubmit={submit} className="mt-3 space-y-3">
        <fieldset {...fieldProps('request-status', form.errors.status)}>
          <legend className="text-sm font-medium text-slate-700">Move the request to</legend>
          <div className="mt-2 flex flex-wrap gap-3">
            {choices.map((status) => (
              <RadioChip
                key={status}
                name="status"
                value={status}
                checked={form.data.status === status}
                onChange={() => form.setData('status', status)}
              >
                {status === 'declined' ? 'Decline' : REQUEST_STATUSES[status]}
              </RadioChip>
            ))}
          </div>
          <FieldError id="request-status" message={form.errors.status} />
        </fieldset>
        <div>
          <label htmlFor="request-message" className="block text-sm font-medium text-slate-700">
            {declining ? 'Why the request is declined' : 'Note to the requester (optional)'}
          </label>
          <textarea
            {...fieldProps('request-message', form.errors.message, true)}
            className={cn(inputClass, 'mt-1 min-h-20')}
            maxLength={STATUS_MESSAGE_MAX}
            value={form.data.message}
            onChange={(event) => form.setData('message', event.target.value)}
          />
          <p id="request-message-hint" className="mt-1 text-xs text-slate-600">
            {declining
              ? 'Mailed to the requester and shown under My requests.'
              : 'Mailed to the requester with the news.'}
          </p>
          <FieldError id="request-message" message={form.errors.message} />
        </div>
        <Button type="submit" variant={declining ? 'danger' : 'primary'} disabled={form.processing}>
          {declining ? 'Decline the request' : 'Take it in progress'}
        </Button>
      </form>
    </Card>
  )
}

function AnswerForm({ request, search }: { request: RequestDetail; search: Props['search'] }) {
  const form = useForm({ answer: '', documentIds: [] as number[] })
  const [chosen, setChosen] = useState<RequestDocumentChoice[]>([])
  const [q, setQ] = useState(search.q)
  const errors = form.errors as Record<string, string | undefined>
  const documentError =
    errors.documentIds ??
    Object.entries(errors).find(([key]) => key.startsWith('documentIds.'))?.[1]
  const choose = (document: RequestDocumentChoice) => {
    if (chosen.some((entry) => entry.id === document.id)) return
    const next = [...chosen, document]
    setChosen(next)
    form.setData(
      'documentIds',
      next.map((entry) => entry.id)
    )
  }
  const drop = (documentId: number) => {
    const next = chosen.filter((entry) => entry.id !== documentId)
    setChosen(next)
    form.setData(
      'documentIds',
      next.map((entry) => entry.id)
    )
  }
  const find = (event: FormEvent) => {
    event.preventDefault()
    router.get(`${LIST}/${request.id}`, q.trim() ? { q: q.trim() } : {}, {
      preserveState: true,
      preserveScroll: true,
      only: ['search'],
    })
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.post(`${LIST}/${request.id}/answer`, { preserveScroll: true })
  }
  return (
    <Card>
      <h2 className="text-base font-semibold text-slate-900">Answer</h2>
      <p className="mt-1 text-sm text-slate-600">
        The requester reads the answer and the documents under My requests, and is mailed. Only
        documents {request.team.name} may read can be linked.
      </p>
      <form
        onSubmit={find}
        role="search"
        aria-label="Find documents to link"
        className="mt-4 flex flex-wrap items-end gap-3"
      >
        <div className="min-w-72 flex-1">
          <label htmlFor="document-search" className="block text-sm font-medium text-slate-700">
            Find documents {request.team.name} may read
          </label>
          <input
            id="document-search"
            type="search"
            className={cn(inputClass, 'mt-1')}
            maxLength={120}
            placeholder="Words of the title"
            value={q}
            onChange={(event) => setQ(event.target.value)}
          />
        </div>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      {search.q ? (
        search.results.length ? (
          <ul className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200">
            {search.results.map((document) => (
              <li
                key={document.id}
                className="flex items-center justify-between gap-3 px-3 py-2 text-sm"
              >
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  <span className="font-medium text-slate-900">{document.title}</span>
                  <span className="block text-xs text-slate-600">
                    {document.provider} · {document.publishedAt}
                  </span>
                </span>
                <Button
                  variant="secondary"
                  className="px-3 py-1"
                  disabled={
                    chosen.some((entry) => entry.id === document.id) ||
                    chosen.length >= MAX_ANSWER_DOCUMENTS
                  }
                  onClick={() => choose(document)}
                  aria-label={`Link ${document.title}`}
                >
                  Link
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-slate-600">
            No document {request.team.name} may read has “{search.q}” in its title.
          </p>
        )
      ) : null}

      <form onSubmit={submit} className="mt-5 space-y-3">
        <div
          role="group"
          aria-labelledby="answer-documents-heading"
          {...fieldProps('answer-documents', documentError)}
        >
          <h3 id="answer-documents-heading" className="text-sm font-medium text-slate-700">
            Linked documents
          </h3>
          {chosen.length ? (
            <ul className="mt-2 space-y-1 text-sm">
              {chosen.map((document) => (
                <li key={document.id} className="flex items-center gap-2">
                  <span className="[overflow-wrap:anywhere] text-slate-900">{document.title}</span>
                  <Button
                    variant="ghost"
                    className="px-2 py-0.5"
                    onClick={() => drop(document.id)}
                    aria-label={`Remove ${document.title}`}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-sm text-slate-600">None yet: search above to link documents.</p>
          )}
          <FieldError id="answer-documents" message={documentError} />
        </div>
        <div>
          <label htmlFor="answer-text" className="block text-sm font-medium text-slate-700">
            The answer
          </label>
          <textarea
            {...fieldProps('answer-text', errors.answer, true)}
            className={cn(inputClass, 'mt-1 min-h-40')}
            maxLength={ANSWER_MAX}
            value={form.data.answer}
            onChange={(event) => form.setData('answer', event.target.value)}
          />
          <p id="answer-text-hint" className="mt-1 text-xs text-slate-600">
            At least {ANSWER_MIN} characters.
          </p>
          <FieldError id="answer-text" message={errors.answer} />
        </div>
        <FormError message={errors.status} />
        <Button type="submit" disabled={form.processing}>
          Send the answer
        </Button>
      </form>
    </Card>
  )
}

function Response({ request }: { request: RequestDetail }) {
  if (request.response === null) return null
  return (
    <Card>
      <h2 className="text-base font-semibold text-slate-900">
        {request.status === 'declined' ? 'Why it was declined' : 'The answer'}
      </h2>
      <p className="mt-2 text-sm whitespace-pre-line text-slate-900">{request.response}</p>
      {request.documents.length ? (
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-800">
          {request.documents.map((document) => (
            <li key={document.id}>
              {document.title}{' '}
              <span className="text-slate-600">
                ({document.provider}, {document.publishedAt})
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {request.respondedAt ? (
        <p className="mt-3 text-xs text-slate-600">Sent {when(request.respondedAt)}</p>
      ) : null}
    </Card>
  )
}

function History({ request }: { request: RequestDetail }) {
  if (request.history.length === 0) return null
  return (
    <Card>
      <h2 className="text-base font-semibold text-slate-900">History</h2>
      <ol className="mt-3 space-y-2 text-sm">
        {request.history.map((change, index) => (
          <li key={index} className="text-slate-800">
            <span className="text-slate-600">{when(change.at)}</span> ·{' '}
            {REQUEST_STATUSES[change.from]} → {REQUEST_STATUSES[change.to]}
            {change.by ? ` by ${change.by}` : ''}
          </li>
        ))}
      </ol>
    </Card>
  )
}

export default function ResearchRequestAdmin(props: Props) {
  const { request, assignees, search } = props
  return (
    <AdminShell title={`Research request ${request.reference}`}>
      <PageHeading
        title={`Research request ${request.reference}`}
        description={request.topic}
        actions={
          <Link href={LIST} className="text-sm font-medium text-teal-800 hover:underline">
            Back to the requests
          </Link>
        }
      />
      <ResearchAdminNav current="requests" />
      <div className="mb-4 flex flex-wrap items-center gap-3 text-sm">
        <RequestStatusBadge status={request.status} label={request.statusLabel} />
        <span className="text-slate-700">
          Assigned to {request.assignee ? request.assignee.name : 'nobody'}
        </span>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <Details request={request} />
          <Response request={request} />
          <History request={request} />
        </div>
        <div className="space-y-6">
          <Assignment
            key={request.assignee?.id ?? 'nobody'}
            request={request}
            assignees={assignees}
          />
          <StatusChange key={request.status} request={request} />
          {request.status === 'in_progress' ? (
            <AnswerForm request={request} search={search} />
          ) : null}
        </div>
      </div>
    </AdminShell>
  )
}
