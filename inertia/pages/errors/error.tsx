import { ErrorScreen } from '~/components/error_screen'

export default function ErrorPage({ message }: { message?: string }) {
  return (
    <ErrorScreen
      title="Error"
      heading="We could not complete that request"
      message={message ?? 'Try again in a moment; if it persists, contact support.'}
    />
  )
}
