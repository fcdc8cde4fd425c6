import { z } from 'zod';
import type { CrossRule } from './readers.js';

const oidcSlots = [1, 2, 3] as const;
const oidcFields = ['ISSUER', 'CLIENT_ID', 'CLIENT_SECRET', 'NAME'] as const;

/** The variables of the OpenID Connect providers: `BOARDS_OIDC_<N>_ISSUER/CLIENT_ID/CLIENT_SECRET/NAME` for N = 1 to 3. */
export function oidcVariables() {
  const shape: Record<string, z.ZodOptional<z.ZodString | z.ZodURL>> = {};
  for (const n of oidcSlots) {
    shape[`BOARDS_OIDC_${n}_ISSUER`] = z.url({ protocol: /^https?$/, error: 'must be the issuer URL of an OpenID provider' }).optional();
    shape[`BOARDS_OIDC_${n}_CLIENT_ID`] = z.string().min(1).optional();
    shape[`BOARDS_OIDC_${n}_CLIENT_SECRET`] = z.string().min(1).optional();
    shape[`BOARDS_OIDC_${n}_NAME`] = z.string().min(1).max(60, { error: 'must be at most 60 characters' }).optional();
  }
  return shape;
}

/** An OpenID Connect identity provider people can sign in with. */
export interface OidcProviderConfig {
  /** 1 to 3: the N of `BOARDS_OIDC_<N>_*`; also the provider's id in sign-in URLs. */
  readonly slot: number;
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Shown on the sign-in button ("Continue with <name>"). */
  readonly name: string;
}

/** The sign-in providers (part of `Config`). */
export interface OidcConfig {
  /** Up to three OpenID Connect sign-in providers (`BOARDS_OIDC_<N>_ISSUER/CLIENT_ID/CLIENT_SECRET/NAME`). */
  readonly oidcProviders: readonly OidcProviderConfig[];
}

/** A provider slot is set whole or not at all. */
export const oidcRule: CrossRule<object> = (env, ctx) => {
  for (const n of oidcSlots) {
    const vars = env as Record<string, unknown>;
    const set = oidcFields.filter((f) => vars[`BOARDS_OIDC_${n}_${f}`] !== undefined);
    if (set.length === 0) continue;
    // Name every missing variable, so one restart is enough to fix the slot.
    for (const missing of oidcFields.filter((f) => vars[`BOARDS_OIDC_${n}_${f}`] === undefined)) {
      ctx.addIssue({ code: 'custom', path: [`BOARDS_OIDC_${n}_${missing}`], message: `is required when another BOARDS_OIDC_${n}_* variable is set` });
    }
  }
};

/** The sign-in providers of parsed variables: each complete slot, in slot order. */
export function oidcConfig(e: object): OidcConfig {
  return {
    oidcProviders: oidcSlots.flatMap((n) => {
      const v = (f: (typeof oidcFields)[number]) => (e as Record<string, unknown>)[`BOARDS_OIDC_${n}_${f}`] as string | undefined;
      const issuer = v('ISSUER');
      const clientId = v('CLIENT_ID');
      const clientSecret = v('CLIENT_SECRET');
      const name = v('NAME');
      return issuer && clientId && clientSecret && name ? [Object.freeze({ slot: n, issuer, clientId, clientSecret, name })] : [];
    }),
  };
}
