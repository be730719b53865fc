import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Download } from 'lucide-react';
import { ORDER_STATUSES, type OrderStatus } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { formatPrice } from '@/lib/format';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { adminApi, type AdminOrderQuery } from './admin-api';
import {
  ADMIN_ORDERS_PAGE,
  deleteOrder,
  fetchAllOrders,
  fetchOrderDetails,
  orderDetailsCleared,
  selectAdminOrders,
  updateOrderStatus,
} from './admin-slices';
import { FIELD_CLASS, LabelledSelect, ListPager, ListSearch } from './list-controls';
import { AdminStatusBadge } from './status-badge';

/** A row: a two-column card below `sm`, a table row from `sm` on. */
const row =
  'grid grid-cols-2 gap-x-3 gap-y-2 rounded-xl border border-neutral-200 p-3 sm:table-row sm:rounded-none sm:border-0 sm:border-b sm:border-neutral-100 sm:p-0';
const cell = 'min-w-0 break-words sm:py-2 sm:pr-3';
/** The column name shown inside the cell on a phone, where the header row is hidden. */
const cellLabel = 'block font-sans text-xs text-neutral-600 sm:hidden';

const na = (v: string | null | undefined) => (v && v.trim() ? v : 'N/A');

/** How long typing in the search box waits before asking the server. */
const SEARCH_DELAY_MS = 300;

const NO_FILTERS = { search: '', status: '', from: '', to: '' } as const;

/**
 * All Orders (spec §2, §4): Order ID (first 8 characters), Customer (name and e-mail), Order Date, Order Amount,
 * Order Status, View Details; newest first, paged. A search box (either end of the order id, or the customer), a
 * status filter, a date range and Export CSV narrow and export the list. `?order=<id>` opens that order's details
 * (the dashboard links here).
 */
export function AdminOrdersPage() {
  const dispatch = useAppDispatch();
  const { orderList: orders, pagination, isLoading: loading } = useAppSelector(selectAdminOrders);
  const [params, setParams] = useSearchParams();
  const openId = params.get('order');
  const [searchText, setSearchText] = useState('');
  const [exporting, setExporting] = useState(false);
  const [query, setQuery] = useState<AdminOrderQuery>({ ...NO_FILTERS, page: 1, limit: ADMIN_ORDERS_PAGE });
  const filter = (change: Partial<AdminOrderQuery>) => setQuery((q) => ({ ...q, ...change, page: 1 }));
  const filtered = Boolean(query.search || query.status || query.from || query.to);

  useEffect(() => {
    void dispatch(fetchAllOrders(query));
  }, [dispatch, query]);

  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery((q) => (q.search === searchText ? q : { ...q, search: searchText, page: 1 }));
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  async function exportCsv() {
    setExporting(true);
    try {
      await adminApi.exportOrders(query);
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error, 'Export failed'), variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  }

  return (
    <section className="min-w-0 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">All Orders</h1>
        <div className="flex flex-wrap items-center gap-2">
          {pagination && (
            <span className="text-sm text-neutral-600" aria-live="polite">
              {`${pagination.total} ${filtered ? 'matching ' : ''}orders`}
            </span>
          )}
          <Button variant="outline" disabled={exporting} onClick={() => void exportCsv()}>
            <Download className="h-4 w-4" aria-hidden="true" />
            {exporting ? 'Exporting...' : 'Export CSV'}
          </Button>
        </div>
      </div>
      <div
        className="grid grid-cols-2 gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto] md:items-end"
        role="search"
      >
        <div className="col-span-2 space-y-1 md:col-span-1">
          <ListSearch
            id="order-search"
            label="Search orders"
            placeholder="Order ID, name or e-mail"
            value={searchText}
            onChange={setSearchText}
          />
        </div>
        <div className="col-span-2 space-y-1 md:col-span-1">
          <LabelledSelect
            id="order-filter-status"
            label="Status"
            value={query.status}
            onChange={(status) => filter({ status })}
            options={ORDER_STATUSES}
            placeholder="All statuses"
          />
        </div>
        <div className="min-w-0 space-y-1">
          <Label htmlFor="order-filter-from">From</Label>
          <input
            id="order-filter-from"
            type="date"
            className={FIELD_CLASS}
            value={query.from}
            max={query.to || undefined}
            onChange={(e) => filter({ from: e.target.value })}
          />
        </div>
        <div className="min-w-0 space-y-1">
          <Label htmlFor="order-filter-to">To</Label>
          <input
            id="order-filter-to"
            type="date"
            className={FIELD_CLASS}
            value={query.to}
            min={query.from || undefined}
            onChange={(e) => filter({ to: e.target.value })}
          />
        </div>
        <Button
          variant="ghost"
          className="col-span-2 h-11 md:col-span-1 md:h-10"
          disabled={!filtered && !searchText}
          onClick={() => {
            setSearchText('');
            filter(NO_FILTERS);
          }}
        >
          Clear filters
        </Button>
      </div>
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
                <th className="py-2 pr-3 font-semibold">Customer</th>
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
                  <td colSpan={6} className="block py-6 text-center text-neutral-600 sm:table-cell">
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
                      <span className={cellLabel}>Customer</span>
                      <span className="block font-medium">{o.customer.userName}</span>
                      <span className="block text-xs break-all text-neutral-600">{o.customer.email}</span>
                      {o.customer.emailVerified === false && (
                        <span className="block text-xs text-amber-700">E-mail not verified</span>
                      )}
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
          <ListPager
            label="Order pages"
            page={pagination.page}
            pages={pagination.pages}
            onPage={(page) => setQuery((q) => ({ ...q, page }))}
          />
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
              <dt className="text-neutral-600">Customer</dt>
              <dd className="break-words">
                {order.customer.userName}
                <span className="block text-neutral-600 break-all">{order.customer.email}</span>
              </dd>
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
