/** What the main area shows while a page's code loads: its space, marked busy. */
export function PageLoading() {
  return <div className="min-h-[60vh]" aria-busy="true" />;
}
