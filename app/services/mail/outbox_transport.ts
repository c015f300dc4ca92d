import { mkdir, writeFile } from 'node:fs/promises'
import { randomUUID } from 'node:crypto'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import { JSONTransport } from '@adonisjs/mail/transports/json'
import type { MailTransportContract, NodeMailerMessage } from '@adonisjs/mail/types'

/**
 * Development mailer: renders the message like a real transport, then files it under
 * tmp/mail instead of sending it, so that links in it can be opened by hand.
 */
export class OutboxTransport implements MailTransportContract {
  #json = new JSONTransport()

  async send(message: NodeMailerMessage) {
    const response = await this.#json.send(message)
    const directory = app.tmpPath('mail')
    await mkdir(directory, { recursive: true })
    const file = `${directory}/${Date.now()}-${randomUUID()}.json`
    await writeFile(file, String(response.original.message))
    logger.info({ to: message.to, subject: message.subject, file }, 'mail written to the outbox')
    return response
  }
}
