/**
 * An email address in a table cell, with a break opportunity before the "@". Its cell uses
 * `break-words`, which never narrows a column below its longest unbroken piece, so a narrow table
 * (a tablet beside the sidebar, a phone) scrolls sideways instead of breaking the address into a
 * letter or two a line (decision 0155); the address breaks at the "@" before anywhere else.
 */
export function EmailAddress({ value }: { value: string }) {
  const at = value.lastIndexOf('@');
  if (at <= 0) return <>{value}</>;
  return (
    <>
      {value.slice(0, at)}
      <wbr />
      {value.slice(at)}
    </>
  );
}
