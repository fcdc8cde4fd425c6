/** glibc's `malloc_trim(0)`: true when pages were given back, false when none were free, null where the C library is not glibc. */
export function trim(): boolean | null;
