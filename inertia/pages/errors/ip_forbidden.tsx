import { router } from '@inertiajs/react'
import { ErrorScreen } from '~/components/error_screen'
import { Button } from '~/components/ui/button'
import { useSharedProps } from '~/hooks/use_shared_props'

/**
 * The current team forbids the user's network. A member of several teams can move on to
 * another team (whose own policy then applies); anyone can sign out.
 */
export default function IpForbidden({ message }: { message?: string }) {
  const { team } = useSharedProps()
  const others = (team?.teams ?? []).filter((entry) => entry.id !== team?.current?.id)
  return (
    <ErrorScreen
      title="IP forbidden"
      heading="Access from this network is not allowed"
      message={
        <>
          <p>
            {message ??
              'Your team allows access only from its own networks. Connect through your firm’s network or VPN, or ask your administrator.'}
          </p>
          {others.length ? (
            <p className="mt-2">
              Connect through that team’s network, or continue with another team.
            </p>
          ) : null}
        </>
      }
      action={
        <div className="flex flex-wrap justify-center gap-3">
          {others.map((entry) => (
            <Button
              key={entry.id}
              onClick={() =>
                router.post('/teams/switch', { team_id: entry.id }, { preserveScroll: true })
              }
            >
              Switch to {entry.name}
            </Button>
          ))}
          <Button variant="secondary" onClick={() => router.post('/logout')}>
            Sign out
          </Button>
        </div>
      }
    />
  )
}
