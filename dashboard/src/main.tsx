// The dashboard's entry point (bundled by scripts/build-dashboard.mjs).
import { render } from 'preact';
import 'uplot/dist/uPlot.min.css';
import './styles.css';
import { App } from './app.tsx';

const root = document.getElementById('app');
if (root) render(<App />, root);
