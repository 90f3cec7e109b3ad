import { type AlertChannel, type AlertMessage, AlertSendError, alertText } from './types.js';

export interface SmtpOptions {
  host: string;
  port: number;
  /** TLS from the start (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user?: string;
  password?: string;
  from: string;
  to: string[];
  timeoutMs: number;
}

/** E-mail over SMTP with nodemailer (decision 0034), loaded when the first alert is sent. */
export function smtpEmail(o: SmtpOptions): AlertChannel {
  let transport: Promise<{ sendMail(m: object): Promise<unknown> }> | null = null;
  const open = async () => {
    const nodemailer = (await import('nodemailer')).default;
    return nodemailer.createTransport({
      host: o.host,
      port: o.port,
      secure: o.secure,
      auth: o.user ? { user: o.user, pass: o.password ?? '' } : undefined,
      connectionTimeout: o.timeoutMs,
      greetingTimeout: o.timeoutMs,
      socketTimeout: o.timeoutMs,
    });
  };
  return {
    name: 'email',
    async send(a: AlertMessage) {
      transport ??= open();
      try {
        await (await transport).sendMail({
          from: o.from,
          to: o.to,
          subject: `moddesk: ${a.title}`,
          text: `${alertText(a)}\n`,
        });
      } catch (err) {
        // nodemailer's words name the server and the SMTP reply, never the password.
        throw new AlertSendError(`the mail server ${o.host} refused: ${(err as Error).message}`);
      }
    },
  };
}
