import { useState } from 'react'
import { ListPage } from '~/components/list_page'
import { listHref } from '@shared/list_page'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Icon } from '~/components/icons'
import { cn } from '~/lib/cn'

interface FeedbackRow {
  id: number
  rating: number
  text: string
  route: string
  createdAt: string
  userName: string
  userEmail: string
  teamName: string
}

interface Props {
  feedback: {
    meta: { total: number; perPage: number; currentPage: number; lastPage: number }
    data: FeedbackRow[]
  }
  pageNotice: string | null
}

function Stars({ rating }: { rating: number }) {
  if (rating === 0) return <span className="text-xs text-slate-400">No rating</span>
  return (
    <span className="flex" aria-label={`${rating} of 5 stars`}>
      {[1, 2, 3, 4, 5].map((value) => (
        <Icon
          key={value}
          name="star"
          className={cn(
            'h-4 w-4',
            value <= rating ? 'fill-current text-amber-500' : 'text-slate-300'
          )}
        />
      ))}
    </span>
  )
}

/** Longer messages show their start until the reader asks for the rest. */
const PREVIEW_CHARACTERS = 400

function FeedbackMessage({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false)
  if (!text) return <span className="text-slate-400">—</span>
  const long = text.length > PREVIEW_CHARACTERS
  return (
    <>
      {/* Wraps anywhere: a message without spaces must not widen the table. */}
      <p className="wrap-anywhere whitespace-pre-line">
        {long && !expanded ? `${text.slice(0, PREVIEW_CHARACTERS).trimEnd()}…` : text}
      </p>
      {long ? (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
          className="mt-1 text-xs font-medium text-brand-700 hover:text-brand-900"
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      ) : null}
    </>
  )
}

export default function AdminFeedback({ feedback, pageNotice }: Props) {
  const { meta, data } = feedback
  return (
    <AdminShell title="User Feedback">
      <PageHeading
        title="User Feedback"
        description={`${meta.total.toLocaleString()} message${meta.total === 1 ? '' : 's'} from users, newest first.`}
      />
      <ListPage
        notices={[pageNotice]}
        isEmpty={data.length === 0}
        empty="No feedback has been sent yet."
        meta={meta}
        href={(page) => listHref('/admin/feedback', {}, page)}
        paginationLabel="Feedback pages"
      >
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Received
                </th>
                <th scope="col" className="px-4 py-3">
                  From
                </th>
                <th scope="col" className="px-4 py-3">
                  Team
                </th>
                <th scope="col" className="px-4 py-3">
                  Rating
                </th>
                <th scope="col" className="px-4 py-3">
                  Message
                </th>
                <th scope="col" className="px-4 py-3">
                  Page
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.map((row) => (
                <tr key={row.id} className="align-top">
                  <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                    {new Date(row.createdAt).toLocaleString()}
                  </td>
                  <td className="px-4 py-3">
                    <div className="font-medium text-slate-900">{row.userName}</div>
                    <div className="text-xs break-words text-slate-500">{row.userEmail}</div>
                  </td>
                  <td className="px-4 py-3 text-slate-700">{row.teamName}</td>
                  <td className="px-4 py-3">
                    <Stars rating={row.rating} />
                  </td>
                  <td className="max-w-xl min-w-64 px-4 py-3 text-slate-800">
                    <FeedbackMessage text={row.text} />
                  </td>
                  <td className="max-w-48 px-4 py-3 font-mono text-xs wrap-anywhere text-slate-600">
                    {row.route}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ListPage>
    </AdminShell>
  )
}
