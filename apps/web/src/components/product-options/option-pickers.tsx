import { useId } from 'react';
import type { ProductOption, ProductVariant } from '@emporium/contract';
import { cn } from '@/lib/cn';
import { pickValue, valueState, type Choice, type ValueState } from './variant-choice';

interface OptionPickersProps {
  options: readonly ProductOption[];
  variants: readonly ProductVariant[];
  /** The values checked: a variant's (choiceOf), or only those picked so far (none when nothing is picked). */
  chosen: Readonly<Record<string, string>>;
  /** A value was picked: the choice it leads to (pickValue). */
  onPick: (choice: Choice) => void;
  disabled?: boolean;
}

/**
 * One radio group per option (issue 28), values as chips in the admin's order; the legend names the value chosen
 * ("Size: 42"). Values no variant in stock has (given the earlier options' choices) are disabled and marked "sold
 * out" (or "unavailable" when that combination does not exist). Native radios: arrow keys move within a group.
 */
export function OptionPickers({ options, variants, chosen, onPick, disabled = false }: OptionPickersProps) {
  const id = useId();
  return (
    <div className="space-y-4" data-testid="option-pickers">
      {options.map((option, index) => (
        <fieldset key={option.name} className="min-w-0">
          <legend className="text-sm font-semibold text-neutral-900">
            {option.name}
            {chosen[option.name] !== undefined && (
              <span className="font-normal text-neutral-700">: {chosen[option.name]}</span>
            )}
          </legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {option.values.map((value) => {
              const state = valueState(options, variants, chosen, index, value);
              return (
                <ValueChip
                  key={value}
                  name={`${id}-${index}`}
                  value={value}
                  state={state}
                  checked={chosen[option.name] === value}
                  disabled={disabled}
                  onPick={() => onPick(pickValue(options, variants, chosen, option.name, value))}
                />
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}

interface ValueChipProps {
  name: string;
  value: string;
  state: ValueState;
  checked: boolean;
  disabled: boolean;
  onPick: () => void;
}

const NOTE: Record<ValueState, string> = {
  available: '',
  'sold-out': 'sold out',
  unavailable: 'unavailable',
};

function ValueChip({ name, value, state, checked, disabled, onPick }: ValueChipProps) {
  const off = state !== 'available';
  return (
    <label
      className={cn(
        'relative inline-flex h-11 min-w-11 items-center justify-center rounded-lg border px-3 text-sm font-medium sm:h-10',
        'has-focus-visible:ring-2 has-focus-visible:ring-neutral-900 has-focus-visible:ring-offset-2',
        checked
          ? 'border-neutral-900 bg-neutral-900 text-white'
          : 'border-neutral-300 bg-white text-neutral-900 hover:border-neutral-900',
        off && !checked && 'border-dashed text-neutral-500 hover:border-neutral-300',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled || off}
        onChange={onPick}
        className="absolute inset-0 h-full w-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
      />
      <span className={cn(off && 'line-through')}>{value}</span>
      {off && <span className="sr-only"> ({NOTE[state]})</span>}
    </label>
  );
}
