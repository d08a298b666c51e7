import { KeyboardCode, type ClientRect, type KeyboardCoordinateGetter } from '@dnd-kit/core';

/**
 * Keyboard moves on the board: Left and Right jump a picked-up card to the middle of the
 * neighbouring status column, so one key press is one column whatever the screen width
 * (dnd-kit's default nudges 25 px per press, which takes a dozen presses and lands between
 * columns on some widths). Up and Down keep the small nudge within a column.
 */
export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const { collisionRect, droppableContainers } = context;
  if (event.code === KeyboardCode.Up || event.code === KeyboardCode.Down) {
    event.preventDefault();
    return { ...currentCoordinates, y: currentCoordinates.y + (event.code === KeyboardCode.Down ? 25 : -25) };
  }
  // Before the picked-up card is measured the sensor has no position to move from (a key pressed
  // at once after Space): ignore it rather than jump from the page's corner.
  if ((event.code !== KeyboardCode.Right && event.code !== KeyboardCode.Left) || !collisionRect) return undefined;
  event.preventDefault();
  // Columns from their nodes, not dnd-kit's measured rects: those are measured a render after
  // the pick-up, and a quick key press would otherwise find no column to move to.
  const columns = droppableContainers
    .getEnabled()
    .map((container) => container.node.current?.getBoundingClientRect())
    .filter((rect): rect is DOMRect => rect !== undefined)
    .sort((a, b) => a.left - b.left);
  const target = neighbourColumn(
    columns,
    collisionRect.left + collisionRect.width / 2,
    event.code === KeyboardCode.Right ? 1 : -1,
  );
  if (!target) return undefined;
  return { x: target.left + target.width / 2 - collisionRect.width / 2, y: currentCoordinates.y };
};

/** The column after (step 1) or before (step -1) the one whose span holds x, or nearest to it. */
export function neighbourColumn(columns: readonly ClientRect[], x: number, step: 1 | -1): ClientRect | undefined {
  if (columns.length === 0) return undefined;
  let current = columns.findIndex((c) => x >= c.left && x <= c.left + c.width);
  if (current === -1) {
    // Between two columns (in the gap): the nearer one counts as where the card is.
    const distances = columns.map((c) => Math.min(Math.abs(x - c.left), Math.abs(x - (c.left + c.width))));
    current = distances.indexOf(Math.min(...distances));
  }
  return columns[current + step];
}
