import { parseArgs } from 'node:util';

/** An option of a bench script: a node:util parseArgs option and what it means, for `--help`. */
export interface DescribedOption {
  type: 'string' | 'boolean';
  default?: string | boolean;
  /** What the value stands for in the help, such as N or URL (string options). */
  value?: string;
  description: string;
}

const HELP = { type: 'boolean', short: 'h', description: 'print this help and exit' } as const;

function helpText(usage: readonly string[], options: Record<string, DescribedOption>): string {
  const rows = Object.entries(options).map(([name, option]) => {
    const flag = `--${name}${option.type === 'string' ? ` ${option.value ?? 'VALUE'}` : ''}`;
    const fallback = option.type === 'string' && option.default !== undefined ? ` (default ${option.default})` : '';
    return [flag, `${option.description}${fallback}`] as const;
  });
  const width = Math.max(...rows.map(([flag]) => flag.length)) + 2;
  return [
    'Usage:',
    ...usage.map((line) => `  ${line}`),
    '',
    'Options:',
    ...rows.map(([flag, text]) => `  ${flag.padEnd(width)}${text}`),
  ].join('\n');
}

/**
 * The command line of a bench script: node:util's parseArgs (an unknown option is refused, with a
 * pointer to --help); `--help` or `-h` prints the usage and every option with its default, and exits 0.
 */
export function parseCommandLine<O extends Record<string, DescribedOption>>(usage: readonly string[], options: O) {
  const all = { ...options, help: HELP };
  const parse = () => {
    try {
      return parseArgs({ options: all }).values;
    } catch (error) {
      throw new Error(`${error instanceof Error ? error.message : String(error)}; --help lists the options`);
    }
  };
  const values = parse();
  if ((values as { help?: boolean }).help) {
    console.log(helpText(usage, all));
    process.exit(0);
  }
  return values;
}

/** Every bench's `--rounds` (bench/rounds.ts): the figures are medians over them, with their range. */
export const ROUNDS_OPTION = {
  type: 'string',
  default: '3',
  value: 'N',
  description: 'rounds of every case, an endpoint and its SQL interleaved in each (the medians and ranges of them)',
} as const satisfies DescribedOption;
