import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { AppRoutes, prefetchFirstScreen } from './app/router';
import { store } from './app/store';
import { DeferredToaster } from './components/ui/deferred-toaster';
import './index.css';

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
