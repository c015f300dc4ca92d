import { ErrorScreen } from '~/components/error_screen'

export default function ServerError({ requestId }: { requestId?: string | null }) {
  return (
    <ErrorScreen
      reference={requestId}
      title="Error"
      code="500"
      heading="Something went wrong on our side"
      message="The error has been logged. Try again in a moment; if it persists, contact support."
    />
  )
}
