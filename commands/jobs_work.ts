import { flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import QueueWork from '@adonisjs/queue/commands/queue_work'

/**
 * The background worker (`npm run worker`, and next to the server in `npm run demo`): the queue
 * package's worker, stopped gracefully. On SIGTERM or SIGINT it takes no new job, lets the
 * running ones finish, then closes the application and exits 0. (The application's own
 * SIGTERM handler, which would close the database under a running job, is not installed for
 * this command: see bin/ignitor.ts.) A worker killed outright leaves its job to be taken over
 * by another after QUEUE_STALLED_THRESHOLD.
 */
export default class JobsWork extends QueueWork {
  static commandName = 'jobs:work'
  static description = 'Run background jobs; on SIGTERM/SIGINT finish the running jobs, then exit'
  static options: CommandOptions = { startApp: true, staysAlive: true }

  @flags.string({ description: 'Comma-separated list of queues to process', alias: 'q' })
  declare queue?: string

  @flags.number({ description: 'Number of jobs to process concurrently', alias: 'c' })
  declare concurrency?: number

  async run() {
    try {
      await super.run()
    } finally {
      await this.terminate()
    }
  }
}
