/**
 * `1000000` as `1,000,000`, as `toLocaleString('en-US')` writes it, without loading ICU's number
 * formats into the process (a few MB of the binary's ICU data) when a module that formats at load
 * time is imported.
 */
export function withThousandsCommas(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
