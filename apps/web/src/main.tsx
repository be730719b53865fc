import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { AppRoutes, prefetchFirstScreen } from './app/router';
import { store } from './app/store';
import { DeferredToaster } from './components/ui/deferred-toaster';
import './index.css';
// Small modules several areas share, imported here so that they come with this entry chunk. Left to the bundler,
// each would be a chunk of its own of a few hundred bytes, and a page pays about 0.6 kB of response headers per chunk
// (issue 46: first-load budget, checked by bench/bundle-size.ts). The form fields and prices; the product's price,
// rating and photo widths that cards, the product page and the cart share; cart and order bits; their icons.
import '@/components/ui/label';
import '@/components/ui/input';
import '@/components/ui/badge';
import '@/lib/format';
import '@/lib/after-next-paint';
import '@/lib/use-reached';
import '@/features/shop-products/product-price';
import '@/features/shop-products/rating-summary';
import '@/features/purchase/current-order';
// The contract's image widths and option labels (its package exports only its index, whose imports are not followed).
import '../../../packages/contract/src/images.ts';
import '../../../packages/contract/src/variant-options.ts';
import 'lucide-react/dist/esm/icons/chevron-left.mjs';
import 'lucide-react/dist/esm/icons/chevron-right.mjs';
import 'lucide-react/dist/esm/icons/laptop.mjs';
import 'lucide-react/dist/esm/icons/loader-circle.mjs';
import 'lucide-react/dist/esm/icons/minus.mjs';
import 'lucide-react/dist/esm/icons/plus.mjs';
import 'lucide-react/dist/esm/icons/user-round.mjs';
import 'lucide-react/dist/esm/icons/x.mjs';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

prefetchFirstScreen(window.location);

const root = createRoot(container);
// The first render is a transition, so React renders it in slices of a few ms that yield to the browser instead of
// one long task at start-up (issue 13: Lighthouse's total blocking time).
startTransition(() => {
  root.render(
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <DeferredToaster />
      </Provider>
    </StrictMode>,
  );
});
