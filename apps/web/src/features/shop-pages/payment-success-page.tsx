import { Link } from 'react-router';
import { CircleCheck } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { PaymentSummary } from './payment-summary';

export function PaymentSuccessPage() {
  return (
    <section className="my-6 w-[calc(100%-2rem)] max-w-xl space-y-4 self-center rounded-2xl border border-neutral-200 bg-white p-6 text-center break-words shadow-sm sm:my-10 sm:p-8">
      <CircleCheck className="mx-auto h-14 w-14 text-green-600" aria-hidden="true" />
      <h1 className="text-3xl font-bold">Payment Successful</h1>
      <p className="text-lg">Thank you for your purchase!</p>
      <p className="text-neutral-600">Your order has been confirmed and will be processed shortly.</p>
      <p className="text-neutral-600">You will receive an email confirmation with your order details.</p>
      <PaymentSummary />
      <div className="flex flex-col justify-center gap-3 pt-2 sm:flex-row">
        <Link to="/shop/home" className={buttonClasses({ className: 'h-11 sm:h-10' })}>
          Continue Shopping
        </Link>
        <Link to="/shop/account" className={buttonClasses({ variant: 'outline', className: 'h-11 sm:h-10' })}>
          View Order History
        </Link>
      </div>
    </section>
  );
}
