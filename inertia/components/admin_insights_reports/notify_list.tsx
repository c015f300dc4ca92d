import { router } from '@inertiajs/react'
import { useId, useMemo, useRef, useState } from 'react'
import { Alert } from '~/components/ui/alert'
import { FormError } from '~/components/ui/field'
import { Button } from '~/components/ui/button'
import { Dialog } from '~/components/ui/dialog'
import { cn } from '~/lib/cn'
import { BASE } from '~/components/admin_insights_reports/nav'
import { dateTimeText, plural } from '~/components/admin_insights_reports/format'
import {
  NOTIFICATION_STATUS_LABELS,
  NOTIFY_GROUPS,
  NOTIFY_GROUP_LABELS,
  type AdminReportDetailProps,
  type NotificationStatus,
  type NotifyGroup,
  type NotifyUser,
  notYetNotifiedShown,
  notifyUserMatches,
} from '@shared/insights_reports'

/** Why a user cannot go on the send list, by group. */
const DISABLED_REASONS: Partial<Record<NotifyGroup, string>> = {
  unverified: 'Email address not verified: cannot be mailed',
  unsubscribed: 'Has turned report notifications off: cannot be mailed',
  already_notified: 'Already notified of this version',
}

const GROUP_HINTS: Record<NotifyGroup, string> = {
  not_notified: 'Users who can see the report and have not been mailed about this version.',
  admins: 'Administrators who can see the report (mailed only when you choose them).',
  already_notified: 'Mailed about this version already: never mailed twice for the same version.',
  unsubscribed: 'Users who turned report notifications off in their profile.',
  unverified: 'Users whose email address is not verified yet.',
}

const STATUS_TONES: Record<NotificationStatus, string> = {
  queued: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  sending: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  sent: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  failed: 'bg-red-50 text-red-800 ring-red-600/30',
  skipped_unverified: 'bg-slate-100 text-slate-700 ring-slate-400/40',
  skipped_unsubscribed: 'bg-slate-100 text-slate-700 ring-slate-400/40',
  skipped_no_access: 'bg-slate-100 text-slate-700 ring-slate-400/40',
}

const badgeClass =
  'inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset'

/**
 * Who can be told about the report's current version: the audience by group (in the order of
 * NOTIFY_GROUPS), each user's status for this version and whether they have read it. Selectable
 * users go on a send list; the send posts their ids (after a confirmation).
 */
