import {
  createContext,
  useContext,
  useId,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { cn } from '@/lib/cn';

/**
 * Tabs as WAI-ARIA's tabs pattern has them (automatic activation, like Radix's Tabs): a tablist whose tabs carry
 * aria-selected and aria-controls, one tab in the Tab order, Arrow Left / Right (wrapping), Home and End moving to a
 * tab and showing its panel; only the shown panel is rendered. `data-state` is `active` or `inactive`, as Radix
 * writes it, for styling. Radix's Tabs would cost the account page about 8 kB and five more requests on its first
 * load (roving focus and collection machinery; issue 46).
 */
interface TabsState {
  value: string;
  select: (value: string) => void;
  id: (part: 'tab' | 'panel', value: string) => string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tabs parts must be inside <Tabs>');
  return state;
}

export function Tabs({
  defaultValue,
  className,
  children,
}: {
  defaultValue: string;
  className?: string;
  children: ReactNode;
}) {
  const [value, select] = useState(defaultValue);
  const base = useId();
  const id = (part: 'tab' | 'panel', v: string) => `${base}-${part}-${v}`;
  return (
    <TabsContext.Provider value={{ value, select, id }}>
      <div className={className}>{children}</div>
    </TabsContext.Provider>
  );
}

/** The tabs' row; name it with `aria-label`. */
export function TabsList({ className, children, ...props }: ComponentProps<'div'>) {
  const { select } = useTabs();
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const tab = tabs[(to + tabs.length) % tabs.length]!;
    tab.focus();
    select(tab.dataset.value!);
  }
  return (
    <div role="tablist" aria-orientation="horizontal" className={className} onKeyDown={onKeyDown} {...props}>
      {children}
    </div>
  );
}

export function TabsTrigger({
  value,
  className,
  children,
  ...props
}: Omit<ComponentProps<'button'>, 'value'> & { value: string }) {
  const tabs = useTabs();
  const active = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabs.id('tab', value)}
      aria-selected={active}
      aria-controls={tabs.id('panel', value)}
      tabIndex={active ? 0 : -1}
      data-state={active ? 'active' : 'inactive'}
      data-value={value}
      className={cn(className)}
      onClick={() => tabs.select(value)}
      {...props}
    >
      {children}
    </button>
  );
}

export function TabsContent({
  value,
  className,
  children,
}: {
  value: string;
  className?: string;
  children: ReactNode;
}) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={tabs.id('panel', value)}
      aria-labelledby={tabs.id('tab', value)}
      tabIndex={0}
      data-state="active"
      className={className}
    >
      {children}
    </div>
  );
}
