import { useEffect, useState, type ComponentType, type FormEvent } from 'react';
import type { TwoFactorLoginBody } from '@emporium/contract';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
import { useAppDispatch } from '@/app/hooks';
import { verifyEmailBanner } from '@/app/layouts/shop-layout';
import { AUTH_LINK } from './auth-link';
import { openStorefront } from '@/lib/storefront-mode';
import { loginUser, loginWithTwoFactor } from './sign-in-thunks';
import { pageAfterSignIn, type SignInNext } from '@/lib/sign-in-next';

/** The second step of a two-factor sign-in (issue 25), handed over by the app (features/two-factor). */
export type SecondStep = ComponentType<{
  challenge: string;
  /** Signs in; resolves with null, or with the server's message when it refused. */
  submit: (body: TwoFactorLoginBody) => Promise<string | null>;
  onRestart: () => void;
}>;

/**
 * What the register page hands over on its way here: the e-mail just signed up with (issue 40, item 9); and in the
 * open storefront (issue 41) the shop page to go on to (`next`: checkout after a guest's Buy Now).
 */
export interface LoginPageState extends SignInNext {
  email?: string;
}

export function LoginPage({ secondStep: TwoFactorStep }: { secondStep?: SecondStep }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const state = useLocation().state as LoginPageState | null;
  const handedOver = state?.email;
  const [form, setForm] = useState({ email: handedOver ?? '', password: '' });
  const [submitting, setSubmitting] = useState(false);
  // Set when the account has two-factor sign-in: the password was right, a code comes next (issue 25).
  const [challenge, setChallenge] = useState<string | null>(null);
  // The shop's banner of an unverified address downloads while the shopper signs in, so it is there when the shop's
  // first page shows (app/layouts/shop-layout.tsx).
  useEffect(() => {
    void verifyEmailBanner.preload().catch(() => undefined);
  }, []);

  /** After a sign-in: the toast (with what became of a guest's cart, issue 41), then the next page. */
  function signedIn(cartNotice: string | undefined) {
    toast(
      cartNotice ? { title: 'Login successful', description: cartNotice } : { title: 'Login successful' },
    );
    void navigate(pageAfterSignIn(state));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting(true);
    const result = await dispatch(loginUser(form));
    setSubmitting(false);
    if (loginUser.fulfilled.match(result) && 'challenge' in result.payload) {
      setChallenge(result.payload.challenge);
      return;
    }
    if (loginUser.fulfilled.match(result) && result.payload.success) {
      signedIn('cartNotice' in result.payload ? result.payload.cartNotice : undefined);
      return;
    }
    const description = loginUser.rejected.match(result) && result.payload ? result.payload : undefined;
    toast({
      title: 'Login failed',
      description: description ?? 'An error occurred during login',
      variant: 'destructive',
    });
  }

  return (
    <div className="mx-auto w-full max-w-md space-y-6">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight text-neutral-900">Sign In to your account</h1>
        <p className="mt-2 text-sm text-neutral-600">
          Don&apos;t have an account?{' '}
          <Link to="/auth/register" className={AUTH_LINK}>
            Register
          </Link>
        </p>
      </div>
      {challenge && TwoFactorStep ? (
        <TwoFactorStep
          challenge={challenge}
          submit={async (body) => {
            const result = await dispatch(loginWithTwoFactor(body));
            if (loginWithTwoFactor.fulfilled.match(result)) {
              signedIn(result.payload.cartNotice);
              return null;
            }
            return result.payload ?? 'An error occurred during login';
          }}
          onRestart={() => setChallenge(null)}
        />
      ) : null}
      <form onSubmit={handleSubmit} className="space-y-4" aria-label="Sign In" hidden={challenge !== null}>
        <div className="space-y-1.5">
          <Label htmlFor="login-email">Email</Label>
          <Input
            id="login-email"
            name="email"
            type="email"
            autoComplete="email"
            placeholder="Enter your email"
            required
            value={form.email}
            onChange={(event) => setForm({ ...form, email: event.target.value })}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="login-password">Password</Label>
          <Input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            placeholder="Enter your password"
            required
            value={form.password}
            onChange={(event) => setForm({ ...form, password: event.target.value })}
          />
          <p className="text-right text-sm">
            <Link to="/auth/forgot-password" className={AUTH_LINK}>
              Forgot password?
            </Link>
          </p>
        </div>
        <Button type="submit" className="h-11 w-full lg:h-10" disabled={submitting}>
          Log In
        </Button>
      </form>
      {openStorefront && (
        <p className="text-center text-sm text-neutral-600">
          Bought as a guest?{' '}
          <Link to="/shop/find-order" className={AUTH_LINK}>
            Find an order without an account
          </Link>
        </p>
      )}
    </div>
  );
}
