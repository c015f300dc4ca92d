import { ErrorScreen } from '~/components/error_screen'

export default function NoData({ message }: { message?: string }) {
  return (
    <ErrorScreen
      title="No data"
      heading="No data to show yet"
      message={
        message ??
        'There is no data for your current team here yet. Data appears once it has been collected and validated.'
      }
    />
  )
}
