import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { LIMITS } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
import { useAppDispatch } from '@/app/hooks';
import { registerUser } from './auth-slice';

export function RegisterPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [form, setForm] = useState({ username: '', email: '', password: '' });
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting(true);
    const result = await dispatch(registerUser(form));
    setSubmitting(false);
    if (registerUser.fulfilled.match(result) && result.payload.success) {
      toast({ title: 'Registration Successful', description: 'Please login to continue' });
      void navigate('/auth/login');
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
          <Link to="/auth/login" className="font-medium text-neutral-900 underline-offset-4 hover:underline">
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
            value={form.password}
            onChange={(event) => setForm({ ...form, password: event.target.value })}
          />
        </div>
        <Button type="submit" className="w-full" disabled={submitting}>
          Sign Up
        </Button>
      </form>
    </div>
  );
}
