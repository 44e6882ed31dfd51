// A bulkhead: at most `limit` runs of some work at once in this process, the rest waiting their
// turn in order. A burst of one kind of request (hundreds of payments confirmed at once) then
// holds a few of the database pool's connections and a little of the CPU, not all of them, and
// the pages asked for meanwhile still get theirs.

export function bulkhead(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];

  async function enter({ first = false } = {}) {
    if (running < limit) running++;
    // Its slot is handed over by the run that leaves.
    else await new Promise<void>((resolve) => (first ? waiting.unshift(resolve) : waiting.push(resolve)));
  }
  function leave() {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }

  /**
   * Within a run, `turn.outside(work)` gives its slot to the next while `work` waits on another
   * service (a payment provider's answer takes longer than all our own work); it comes back first.
   */
  const turn: Turn = {
    async outside(work) {
      leave();
      try {
        return await work();
      } finally {
        await enter({ first: true });
      }
    },
  };

  return async function run<T>(work: (turn: Turn) => Promise<T>): Promise<T> {
    await enter();
    try {
      return await work(turn);
    } finally {
      leave();
    }
  };
}

export type Turn = { outside<T>(work: () => Promise<T>): Promise<T> };

/** For work that may run outside any bulkhead: nothing to give up while it waits. */
export const NO_TURN: Turn = { outside: (work) => work() };
