import { ErrorScreen } from '~/components/error_screen'

export default function NotFound({ requestId }: { requestId?: string | null }) {
  return (
    <ErrorScreen
      reference={requestId}
      title="Page not found"
      code="404"
      heading="We could not find that page"
      message="The page may have moved, or the link may be mistyped."
    />
  )
}
