import { postalAddressLines, type PostalAddressParts } from '@emporium/contract';
import { cn } from '@/lib/cn';

/** A printed address: the postal parts, and the phone number the carrier may call. */
export interface PrintedAddress extends PostalAddressParts {
  phone?: string | null;
}

interface PostalAddressProps {
  address: PrintedAddress;
  /** One line, the parts joined by commas (the checkout's "Delivering to"); the phone is left out. */
  inline?: boolean;
  className?: string;
  'data-testid'?: string;
}

/**
 * Every address the web app prints (issue 40, item 5; docs/decisions/017): a whole postal address from the contract's
 * `postalAddressLines` — the recipient when named, the street, the town line in the country's layout (no state where
 * the country prints none, e.g. "10115 Berlin"), the country's English name (the browser's `Intl.DisplayNames`, no
 * table) — then the phone on a line of its own. A block `<address>`, one line per part, or with `inline` one line.
 */
export function PostalAddress({ address, inline, className, ...rest }: PostalAddressProps) {
  const lines = postalAddressLines(address);
  if (inline) {
    return (
      <span className={cn('break-words', className)} data-testid={rest['data-testid']}>
        {lines.join(', ')}
      </span>
    );
  }
  const phone = address.phone?.trim();
  return (
    <address className={cn('not-italic', className)} data-testid={rest['data-testid']}>
      {[...lines, ...(phone ? [phone] : [])].map((line, i) => (
        <span key={i} className="block break-words">
          {line}
        </span>
      ))}
    </address>
  );
}
