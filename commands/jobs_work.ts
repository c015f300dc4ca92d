import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import type { QueueConfig } from '@adonisjs/queue/types'

/**
 * The background worker (`npm run worker`, and next to the server in `npm run demo`).
 *
 * The queue package's own `queue:work` destroys the queue adapter as soon as a stop signal ends
 * its polling loop, while the running job is still writing: the job then fails on a closed
 * adapter and the process never exits. This command runs the same worker but owns the stop: on
 * SIGTERM or SIGINT it takes no new job, waits for the running ones to finish (their heartbeat
 * keeps renewing them meanwhile), and only then closes the adapter and the application and
 * exits 0. A second signal during the wait is ignored; SIGKILL remains the way to stop at once,
 * and a worker killed outright leaves its job to be taken over by another after
 * QUEUE_STALLED_THRESHOLD. (The application's own SIGTERM handler, which would close the
 * database under a running job, is not installed for this command: see bin/ignitor.ts.)
 */
export default class JobsWork extends BaseCommand {
  static commandName = 'jobs:work'
  static description = 'Run background jobs; on SIGTERM/SIGINT finish the running jobs, then exit'
  static options: CommandOptions = { startApp: true, staysAlive: true }

  @flags.string({ description: 'Comma-separated list of queues to process', alias: 'q' })
  declare queue?: string

  async run() {
    const { Worker } = await import('@boringnode/queue')
    const config = this.app.config.get<QueueConfig>('queue')
    const queueManager = await this.app.container.make('queue.manager')
    const logger = await this.app.container.make('logger')
    // Jobs build URLs (mails link back to the app): the routes must be registered.
    const router = await this.app.container.make('router')
    router.commit()

    const adapters: Record<string, any> = {}
    for (const [name, adapter] of Object.entries(config.adapters)) {
      adapters[name] = typeof adapter === 'function' ? adapter : await adapter.resolver(this.app)
    }
    const queues = (this.queue ?? 'default')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
    await queueManager.loadJobs()
    const { registerSchedules } = await import('#jobs/schedules')
    await registerSchedules()

    const worker = new Worker({
      ...config,
      autoLoadJobs: false,
      adapters,
      jobFactory: config.jobFactory ?? ((jobClass) => this.app.container.make(jobClass)),
      logger: config.logger ?? logger,
      worker: { ...config.worker, gracefulShutdown: false },
    } as any)

    let stopping: Promise<void> | undefined
    const stop = () => {
      if (!stopping) {
        this.logger.info('Stopping: finishing the running jobs')
        stopping = worker.stop()
      }
      return stopping
    }
    process.on('SIGTERM', stop)
    process.on('SIGINT', stop)

    this.logger.info(`Worker started for queues: ${queues.join(', ')}`)
    try {
      await worker.start(queues)
      // The polling loop ends as soon as the stop begins; the running jobs finish here.
      await stop()
    } finally {
      process.off('SIGTERM', stop)
      process.off('SIGINT', stop)
      await queueManager.destroy()
      await this.terminate()
    }
  }
}
