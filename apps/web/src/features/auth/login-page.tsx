import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
import { useAppDispatch } from '@/app/hooks';
import { loginUser } from './auth-slice';

export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [form, setForm] = useState({ email: '', password: '' });
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting(true);
    const result = await dispatch(loginUser(form));
    setSubmitting(false);
    if (loginUser.fulfilled.match(result) && result.payload.success) {
      toast({ title: 'Login successful' });
      void navigate('/shop/home');
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
          <Link
            to="/auth/register"
            className="font-medium text-neutral-900 underline-offset-4 hover:underline"
          >
            Register
          </Link>
        </p>
      </div>
      <form onSubmit={handleSubmit} className="space-y-4" aria-label="Sign In">
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
        </div>
        <Button type="submit" className="w-full" disabled={submitting}>
          Log In
        </Button>
      </form>
    </div>
  );
}
