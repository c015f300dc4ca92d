import { spawn, type ChildProcess } from 'node:child_process'
import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import type { QueueConfig } from '@adonisjs/queue/types'

/**
 * The background workers (`npm run worker`, and next to the server in `npm run demo`).
 *
 * With no option it starts one process per pool of config/queue.ts (mails and small jobs
 * apart from imports, each with its own concurrency) and passes stop signals on; with
 * `--pool=<name>` or `--queue=<names>` it is one worker process.
 *
 * The queue package's own `queue:work` destroys the queue adapter as soon as a stop signal ends
 * its polling loop, while the running job is still writing: the job then fails on a closed
 * adapter and the process never exits. This command runs the same worker but owns the stop: on
 * SIGTERM or SIGINT it takes no new job, waits for the running ones to finish, and only then
 * closes the adapter and the application and exits 0. A second signal during the wait is
 * ignored; SIGKILL remains the way to stop at once. The process registers itself with a
 * heartbeat of its own (app/services/jobs/worker_processes.ts): its jobs are taken over by
 * another worker only once it is gone, and what it left running is marked abandoned. (The
 * application's own SIGTERM handler, which would close the database under a running job, is
 * not installed for this command: see bin/ignitor.ts.)
 */
export default class JobsWork extends BaseCommand {
  static commandName = 'jobs:work'
  static description =
    'Run background jobs (every pool, or --pool / --queue); on SIGTERM/SIGINT finish the running jobs, then exit'
  static options: CommandOptions = { startApp: true, staysAlive: true }

  @flags.string({ description: 'A pool of config/queue.ts: mail or imports' })
  declare pool?: string

  @flags.string({ description: 'Comma-separated list of queues to process', alias: 'q' })
  declare queue?: string

  @flags.number({ description: 'Jobs run at once (default: the pool’s, else 1)' })
  declare concurrency?: number

  async run() {
    const { WORKER_POOLS } = await import('#config/queue')
    if (this.pool === undefined && this.queue === undefined) return this.supervise(WORKER_POOLS)
    let queues: string[]
    let concurrency = this.concurrency
    if (this.pool !== undefined) {
      if (!Object.hasOwn(WORKER_POOLS, this.pool)) {
        this.logger.error(
          `No pool is named '${this.pool}': one of ${Object.keys(WORKER_POOLS).join(', ')}.`
        )
        this.exitCode = 1
        return this.terminate()
      }
      const pool = WORKER_POOLS[this.pool as keyof typeof WORKER_POOLS]
      queues = [...pool.queues]
      concurrency ??= pool.concurrency
    } else {
      queues = this.queue!.split(',')
        .map((name) => name.trim())
        .filter(Boolean)
    }
    if (concurrency !== undefined && (!Number.isInteger(concurrency) || concurrency < 1)) {
      this.logger.error('--concurrency must be a whole number of at least 1.')
      this.exitCode = 1
      return this.terminate()
    }
    await this.work(queues, concurrency)
  }

  /** Gives the jobs this worker holds in the database queue back to the queue. */
  async releaseHeldJobs(workerId: string) {
    const { default: db } = await import('@adonisjs/lucid/services/db')
    const { releaseJobsOfWorker } = await import('#services/jobs/claiming_adapter')
    const connection = db.connection('queue').getWriteClient()
    return releaseJobsOfWorker(connection as never, workerId)
  }

  /** One child process per pool; signals passed on; exits once they all have. */
  async supervise(pools: Record<string, { queues: readonly string[]; concurrency: number }>) {
    const children: ChildProcess[] = []
    const exits: Promise<number>[] = []
    for (const name of Object.keys(pools)) {
      const child = spawn(
        process.execPath,
        [...process.execArgv, process.argv[1], 'jobs:work', `--pool=${name}`],
        {
          stdio: 'inherit',
          env: process.env,
        }
      )
      children.push(child)
      exits.push(
        new Promise((resolve) =>
          child.once('exit', (code, signal) => {
            if (code || signal) {
              this.logger.error(`The ${name} worker stopped (${signal ?? `exit ${code}`}).`)
            }
            resolve(code ?? (signal ? 1 : 0))
          })
        )
      )
    }
    // Each pool is told to stop once: a second signal would find a pool closing down without its
    // handler and kill it outright (a clean stop read as a crash).
    let passed = false
    const pass = (signal: NodeJS.Signals) => {
      if (passed) return
      passed = true
      for (const child of children) {
        if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      }
    }
    const onTerm = () => pass('SIGTERM')
    const onInt = () => pass('SIGINT')
    process.on('SIGTERM', onTerm)
    process.on('SIGINT', onInt)
    // One pool stopping by itself (a crash) stops the others: a supervisor above restarts the
    // whole. Pools stopping because they were told to are left to finish.
    const first = await Promise.race(exits)
    pass('SIGTERM')
    const codes = await Promise.all(exits)
    process.off('SIGTERM', onTerm)
    process.off('SIGINT', onInt)
    this.exitCode = Math.max(first, ...codes)
    await this.terminate()
  }

