/** The raised-hand mark on a tile and in the people list, named for screen readers. */
export function RaisedHand({ className }: { className?: string }) {
  return (
    <span className={className} role="img" aria-label="Hand raised">
      ✋
    </span>
  );
}
