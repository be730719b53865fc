import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ORDER_STATUSES, type OrderStatus } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { formatPrice } from '@/lib/format';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import {
  deleteOrder,
  fetchAllOrders,
  fetchOrderDetails,
  orderDetailsCleared,
  selectAdminOrders,
  updateOrderStatus,
} from './admin-slices';
import { AdminStatusBadge } from './status-badge';

/** A row: a two-column card below `sm`, a table row from `sm` on. */
const row =
  'grid grid-cols-2 gap-x-3 gap-y-2 rounded-xl border border-neutral-200 p-3 sm:table-row sm:rounded-none sm:border-0 sm:border-b sm:border-neutral-100 sm:p-0';
const cell = 'min-w-0 break-words sm:py-2 sm:pr-3';
/** The column name shown inside the cell on a phone, where the header row is hidden. */
const cellLabel = 'block font-sans text-xs text-neutral-600 sm:hidden';

const na = (v: string | null | undefined) => (v && v.trim() ? v : 'N/A');

/**
 * All Orders (spec §2, §4): Order ID (first 8 characters), Order Date, Order Amount, Order Status, View Details;
 * newest first, paged. `?order=<id>` opens that order's details (the dashboard links here).
 */
export function AdminOrdersPage() {
  const dispatch = useAppDispatch();
  const { orderList: orders, pagination, isLoading: loading } = useAppSelector(selectAdminOrders);
  const [page, setPage] = useState(1);
  const [params, setParams] = useSearchParams();
  const openId = params.get('order');

  useEffect(() => {
    void dispatch(fetchAllOrders(page));
  }, [dispatch, page]);

  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">All Orders</h1>
      {/* Below `sm` each row is a stacked card with its own labels (the header row is hidden), so nothing scrolls
          sideways on a phone; from `sm` on it is the plain table. */}
      <div className="relative rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm">
        {loading ? (
          <p className="text-neutral-600">Loading orders...</p>
        ) : (
          <table className="block w-full text-left text-sm sm:table">
            <thead className="hidden border-b border-neutral-200 text-neutral-600 sm:table-header-group">
              <tr>
                <th className="py-2 pr-3 font-semibold">Order ID</th>
                <th className="py-2 pr-3 font-semibold">Order Date</th>
                <th className="py-2 pr-3 font-semibold">Order Amount</th>
                <th className="py-2 pr-3 font-semibold">Order Status</th>
                <th className="py-2 font-semibold">
                  <span className="sr-only">Details</span>
                </th>
              </tr>
            </thead>
            <tbody className="block space-y-3 sm:table-row-group sm:space-y-0">
              {orders.length === 0 ? (
                <tr className="block sm:table-row">
                  <td colSpan={5} className="block py-6 text-center text-neutral-600 sm:table-cell">
                    No orders found
                  </td>
                </tr>
              ) : (
                orders.map((o) => (
                  <tr key={o._id} data-testid="admin-order-row" className={row}>
                    <td className={cn(cell, 'font-mono')}>
                      <span className={cellLabel}>Order ID</span>
                      {o._id.slice(0, 8)}...
                    </td>
                    <td className={cell}>
                      <span className={cellLabel}>Order Date</span>
                      {new Date(o.orderDate).toLocaleDateString('en-US')}
                    </td>
                    <td className={cell}>
                      <span className={cellLabel}>Order Amount</span>
                      {formatPrice(o.totalPrice)}
                    </td>
                    <td className={cell}>
                      <span className={cellLabel}>Order Status</span>
                      <AdminStatusBadge status={o.orderStatus} />
                    </td>
                    <td className="col-span-2 pt-2 sm:py-2 sm:text-right">
                      <Button
                        size="sm"
                        variant="outline"
                        className="h-11 w-full sm:h-9 sm:w-auto"
                        onClick={() => setParams({ order: o._id })}
                      >
                        View Details
                      </Button>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        )}
        {pagination && pagination.pages > 1 && (
          <div className="mt-4 flex items-center justify-between gap-2 text-sm">
            <Button
              size="sm"
              variant="outline"
              className="h-11 sm:h-9"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              Previous
            </Button>
            <span>
              Page {pagination.page} of {pagination.pages}
            </span>
            <Button
              size="sm"
              variant="outline"
              className="h-11 sm:h-9"
              disabled={page >= pagination.pages}
              onClick={() => setPage(page + 1)}
            >
              Next
            </Button>
          </div>
        )}
      </div>
      {openId && (
        <OrderDetailsDialog
          key={openId}
          orderId={openId}
          onClose={() => {
            dispatch(orderDetailsCleared());
            setParams({});
          }}
        />
      )}
    </section>
  );
}

function OrderDetailsDialog({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const { orderDetails: order, detailsMissing: missing } = useAppSelector(selectAdminOrders);
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const shown = status || order?.orderStatus || '';

  useEffect(() => {
    void dispatch(fetchOrderDetails(orderId));
  }, [dispatch, orderId]);

  async function update() {
    if (!status) return;
    setSaving(true);
    const result = await dispatch(updateOrderStatus({ id: orderId, orderStatus: status }));
    if (updateOrderStatus.rejected.match(result))
      console.error('Order status update failed', result.error.message);
    // Spec §4: after an update the order is refetched.
    await dispatch(fetchOrderDetails(orderId));
    setStatus('');
    setSaving(false);
  }

  async function remove() {
    const result = await dispatch(deleteOrder(orderId));
    if (deleteOrder.fulfilled.match(result)) {
      setConfirming(false);
      onClose();
    } else {
      toast({
        title: 'Error',
        description: result.error.message ?? 'Failed to delete order',
        variant: 'destructive',
      });
    }
  }

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent size="xl">
        <DialogTitle className="text-xl font-bold">Order Details</DialogTitle>
        {!order ? (
          <DialogDescription>
            {missing ? 'No order details found' : 'Loading order details...'}
          </DialogDescription>
        ) : (
          <div className="space-y-5 text-sm">
            <DialogDescription className="sr-only">Order {order._id}</DialogDescription>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
              <dt className="text-neutral-600">Order ID</dt>
              <dd className="font-mono break-all">{order._id}</dd>
              <dt className="text-neutral-600">Order Date</dt>
              <dd>
                {new Date(order.orderDate).toLocaleString('en-US', {
                  dateStyle: 'short',
                  timeStyle: 'short',
                })}
              </dd>
              <dt className="text-neutral-600">Order Price</dt>
              <dd className="font-bold">{formatPrice(order.totalPrice)}</dd>
              <dt className="text-neutral-600">Payment Method</dt>
              <dd>{na(order.paymentMethod)}</dd>
              <dt className="text-neutral-600">Payment Status</dt>
              <dd>{na(order.paymentStatus)}</dd>
              <dt className="text-neutral-600">Payment ID</dt>
              <dd className="break-all">{na(order.paymentId)}</dd>
              <dt className="text-neutral-600">Order Status</dt>
              <dd>
                <AdminStatusBadge status={order.orderStatus} />
              </dd>
            </dl>
            <section className="space-y-2">
              <h3 className="font-bold">Order Items</h3>
              {order.cartItems.length === 0 ? (
                <p className="text-neutral-600">No items found</p>
              ) : (
                <ul className="space-y-1">
                  {order.cartItems.map((i) => (
                    <li key={i.productId} className="flex justify-between gap-2 break-words">
                      <span className="min-w-0">
                        {i.title} × {i.quantity}
                      </span>
                      <span className="shrink-0">{formatPrice(i.price * i.quantity)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className="space-y-1">
              <h3 className="font-bold">Shipping Info</h3>
              <p>{na(order.address.address)}</p>
              <p>
                {na(order.address.city)}, {na(order.address.state)} {na(order.address.pincode)}
              </p>
              <p>Phone: {na(order.address.phone)}</p>
              <p className="break-words">Notes: {na(order.address.notes)}</p>
            </section>
            <div className="flex flex-wrap items-end gap-2 border-t border-neutral-200 pt-4">
              <div className="space-y-1">
                <label htmlFor="order-status" className="font-medium">
                  Order Status
                </label>
                <select
                  id="order-status"
                  value={shown}
                  onChange={(e) => setStatus(e.target.value as OrderStatus)}
                  className="block h-11 rounded-md border border-neutral-300 bg-white px-3 sm:h-10"
                >
                  {ORDER_STATUSES.map((s) => (
                    <option key={s}>{s}</option>
                  ))}
                </select>
              </div>
              <Button
                className="h-11 sm:h-10"
                disabled={saving || shown === order.orderStatus}
                onClick={() => void update()}
              >
                {saving ? 'Updating...' : 'Update'}
              </Button>
              <Button
                variant="destructive"
                className="ml-auto h-11 sm:h-10"
                onClick={() => setConfirming(true)}
              >
                Delete
              </Button>
            </div>
          </div>
        )}
      </DialogContent>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogTitle className="text-lg font-bold">Delete this order?</DialogTitle>
          <DialogDescription className="text-neutral-600">
            The order is removed for good; the shopper will no longer see it.
          </DialogDescription>
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <Button variant="outline" className="h-11 sm:h-10" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant="destructive" className="h-11 sm:h-10" onClick={() => void remove()}>
              Delete Order
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </Dialog>
  );
}
