// First of all (before React and the app are evaluated): the bridge, so the web host's socket opens meanwhile.
import './api/connectBridge.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { askFirstPage } from './stores/liveUpdates.ts';
import './styles.css';
import './narrowLayout.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The list's first page before the first render: the bridge's first call, answered while the screen is drawn.
void askFirstPage();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
