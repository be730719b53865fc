import { AddressBook } from './address-book';

/** The account's Address tab, loaded when the tab opens (account-page.tsx, through purchase-screens.ts). */
export function AccountAddresses() {
  return <AddressBook />;
}
