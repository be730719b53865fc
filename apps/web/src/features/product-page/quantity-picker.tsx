import { useState } from 'react';
import { Minus, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';

interface QuantityPickerProps {
  value: number;
  /** The largest quantity allowed: the stock, and never more than one line may hold. */
  max: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}

function clamp(value: number, max: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(Math.max(Math.trunc(value), 1), Math.max(max, 1));
}

/** − [n] + with a typed-in number; the value always stays between 1 and `max`. */
export function QuantityPicker({ value, max, onChange, disabled = false }: QuantityPickerProps) {
  // What the shopper is typing; committed (clamped) on blur or Enter, so an empty field can be retyped.
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft !== null) onChange(clamp(Number(draft), max));
    setDraft(null);
  };

  return (
    <div className="flex items-center gap-2" role="group" aria-labelledby="quantity-label">
      <span id="quantity-label" className="text-sm font-medium text-neutral-700">
        Quantity
      </span>
      <Button
        type="button"
        variant="outline"
        size="icon"
        aria-label="Decrease quantity"
        disabled={disabled || value <= 1}
        onClick={() => onChange(clamp(value - 1, max))}
      >
        <Minus className="h-4 w-4" aria-hidden="true" />
      </Button>
      <input
        type="number"
        inputMode="numeric"
        aria-label="Quantity"
        min={1}
        max={max}
        value={draft ?? String(value)}
        disabled={disabled}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
        className="h-10 w-16 rounded-md border border-neutral-300 bg-white text-center text-base font-semibold [appearance:textfield] focus-visible:ring-2 focus-visible:ring-neutral-900 focus-visible:outline-none disabled:opacity-50 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
      />
      <Button
        type="button"
        variant="outline"
        size="icon"
        aria-label="Increase quantity"
        disabled={disabled || value >= max}
        onClick={() => onChange(clamp(value + 1, max))}
      >
        <Plus className="h-4 w-4" aria-hidden="true" />
      </Button>
    </div>
  );
}
