import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.tsx';
import { AppRouter } from './app/router.tsx';
import { LocationProvider } from './lib/router.tsx';
// Later sheets override earlier ones: this order is the cascade.
import './styles/base.css';
import './styles/layout.css';
import './styles/buttons.css';
import './styles/forms.css';
import './styles/pages.css';
import './styles/lists.css';
import './styles/phone-preview.css';
import './styles/features.css';
import './styles/featured.css';
import './styles/comments.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// As a transition, the first render runs in slices that let the browser paint and respond between
// them, rather than as one long task.
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <AppProvider>
        <LocationProvider>
          <AppRouter />
        </LocationProvider>
      </AppProvider>
    </StrictMode>,
  ),
);
