import { router } from '@inertiajs/react'
import { ErrorScreen } from '~/components/error_screen'
import { Button } from '~/components/ui/button'

export default function IpForbidden({ message }: { message?: string }) {
  return (
    <ErrorScreen
      title="IP forbidden"
      heading="Access from this network is not allowed"
      message={
        message ??
        'Your team allows access only from its own networks. Connect through your firm’s network or VPN, or ask your administrator.'
      }
      action={
        <Button variant="secondary" onClick={() => router.post('/logout')}>
          Sign out
        </Button>
      }
    />
  )
}
