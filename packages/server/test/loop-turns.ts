/**
 * Counts the turns of the event loop: a chain of setImmediate moves `turn` on once per turn, until
 * `stop`.
 */
export function loopTurns() {
  let turn = 0;
  let counting = true;
  const tick = () => {
    turn += 1;
    if (counting) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    get turn() {
      return turn;
    },
    stop() {
      counting = false;
    },
  };
}
