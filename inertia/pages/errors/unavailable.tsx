import { ErrorScreen } from '~/components/error_screen'

/** The database (or Redis) could not be reached: answered 503, nothing was changed. */
export default function Unavailable({
  message,
  requestId,
}: {
  message: string
  requestId?: string | null
}) {
  return (
    <ErrorScreen
      reference={requestId}
      title="Briefly unavailable"
      code="503"
      heading="Briefly unavailable"
      message={message}
    />
  )
}
