/** Reads `--name value` pairs from the command line. */
export function readArgs(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('--')) {
      const [key, inline] = a.slice(2).split('=', 2);
      out[key!] = inline ?? argv[++i] ?? '';
    }
  }
  return out;
}
