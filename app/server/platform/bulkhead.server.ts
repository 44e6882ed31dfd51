// A bulkhead: at most `limit` runs of some work at once in this process, the rest waiting their
// turn in order. A burst of one kind of request (hundreds of payments confirmed at once) then
// holds a few of the database pool's connections, not all of them, and the pages asked for
// meanwhile still get theirs.

export function bulkhead(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running < limit) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve)); // its slot is handed over
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
