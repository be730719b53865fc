import { Plus, Trash2 } from 'lucide-react';
import { LIMITS } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { newOption, parseValues, type OptionDraft } from './variants-grid';

interface VariantsOptionsProps {
  options: OptionDraft[];
  onChange: (options: OptionDraft[]) => void;
  disabled: boolean;
}

const MAX_OPTIONS = LIMITS.productOptions.max;

/**
 * The product's options (issue 28): up to three rows of a name ("Size") and its values separated by commas ("S, M,
 * L"), the values read back as chips in their order; Add option and Remove per row.
 */
export function VariantsOptions({ options, onChange, disabled }: VariantsOptionsProps) {
  const update = (id: number, change: Partial<OptionDraft>) =>
    onChange(options.map((o) => (o.id === id ? { ...o, ...change } : o)));
  return (
    <div className="space-y-3">
      {options.length === 0 && (
        <p className="text-sm text-neutral-600">
          No options: the product is sold as one variant. Add an option such as Size or Colour to sell
          several.
        </p>
      )}
      <ol className="space-y-3" aria-label="Options">
        {options.map((option, index) => {
          const n = index + 1;
          const values = parseValues(option.values);
          return (
            <li
              key={option.id}
              data-testid="option-row"
              className="grid gap-2 rounded-xl border border-neutral-200 p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] sm:items-end"
            >
              <div className="space-y-1">
                <label htmlFor={`option-name-${option.id}`} className="text-sm font-medium text-neutral-800">
                  Option {n} name
                </label>
                <Input
                  id={`option-name-${option.id}`}
                  value={option.name}
                  maxLength={LIMITS.optionName.max}
                  placeholder={index === 0 ? 'Size' : index === 1 ? 'Colour' : 'Material'}
                  disabled={disabled}
                  onChange={(e) => update(option.id, { name: e.target.value })}
                />
              </div>
              <div className="space-y-1">
                <label
                  htmlFor={`option-values-${option.id}`}
                  className="text-sm font-medium text-neutral-800"
                >
                  Option {n} values{' '}
                  <span className="font-normal text-neutral-600">(separated by commas)</span>
                </label>
                <Input
                  id={`option-values-${option.id}`}
                  value={option.values}
                  placeholder={index === 0 ? 'S, M, L' : 'Black, White'}
                  disabled={disabled}
                  onChange={(e) => update(option.id, { values: e.target.value })}
                />
              </div>
              <Button
                variant="outline"
                size="sm"
                className="h-11 text-red-700 sm:h-10"
                aria-label={`Remove option ${n}${option.name.trim() ? ` (${option.name.trim()})` : ''}`}
                disabled={disabled}
                onClick={() => onChange(options.filter((o) => o.id !== option.id))}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                Remove
              </Button>
              {values.length > 0 && (
                <ul className="flex flex-wrap gap-1.5 sm:col-span-3" aria-label={`Values of option ${n}`}>
                  {values.map((v) => (
                    <li
                      key={v}
                      className="max-w-full truncate rounded-full bg-neutral-100 px-2.5 py-0.5 text-xs font-medium text-neutral-800"
                    >
                      {v}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
      <Button
        variant="outline"
        size="sm"
        className="h-11 sm:h-10"
        disabled={disabled || options.length >= MAX_OPTIONS}
        onClick={() => onChange([...options, newOption()])}
      >
        <Plus className="h-4 w-4" aria-hidden="true" />
        Add option
      </Button>
      {options.length >= MAX_OPTIONS && (
        <p className="text-sm text-neutral-600">A product has at most {MAX_OPTIONS} options.</p>
      )}
    </div>
  );
}
