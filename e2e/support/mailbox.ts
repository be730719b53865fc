/**
 * The shop's outgoing mail, as the local SMTP server of the global setup received it (support/global-setup.ts writes
 * one JSON file per message into the folder it provides as `mailDir`). Journeys read links out of it, e.g. the
 * password-reset link.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

export interface ReceivedMail {
  subject: string;
  /** The text part, decoded. */
  text: string;
  /** The HTML part, decoded ('' when the message has none). */
  html: string;
}

interface StoredMail {
  to: string[];
  receivedAt: string;
  raw: string;
}

/**
 * The newest message to `to` (whose subject matches `subject`, if given), waiting up to `timeoutMs` (default 20 s:
 * the server's outbox worker is kicked by most changes and runs every 15 s anyway). Throws when none arrives.
 * Only messages received after `since` count (default: any), so a journey can ask for the mail its own step caused.
 */
export async function latestMail(
  to: string,
  subject?: RegExp,
  { timeoutMs = 20_000, since }: { timeoutMs?: number; since?: Date } = {},
): Promise<ReceivedMail> {
  const dir = inject('mailDir');
  const address = to.trim().toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .reverse();
    for (const file of files) {
      const stored = JSON.parse(readFileSync(join(dir, file), 'utf8')) as StoredMail;
      if (!stored.to.includes(address)) continue;
      if (since && new Date(stored.receivedAt) < since) continue;
      const mail = parseMail(stored.raw);
      if (!subject || subject.test(mail.subject)) return mail;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `no mail to ${to}${subject ? ` with a subject matching ${subject}` : ''} within ${timeoutMs} ms`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The first link in `mail`'s text part whose URL contains `pathPart` (e.g. '/auth/reset-password'). */
export function linkIn(mail: ReceivedMail, pathPart: string): string {
  const url = mail.text.match(/https?:\/\/[^\s<>"]+/g)?.find((u) => u.includes(pathPart));
  if (!url) throw new Error(`no link containing ${pathPart} in the mail "${mail.subject}"`);
  return url;
}

/** Splits a MIME entity into its (unfolded, lower-cased name) headers and body. */
function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(s: string): Buffer {
  const soft = s.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(body: string, encoding = '7bit'): string {
  const e = encoding.toLowerCase();
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (e === 'quoted-printable') return decodeQuotedPrintable(body).toString('utf8');
  return body;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=` / `=?UTF-8?B?…?=`), as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

/** Walks the MIME tree and collects the first text/plain and text/html parts. */
function collectParts(raw: string, out: { text?: string; html?: string }): void {
  const { headers, body } = splitEntity(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      collectParts(part.replace(/^\n/, ''), out);
    }
    return;
  }
  const decoded = decodeBody(body, headers.get('content-transfer-encoding')).replace(/\n$/, '');
  if (/^text\/html/i.test(type)) out.html ??= decoded;
  else if (/^text\/plain/i.test(type)) out.text ??= decoded;
}

/** A raw RFC 5322 message as `{subject, text, html}`. */
export function parseMail(raw: string): ReceivedMail {
  const { headers } = splitEntity(raw);
  const parts: { text?: string; html?: string } = {};
  collectParts(raw, parts);
  return {
    subject: decodeWords(headers.get('subject') ?? ''),
    text: parts.text ?? '',
    html: parts.html ?? '',
  };
}
