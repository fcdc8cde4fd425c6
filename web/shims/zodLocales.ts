// Zod's namespace export keeps every locale in the bundle; the app speaks English only.
export { default as en } from 'zod/v4/locales/en.js';
