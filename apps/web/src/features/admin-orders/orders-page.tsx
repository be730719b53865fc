import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/api';
import { formatCount } from '@/lib/format';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { adminApi, type AdminOrderQuery } from '@/lib/admin/admin-api';
import {
  ADMIN_ORDERS_PAGE,
  fetchAllOrders,
  orderDetailsCleared,
  selectAdminOrders,
} from '@/app/admin-slices';
import { ListPager } from '@/components/admin/list-controls';
import { OrderDetailsDialog } from './order-details-dialog';
import { NO_ORDER_FILTERS, OrderFilters } from './order-filters';
import { OrdersTable } from './orders-table';

/** How long typing in the search box waits before asking the server. */
const SEARCH_DELAY_MS = 300;

/**
 * All Orders (spec §2, §4): the orders table (orders-table.tsx: Order (the number, `#1001`, issue 26), Order ID,
 * Customer, Order Date, Order Amount, Order Status, View Details), newest first, paged. The filters (order-filters.tsx:
 * the order number, either end of the order id or the customer, a status, a date range) and Export CSV narrow and
 * export the list. `?order=<id>` opens that order's details (order-details-dialog.tsx; the dashboard links here).
 */
export function AdminOrdersPage() {
  const dispatch = useAppDispatch();
  const { orderList: orders, pagination, shownQuery, isLoading: loading } = useAppSelector(selectAdminOrders);
  const [params, setParams] = useSearchParams();
  const openId = params.get('order');
  const [searchText, setSearchText] = useState('');
  const [exporting, setExporting] = useState(false);
  const [query, setQuery] = useState<AdminOrderQuery>(() => ({
    ...NO_ORDER_FILTERS,
    // The dashboard's "Withdrawals to process" link (issue 26) opens the list already filtered.
    withdrawal: params.get('withdrawal') === 'open' ? 'open' : '',
    refund: params.get('refund') === 'due' ? 'due' : '',
    payment: params.get('payment') === 'unpaid' ? 'unpaid' : '',
    page: 1,
    limit: ADMIN_ORDERS_PAGE,
  }));
  const filter = (change: Partial<AdminOrderQuery>) => setQuery((q) => ({ ...q, ...change, page: 1 }));
  // From the query the total answers: while a new search is on its way, the old total keeps its old label.
  const filtered = Boolean(
    shownQuery &&
    (shownQuery.search ||
      shownQuery.status ||
      shownQuery.from ||
      shownQuery.to ||
      shownQuery.withdrawal ||
      shownQuery.refund),
  );
  // Checkouts never paid are not orders (issue 40): their count says what they are.
  const noun = shownQuery?.payment === 'unpaid' ? 'unpaid checkouts' : 'orders';

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
              {`${formatCount(pagination.total)} ${filtered ? 'matching ' : ''}${noun}`}
            </span>
          )}
          <Button variant="outline" disabled={exporting} onClick={() => void exportCsv()}>
            <Download className="h-4 w-4" aria-hidden="true" />
            {exporting ? 'Exporting...' : 'Export CSV'}
          </Button>
        </div>
      </div>
      <OrderFilters query={query} searchText={searchText} onSearchText={setSearchText} onFilter={filter} />
      <div className="relative rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm">
        {loading ? (
          <p className="text-neutral-600">Loading orders...</p>
        ) : (
          <OrdersTable orders={orders} onView={(id) => setParams({ order: id })} />
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
