import { ErrorScreen } from '~/components/error_screen'

export default function ErrorPage({
  message,
  requestId,
}: {
  message?: string
  requestId?: string | null
}) {
  return (
    <ErrorScreen
      reference={requestId}
      title="Error"
      heading="We could not complete that request"
      message={message ?? 'Try again in a moment; if it persists, contact support.'}
    />
  )
}
