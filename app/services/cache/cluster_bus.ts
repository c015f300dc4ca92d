import cluster from 'node:cluster'
import type { Transport, TransportMessage } from '@boringnode/bus/types/main'

/**
 * A cache bus between the workers of one `node:cluster` server: a worker's invalidation is
 * posted to the primary, which passes it on to every other worker (`relayCacheBus`). This keeps
 * the workers' in-memory caches coherent on a single machine without Redis; several machines use
 * the Redis bus instead (`CACHE_STORE=redis`).
 */
const MESSAGE_KIND = 'spendlens:cache-bus'

interface BusEnvelope {
  kind: typeof MESSAGE_KIND
  channel: string
  message: TransportMessage
}

function isEnvelope(value: unknown): value is BusEnvelope {
  return typeof value === 'object' && value !== null && (value as BusEnvelope).kind === MESSAGE_KIND
}

export class ClusterTransport implements Transport {
  #id = ''
  #handlers = new Map<string, (payload: any) => void>()
  #listener = (value: unknown) => {
    if (!isEnvelope(value) || value.message.busId === this.#id) return
    this.#handlers.get(value.channel)?.(value.message.payload)
  }

  constructor() {
    process.on('message', this.#listener)
  }

  setId(id: string) {
    this.#id = id
    return this
  }

  onReconnect() {}

  async publish(channel: string, payload: any) {
    const envelope: BusEnvelope = {
      kind: MESSAGE_KIND,
      channel,
      message: { busId: this.#id, payload },
    }
    process.send?.(envelope)
  }

  async subscribe(channel: string, handler: (payload: any) => void) {
    this.#handlers.set(channel, handler)
  }

  async unsubscribe(channel: string) {
    this.#handlers.delete(channel)
  }

  async disconnect() {
    this.#handlers.clear()
    process.off('message', this.#listener)
  }
}

/** In the primary: passes each worker's cache-bus messages on to the other workers. */
export function relayCacheBus() {
  cluster.on('message', (sender, value) => {
    if (!isEnvelope(value)) return
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker && worker !== sender && worker.isConnected()) worker.send(value)
    }
  })
}

/** True in a worker process forked by the cluster primary of `bin/server.ts`. */
export function isClusterWorker() {
  return cluster.isWorker
}
