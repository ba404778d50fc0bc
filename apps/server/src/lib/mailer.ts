import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export interface OutgoingCode {
  channel: 'email' | 'phone';
  to: string;
  purpose: string;
  code: string;
}

/** Delivers verification codes. */
export interface CodeDelivery {
  send(message: OutgoingCode): Promise<void>;
}

/** An e-mail that is not a code (a long job ended); `kind` names it in the outbox. */
export interface OutgoingMail {
  to: string;
  kind: string;
  subject: string;
  text: string;
}

/** Delivers other e-mails. */
export interface MailDelivery {
  sendMail(mail: OutgoingMail): Promise<void>;
}

/**
 * The development outbox: without SMTP (and for phones, which have no SMS gateway
 * configured yet) codes go to the server log and one JSON line each in
 * DATA_DIR/outbox.jsonl, so a self-hosted instance and the tests can read them.
 */
export class OutboxDelivery implements CodeDelivery, MailDelivery {
  constructor(
    private readonly file: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  private async append(entry: object): Promise<void> {
    await mkdir(dirname(this.file), { recursive: true });
    await appendFile(this.file, `${JSON.stringify({ ...entry, at: new Date().toISOString() })}\n`, 'utf8');
  }

  async send(message: OutgoingCode): Promise<void> {
    await this.append(message);
    this.log.info({ to: message.to, purpose: message.purpose, code: message.code }, 'verification code (outbox)');
  }

  async sendMail(mail: OutgoingMail): Promise<void> {
    await this.append({ channel: 'email', ...mail });
    this.log.info({ to: mail.to, kind: mail.kind }, 'e-mail (outbox)');
  }
}

/** E-mail through SMTP when SMTP_URL is set; phones still use the outbox. */
export class SmtpDelivery implements CodeDelivery, MailDelivery {
  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
    private readonly fallback: CodeDelivery,
  ) {}

  async sendMail(mail: OutgoingMail): Promise<void> {
    const nodemailer = await import('nodemailer');
    await nodemailer.createTransport(this.smtpUrl).sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
    });
  }

  async send(message: OutgoingCode): Promise<void> {
    if (message.channel !== 'email') return this.fallback.send(message);
    await this.sendMail({
      to: message.to,
      kind: message.purpose,
      subject: `MedX Workbench verification code: ${message.code}`,
      text: `Your verification code is ${message.code}. It expires in 10 minutes.\n您的验证码是 ${message.code}，10 分钟内有效。`,
    });
  }
}
