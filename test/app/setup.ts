// The store and the URL hash are made from the features the registry lists; the page's entry
// (app/shell/main.tsx) installs them before the first render, and this does the same for the app's tests.
import '../../app/shell/features.ts';