  async work(queues: string[], concurrency: number | undefined) {
    const { Worker } = await import('@boringnode/queue')
    const { default: string } = await import('@adonisjs/core/helpers/string')
    const { registerProcess, pruneProcesses } = await import('#services/jobs/worker_processes')
    const { abandonRunsOfGoneProcesses } = await import('#services/jobs/job_runs')
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
    await queueManager.loadJobs()
    const { registerSchedules } = await import('#jobs/schedules')
    await registerSchedules()

    const worker = new Worker({
      ...config,
      autoLoadJobs: false,
      adapters,
      jobFactory: config.jobFactory ?? ((jobClass) => this.app.container.make(jobClass)),
      logger: config.logger ?? logger,
      worker: {
        ...config.worker,
        concurrency: concurrency ?? config.worker?.concurrency ?? 1,
        gracefulShutdown: false,
      },
    } as any)

    const threshold = string.milliseconds.parse(config.worker?.stalledThreshold ?? '2m') || 120_000
    // Beats several times within a threshold: a missed beat or two is no death.
    const registration = await registerProcess({
      kind: 'worker',
      id: worker.id,
      description: `jobs:work ${queues.join(',')}`,
      heartbeatMs: Math.max(200, Math.floor(threshold / 4)),
    })
    await pruneProcesses()
    // Attempts left running by processes that are gone (any adapter): abandoned.
    const sweep = async () => {
      try {
        await abandonRunsOfGoneProcesses(threshold)
      } catch (error) {
        logger.warn({ err: error }, 'abandoned runs not swept')
      }
    }
    await sweep()
    const sweeper = setInterval(sweep, Math.max(1000, threshold))
    sweeper.unref()

    const { shutdownTimeoutMs } = await import('#services/operations/shutdown')
    const timeoutMs = shutdownTimeoutMs()
    let stopping: Promise<void> | undefined
    /**
     * Takes no new job and waits for the running ones, for at most SHUTDOWN_TIMEOUT_MS; past
     * that, the database queue's jobs this worker holds go back to the queue and the worker
     * exits anyway (a Redis-queued job is taken over once its claim is stale).
     */
    const stop = () => {
      if (!stopping) {
        this.logger.info(`Stopping: finishing the running jobs (at most ${timeoutMs} ms)`)
        let timer: NodeJS.Timeout | undefined
        const bound = new Promise<'late'>((resolve) => {
          timer = setTimeout(() => resolve('late'), timeoutMs)
        })
        stopping = Promise.race([worker.stop().then(() => 'done' as const), bound]).then(
          async (outcome) => {
            clearTimeout(timer)
            if (outcome === 'done') return
            const released =
              config.default === 'database'
                ? await this.releaseHeldJobs(worker.id).catch((error) => {
                    logger.error({ err: error }, 'running jobs not released')
                    return 0
                  })
                : 0
            this.logger.warning(
              `The running jobs did not finish within ${timeoutMs} ms: ${released} put back in the queue.`
            )
            // The jobs' own work is abandoned: the process exits once the application is closed.
            setTimeout(() => process.exit(), 2000).unref()
          }
        )
      }
      return stopping
    }
    process.on('SIGTERM', stop)
    process.on('SIGINT', stop)

    this.logger.info(
      `Worker started for queues: ${queues.join(', ')} (${concurrency ?? 1} at a time)`
    )
    try {
      await worker.start(queues)
      // The polling loop ends as soon as the stop begins; the running jobs finish here.
      await stop()
    } finally {
      clearInterval(sweeper)
      // The stop handlers stay until the process exits: a signal arriving while it closes down
      // joins the stop under way rather than kill the process.
      await registration.stop()
      await queueManager.destroy()
      await this.terminate()
    }
  }
}
