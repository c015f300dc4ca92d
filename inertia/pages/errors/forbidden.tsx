import { ErrorScreen } from '~/components/error_screen'

export default function Forbidden({ message }: { message?: string }) {
  return (
    <ErrorScreen
      title="Access denied"
      code="403"
      heading="You do not have access to this page"
      message={message ?? 'You do not have access to this page.'}
    />
  )
}
