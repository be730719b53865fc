/**
 * The layout every e-mail of the shop shares (order confirmation, account messages): a white card on a grey page with
 * the shop's name, a heading, the content, an optional button and a footer line saying why it was sent. Mail clients
 * ignore style sheets and scripts: inline styles, tables for layout, system fonts. Every value passed as `text` is
 * escaped; `html` parts are the caller's own markup, with shopper-provided values already escaped.
 */
import { escapeHtml } from '../lib/html.ts';

export const MAIL_FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

export interface MailLayout {
  /** The heading (text). */
  heading: string;
  /** The lines under the heading, as HTML rows of the card (use `paragraph` for text). */
  body: string;
  /** A button: its label and absolute URL. */
  action?: { label: string; url: string };
  /** Why the reader got this e-mail (text). */
  footer: string;
}

/** A paragraph of text in the card. */
export function paragraph(text: string): string {
  return `<tr><td><p style="margin:0 0 16px;color:#404040;line-height:1.5">${escapeHtml(text)}</p></td></tr>`;
}

/** A titled block of lines in the card (an address, a list of items), every line escaped. */
export function textBlock(title: string, lines: string[]): string {
  return `<tr><td style="padding-bottom:16px"><div style="font-weight:600;margin-bottom:4px">${escapeHtml(title)}</div>
<div style="color:#404040;line-height:1.5">${lines.map(escapeHtml).join('<br>')}</div></td></tr>`;
}

/**
 * Where an e-mail's "View your order" goes (issue 40, item 10): the account page, which opens that order's details
 * (`?order=<id>`, kept through sign-in).
 */
export function orderLink(shopUrl: string, orderId: string): string {
  return `${shopUrl}/shop/account?order=${encodeURIComponent(orderId)}`;
}

/**
 * Where an order e-mail's "View your order" goes: a guest's order (issue 41) has no account page, so its signed link
 * (`orderToken`, modules/order-links) opens `/shop/order/<token>`; a member's opens the account page (`orderLink`).
 */
export function orderPageUrl(shopUrl: string, orderId: string, orderToken?: string): string {
  return orderToken ? `${shopUrl}/shop/order/${orderToken}` : orderLink(shopUrl, orderId);
}

/** The whole HTML document of a message. */
export function mailHtml(m: MailLayout): string {
  const button = m.action
    ? `<tr><td style="padding-top:12px"><a href="${escapeHtml(m.action.url)}" style="display:inline-block;background:#171717;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:10px">${escapeHtml(m.action.label)}</a></td></tr>`
    : '';
  return `<!doctype html><html lang="en"><body style="margin:0;background:#f5f5f5;${MAIL_FONT};color:#171717">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f5f5;padding:24px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:16px;padding:28px">
<tr><td style="font-size:20px;font-weight:800;padding-bottom:20px">Emporium</td></tr>
<tr><td><h1 style="font-size:22px;margin:0 0 12px">${escapeHtml(m.heading)}</h1></td></tr>
${m.body}
${button}
<tr><td style="padding-top:28px;color:#737373;font-size:12px">${escapeHtml(m.footer)}</td></tr>
</table></td></tr></table></body></html>`;
}
