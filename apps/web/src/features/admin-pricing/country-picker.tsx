import { X } from 'lucide-react';
import { countryName, countryOptions } from '@/lib/countries';
import { selectClass } from '@/components/admin/pricing-ui';

/**
 * Picks several countries (issue 27, shipping methods): a select adds one, each chosen country is a chip with a
 * remove button; none chosen means every country.
 */
export function CountryPicker({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string[];
  onChange: (codes: string[]) => void;
}) {
  return (
    <div className="space-y-2">
      <select
        id={id}
        value=""
        className={selectClass}
        onChange={(e) => {
          const code = e.target.value;
          if (code && !value.includes(code)) onChange([...value, code].sort());
        }}
      >
        <option value="">{value.length === 0 ? 'All countries (add one to limit)' : 'Add a country…'}</option>
        {countryOptions()
          .filter((c) => !value.includes(c.code))
          .map((c) => (
            <option key={c.code} value={c.code}>
              {c.name} ({c.code})
            </option>
          ))}
      </select>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Chosen countries">
          {value.map((code) => (
            <li
              key={code}
              className="flex max-w-full items-center gap-1 rounded-full bg-neutral-100 py-0.5 pr-1 pl-3 text-sm"
            >
              <span className="min-w-0 truncate">{countryName(code)}</span>
              <button
                type="button"
                aria-label={`Remove ${countryName(code)}`}
                onClick={() => onChange(value.filter((c) => c !== code))}
                className="flex h-8 w-8 shrink-0 cursor-pointer items-center justify-center rounded-full hover:bg-neutral-200 focus-visible:ring-2 focus-visible:ring-neutral-900 focus-visible:outline-none"
              >
                <X className="h-3.5 w-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
