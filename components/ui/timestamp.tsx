/** Server and browser may sit in different time zones; the browser's reading wins. */
export function Timestamp({ ms }: { ms: number }) {
  const date = new Date(ms);
  return (
    <time dateTime={date.toISOString()} suppressHydrationWarning>
      {date.toLocaleString()}
    </time>
  );
}
