export default function Loading() {
  return (
    <div className="space-y-4" aria-busy="true">
      <div className="h-24 animate-pulse rounded-lg border border-slate-200 bg-white" />
      <div className="h-72 animate-pulse rounded-lg border border-slate-200 bg-white" />
      <div className="h-48 animate-pulse rounded-lg border border-slate-200 bg-white" />
    </div>
  );
}
