import { useParams } from 'react-router';
import { FindOrderPage } from './find-order-page';
import { OrderLinkPage } from './order-link-page';

/**
 * The guest order pages (issue 41) as one screen, one chunk and one route entry in the app's first download (its
 * budget): `/shop/order/:token` shows the order the link opens, `/shop/find-order` the "Find my order" form.
 */
export function GuestOrderScreen() {
  return useParams().token === undefined ? <FindOrderPage /> : <OrderLinkPage />;
}
