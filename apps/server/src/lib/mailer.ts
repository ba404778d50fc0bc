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

/**
 * The development outbox: without SMTP (and for phones, which have no SMS gateway
 * configured yet) codes go to the server log and one JSON line each in
 * DATA_DIR/outbox.jsonl, so a self-hosted instance and the tests can read them.
 */
export class OutboxDelivery implements CodeDelivery {
  constructor(
    private readonly file: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: OutgoingCode): Promise<void> {
    await mkdir(dirname(this.file), { recursive: true });
    const line = { ...message, at: new Date().toISOString() };
    await appendFile(this.file, `${JSON.stringify(line)}\n`, 'utf8');
    this.log.info({ to: message.to, purpose: message.purpose, code: message.code }, 'verification code (outbox)');
  }
}

/** E-mail through SMTP when SMTP_URL is set; phones still use the outbox. */
export class SmtpDelivery implements CodeDelivery {
  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
    private readonly fallback: CodeDelivery,
  ) {}

  async send(message: OutgoingCode): Promise<void> {
    if (message.channel !== 'email') return this.fallback.send(message);
    const nodemailer = await import('nodemailer');
    const transport = nodemailer.createTransport(this.smtpUrl);
    await transport.sendMail({
      from: this.from,
      to: message.to,
      subject: `MedX Workbench verification code: ${message.code}`,
      text: `Your verification code is ${message.code}. It expires in 10 minutes.\n您的验证码是 ${message.code}，10 分钟内有效。`,
    });
  }
}
