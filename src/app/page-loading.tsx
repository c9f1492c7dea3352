/**
 * What the main area shows while a page's code loads: its space, marked busy. A full screen high, so the
 * footer waits below the fold and nothing on screen moves when the page arrives.
 */
export function PageLoading() {
  return <div className="min-h-screen" aria-busy="true" />;
}
