import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { LIMITS } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
import { useAppDispatch } from '@/app/hooks';
import { AUTH_LINK } from './auth-link';
import type { LoginPageState } from './login-page';
import { registerUser } from './sign-in-thunks';

/**
 * The register screen (spec §2): user name, e-mail and password, the password's rule shown under it; on success the
 * login screen, with the e-mail filled in.
 */
export function RegisterPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [form, setForm] = useState({ username: '', email: '', password: '' });
  const [submitting, setSubmitting] = useState(false);
  const tooShort = form.password.length > 0 && form.password.length < LIMITS.password.min;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting(true);
    const result = await dispatch(registerUser(form));
    setSubmitting(false);
    if (registerUser.fulfilled.match(result) && result.payload.success) {
      toast({ title: 'Registration Successful', description: 'Please login to continue' });
      // The login form opens with the new account's e-mail filled in (issue 40, item 9).
      const state: LoginPageState = { email: form.email.trim() };
      void navigate('/auth/login', { state });
      return;
    }
    const serverMessage = registerUser.rejected.match(result) ? result.payload : result.payload.message;
    toast({
      title: 'Registration Failed',
      description: serverMessage || 'User already exists with same email',
      variant: 'destructive',
    });
  }

  return (
    <div className="mx-auto w-full max-w-md space-y-6">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight text-neutral-900">Create new account</h1>
        <p className="mt-2 text-sm text-neutral-600">
          Already have an account?{' '}
          <Link to="/auth/login" className={AUTH_LINK}>
            Login
          </Link>
        </p>
      </div>
      <form onSubmit={handleSubmit} className="space-y-4" aria-label="Create new account">
        <div className="space-y-1.5">
          <Label htmlFor="register-username">User Name</Label>
          <Input
            id="register-username"
            name="username"
            autoComplete="username"
            placeholder="Enter your user name"
            required
            maxLength={LIMITS.userName.max}
            value={form.username}
            onChange={(event) => setForm({ ...form, username: event.target.value })}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="register-email">Email</Label>
          <Input
            id="register-email"
            name="email"
            type="email"
            autoComplete="email"
            placeholder="Enter your email"
            required
            maxLength={LIMITS.email.max}
            value={form.email}
            onChange={(event) => setForm({ ...form, email: event.target.value })}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="register-password">Password</Label>
          <Input
            id="register-password"
            name="password"
            type="password"
            autoComplete="new-password"
            placeholder="Enter your password"
            required
            maxLength={LIMITS.password.max}
            aria-describedby="register-password-hint"
            value={form.password}
            onChange={(event) => setForm({ ...form, password: event.target.value })}
          />
          {/* The server's rule (RegisterBody), told before it is broken (issue 40, item 9). */}
          <p
            id="register-password-hint"
            className={tooShort ? 'text-xs text-red-700' : 'text-xs text-neutral-600'}
          >
            Use at least {LIMITS.password.min} characters.
          </p>
        </div>
        <Button type="submit" className="h-11 w-full lg:h-10" disabled={submitting}>
          Sign Up
        </Button>
      </form>
    </div>
  );
}
