import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Loader2 } from 'lucide-react';
import type { OrderCaptureResponse } from '@emporium/contract';
import { useAppDispatch } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { useSessionUser } from '@/app/session';
import { fetchCartItems } from './cart-slice';
import { ApiError, apiRequest } from '@/lib/api';
import { clearCurrentOrderId, readCurrentOrderId } from './current-order';

/**
 * The payment return page (spec §2, §4, §8): captures the saved order with the payment id (`paymentId`, or PayPal's
 * `token`) and PayerID from the URL. Success: Payment Successful toast and /shop/payment-success; failure: Payment
 * Status with the message and Return to Checkout.
 */
export function PaypalReturnPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const user = useSessionUser();
  const started = useRef(false);
  const paymentId = params.get('paymentId') ?? params.get('token');
  const payerId = params.get('PayerID');
  const [orderId] = useState(readCurrentOrderId);
  const [error, setError] = useState<string | null>(() =>
    !orderId
      ? 'Order information not found. Please try again.'
      : !paymentId || !payerId
        ? 'Payment information is missing. Please try again.'
        : null,
  );

  useEffect(() => {
    if (started.current || !orderId || !paymentId || !payerId) return;
    started.current = true;
    apiRequest<OrderCaptureResponse>('/api/shop/order/capture', {
      method: 'POST',
      body: { orderId, paymentId, payerId },
    })
      .then(() => {
        clearCurrentOrderId();
        if (user) void dispatch(fetchCartItems(user.userId));
        toast({ title: 'Payment Successful' });
        void navigate('/shop/payment-success');
      })
      .catch((err: unknown) => {
        setError(
          err instanceof ApiError
            ? err.message || 'Payment processing failed. Please try again.'
            : 'An error occurred while processing your payment. Please contact support.',
        );
      });
  }, [dispatch, navigate, orderId, paymentId, payerId, user]);

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
