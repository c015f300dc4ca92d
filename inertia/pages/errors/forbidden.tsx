import { ErrorScreen } from '~/components/error_screen'

export default function Forbidden({
  message,
  requestId,
}: {
  message?: string
  requestId?: string | null
}) {
  return (
    <ErrorScreen
      reference={requestId}
      title="Access denied"
      code="403"
      heading="You do not have access to this page"
      message={message ?? 'You do not have access to this page.'}
    />
  )
}
