import { router } from '@inertiajs/react'
import { ErrorScreen } from '~/components/error_screen'
import { Button } from '~/components/ui/button'

export default function NoTeam(_props: { message?: string }) {
  return (
    <ErrorScreen
      title="No team"
      heading="You are not a member of any team yet"
      message="Everything in the product is shown for a team. Ask your administrator or our support team to add you to your firm's team."
      action={
        <Button variant="secondary" onClick={() => router.post('/logout')}>
          Sign out
        </Button>
      }
    />
  )
}
