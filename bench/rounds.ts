// Rounds of a bench (every bench's `--rounds`, ROUNDS_OPTION of bench/cli.ts): each round measures
// every case, timing an endpoint and its SQL interleaved run by run, so both see the same machine;
// the report gives each figure's median over the rounds, their range, and the load average
// (os.loadavg(): 1, 5 and 15 minutes) before and after each round.
import os from 'node:os';

export const p95 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.ceil(samples.length * 0.95) - 1]!;
/** The middle value; of an even count, the mean of the two middle ones (neither the kinder nor the harsher). */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor((sorted.length - 1) / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle]! + sorted[middle + 1]!) / 2;
};
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

export interface Timing {
  p95: number;
  p50: number;
}

/**
 * A timed piece of work. It may time the part that counts itself and answer its milliseconds
 * (a baseline that sets up its session first); otherwise the whole call is timed.
 */
export type Work = () => Promise<unknown>;

/**
 * The p95 and median of `runs` timed calls of each work, after `warmUp` untimed ones, interleaved:
 * every run calls each work once, the first one changing from run to run, so a busier moment of
 * the machine falls on all of them alike.
 */
export async function interleaved<K extends string>(
  runs: number,
  warmUp: number,
  works: Record<K, Work>,
): Promise<Record<K, Timing>> {
  const names = Object.keys(works) as K[];
  const times = new Map<K, number[]>(names.map((name) => [name, []]));
  for (let i = 0; i < warmUp + runs; i++) {
    for (let j = 0; j < names.length; j++) {
      const name = names[(i + j) % names.length]!;
      const started = performance.now();
      const answer = await works[name]();
      const elapsed = typeof answer === 'number' ? answer : performance.now() - started;
      if (i >= warmUp) times.get(name)!.push(elapsed);
    }
  }
  return Object.fromEntries(
    names.map((name) => [name, { p95: p95(times.get(name)!), p50: median(times.get(name)!) }]),
  ) as Record<K, Timing>;
}

export interface Round<T> {
  /** The load average before and after the round. */
  load: [string, string];
  measured: T;
}

/** `rounds` rounds of `measure`, one after another, each with the load average around it. */
export async function inRounds<T>(rounds: number, measure: (round: number) => Promise<T>): Promise<Round<T>[]> {
  const done: Round<T>[] = [];
  for (let round = 1; round <= rounds; round++) {
    const before = loadAverage();
    console.log(`Round ${round} of ${rounds} (load average ${before})`);
    const measured = await measure(round);
    done.push({ load: [before, loadAverage()], measured });
  }
  return done;
}

/** A figure over the rounds: its median and, with more than one round, its range. */
export function spread<T>(rounds: Round<T>[], of: (measured: T) => number, digits = 2, suffix = ''): string {
  const values = rounds.map((r) => of(r.measured));
  const format = (v: number) => `${v.toFixed(digits)}${suffix}`;
  return values.length === 1
    ? format(values[0]!)
    : `${format(median(values))} (${format(Math.min(...values))}-${format(Math.max(...values))})`;
}

/** What a report says of its rounds: how many, what its figures are, and the load around each. */
export function roundsNote(rounds: Round<unknown>[]): string {
  return (
    `median of ${rounds.length} round(s)${rounds.length > 1 ? ' (range)' : ''}; load average (1, 5, 15 min) ` +
    rounds.map((r) => r.load.join(' → ')).join('; ')
  );
}
