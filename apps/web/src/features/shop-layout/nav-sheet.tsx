import type { ReactElement, ReactNode } from 'react';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';

export interface NavSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The header's menu button, made the sheet's trigger. */
  trigger: ReactElement;
  /** The navigation links. */
  children: ReactNode;
}

/** The narrow screens' navigation drawer, loaded on first open by ShopHeader. */
export function NavSheet({ open, onOpenChange, trigger, children }: NavSheetProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
      <SheetContent side="left">
        <SheetTitle>Menu</SheetTitle>
        <SheetDescription className="sr-only">Shop navigation</SheetDescription>
        <nav aria-label="Main">{children}</nav>
      </SheetContent>
    </Sheet>
  );
}
