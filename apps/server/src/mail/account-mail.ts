/**
 * Account messages (issue 25): verification, password reset, password or e-mail changed, account deleted, and the
 * like. Each is a heading, a few paragraphs and an optional button, in the layout the order confirmation uses, with
 * a text part. Built when queued (`queueAccountMail`), so the outbox sends exactly what the event described.
 */
import { mailHtml, paragraph } from './layout.ts';
import type { MailMessage } from './mailer.ts';

export interface AccountMail {
  to: string;
  subject: string;
  heading: string;
  /** Paragraphs of text (escaped in the HTML part). */
  paragraphs: string[];
  /** A button, shown as a link in the text part. */
  action?: { label: string; url: string };
  /** Why the reader got it; default: a message about their Emporium account. */
  footer?: string;
}

/**
 * The greeting of a message to an account's own address: with the account's name only once that address is proven
 * (issue 46: the name is text the shopper chose, and an address nobody confirmed may be anyone's). Mail to an
 * address that is not yet the account's (an e-mail change's new address) carries no greeting at all.
 */
export function hello(account: { userName: string; emailVerifiedAt: Date | null }): string {
  return account.emailVerifiedAt ? `Hello ${account.userName},` : 'Hello,';
}

/** The message, HTML and text, for an account event. */
export function accountMessage(m: AccountMail): Required<Omit<MailMessage, 'key'>> {
  const footer = m.footer ?? 'You receive this e-mail because of a change to your Emporium account.';
  const text = [
    m.heading,
    '',
    ...m.paragraphs.flatMap((p) => [p, '']),
    ...(m.action ? [`${m.action.label}: ${m.action.url}`, ''] : []),
    footer,
    '',
    'Emporium',
  ].join('\n');
  const html = mailHtml({
    heading: m.heading,
    body: m.paragraphs.map(paragraph).join('\n'),
    action: m.action,
    footer,
  });
  return { to: m.to, subject: m.subject, text, html };
}
