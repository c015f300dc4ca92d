import env from '#start/env'
import { defineConfig, transports } from '@adonisjs/mail'
import { appName, appUrl } from '#config/app'
import { OutboxTransport } from '#services/mail/outbox_transport'

const mailConfig = defineConfig({
  default: env.get('MAIL_MAILER') || 'outbox',
  from: {
    address: env.get('MAIL_FROM_ADDRESS') || 'no-reply@spendlens.local',
    name: env.get('MAIL_FROM_NAME') || appName,
  },
  globals: { brandName: appName, appUrl },
  mailers: {
    /**
     * Development and test mailer: messages are written to tmp/mail and never leave the machine.
     */
    outbox: () => new OutboxTransport(),
    smtp: transports.smtp({
      host: env.get('SMTP_HOST') || '127.0.0.1',
      port: env.get('SMTP_PORT') || 587,
      ...(env.get('SMTP_USERNAME')
        ? {
            auth: {
              type: 'login',
              user: env.get('SMTP_USERNAME')!,
              pass: env.get('SMTP_PASSWORD') || '',
            },
          }
        : {}),
    }),
  },
})

export default mailConfig

declare module '@adonisjs/mail/types' {
  export interface MailersList extends InferMailers<typeof mailConfig> {}
}
