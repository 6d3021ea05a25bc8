// Mail for people (Issue 22): invitations and one-time links. With TOLK_SMTP_URL, nodemailer sends them; without it,
// each link is written to the log, and on the embedded default also printed on the console, so whoever runs the
// server can pass it on.
import type { Logger, Mail, Mailer } from '@tolk/core'
import { createTransport } from 'nodemailer'

/** Where mail goes: an SMTP URL (smtp://user:pass@host:587, smtps://... for TLS) and the From address. */
export interface MailOptions {
  smtpUrl?: string
  from?: string
  log: Logger
  /** Also print links on the console (the embedded default, where the console is the operator's window). */
  printLinks?: boolean
}

/** The mailer of the configuration: SMTP when a URL is given, else the log. */
export function createMailer(options: MailOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.from ?? 'Tolk <tolk@localhost>', options.log) : logMailer(options.log, options.printLinks ?? false)
}

function logMailer(log: Logger, printLinks: boolean): Mailer {
  return {
    delivers: false,
    async send(mail: Mail) {
      log.info({ mail_to: mail.to, subject: mail.subject, link: mail.link }, 'mail not sent (no TOLK_SMTP_URL); pass the link on')
      if (printLinks) console.log(`${mail.subject} (for ${mail.to}): ${mail.link}`)
    },
  }
}

function smtpMailer(url: string, from: string, log: Logger): Mailer {
  const transport = createTransport(url)
  return {
    delivers: true,
    async send(mail: Mail) {
      try {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text })
      } catch (err) {
        // The op already answered with the link; a person asking again gets a new one. The link is logged so an
        // operator can still pass it on.
        log.error({ mail_to: mail.to, subject: mail.subject, link: mail.link, error: String(err) }, 'mail could not be sent')
      }
    },
  }
}