export function NotifyList({
  reportId,
  notify,
  withdrawn,
}: {
  reportId: number
  notify: AdminReportDetailProps['notify']
  /** A withdrawn report reaches nobody: nothing can be sent. */
  withdrawn: boolean
}) {
  const id = useId()
  const [selected, setSelected] = useState<Set<number>>(() => new Set())
  const [query, setQuery] = useState('')
  const [confirming, setConfirming] = useState(false)
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // The last send, said on the page: the focus goes there after it (the Send buttons it came
  // from are disabled or gone with the emptied send list).
  const [sent, setSent] = useState<string | null>(null)
  const sentMessage = useRef<HTMLParagraphElement>(null)

  const selectable = useMemo(
    () => new Set(notify.users.filter((user) => user.selectable).map((user) => user.id)),
    [notify.users]
  )
  // Users who left the list since (a reload) leave the send list too.
  const sendList = [...selected].filter((userId) => selectable.has(userId))
  // The search narrows what "Select all" selects: only the users it shows.
  const notYetNotified = notYetNotifiedShown(notify.users, query)

  const needle = query.trim().toLowerCase()
  const byGroup = new Map<NotifyGroup, NotifyUser[]>(NOTIFY_GROUPS.map((group) => [group, []]))
  for (const user of notify.users) {
    if (notifyUserMatches(user, query)) byGroup.get(user.group)?.push(user)
  }

  const toggle = (userId: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current)
      if (on) next.add(userId)
      else next.delete(userId)
      return next
    })

  const send = () =>
    router.post(
      `${BASE}/${reportId}/notify`,
      { user_ids: sendList },
      {
        preserveScroll: true,
        onStart: () => setSending(true),
        onFinish: () => setSending(false),
        onSuccess: () => {
          const count = sendList.length
          setSent(
            `${plural(count, 'user')} ${count === 1 ? 'was' : 'were'} put in the queue for version ${notify.version}: their status changes from Queued to Sent as the mails go.`
          )
          setSelected(new Set())
          setConfirming(false)
          setError(null)
        },
        onError: (errors) => {
          setConfirming(false)
          setSent(null)
          setError(
            Object.entries(errors)
              .filter(([key]) => key === 'user_ids' || key.startsWith('user_ids.'))
              .map(([, message]) => message)[0] ??
              Object.values(errors)[0] ??
              'The notification could not be sent.'
          )
        },
      }
    )

  const countText = `${plural(sendList.length, 'user')} on the send list`
  const openConfirm = () => {
    setError(null)
    setSent(null)
    setConfirming(true)
  }

  return (
    <div className="space-y-4">
      <p className="max-w-3xl text-sm text-slate-700">
        A user is never mailed twice for the same version, and every mail carries an unsubscribe
        link.
      </p>
      {withdrawn ? (
        <Alert tone="warning">
          The report is withdrawn: clients cannot see it, so nobody can be notified. Republish it
          first.
        </Alert>
      ) : null}

      <div className="flex flex-wrap items-center gap-3 rounded-md border border-teal-200 bg-teal-50 px-4 py-3">
        <p
          id={`${id}-count`}
          className="text-sm font-medium text-teal-900"
          aria-live="polite"
          aria-atomic="true"
        >
          {countText}
        </p>
        <Button
          variant="secondary"
          onClick={() => setSelected(new Set([...selected, ...notYetNotified.map((u) => u.id)]))}
          disabled={withdrawn || notYetNotified.length === 0}
        >
          Select all not yet notified{needle ? ' shown' : ''} ({notYetNotified.length})
        </Button>
        <Button variant="ghost" onClick={() => setSelected(new Set())} disabled={!sendList.length}>
          Clear
        </Button>
        <Button
          className="ml-auto"
          onClick={openConfirm}
          disabled={withdrawn || sendList.length === 0 || sending}
          aria-describedby={`${id}-count`}
        >
          Send notification (version {notify.version})
        </Button>
      </div>
      <FormError message={error} />
      {sent ? (
        <Alert tone="success">
          <p
            ref={sentMessage}
            tabIndex={-1}
            className="rounded-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2"
          >
            {sent}
          </p>
        </Alert>
      ) : null}

      <div className="max-w-sm space-y-1">
        <label htmlFor={`${id}-search`} className="block text-xs font-medium text-slate-700">
          Find a user (name, email or team)
        </label>
        <input
          id={`${id}-search`}
          type="search"
          value={query}
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-teal-600 focus:ring-2 focus:ring-teal-100 focus:outline-none"
        />
      </div>

      {NOTIFY_GROUPS.map((group) => (
        <NotifyGroupSection
          key={group}
          group={group}
          count={notify.counts[group] ?? 0}
          users={byGroup.get(group) ?? []}
          filtered={Boolean(needle)}
          version={notify.version}
          selected={selected}
          disabled={withdrawn}
          onToggle={toggle}
        />
      ))}

      {/* After a long list, the send is at hand again (the count above is the live one). */}
      {sendList.length > 0 && !withdrawn ? (
        <div className="flex flex-wrap items-center justify-end gap-3 rounded-md border border-teal-200 bg-teal-50 px-4 py-3">
          <p className="text-sm font-medium text-teal-900">{countText}</p>
          <Button onClick={openConfirm} disabled={sending}>
            Send notification (version {notify.version})
          </Button>
        </div>
      ) : null}

      <Dialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open && !sending) setConfirming(false)
        }}
        title={`Send the notification for version ${notify.version}?`}
        // Sent, the Send button is disabled (or gone): the focus goes to the message saying so.
        fallbackFocus={() => sentMessage.current}
      >
        <div className="space-y-4 text-sm text-slate-800">
          <p>
            {plural(sendList.length, 'user is', 'users are')} mailed that the report is available,
            with a link to it and an unsubscribe link. The mails are queued now and sent by the
            background worker; the statuses change from Queued to Sent as they go. Users already
            notified of this version are never mailed again.
          </p>
          <div className="flex gap-2">
            <Button onClick={send} disabled={sending}>
              {sending ? 'Sending…' : `Send to ${plural(sendList.length, 'user')}`}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)} disabled={sending}>
              Cancel
            </Button>
          </div>
        </div>
      </Dialog>
    </div>
  )
}

