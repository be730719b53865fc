import { AddressBook } from './address-book';

/** The account's Address tab, loaded when the tab opens (account-page.tsx). */
export function AccountAddresses() {
  return <AddressBook />;
}
