/** Five logos at first, five more per 'Ver mais'. */
export const PARTNERS_PAGE = 5;

/** The next number of logos to show: five more, and back to five once all were shown. */
export function nextPartnerCount(shown: number, total: number): number {
  return shown >= total ? PARTNERS_PAGE : Math.min(shown + PARTNERS_PAGE, total);
}

/** Five empty cards while the logos load. */
export function PartnerPlaceholders() {
  return (
    <ul className="partner-grid" aria-hidden="true">
      {Array.from({ length: PARTNERS_PAGE }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed, contentless placeholders
        <li key={index} className="partner-card partner-card--placeholder" />
      ))}
    </ul>
  );
}
