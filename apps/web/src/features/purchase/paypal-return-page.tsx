import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Loader2 } from 'lucide-react';
import type { OrderCaptureResponse, OrderResponse } from '@emporium/contract';
import { useAppDispatch } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { useSessionUser } from '@/app/session';
import { fetchCartItems } from './cart-slice';
import { ApiError, apiRequest } from '@/lib/api';
import { clearCurrentOrderId, readCurrentOrderId } from './current-order';

/**
 * The payment return page (spec §2, §4, §8): captures the saved order with the payment id (`paymentId`, or PayPal's
 * `token`) and PayerID from the URL. Success: Payment Successful toast and /shop/payment-success with the paid order
 * (its summary, issue 40); failure: Payment Status with the message and Return to Checkout. Opened where the
 * checkout's tab did not save the order (another tab or browser, a payment app; issue 27), it finds the shopper's
 * order by the payment id first; "Order information not found" is shown only when the shopper has no order with that
 * payment.
 */
export function PaypalReturnPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const user = useSessionUser();
  const started = useRef(false);
  const paymentId = params.get('paymentId') ?? params.get('token');
  const payerId = params.get('PayerID');
  const [savedOrderId] = useState(readCurrentOrderId);
  const [error, setError] = useState<string | null>(() =>
    !savedOrderId && !paymentId
      ? 'Order information not found. Please try again.'
      : !paymentId || !payerId
        ? 'Payment information is missing. Please try again.'
        : null,
  );

  useEffect(() => {
    if (started.current || !paymentId || !payerId) return;
    started.current = true;
    const orderId = savedOrderId
      ? Promise.resolve(savedOrderId)
      : apiRequest<OrderResponse>(`/api/shop/order/by-payment/${encodeURIComponent(paymentId)}`).then(
          (found) => found.data._id,
          (err: unknown) => {
            throw err instanceof ApiError && err.status === 404
              ? new ApiError('Order information not found. Please try again.', 404)
              : err;
          },
        );
    orderId
      .then((id) =>
        apiRequest<OrderCaptureResponse>('/api/shop/order/capture', {
          method: 'POST',
          body: { orderId: id, paymentId, payerId },
        }),
      )
      .then((captured) => {
        clearCurrentOrderId();
        if (user) void dispatch(fetchCartItems(user.userId));
        toast({ title: 'Payment Successful' });
        // The paid order goes along in the history entry's state (issue 40: the success page's summary), so the
        // spec's address stays /shop/payment-success and a reload still shows it.
        void navigate('/shop/payment-success', { state: { order: captured.data } });
      })
      .catch((err: unknown) => {
        setError(
          err instanceof ApiError
            ? err.message || 'Payment processing failed. Please try again.'
            : 'An error occurred while processing your payment. Please contact support.',
        );
      });
  }, [dispatch, navigate, savedOrderId, paymentId, payerId, user]);

  return (
    <section className="my-6 w-[calc(100%-2rem)] max-w-xl space-y-4 self-center rounded-2xl border border-neutral-200 bg-white p-6 text-center break-words shadow-sm sm:my-10 sm:p-8">
      {error ? (
        <>
          <h1 className="text-2xl font-bold">Payment Status</h1>
          <p role="alert" className="text-red-700">
            {error}
          </p>
          <Button onClick={() => void navigate('/shop/checkout')}>Return to Checkout</Button>
        </>
      ) : (
        <>
          <Loader2 className="mx-auto h-10 w-10 animate-spin text-neutral-700" aria-hidden="true" />
          <h1 className="text-2xl font-bold" role="status">
            Processing Payment
          </h1>
        </>
      )}
    </section>
  );
}