function NotifyGroupSection({
  group,
  count,
  users,
  filtered,
  version,
  selected,
  disabled,
  onToggle,
}: {
  group: NotifyGroup
  count: number
  users: NotifyUser[]
  filtered: boolean
  version: number
  selected: Set<number>
  disabled: boolean
  onToggle: (userId: number, on: boolean) => void
}) {
  const id = useId()
  const headingId = `${id}-heading`
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white">
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          {NOTIFY_GROUP_LABELS[group]} <span className="font-normal text-slate-600">({count})</span>
        </h3>
        <p className="text-xs text-slate-600">{GROUP_HINTS[group]}</p>
      </div>
      {users.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-600">
          {filtered && count > 0 ? 'Nobody in this group matches.' : 'Nobody.'}
        </p>
      ) : (
        // Relative: the table's screen-reader-only texts (absolutely placed) stay inside its
        // scrolling box, instead of widening the page on a narrow screen.
        <div className="relative max-h-[28rem] overflow-auto">
          {/* The same columns in every group: the groups read as one list. */}
          <table className="w-full min-w-[48rem] table-fixed text-sm">
            <caption className="sr-only">
              {NOTIFY_GROUP_LABELS[group]}: {plural(users.length, 'user')}
            </caption>
            <colgroup>
              <col className="w-12" />
              <col className="w-[20%]" />
              <col className="w-[27%]" />
              <col />
              <col className="w-40" />
              <col className="w-20" />
            </colgroup>
            <thead className="sticky top-0 bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
              <tr>
                <th scope="col" className="w-10 px-4 py-2">
                  <span className="sr-only">On the send list</span>
                </th>
                <th scope="col" className="px-3 py-2">
                  Name
                </th>
                <th scope="col" className="px-3 py-2">
                  Email
                </th>
                <th scope="col" className="px-3 py-2">
                  Teams
                </th>
                <th scope="col" className="px-3 py-2">
                  Version {version}
                </th>
                <th scope="col" className="px-3 py-2">
                  Read
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {users.map((user) => (
                <NotifyRow
                  key={user.id}
                  user={user}
                  checked={selected.has(user.id)}
                  disabled={disabled}
                  onToggle={onToggle}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

function NotifyRow({
  user,
  checked,
  disabled,
  onToggle,
}: {
  user: NotifyUser
  checked: boolean
  disabled: boolean
  onToggle: (userId: number, on: boolean) => void
}) {
  const id = useId()
  const reason = user.selectable
    ? null
    : (DISABLED_REASONS[user.group] ?? 'Cannot be put on the send list')
  return (
    <tr className={cn(checked && user.selectable && 'bg-teal-50/60')}>
      <td className="px-4 py-2 align-top">
        <input
          id={`${id}-check`}
          type="checkbox"
          checked={checked && user.selectable}
          disabled={disabled || !user.selectable}
          onChange={(event) => onToggle(user.id, event.target.checked)}
          aria-describedby={reason ? `${id}-reason` : undefined}
          className="mt-0.5 size-4 accent-teal-700"
        />
      </td>
      <td className="px-3 py-2 align-top">
        <label htmlFor={`${id}-check`} className="font-medium text-slate-900">
          {user.name}
        </label>
        {reason ? (
          <p id={`${id}-reason`} className="text-xs text-slate-600">
            {reason}
          </p>
        ) : null}
      </td>
      <td className="px-3 py-2 align-top break-all text-slate-700">{user.email}</td>
      <td className="px-3 py-2 align-top text-slate-700">
        {user.teams.length ? user.teams.join(', ') : '—'}
      </td>
      <td className="px-3 py-2 align-top">
        {user.status ? (
          <span className="flex flex-col items-start gap-0.5">
            <span className={cn(badgeClass, STATUS_TONES[user.status])}>
              {NOTIFICATION_STATUS_LABELS[user.status]}
            </span>
            {user.notifiedAt ? (
              <span className="text-xs text-slate-600">{dateTimeText(user.notifiedAt)}</span>
            ) : null}
          </span>
        ) : (
          <span className="text-slate-600">Not notified</span>
        )}
      </td>
      <td className="px-3 py-2 align-top">
        {user.hasRead ? (
          <span className={cn(badgeClass, 'bg-teal-50 text-teal-900 ring-teal-600/30')}>Read</span>
        ) : (
          <span className="text-slate-600">
            <span aria-hidden="true">—</span>
            <span className="sr-only">Not read</span>
          </span>
        )}
      </td>
    </tr>
  )
}
