import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FIND_MY_ORDER_REQUESTED, LIMITS } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api';
import { findMyOrder } from './order-link-api';

/**
 * `/shop/find-order` (issue 41): a guest asks for a fresh link to their order with the e-mail they ordered with and
 * the order number. The page says the same thing whatever the answer (the server answers identically), and is open
 * to everyone.
 */
export function FindOrderPage() {
  const [email, setEmail] = useState('');
  const [orderNumber, setOrderNumber] = useState('');
  const [state, setState] = useState<
    { kind: 'idle' | 'busy' } | { kind: 'sent'; text: string } | { kind: 'error'; text: string }
  >({ kind: 'idle' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setState({ kind: 'busy' });
    try {
      const answer = await findMyOrder(email, orderNumber);
      setState({ kind: 'sent', text: answer.message ?? FIND_MY_ORDER_REQUESTED });
    } catch (error) {
      setState({ kind: 'error', text: errorMessage(error, 'Could not send the link. Please try again.') });
    }
  }

  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-neutral-50 p-4 sm:p-6">
      <div className="w-full max-w-md space-y-5 rounded-2xl border border-neutral-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold tracking-tight text-neutral-900">Find my order</h1>
        {state.kind === 'sent' ? (
          <div role="status" className="space-y-2">
            <p className="text-neutral-800">{state.text}</p>
            <p className="text-sm text-neutral-600">
              Check your inbox (and spam folder) for an e-mail from Emporium. The link opens your order for 90
              days.
            </p>
          </div>
        ) : (
          <form onSubmit={submit} className="space-y-4" aria-label="Find my order">
            <p className="text-sm text-neutral-600">
              Ordered without an account? Enter the e-mail address you ordered with and the order number from
              your confirmation, and we will e-mail you a link to the order.
            </p>
            <div className="space-y-1.5">
              <Label htmlFor="find-email">Email</Label>
              <Input
                id="find-email"
                type="email"
                autoComplete="email"
                placeholder="Enter your email"
                required
                maxLength={LIMITS.email.max}
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="find-number">Order number</Label>
              <Input
                id="find-number"
                inputMode="numeric"
                placeholder="#1001"
                required
                maxLength={20}
                value={orderNumber}
                onChange={(event) => setOrderNumber(event.target.value)}
              />
            </div>
            {state.kind === 'error' ? (
              <p role="alert" className="text-sm text-red-700">
                {state.text}
              </p>
            ) : null}
            <Button type="submit" className="w-full" disabled={state.kind === 'busy'}>
              {state.kind === 'busy' ? 'Sending...' : 'E-mail me a link'}
            </Button>
          </form>
        )}
        <Link
          to="/auth/login"
          className="block text-sm text-neutral-600 underline underline-offset-4 hover:text-neutral-900"
        >
          Sign in to your account
        </Link>
      </div>
    </main>
  );
}
