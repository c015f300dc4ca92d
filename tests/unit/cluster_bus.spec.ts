import { test } from '@japa/runner'
import cluster, { type Worker } from 'node:cluster'
import { fileURLToPath } from 'node:url'
import { relayCacheBus } from '#services/cache/cluster_bus'

let sequence = 0

function ask(worker: Worker, op: string, key = 'identity:1', value?: unknown) {
  const id = ++sequence
  return new Promise<unknown>((resolve) => {
    const listener = (message: any) => {
      if (message?.kind !== 'probe-reply' || message.id !== id) return
      worker.off('message', listener)
      resolve(message.value)
    }
    worker.on('message', listener)
    worker.send({ kind: 'probe', op, key, value, id })
  })
}

function start(): Promise<Worker> {
  const worker = cluster.fork()
  return new Promise((resolve) => {
    worker.on('message', (message: any) => message?.kind === 'probe-ready' && resolve(worker))
  })
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 150))

test.group('Cache bus between cluster workers', (group) => {
  let workers: Worker[] = []
  group.setup(() => {
    relayCacheBus()
    cluster.setupPrimary({
      exec: fileURLToPath(new URL('../fixtures/cluster_bus_worker.ts', import.meta.url)),
      execArgv: ['--import', '@poppinss/ts-exec'],
      silent: false,
    })
  })
  group.teardown(() => {
    for (const worker of workers) worker.kill()
  })

  test('a key dropped or changed by one worker is dropped in the others', async ({ assert }) => {
    workers = await Promise.all([start(), start(), start()])
    const [first, second, third] = workers
    for (const worker of workers) await ask(worker, 'fill', 'identity:1', { name: 'Before' })
    // Filling one worker's copy leaves the others' alone.
    for (const worker of workers) assert.deepEqual(await ask(worker, 'get'), { name: 'Before' })

    await ask(first, 'delete')
    await settle()
    assert.isNull(await ask(second, 'get'))
    assert.isNull(await ask(third, 'get'))

    for (const worker of [second, third]) await ask(worker, 'fill', 'team:2', { name: 'Kept' })
    await ask(first, 'clear', 'team:2')
    await settle()
    assert.isNull(await ask(second, 'get', 'team:2'))
    assert.isNull(await ask(third, 'get', 'team:2'))
  }).timeout(30_000)
})
